package org.schedlab.render;

/**
 * One row on screen: what it shows ({@code kind}; {@code ref} is the CPU number, task id, lock
 * index, operation kind index (into the dataset's operations) or counter index, -1 for a header), its label and where it is drawn ({@code topPx}
 * already accounts for the scroll, so it may be above the lanes area).
 */
public record TrackRow(TrackKind kind, TrackGroup group, int ref, String label, double topPx, double heightPx) {
    public double bottomPx() {
        return topPx + heightPx;
    }

    public boolean containsY(double yPx) {
        return yPx >= topPx && yPx < topPx + heightPx;
    }

    /** The CPU this row shows, or -1 when it is not a CPU lane. */
    public int cpu() {
        return kind == TrackKind.CPU ? ref : -1;
    }
}
