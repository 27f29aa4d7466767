package org.schedlab.ui;

import java.util.List;

import org.schedlab.render.FrameSummary;
import org.schedlab.render.LegendEntry;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TimelineLayout;

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
