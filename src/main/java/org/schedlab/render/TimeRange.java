package org.schedlab.render;

/** A stretch of time {@code [startNs, endNs)}, e.g. the range selected on the axis. */
public record TimeRange(long startNs, long endNs) {
    public TimeRange {
        if (endNs < startNs) {
            throw new IllegalArgumentException("range ends before it starts: " + startNs + ".." + endNs);
        }
    }

    /** The range between two points in either order. */
    public static TimeRange between(long aNs, long bNs) {
        return new TimeRange(Math.min(aNs, bNs), Math.max(aNs, bNs));
    }

    public long durationNs() {
        return endNs - startNs;
    }

    public boolean contains(long tNs) {
        return tNs >= startNs && tNs < endNs;
    }
}
