package org.schedlab.render;

/**
 * What part of a timeline is on screen: the time window {@code [startNs, endNs)}, the canvas
 * size, and how far the lanes are scrolled down. The canvas is always this size, never the size
 * of the whole timeline.
 */
public record Viewport(long startNs, long endNs, double widthPx, double heightPx, double laneScrollPx) {
    public Viewport {
        if (endNs <= startNs) {
            throw new IllegalArgumentException("viewport must end after it starts: " + startNs + ".." + endNs);
        }
        if (!(widthPx >= 0) || !(heightPx >= 0)) {
            throw new IllegalArgumentException("viewport size must be >= 0, was " + widthPx + "x" + heightPx);
        }
        if (!(laneScrollPx >= 0)) {
            throw new IllegalArgumentException("lane scroll must be >= 0, was " + laneScrollPx);
        }
    }

    public Viewport(long startNs, long endNs, double widthPx, double heightPx) {
        this(startNs, endNs, widthPx, heightPx, 0);
    }

    public long spanNs() {
        return endNs - startNs;
    }

    public Viewport withWindow(long newStartNs, long newEndNs) {
        return new Viewport(newStartNs, newEndNs, widthPx, heightPx, laneScrollPx);
    }
}
