package org.schedlab.model;

/**
 * Binary searches over the first {@code size} values of a nondecreasing {@code long[]} (times of
 * samples, marks, interval starts and ends): the one place that knows where a time falls among them.
 */
public final class SortedLongs {
    private SortedLongs() {
    }

    /** Index of the first value {@code >= t}, or {@code size} if none. */
    public static int firstAtOrAfter(long[] sorted, int size, long t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Index of the first value {@code > t}, or {@code size} if none (minus one: the last at or before {@code t}). */
    public static int firstAfter(long[] sorted, int size, long t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
