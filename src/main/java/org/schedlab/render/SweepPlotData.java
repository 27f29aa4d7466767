package org.schedlab.render;

import java.util.List;

/**
 * What a sweep plot shows: the varied parameter on x ({@code xValues} in plan order; numeric
 * values are placed to scale, others evenly), one series per value of a second varied parameter
 * (or a single series), and for each finished point the mean, min and max of throughput and of
 * a second metric over its seeds: a profile site's share (0..1), a latency or wait (us) or a
 * count, as {@code metricUnit} says; {@code metricLabel} names it ({@code transaction p99}, or
 * for a share the site). Points not run yet are simply absent.
 */
public record SweepPlotData(String title, String xKey, List<String> xValues, String seriesKey, List<Series> series,
                            String throughputUnit, String metricLabel, MetricUnit metricUnit) {
    public SweepPlotData {
        xValues = List.copyOf(xValues);
        series = List.copyOf(series);
        seriesKey = seriesKey == null ? "" : seriesKey;
        throughputUnit = throughputUnit == null ? "" : throughputUnit;
        metricLabel = metricLabel == null ? "" : metricLabel;
        metricUnit = metricUnit == null ? MetricUnit.SHARE : metricUnit;
    }

    /** A plot whose second metric is profile site {@code siteLabel}'s share. */
    public SweepPlotData(String title, String xKey, List<String> xValues, String seriesKey, List<Series> series,
                         String throughputUnit, String siteLabel) {
        this(title, xKey, xValues, seriesKey, series, throughputUnit, siteLabel, MetricUnit.SHARE);
    }

    /** How the second metric's values are held: a fraction of CPU time, microseconds, a count per run. */
    public enum MetricUnit { SHARE, MICROS, COUNT }

    /**
     * How the second metric is written, one way for the whole plot so the axis and every label
     * agree: shares in %, times in us or - once the largest is 1000 us or more - in ms, counts bare.
     */
    public record Scale(double factor, String unit) {
        public double of(double v) {
            return v * factor;
        }

        /**
         * {@code 26.3%}, {@code 12.4 ms}, {@code 450 us}, {@code 41.5}. A time too small to show in
         * milliseconds at {@code decimals} is written in microseconds: a FIFO task's 2 us wake-up
         * beside a fair one's 3.99 ms read "0.00 ms", hiding what the lesson is about.
         */
        public String label(double v, int decimals) {
            if (unit.equals("ms") && v != 0 && Math.abs(of(v)) < 0.5 * Math.pow(10, -decimals)) {
                return new Scale(1, "us").label(v, Math.abs(v) >= 10 ? 0 : 1);
            }
            String n = String.format(java.util.Locale.ROOT, "%,." + decimals + "f", of(v));
            return unit.isEmpty() ? n : n + " " + unit; // "26.3 %", as every table of the workbench writes a share
        }
    }

    /** The scale of the second metric over every point's values. */
    public Scale metricScale() {
        return switch (metricUnit) {
            case SHARE -> new Scale(100, "%");
            case COUNT -> new Scale(1, "");
            case MICROS -> {
                double max = 0;
                for (Series s : series) {
                    for (Point p : s.points()) {
                        if (p.hasMetric()) {
                            max = Math.max(max, p.metricMax());
                        }
                    }
                }
                yield max >= 1000 ? new Scale(1e-3, "ms") : new Scale(1, "us");
            }
        };
    }

    /** One line of the plot; {@code label} empty when there is only one. */
    public record Series(String label, List<Point> points) {
        public Series {
            points = List.copyOf(points);
        }
    }

    /**
     * A finished point: where it sits on x, which sweep point it is (for clicks), and its figures;
     * {@code metricRuns} of its runs report the second metric (0: it has none, its figures are NaN).
     */
    public record Point(int xIndex, int pointIndex, int runs, double throughputMean, double throughputMin,
                        double throughputMax, double metricMean, double metricMin, double metricMax, int metricRuns) {
        /** A point every run of which reports the metric. */
        public Point(int xIndex, int pointIndex, int runs, double throughputMean, double throughputMin,
                     double throughputMax, double metricMean, double metricMin, double metricMax) {
            this(xIndex, pointIndex, runs, throughputMean, throughputMin, throughputMax, metricMean, metricMin,
                    metricMax, runs);
        }

        public boolean hasMetric() {
            return metricRuns > 0;
        }
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
