package org.schedlab.analysis;

import org.schedlab.model.StableOrder;

/**
 * A stable order of indices by a primitive key, without boxing ({@link StableOrder}, the
 * builders' own), and columns permuted by it: the analyses gather intervals from several lanes
 * (a task's runs over every CPU) and need them by start time.
 */
final class IndexSort {
    private IndexSort() {
    }

    /** Indices {@code 0..n-1} ordered by {@code key[i]} ascending; equal keys keep their order. */
    static int[] byKey(long[] key, int n) {
        return StableOrder.byKey(key, n);
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
