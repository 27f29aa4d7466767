package org.schedlab.ui;

import java.util.List;

import org.schedlab.render.FrameSummary;
import org.schedlab.render.LegendEntry;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TimelineStyle;

/**
 * The hover readout over the legend strip: every entry of the row under the pointer. The strip
 * draws what fits and ends in "+N more"; in a narrow timeline (an A/B half, the live run) that
 * hid keys such as "blocked" or "sleeping waiters", leaving colors on screen nobody explained.
 */
final class LegendText {
    /** Past this many lines the readout would leave the window; the CPU tab lists every task. */
    static final int MAX_LINES = 24;

    private LegendText() {
    }

    /** The row at {@code yPx} (0: "In view", 1: "Key"), or -1 when the point is not on the strip. */
    static int rowAt(TimelineLayout layout, double yPx) {
        double top = layout.legendTopPx() + 1;
        if (yPx < top || yPx >= layout.viewport().heightPx()) {
            return -1;
        }
        return yPx < top + TimelineLayout.LEGEND_ROW_PX ? 0 : 1;
    }

    /**
     * The swatches beside {@link #of}'s lines, one row a line as tall as a line of {@code font}:
     * none beside the row's name and the "... and N more" line, each entry's as the strip draws it.
     * Names alone left the colors the strip had no room for unexplained (the live run's "runnable"
     * and "sleeping", the yellow and grey of a waiting task's lane).
     */
    static javafx.scene.Node swatches(FrameSummary frame, int row, javafx.scene.text.Font font) {
        return swatches(frame, row, font, TimelineStyle.LIGHT);
    }

    /** {@link #swatches} in {@code style}'s lane colors (the dark theme's readout is dark). */
    static javafx.scene.Node swatches(FrameSummary frame, int row, javafx.scene.text.Font font, TimelineStyle style) {
        List<LegendEntry> entries = row == 0 ? frame.legend() : frame.keys();
        javafx.scene.text.Text probe = new javafx.scene.text.Text("Xg");
        probe.setFont(font);
        double lineHeight = probe.getLayoutBounds().getHeight();
        double side = LegendEntry.SWATCH_PX;
        javafx.scene.layout.VBox column = new javafx.scene.layout.VBox();
        column.getChildren().add(blank(side, lineHeight)); // beside "In view" / "Key"
        int shown = Math.min(entries.size(), MAX_LINES);
        for (int i = 0; i < shown; i++) {
            LegendEntry e = entries.get(i);
            javafx.scene.canvas.Canvas c = new javafx.scene.canvas.Canvas(side, lineHeight);
            c.setUserData(e.label());
            if (e.kind() != LegendEntry.Kind.NOTE) {
                e.drawSwatch(new FxSurface(c.getGraphicsContext2D()), 0, Math.floor((lineHeight - side) / 2),
                        style);
            }
            column.getChildren().add(c);
        }
        if (entries.size() > shown) {
            column.getChildren().add(blank(side, lineHeight));
        }
        return column;
    }

    private static javafx.scene.Node blank(double widthPx, double heightPx) {
        javafx.scene.layout.Region r = new javafx.scene.layout.Region();
        r.setMinSize(widthPx, heightPx);
        r.setPrefSize(widthPx, heightPx);
        r.setMaxSize(widthPx, heightPx);
        return r;
    }

    /** What the row says, one entry a line; empty when the row is empty. */
    static String of(FrameSummary frame, int row) {
        List<LegendEntry> entries = row == 0 ? frame.legend() : frame.keys();
        if (entries.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(row == 0 ? "In view" : "Key");
        int shown = Math.min(entries.size(), MAX_LINES);
        for (int i = 0; i < shown; i++) {
            LegendEntry e = entries.get(i);
            b.append("\n").append(e.label());
            boolean timed = row == 0 && e.kind() != LegendEntry.Kind.MARK && e.kind() != LegendEntry.Kind.NOTE;
            if (timed) {
                b.append("  ").append(TimeFormat.duration(e.runNs()));
            }
        }
        if (entries.size() > shown) {
            b.append("\n... and ").append(entries.size() - shown).append(" more (the CPU tab lists every task)");
        }
        return b.toString();
    }
}
