package org.schedlab.render;

import java.util.Objects;

/**
 * A sweep plot as a figure shows it: its data and the size it is drawn at (the Sweep tab's plot
 * as on screen), painted by {@link SweepPlotRenderer} as the tab paints it.
 */
public record SweepPlotPanel(SweepPlotData data, double widthPx, double heightPx) {
    public SweepPlotPanel {
        Objects.requireNonNull(data, "data");
        if (!(widthPx >= 1 && heightPx >= 1)) {
            throw new IllegalArgumentException("a sweep plot needs a size, was " + widthPx + " x " + heightPx);
        }
    }
}
