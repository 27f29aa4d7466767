package org.schedlab.render;

import java.util.List;

/**
 * What a sweep plot shows: the varied parameter on x ({@code xValues} in plan order; numeric
 * values are placed to scale, others evenly), one series per value of a second varied parameter
 * (or a single series), and for each finished point the mean, min and max of throughput and of
 * one profile site's share (0..1) over its seeds. Points not run yet are simply absent.
 */
public record SweepPlotData(String title, String xKey, List<String> xValues, String seriesKey, List<Series> series,
                            String throughputUnit, String siteLabel) {
    public SweepPlotData {
        xValues = List.copyOf(xValues);
        series = List.copyOf(series);
        seriesKey = seriesKey == null ? "" : seriesKey;
        throughputUnit = throughputUnit == null ? "" : throughputUnit;
        siteLabel = siteLabel == null ? "" : siteLabel;
    }

    /** One line of the plot; {@code label} empty when there is only one. */
    public record Series(String label, List<Point> points) {
        public Series {
            points = List.copyOf(points);
        }
    }

    /** A finished point: where it sits on x, which sweep point it is (for clicks), and its figures. */
    public record Point(int xIndex, int pointIndex, int runs, double throughputMean, double throughputMin,
                        double throughputMax, double shareMean, double shareMin, double shareMax) {
    }

    public boolean isEmpty() {
        return series.stream().allMatch(s -> s.points().isEmpty());
    }

    /** Whether every x value is a number, so x can be to scale. */
    public boolean numericX() {
        if (xValues.isEmpty()) {
            return false;
        }
        for (String v : xValues) {
            try {
                if (!Double.isFinite(Double.parseDouble(v))) {
                    return false;
                }
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }
}
