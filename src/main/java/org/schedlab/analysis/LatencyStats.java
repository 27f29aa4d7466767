package org.schedlab.analysis;

import java.util.Arrays;

/**
 * Count, mean, median, 99th percentile and maximum of a set of durations, in microseconds.
 * Percentiles are nearest-rank over the exact values (no histogram rounding).
 */
public record LatencyStats(long count, double meanUs, double p50Us, double p99Us, double maxUs) {
    public static final LatencyStats EMPTY = new LatencyStats(0, 0, 0, 0, 0);

    /** From durations in ns; {@code durationsNs} is sorted in place. */
    public static LatencyStats ofNs(long[] durationsNs, int n) {
        if (n == 0) {
            return EMPTY;
        }
        Arrays.sort(durationsNs, 0, n);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += durationsNs[i];
        }
        return new LatencyStats(n, sum / n / 1000.0, rank(durationsNs, n, 0.50) / 1000.0,
                rank(durationsNs, n, 0.99) / 1000.0, durationsNs[n - 1] / 1000.0);
    }

    private static long rank(long[] sorted, int n, double q) {
        int idx = (int) Math.ceil(q * n) - 1;
        return sorted[Math.max(0, Math.min(n - 1, idx))];
    }
}
