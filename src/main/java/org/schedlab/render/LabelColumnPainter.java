package org.schedlab.render;

import java.util.List;

/**
 * The label column left of the plot: each row's name (CPU, task, lock, counter) and, where the
 * row is tall enough, a second line with its scale (a lock's most waiters, a counter's highest
 * value, or the one it always has); group headers across the whole width with their
 * open/closed triangle.
 */
final class LabelColumnPainter {
    static final int HEADER_ARGB = Argb.hex("#EAEEF2");

    private LabelColumnPainter() {
    }

    static void paint(TimelineData data, TimelineLayout layout, List<TrackRow> rows, TrackSpec spec,
                      TimelineStyle style, DrawSurface s) {
        double labelWidth = layout.plotLeftPx() - 14;
        for (TrackRow row : rows) {
            double font = row.kind() == TrackKind.CPU && row.heightPx() < 15 ? 10 : style.labelFontPx();
            double mid = row.topPx() + row.heightPx() / 2 + font * 0.36;
            switch (row.kind()) {
                case HEADER: {
                    String arrow = spec.isCollapsed(row.group()) ? "\u25B8 " : "\u25BE ";
                    s.setColor(style.textArgb());
                    s.fillText(arrow + row.label(), 6, mid, font);
                    break;
                }
                case LOCK: {
                    s.setColor(style.textArgb());
                    double y1 = row.topPx() + LockRowPainter.HOLDER_PX / 2 + font * 0.36;
                    s.fillText(fit(s, row.label(), font, labelWidth), 10, y1, font);
                    s.setColor(style.mutedTextArgb());
                    int[] most = LockRowPainter.scale(data, row.ref());
                    String second = waiterScaleLabel(most[0], most[1]);
                    s.fillText(second, 10, LockRowPainter.waiterTopPx(row) + LockRowPainter.waiterHeightPx(row) / 2
                            + 10 * 0.36, 10);
                    break;
                }
                case COUNTER: {
                    s.setColor(style.textArgb());
                    s.fillText(fit(s, row.label(), font, labelWidth), 10, row.topPx() + 15, font);
                    s.setColor(style.mutedTextArgb());
                    s.fillText(fit(s, data.counterRangeLabel(row.ref()), 10, labelWidth), 10, row.topPx() + 30, 10);
                    break;
                }
                default:
                    s.setColor(style.textArgb());
                    s.fillText(fit(s, row.label(), font, labelWidth), 10, mid, font);
                    break;
            }
        }
    }

    /** The waiter band's scale: the most spinning and sleeping waiters, leaving out a kind that never waits. */
    static String waiterScaleLabel(int maxSpinning, int maxSleeping) {
        if (maxSpinning == 0 && maxSleeping == 0) {
            return "no waiters";
        }
        String spin = maxSpinning > 0 ? "spin \u2264" + maxSpinning : "";
        String sleep = maxSleeping > 0 ? "sleep \u2264" + maxSleeping : "";
        return spin.isEmpty() || sleep.isEmpty() ? spin + sleep : spin + "  " + sleep;
    }

    /** Header rows get a band across the whole width, under everything else in the row. */
    static void headerBands(TimelineLayout layout, List<TrackRow> rows, DrawSurface s) {
        for (TrackRow row : rows) {
            if (row.kind() == TrackKind.HEADER) {
                s.setColor(HEADER_ARGB);
                s.fillRect(0, row.topPx(), layout.viewport().widthPx(), row.heightPx());
            }
        }
    }

    /** {@code text}, shortened with an ellipsis until it fits {@code widthPx}. */
    static String fit(DrawSurface s, String text, double font, double widthPx) {
        if (s.textWidthPx(text, font) <= widthPx) {
            return text;
        }
        String t = text;
        while (t.length() > 1 && s.textWidthPx(t + "\u2026", font) > widthPx) {
            t = t.substring(0, t.length() - 1);
        }
        return t + "\u2026";
    }
}
