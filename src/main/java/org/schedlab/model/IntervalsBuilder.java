package org.schedlab.model;

import java.util.Arrays;

/**
 * Growable columns for one lane's intervals. Appending is amortized O(1) with no object per
 * interval; {@link DatasetBuilder#build()} validates and trims them into {@link Intervals}.
 */
public final class IntervalsBuilder {
    private long[] startNs = new long[16];
    private long[] endNs = new long[16];
    private int[] task = new int[16];
    private byte[] code = new byte[16];
    private int size;
    /*
     * What validation needs, kept while appending (the append loop is compiled early; a separate
     * pass over every interval at build time runs interpreted on a cold JVM): whether every
     * interval so far starts no earlier than the previous one ends and ends no earlier than it
     * starts, the longest one, the range of codes and of tasks, and which codes came without a task.
     */
    private boolean apart = true;
    private long maxDurNs;
    private int minCode = Integer.MAX_VALUE;
    private int maxCode = Integer.MIN_VALUE;
    private int minTask = Integer.MAX_VALUE;
    private int maxTask = Integer.MIN_VALUE;
    /** Bit c set: code c appeared with {@link Intervals#NO_TASK} (codes 0..63; others clear {@link #apart}). */
    private long noTaskCodes;

    IntervalsBuilder() {
    }

    /** Appends one interval; validation (order, overlap, known task) happens at build time. */
    public IntervalsBuilder add(long start, long end, int taskId, byte codeValue) {
        if (size == startNs.length) {
            int cap = size + (size >> 1) + 16;
            startNs = Arrays.copyOf(startNs, cap);
            endNs = Arrays.copyOf(endNs, cap);
            task = Arrays.copyOf(task, cap);
            code = Arrays.copyOf(code, cap);
        }
        if (end < start || size > 0 && (start < startNs[size - 1] || start < endNs[size - 1])) {
            apart = false;
        }
        maxDurNs = Math.max(maxDurNs, end - start);
        minCode = Math.min(minCode, codeValue);
        maxCode = Math.max(maxCode, codeValue);
        if (taskId == Intervals.NO_TASK) {
            if (codeValue >= 0 && codeValue < 64) {
                noTaskCodes |= 1L << codeValue;
            } else {
                apart = false;
            }
        } else {
            minTask = Math.min(minTask, taskId);
            maxTask = Math.max(maxTask, taskId);
        }
        startNs[size] = start;
        endNs[size] = end;
        task[size] = taskId;
        code[size] = codeValue;
        size++;
        return this;
    }

    /**
     * The longest interval if the lane is certainly valid - in order, no overlap, no interval
     * ending before it starts, every code in {@code [0, codes)}, every task in
     * {@code [0, taskCount)} and codes without a task only among {@code noTaskAllowed} (bit
     * per code) - else -1, and the caller checks interval by interval to say what is wrong.
     */
    long maxDurIfValid(int codes, int taskCount, long noTaskAllowed) {
        if (size == 0) {
            return 0;
        }
        boolean ok = apart && minCode >= 0 && maxCode < codes && (noTaskCodes & ~noTaskAllowed) == 0
                && (minTask == Integer.MAX_VALUE || minTask >= 0 && maxTask < taskCount);
        return ok ? maxDurNs : -1;
    }

    public int size() {
        return size;
    }

    /** End of the last interval appended, or Long.MIN_VALUE when empty. */
    public long lastEndNs() {
        return size == 0 ? Long.MIN_VALUE : endNs[size - 1];
    }

    /** Start of the last interval appended, or Long.MIN_VALUE when empty. */
    public long lastStartNs() {
        return size == 0 ? Long.MIN_VALUE : startNs[size - 1];
    }

    /**
     * Orders the intervals by start, then end (a zero-length interval before one that starts at
     * the same time and lasts), then the order they were appended in - in place, with no copy of
     * a column (a lane read from a table sorted by another column). Returns the order: interval
     * {@code k} now is the one appended {@code order[k]}-th.
     */
    public int[] sortByStartThenEnd() {
        int[] order = StableOrder.byKeys(startNs, endNs, size);
        StableOrder.permute(order, startNs, endNs, task, code);
        apart = false; // validation looks at each interval again
        return order;
    }

    /** The first interval that starts before the one before it ends, or -1 if none does. */
    public int firstOverlap() {
        for (int i = 1; i < size; i++) {
            if (startNs[i] < endNs[i - 1]) {
                return i;
            }
        }
        return -1;
    }

    public long startAt(int i) {
        return startNs[i];
    }

    public long endAt(int i) {
        return endNs[i];
    }

    int taskAt(int i) {
        return task[i];
    }

    byte codeAt(int i) {
        return code[i];
    }

    /** Stable sort by start, for lanes whose intervals may arrive out of order (lock waits). */
    void sortByStart() {
        if (StableOrder.sorted(startNs, size)) {
            return;
        }
        int[] order = StableOrder.byKey(startNs, size);
        long[] s = new long[size];
        long[] e = new long[size];
        int[] t = new int[size];
        byte[] c = new byte[size];
        for (int i = 0; i < size; i++) {
            int o = order[i];
            s[i] = startNs[o];
            e[i] = endNs[o];
            t[i] = task[o];
            c[i] = code[o];
        }
        startNs = s;
        endNs = e;
        task = t;
        code = c;
        apart = false; // no longer in append order: validation looks at each interval
    }

    Intervals toIntervals() {
        long maxDur = 0;
        for (int i = 0; i < size; i++) {
            maxDur = Math.max(maxDur, endNs[i] - startNs[i]);
        }
        return toIntervals(maxDur);
    }

    /**
     * The intervals, with the longest already known (the validation pass found it). The
     * builder's columns are trimmed in place and shared with the result, so a lane is never
     * held twice; they are never written again, because the next append grows (copies) first.
     */
    Intervals toIntervals(long maxDur) {
        if (startNs.length != size) {
            startNs = Arrays.copyOf(startNs, size);
            endNs = Arrays.copyOf(endNs, size);
            task = Arrays.copyOf(task, size);
            code = Arrays.copyOf(code, size);
        }
        return new Intervals(startNs, endNs, task, code, maxDur);
    }
}
