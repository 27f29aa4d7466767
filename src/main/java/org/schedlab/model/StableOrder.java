package org.schedlab.model;

/**
 * Stable sort orders over a column of long keys, without boxing: builders whose rows may arrive
 * out of order (lock waits, marks from several producers) permute their columns by it, and the
 * analyses order intervals gathered from several lanes by it.
 *
 * <p>Such columns are nearly sorted: a lock wait is appended when it ends, a lock-holder
 * preemption mark at the end of the episode it marks, so a few rows land behind later ones. The
 * rows that keep the column's order are taken as one sorted run, the few others sorted apart and
 * merged in - one pass plus a small sort, where a merge sort of the whole column moves every row
 * once per level (case A's recorded window: ~200 k marks, ~600 of them late).
 */
public final class StableOrder {
    /** A column with more rows out of order than this share is merge-sorted whole. */
    private static final int MOST_IN_ORDER_SHIFT = 3;

    private StableOrder() {
    }

    /** Whether {@code keys[0..size)} is already in non-decreasing order. */
    public static boolean sorted(long[] keys, int size) {
        for (int i = 1; i < size; i++) {
            if (keys[i - 1] > keys[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The indices {@code 0..size-1} ordered by {@code keys[i]}, equal keys in index order - that
     * is, by (key, index), which is what lets the in-order run and the sorted rest be merged.
     */
    public static int[] byKey(long[] keys, int size) {
        int[] run = new int[size];
        int[] rest = new int[size];
        int inRun = 0;
        int others = 0;
        long last = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            if (keys[i] >= last) {
                run[inRun++] = i;
                last = keys[i];
            } else {
                rest[others++] = i;
            }
        }
        if (others == 0) {
            return run;
        }
        if (others > size >>> MOST_IN_ORDER_SHIFT) {
            for (int i = 0; i < size; i++) {
                run[i] = i;
            }
            mergeSort(keys, run, size, rest);
            return run;
        }
        mergeSort(keys, rest, others, new int[others]);
        int[] order = new int[size];
        int a = 0;
        int b = 0;
        for (int k = 0; k < size; k++) {
            // both lists are in (key, index) order; take the smaller head
            boolean fromRest = a == inRun || b < others && (keys[rest[b]] < keys[run[a]]
                    || keys[rest[b]] == keys[run[a]] && rest[b] < run[a]);
            order[k] = fromRest ? rest[b++] : run[a++];
        }
        return order;
    }

    /**
     * Sorts {@code order[0..n)} stably by key: bottom-up merge sort that skips merging two runs
     * already in order. {@code tmp} has room for n.
     */
    private static void mergeSort(long[] keys, int[] order, int n, int[] tmp) {
        for (int width = 1; width < n; width <<= 1) {
            for (int lo = 0; lo < n - width; lo += width << 1) {
                int mid = lo + width;
                int hi = Math.min(lo + (width << 1), n);
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
    }
}
