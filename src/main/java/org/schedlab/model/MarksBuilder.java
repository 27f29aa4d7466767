package org.schedlab.model;

import java.util.Arrays;

/**
 * Marks as they are added (columns, growable), for {@link DatasetBuilder}: sorted stably by time
 * at build time unless they arrived in order, which it tracks - with the ranges of times, CPUs and
 * tasks - while appending, so that building needs no pass over every mark.
 */
final class MarksBuilder {
    private long[] t = new long[16];
    private byte[] kind = new byte[16];
    private int[] cpu = new int[16];
    private int[] task = new int[16];
    private String[] note = new String[16];
    private int[] reason = new int[16];
    /** Wakers ({@link Marks#waker}); null until a mark names one, so marks without cost nothing more. */
    private int[] waker;
    private int size;
    /* kept while appending, so build() need not look at each mark (see IntervalsBuilder) */
    private boolean inOrder = true;
    private long minT = Long.MAX_VALUE;
    private long maxT = Long.MIN_VALUE;
    private int minCpu = Integer.MAX_VALUE;
    private int maxCpu = Integer.MIN_VALUE;
    private int minTask = Integer.MAX_VALUE;
    private int maxTask = Integer.MIN_VALUE;

    /** Whether every mark's cpu is -1 or below {@code cpus} and every task is none or known. */
    boolean certainlyValid(int cpus, int tasks) {
        return size == 0 || minCpu >= -1 && maxCpu < cpus
                && (minTask == Integer.MAX_VALUE || minTask >= 0 && maxTask < tasks);
    }

    /** Earliest and latest mark time (meaningless when there are none). */
    long minTNs() {
        return minT;
    }

    long maxTNs() {
        return maxT;
    }

    void add(long tNs, byte k, int c, int tk, String n, int r) {
        add(tNs, k, c, tk, n, r, Marks.NO_WAKER);
    }

    /** Whether every waker named is idle or a known task (below {@code tasks}). */
    boolean wakersValid(int tasks) {
        return waker == null || minWaker >= Marks.IDLE_WAKER && maxWaker < tasks;
    }

    private int minWaker = Integer.MAX_VALUE;
    private int maxWaker = Integer.MIN_VALUE;

    void add(long tNs, byte k, int c, int tk, String n, int r, int by) {
        if (size == t.length) {
            int cap = Math.max(16, size * 2);
            t = Arrays.copyOf(t, cap);
            kind = Arrays.copyOf(kind, cap);
            cpu = Arrays.copyOf(cpu, cap);
            task = Arrays.copyOf(task, cap);
            note = Arrays.copyOf(note, cap);
            reason = Arrays.copyOf(reason, cap);
            if (waker != null) {
                waker = Arrays.copyOf(waker, cap);
            }
        }
        if (by != Marks.NO_WAKER && waker == null) {
            waker = new int[t.length];
            Arrays.fill(waker, 0, size, Marks.NO_WAKER);
        }
        if (waker != null) {
            waker[size] = by;
            if (by != Marks.NO_WAKER) {
                minWaker = Math.min(minWaker, by);
                maxWaker = Math.max(maxWaker, by);
            }
        }
        if (size > 0 && tNs < t[size - 1]) {
            inOrder = false;
        }
        minT = Math.min(minT, tNs);
        maxT = Math.max(maxT, tNs);
        minCpu = Math.min(minCpu, c);
        maxCpu = Math.max(maxCpu, c);
        if (tk != Intervals.NO_TASK) {
            minTask = Math.min(minTask, tk);
            maxTask = Math.max(maxTask, tk);
        }
        t[size] = tNs;
        kind[size] = k;
        cpu[size] = c;
        task[size] = tk;
        note[size] = n;
        reason[size] = r;
        size++;
    }

    /** Marks come from many places (scheduler, locks, user): sort stably by time here. */
    Marks build() {
        if (inOrder) {
            // one reader's marks arrive in time order: no boxed index sort for them; the
            // columns are trimmed in place and shared (the next add grows, copying, first)
            if (t.length != size) {
                t = Arrays.copyOf(t, size);
                kind = Arrays.copyOf(kind, size);
                cpu = Arrays.copyOf(cpu, size);
                task = Arrays.copyOf(task, size);
                note = Arrays.copyOf(note, size);
                reason = Arrays.copyOf(reason, size);
                if (waker != null) {
                    waker = Arrays.copyOf(waker, size);
                }
            }
            return new Marks(t, kind, cpu, task, note, reason, waker);
        }
        int[] order = StableOrder.byKey(t, size);
        long[] ts = new long[size];
        byte[] ks = new byte[size];
        int[] cs = new int[size];
        int[] tk = new int[size];
        String[] ns = new String[size];
        int[] rs = new int[size];
        int[] ws = waker == null ? null : new int[size];
        for (int i = 0; i < size; i++) {
            int o = order[i];
            ts[i] = t[o];
            ks[i] = kind[o];
            cs[i] = cpu[o];
            tk[i] = task[o];
            ns[i] = note[o];
            rs[i] = reason[o];
            if (ws != null) {
                ws[i] = waker[o];
            }
        }
        return new Marks(ts, ks, cs, tk, ns, rs, ws);
    }
}
