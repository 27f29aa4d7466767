package org.schedlab.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where everything of a timeline goes on a canvas: the label column on the left, the time axis
 * on top, the legend strip at the bottom, and the lanes in between. The renderer draws with it
 * and the view hit-tests with it, so a click always lands on what was drawn.
 */
public final class TimelineLayout {
    public static final double LABEL_WIDTH_PX = 92;
    public static final double AXIS_HEIGHT_PX = 28;
    public static final double LEGEND_HEIGHT_PX = 28;
    public static final double LANE_GAP_PX = 3;
    public static final double MIN_LANE_HEIGHT_PX = 22;
    public static final double MAX_LANE_HEIGHT_PX = 72;

    private final Viewport viewport;
    private final int laneCount;
    private final double laneHeightPx;
    private final double scrollPx;

    private TimelineLayout(Viewport viewport, int laneCount) {
        this.viewport = viewport;
        this.laneCount = laneCount;
        double avail = lanesBottomPx(viewport) - AXIS_HEIGHT_PX - LANE_GAP_PX;
        double fit = laneCount == 0 ? MAX_LANE_HEIGHT_PX : Math.floor(avail / laneCount - LANE_GAP_PX);
        this.laneHeightPx = Math.max(MIN_LANE_HEIGHT_PX, Math.min(MAX_LANE_HEIGHT_PX, fit));
        this.scrollPx = Math.min(viewport.laneScrollPx(), maxScrollPx(laneCount, laneHeightPx, viewport));
    }

    /** The layout of {@code cpuCount} CPU lanes (lane i shows CPU i) in {@code viewport}. */
    public static TimelineLayout of(Viewport viewport, int cpuCount) {
        return new TimelineLayout(viewport, cpuCount);
    }

    public Viewport viewport() {
        return viewport;
    }

    public int laneCount() {
        return laneCount;
    }

    public double laneHeightPx() {
        return laneHeightPx;
    }

    /** The lane scroll actually applied: the viewport's, limited so the last lane stays in view. */
    public double scrollPx() {
        return scrollPx;
    }

    public double plotLeftPx() {
        return Math.min(LABEL_WIDTH_PX, viewport.widthPx());
    }

    public double plotWidthPx() {
        return Math.max(0, viewport.widthPx() - plotLeftPx());
    }

    public double lanesTopPx() {
        return AXIS_HEIGHT_PX;
    }

    public double lanesBottomPx() {
        return lanesBottomPx(viewport);
    }

    public double legendTopPx() {
        return lanesBottomPx();
    }

    /** Height of all lanes stacked, whether or not they fit. */
    public double contentHeightPx() {
        return contentHeightPx(laneCount, laneHeightPx);
    }

    /** How far the lanes can scroll before the last one reaches the bottom of the lanes area. */
    public double maxScrollPx() {
        return maxScrollPx(laneCount, laneHeightPx, viewport);
    }

    public LaneRow lane(int index) {
        double top = lanesTopPx() + LANE_GAP_PX + index * (laneHeightPx + LANE_GAP_PX) - scrollPx;
        return new LaneRow(index, index, "CPU " + index, top, laneHeightPx);
    }

    /** The lanes at least partly inside the lanes area, top to bottom. */
    public List<LaneRow> visibleLanes() {
        List<LaneRow> rows = new ArrayList<>();
        for (int i = 0; i < laneCount; i++) {
            LaneRow row = lane(i);
            if (row.bottomPx() > lanesTopPx() && row.topPx() < lanesBottomPx()) {
                rows.add(row);
            }
        }
        return rows;
    }

    /** The lane under a canvas point's y, if any (gaps, axis and legend hit nothing). */
    public Optional<LaneRow> laneAt(double yPx) {
        if (yPx < lanesTopPx() || yPx >= lanesBottomPx() || laneCount == 0) {
            return Optional.empty();
        }
        double rel = yPx - lanesTopPx() - LANE_GAP_PX + scrollPx;
        int i = (int) Math.floor(rel / (laneHeightPx + LANE_GAP_PX));
        if (i < 0 || i >= laneCount) {
            return Optional.empty();
        }
        LaneRow row = lane(i);
        return row.containsY(yPx) ? Optional.of(row) : Optional.empty();
    }

    public double nsPerPx() {
        double w = plotWidthPx();
        return w <= 0 ? Double.POSITIVE_INFINITY : viewport.spanNs() / w;
    }

    /** Canvas x of time {@code tNs} (may be outside the plot when the time is outside the window). */
    public double xOf(long tNs) {
        return plotLeftPx() + (tNs - viewport.startNs()) / nsPerPx();
    }

    /** Time at canvas x (x left of the plot maps before the window start). */
    public long timeAt(double xPx) {
        double t = viewport.startNs() + (xPx - plotLeftPx()) * nsPerPx();
        return Math.round(t);
    }

    public boolean inPlot(double xPx, double yPx) {
        return xPx >= plotLeftPx() && xPx < viewport.widthPx() && yPx >= lanesTopPx() && yPx < lanesBottomPx();
    }

    private static double lanesBottomPx(Viewport viewport) {
        return Math.max(AXIS_HEIGHT_PX, viewport.heightPx() - LEGEND_HEIGHT_PX);
    }

    private static double contentHeightPx(int laneCount, double laneHeightPx) {
        return LANE_GAP_PX + laneCount * (laneHeightPx + LANE_GAP_PX);
    }

    private static double maxScrollPx(int laneCount, double laneHeightPx, Viewport viewport) {
        double visible = lanesBottomPx(viewport) - AXIS_HEIGHT_PX;
        return Math.max(0, contentHeightPx(laneCount, laneHeightPx) - visible);
    }
}
