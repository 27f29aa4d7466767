package org.schedlab.render;

import java.util.List;

/** The time axis above the plot: tick marks, their labels, and the grid lines they drop into the lanes. */
final class AxisPainter {
    private AxisPainter() {
    }

    static void grid(TimelineLayout layout, List<TimeAxis.Tick> ticks, TimelineStyle style, DrawSurface s) {
        s.setColor(style.gridArgb());
        for (TimeAxis.Tick t : ticks) {
            double x = Math.floor(t.xPx()) + 0.5;
            s.strokeLine(x, layout.lanesTopPx(), x, layout.lanesBottomPx());
        }
    }

    /** {@code corner}: what the label column's corner says the ticks count ("since start"). */
    static void axis(TimelineLayout layout, List<TimeAxis.Tick> ticks, String corner, TimelineStyle style, DrawSurface s) {
        axis(layout, ticks, corner, style, s, null);
    }

    /**
     * The axis; a tick label that would reach into {@code keepClearPx} ({@code {left, right}}, the
     * selected range's badge drawn over the axis afterwards, or null) is left out rather than half
     * covered.
     */
    static void axis(TimelineLayout layout, List<TimeAxis.Tick> ticks, String corner, TimelineStyle style, DrawSurface s,
                     double[] keepClearPx) {
        double width = layout.viewport().widthPx();
        double h = layout.lanesTopPx();
        double font = style.axisFontPx();
        s.setColor(style.backgroundArgb());
        s.fillRect(layout.plotLeftPx(), 0, layout.plotWidthPx(), h);
        s.setColor(style.labelColumnArgb());
        s.fillRect(0, 0, layout.plotLeftPx(), h);
        s.setColor(style.mutedTextArgb());
        s.fillText(corner, 10, h / 2 + font * 0.36, font);
        s.setColor(style.separatorArgb());
        s.strokeLine(0, h - 0.5, width, h - 0.5);
        s.pushClip(layout.plotLeftPx(), 0, layout.plotWidthPx(), h);
        for (TimeAxis.Tick t : ticks) {
            double x = Math.floor(t.xPx()) + 0.5;
            s.setColor(style.separatorArgb());
            s.strokeLine(x, h - 7, x, h);
            double right = x + 4 + s.textWidthPx(t.label(), font);
            boolean underBadge = keepClearPx != null && right + 2 > keepClearPx[0] && x + 4 - 2 < keepClearPx[1];
            if (right <= width && !underBadge) {
                s.setColor(style.textArgb());
                s.fillText(t.label(), x + 4, h - 10, font);
            }
        }
        s.popClip();
    }
}
