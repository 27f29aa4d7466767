package org.schedlab.render;

import java.util.List;
import java.util.Optional;

/**
 * Where a sweep plot put its point markers, so a click finds the point under it: both panels'
 * markers, each with its sweep point and series.
 */
public record SweepPlotLayout(List<Marker> markers) {
    public SweepPlotLayout {
        markers = List.copyOf(markers);
    }

    /** One drawn marker, centered at {@code (xPx, yPx)}. */
    public record Marker(double xPx, double yPx, int pointIndex, int seriesIndex) {
    }

    /** The marker nearest to {@code (xPx, yPx)} within {@code radiusPx}, if any. */
    public Optional<Marker> markerAt(double xPx, double yPx, double radiusPx) {
        Marker best = null;
        double bestD = radiusPx * radiusPx;
        for (Marker m : markers) {
            double dx = m.xPx() - xPx;
            double dy = m.yPx() - yPx;
            double d = dx * dx + dy * dy;
            if (d <= bestD) {
                best = m;
                bestD = d;
            }
        }
        return Optional.ofNullable(best);
    }
}
