package org.schedlab.model;

import java.util.Arrays;

/**
 * Columnar, immutable run of time intervals: parallel primitive arrays sorted by start.
 * Each interval carries a task id (or {@link #NO_TASK}) and a one-byte code whose meaning
 * belongs to the lane holding it ({@link SliceState}, {@link TaskState}, {@link WaitMode}).
 * 21 bytes per interval, no object per interval.
 */
public final class Intervals {
    /** Task id of an interval that belongs to no task (an idle CPU). */
    public static final int NO_TASK = -1;

    static final Intervals EMPTY = new Intervals(new long[0], new long[0], new int[0], new byte[0], 0);

    private final long[] startNs;
    private final long[] endNs;
    private final int[] task;
    private final byte[] code;
    private final long maxDurationNs;

    Intervals(long[] startNs, long[] endNs, int[] task, byte[] code, long maxDurationNs) {
        this.startNs = startNs;
        this.endNs = endNs;
        this.task = task;
        this.code = code;
        this.maxDurationNs = maxDurationNs;
    }

    /**
     * Intervals computed from a dataset rather than recorded in it (an analysis's stretches,
     * e.g. a lock holder off its CPU), so they get the same binary-search helpers. The arrays
     * are taken as they are (not copied): the caller hands them over. They must have one
     * length, be sorted by start, and end no earlier than they start.
     */
    public static Intervals of(long[] startNs, long[] endNs, int[] task, byte[] code) {
        int n = startNs.length;
        if (endNs.length != n || task.length != n || code.length != n) {
            throw new IllegalArgumentException("interval columns differ in length: " + n + ", " + endNs.length
                    + ", " + task.length + ", " + code.length);
        }
        long maxDur = 0;
        for (int i = 0; i < n; i++) {
            if (endNs[i] < startNs[i]) {
                throw new IllegalArgumentException("interval " + i + " ends at " + endNs[i] + " before it starts at "
                        + startNs[i]);
            }
            if (i > 0 && startNs[i] < startNs[i - 1]) {
                throw new IllegalArgumentException("interval " + i + " starts before interval " + (i - 1));
            }
            maxDur = Math.max(maxDur, endNs[i] - startNs[i]);
        }
        return new Intervals(startNs, endNs, task, code, maxDur);
    }

    public int size() {
        return startNs.length;
    }

    public boolean isEmpty() {
        return startNs.length == 0;
    }

    public long startNs(int i) {
        return startNs[i];
    }

    public long endNs(int i) {
        return endNs[i];
    }

    public long durationNs(int i) {
        return endNs[i] - startNs[i];
    }

    public int task(int i) {
        return task[i];
    }

    public byte code(int i) {
        return code[i];
    }

    /** The longest interval: lets a window query over overlapping intervals stay a binary search. */
    public long maxDurationNs() {
        return maxDurationNs;
    }

    /** Index of the first interval whose start is >= {@code tNs}, or {@link #size()}. */
    public int firstStartingAtOrAfter(long tNs) {
        return SortedLongs.firstAtOrAfter(startNs, startNs.length, tNs);
    }

    /**
     * Index of the first interval that may end after {@code tNs}: the first one a window
     * starting at {@code tNs} can see. Exact for non-overlapping intervals, conservative
     * (never too late) for overlapping ones.
     */
    public int firstVisibleAt(long tNs) {
        long from = tNs - maxDurationNs;
        if (from > tNs) {
            from = Long.MIN_VALUE; // underflow
        }
        int i = firstStartingAtOrAfter(from);
        while (i < startNs.length && endNs[i] <= tNs) {
            i++;
        }
        return i;
    }

    /** Bytes held by the arrays: what the memory benchmark reports. */
    public long payloadBytes() {
        return (long) startNs.length * (Long.BYTES * 2 + Integer.BYTES + Byte.BYTES);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Intervals other
                && Arrays.equals(startNs, other.startNs)
                && Arrays.equals(endNs, other.endNs)
                && Arrays.equals(task, other.task)
                && Arrays.equals(code, other.code);
    }

    @Override
    public int hashCode() {
        int h = Arrays.hashCode(startNs);
        h = 31 * h + Arrays.hashCode(endNs);
        h = 31 * h + Arrays.hashCode(task);
        return 31 * h + Arrays.hashCode(code);
    }

    @Override
    public String toString() {
        return "Intervals[" + size() + "]";
    }
}
