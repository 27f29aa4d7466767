package org.schedlab.render;

import java.util.Objects;

/**
 * What one aggregation folds: the window, how many pixel columns it spans, which rows exist and
 * what a search highlights. Two equal requests give the same columns, so a view reuses a result
 * as long as the request is unchanged (paint-only changes such as the color mode, the selection
 * or the pointer need no new aggregation).
 */
public record FrameRequest(long startNs, long endNs, int columns, TrackSpec spec, HighlightIndex highlight) {
    public FrameRequest {
        if (endNs <= startNs) {
            throw new IllegalArgumentException("window must end after it starts: " + startNs + ".." + endNs);
        }
        if (columns < 0) {
            throw new IllegalArgumentException("columns must be >= 0, was " + columns);
        }
        Objects.requireNonNull(spec);
        Objects.requireNonNull(highlight);
    }

    /** The request a layout implies: its window, its plot width in whole pixels. */
    public static FrameRequest of(TimelineLayout layout, TrackSpec spec, HighlightIndex highlight) {
        Viewport v = layout.viewport();
        return new FrameRequest(v.startNs(), v.endNs(), (int) Math.floor(layout.plotWidthPx()), spec, highlight);
    }

    public double nsPerColumn() {
        return columns == 0 ? Double.POSITIVE_INFINITY : (double) (endNs - startNs) / columns;
    }
}
