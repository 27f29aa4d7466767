package org.schedlab.analysis;

/**
 * A stable order of indices by a primitive key, without boxing: the analyses gather intervals
 * from several lanes (a task's runs over every CPU) and need them by start time.
 */
final class IndexSort {
    private IndexSort() {
    }

    /** Indices {@code 0..n-1} ordered by {@code key[i]} ascending; equal keys keep their order. */
    static int[] byKey(long[] key, int n) {
        int[] idx = new int[n];
        boolean sorted = true;
        for (int i = 0; i < n; i++) {
            idx[i] = i;
            if (i > 0 && key[i] < key[i - 1]) {
                sorted = false;
            }
        }
        if (sorted) {
            return idx;
        }
        int[] tmp = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int a = lo;
                int b = mid;
                int k = lo;
                while (a < mid && b < hi) {
                    tmp[k++] = key[idx[b]] < key[idx[a]] ? idx[b++] : idx[a++];
                }
                while (a < mid) {
                    tmp[k++] = idx[a++];
                }
                while (b < hi) {
                    tmp[k++] = idx[b++];
                }
            }
            int[] swap = idx;
            idx = tmp;
            tmp = swap;
        }
        return idx;
    }

    static long[] permute(long[] values, int[] order) {
        long[] out = new long[order.length];
        for (int i = 0; i < order.length; i++) {
            out[i] = values[order[i]];
        }
        return out;
    }

    static int[] permute(int[] values, int[] order) {
        int[] out = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            out[i] = values[order[i]];
        }
        return out;
    }
}
