package org.schedlab.render;

/**
 * One lane on screen: its position in the lane list, the CPU it shows, its label and where it is
 * drawn ({@code topPx} already accounts for the lane scroll, so it may be above the lanes area).
 */
public record LaneRow(int index, int cpu, String label, double topPx, double heightPx) {
    public double bottomPx() {
        return topPx + heightPx;
    }

    public boolean containsY(double yPx) {
        return yPx >= topPx && yPx < topPx + heightPx;
    }
}
