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
        return byKeys(keys, null, size);
    }

    /**
     * The indices {@code 0..size-1} ordered by {@code first[i]}, then {@code second[i]}, then
     * index ({@code second} null: by {@code first} and index, as {@link #byKey}). Memory: two or
     * three {@code int} per index, and nothing per row beyond.
     */
    public static int[] byKeys(long[] first, long[] second, int size) {
        int[] run = new int[size];
        int[] rest = new int[size];
        int inRun = 0;
        int others = 0;
        for (int i = 0; i < size; i++) {
            if (inRun == 0 || !less(first, second, i, run[inRun - 1])) {
                run[inRun++] = i;
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
            mergeSort(first, second, run, size, rest);
            return run;
        }
        mergeSort(first, second, rest, others, new int[others]);
        int[] order = new int[size];
        int a = 0;
        int b = 0;
        for (int k = 0; k < size; k++) {
            // both lists are in (key, index) order; take the smaller head
            boolean fromRest = a == inRun || b < others && (less(first, second, rest[b], run[a])
                    || !less(first, second, run[a], rest[b]) && rest[b] < run[a]);
            order[k] = fromRest ? rest[b++] : run[a++];
        }
        return order;
    }

    /** Whether row {@code i}'s keys come before row {@code j}'s (indices not compared). */
    private static boolean less(long[] first, long[] second, int i, int j) {
        return first[i] < first[j] || second != null && first[i] == first[j] && second[i] < second[j];
    }

    /**
     * Sorts {@code order[0..n)} stably by key: bottom-up merge sort that skips merging two runs
     * already in order. {@code tmp} has room for n.
     */
    private static void mergeSort(long[] first, long[] second, int[] order, int n, int[] tmp) {
        for (int width = 1; width < n; width <<= 1) {
            for (int lo = 0; lo < n - width; lo += width << 1) {
                int mid = lo + width;
                int hi = Math.min(lo + (width << 1), n);
                if (!less(first, second, order[mid], order[mid - 1])) {
                    continue;
                }
                int a = lo;
                int b = mid;
                int k = lo;
                while (a < mid && b < hi) {
                    tmp[k++] = less(first, second, order[b], order[a]) ? order[b++] : order[a++];
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

    /**
     * Puts each column's rows in {@code order} (row k becomes the row that was at {@code order[k]})
     * in place, following the permutation's cycles: one bit per row to mark the rows done, no
     * copy of a column. Columns are {@code long[]}, {@code int[]}, {@code byte[]} or
     * {@code double[]}, each with at least {@code order.length} rows.
     */
    public static void permute(int[] order, Object... columns) {
        int n = order.length;
        long[] done = new long[(n + 63) >>> 6];
        for (int i = 0; i < n; i++) {
            if ((done[i >>> 6] & 1L << i) != 0 || order[i] == i) {
                continue;
            }
            for (Object c : columns) {
                cycle(order, i, c);
            }
            for (int j = i; (done[j >>> 6] & 1L << j) == 0; j = order[j]) {
                done[j >>> 6] |= 1L << j;
            }
        }
    }

    /** Moves one column's rows along the cycle of {@code order} that starts at {@code i}. */
    private static void cycle(int[] order, int i, Object column) {
        if (column instanceof long[] c) {
            long first = c[i];
            int j = i;
            for (int src = order[j]; src != i; j = src, src = order[j]) {
                c[j] = c[src];
            }
            c[j] = first;
        } else if (column instanceof int[] c) {
            int first = c[i];
            int j = i;
            for (int src = order[j]; src != i; j = src, src = order[j]) {
                c[j] = c[src];
            }
            c[j] = first;
        } else if (column instanceof byte[] c) {
            byte first = c[i];
            int j = i;
            for (int src = order[j]; src != i; j = src, src = order[j]) {
                c[j] = c[src];
            }
            c[j] = first;
        } else if (column instanceof double[] c) {
            double first = c[i];
            int j = i;
            for (int src = order[j]; src != i; j = src, src = order[j]) {
                c[j] = c[src];
            }
            c[j] = first;
        } else {
            throw new IllegalArgumentException("not a primitive column: " + column);
        }
    }
}
