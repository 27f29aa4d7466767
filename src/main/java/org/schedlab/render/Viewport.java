package org.schedlab.render;

/**
 * What part of a timeline is on screen: the time window {@code [startNs, endNs)}, the canvas
 * size, how far the lanes are scrolled down, and how wide the label column left of the plot is
 * ({@link TimelineLayout#LABEL_WIDTH_PX} on screen; an exported picture widens it so that its
 * names are whole, see {@link Figure}). The canvas is always this size, never the size of the
 * whole timeline.
 */
public record Viewport(long startNs, long endNs, double widthPx, double heightPx, double laneScrollPx,
                       double labelWidthPx) {
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
        if (!(labelWidthPx >= 0)) {
            throw new IllegalArgumentException("label column width must be >= 0, was " + labelWidthPx);
        }
    }

    /** With the screen's label column. */
    public Viewport(long startNs, long endNs, double widthPx, double heightPx, double laneScrollPx) {
        this(startNs, endNs, widthPx, heightPx, laneScrollPx, TimelineLayout.LABEL_WIDTH_PX);
    }

    public Viewport(long startNs, long endNs, double widthPx, double heightPx) {
        this(startNs, endNs, widthPx, heightPx, 0);
    }

    public long spanNs() {
        return endNs - startNs;
    }

    public Viewport withWindow(long newStartNs, long newEndNs) {
        return new Viewport(newStartNs, newEndNs, widthPx, heightPx, laneScrollPx, labelWidthPx);
    }

    /** The same, {@code newHeightPx} tall, its lanes scrolled down by {@code newLaneScrollPx}. */
    public Viewport withLanes(double newHeightPx, double newLaneScrollPx) {
        return new Viewport(startNs, endNs, widthPx, newHeightPx, newLaneScrollPx, labelWidthPx);
    }

    /**
     * The same window, lanes and label column on a canvas {@code newWidthPx} wide: the lanes get
     * the width the label column leaves, so more or fewer pixels per ms, never another window.
     */
    public Viewport withWidth(double newWidthPx) {
        return new Viewport(startNs, endNs, newWidthPx, heightPx, laneScrollPx, labelWidthPx);
    }

    /** The same, its label column {@code px} wide. */
    public Viewport withLabelWidth(double px) {
        return new Viewport(startNs, endNs, widthPx, heightPx, laneScrollPx, px);
    }
}
