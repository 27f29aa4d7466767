package org.schedlab.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.schedlab.model.Dataset;

/**
 * The legend strip under the lanes: what the special colors mean (stolen time, marks), then the
 * tasks that ran longest in the window, whose colors are what the lanes show. Items are laid
 * left to right while they fit; the tasks left over are summarized as "+N more".
 */
final class Legend {
    private static final double SWATCH_PX = 10;
    private static final double ITEM_GAP_PX = 16;

    private Legend() {
    }

    /** Stolen and mark entries first, then every task that ran, longest first (ties by task id). */
    static List<LegendEntry> entries(Dataset dataset, long[] runNsByTask, int[] taskColors, long stolenNs,
                                     List<LegendEntry> markEntries) {
        List<LegendEntry> entries = new ArrayList<>();
        if (stolenNs > 0) {
            entries.add(new LegendEntry(LegendEntry.Kind.STOLEN, "stolen", Palette.STOLEN, stolenNs));
        }
        entries.addAll(markEntries);
        List<Integer> ran = new ArrayList<>();
        for (int t = 0; t < runNsByTask.length; t++) {
            if (runNsByTask[t] > 0) {
                ran.add(t);
            }
        }
        ran.sort(Comparator.<Integer>comparingLong(t -> -runNsByTask[t]).thenComparingInt(t -> t));
        for (int t : ran) {
            entries.add(new LegendEntry(LegendEntry.Kind.TASK, dataset.task(t).label(), taskColors[t], runNsByTask[t]));
        }
        return entries;
    }

    /** Draws as many entries as fit; returns how many were drawn. */
    static int draw(DrawSurface s, TimelineLayout layout, TimelineStyle style, List<LegendEntry> entries) {
        double top = layout.legendTopPx();
        double width = layout.viewport().widthPx();
        double height = layout.viewport().heightPx() - top;
        if (height <= 0) {
            return 0;
        }
        double font = style.labelFontPx();
        double baseline = top + height / 2 + font * 0.36;
        s.setColor(style.labelColumnArgb());
        s.fillRect(0, top, width, height);
        s.setColor(style.separatorArgb());
        s.strokeLine(0, top + 0.5, width, top + 0.5);
        s.setColor(style.mutedTextArgb());
        s.fillText(entries.isEmpty() ? "Idle in view" : "In view", 8, baseline, font);
        double x = layout.plotLeftPx() + 6;
        double right = width - 6;
        for (int i = 0; i < entries.size(); i++) {
            LegendEntry e = entries.get(i);
            String text = e.kind() == LegendEntry.Kind.MARK ? e.label() : e.label() + "  " + TimeFormat.duration(e.runNs());
            double w = SWATCH_PX + 5 + s.textWidthPx(text, font);
            int left = entries.size() - i;
            String more = "+" + left + " more";
            boolean roomForMore = left == 1 || x + w + ITEM_GAP_PX + s.textWidthPx(more, font) <= right;
            if (x + w > right || !roomForMore) {
                if (x + s.textWidthPx(more, font) <= right) {
                    s.setColor(style.mutedTextArgb());
                    s.fillText(more, x, baseline, font);
                }
                return i;
            }
            swatch(s, e, x, top + (height - SWATCH_PX) / 2);
            x += SWATCH_PX + 5;
            s.setColor(style.textArgb());
            s.fillText(text, x, baseline, font);
            x += s.textWidthPx(text, font) + ITEM_GAP_PX;
        }
        return entries.size();
    }

    private static void swatch(DrawSurface s, LegendEntry e, double x, double y) {
        s.setColor(e.argb());
        switch (e.kind()) {
            case MARK:
                s.fillRect(x + SWATCH_PX / 2 - 1, y, 2, SWATCH_PX);
                break;
            case STOLEN:
                s.fillRect(x, y, SWATCH_PX, SWATCH_PX);
                s.setColor(Palette.STOLEN_HATCH);
                s.strokeLine(x, y + SWATCH_PX, x + SWATCH_PX, y);
                break;
            default:
                s.fillRect(x, y, SWATCH_PX, SWATCH_PX);
                break;
        }
    }
}
