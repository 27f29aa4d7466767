package org.schedlab.render;

import java.util.List;

/**
 * What one frame drew, for the view (legend contents, axis step) and for tests and benchmarks
 * (how many slices or level-of-detail buckets were read, how many lane rectangles it cost).
 * {@code keysDrawn}: the keys the strip's one row had room for, in their order (the rest are its
 * "+N more"); {@code keys} lists them all. {@code legendHeading}: what the legend's first row
 * is headed with ("In view", "No CPU data in view" ...; empty without a legend).
 */
public record FrameSummary(List<TimeAxis.Tick> ticks, List<LegendEntry> legend, List<LegendEntry> keys,
                           int legendItemsDrawn, long slicesVisited, long bucketsVisited, int sliceRects,
                           int marksDrawn, boolean approximate, List<LegendEntry> keysDrawn,
                           String legendHeading) {
    public FrameSummary {
        ticks = List.copyOf(ticks);
        legend = List.copyOf(legend);
        keys = List.copyOf(keys);
        keysDrawn = List.copyOf(keysDrawn);
    }
}
