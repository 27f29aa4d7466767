package org.schedlab.render;

import java.util.List;

/**
 * What one frame drew, for the view (legend contents, axis step) and for tests and benchmarks
 * (how many slices were visited, how many slice rectangles it cost).
 */
public record FrameSummary(List<TimeAxis.Tick> ticks, List<LegendEntry> legend, int legendItemsDrawn,
                           long slicesVisited, int sliceRects, int marksDrawn) {
    public FrameSummary {
        ticks = List.copyOf(ticks);
        legend = List.copyOf(legend);
    }
}
