package org.schedlab.ui.lab;

/**
 * A selected stretch of time counted from a dataset's start, so the same selection means the
 * same moment of two runs in A/B mode. {@code fromNs < toNs}.
 */
public record OffsetRange(long fromNs, long toNs) {
    public OffsetRange {
        if (toNs <= fromNs) {
            throw new IllegalArgumentException("range must end after it starts: " + fromNs + ".." + toNs);
        }
    }

    public static OffsetRange between(long aNs, long bNs) {
        return new OffsetRange(Math.min(aNs, bNs), Math.max(aNs, bNs));
    }

    public long durationNs() {
        return toNs - fromNs;
    }
}
