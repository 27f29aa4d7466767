package org.schedlab.model;

/**
 * Stable sort orders over a column of long keys, without boxing: builders whose rows may arrive
 * out of order (lock waits, marks from several producers) permute their columns by it. A
 * bottom-up merge sort of indices that skips runs already in order, so nearly sorted columns -
 * the usual case - cost little more than one pass per level.
 */
final class StableOrder {
    private StableOrder() {
    }

    /** Whether {@code keys[0..size)} is already in non-decreasing order. */
    static boolean sorted(long[] keys, int size) {
        for (int i = 1; i < size; i++) {
            if (keys[i - 1] > keys[i]) {
                return false;
            }
        }
        return true;
    }

    /** The indices {@code 0..size-1} ordered by {@code keys[i]}, equal keys in index order. */
    static int[] byKey(long[] keys, int size) {
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        int[] tmp = new int[size];
        for (int width = 1; width < size; width <<= 1) {
            for (int lo = 0; lo < size - width; lo += width << 1) {
                int mid = lo + width;
                int hi = Math.min(lo + (width << 1), size);
                if (keys[order[mid - 1]] <= keys[order[mid]]) {
                    continue;
                }
                int a = lo;
                int b = mid;
                int k = lo;
                while (a < mid && b < hi) {
                    tmp[k++] = keys[order[b]] < keys[order[a]] ? order[b++] : order[a++];
                }
                while (a < mid) {
                    tmp[k++] = order[a++];
                }
                while (b < hi) {
                    tmp[k++] = order[b++];
                }
                System.arraycopy(tmp, lo, order, lo, hi - lo);
            }
        }
        return order;
    }
}
