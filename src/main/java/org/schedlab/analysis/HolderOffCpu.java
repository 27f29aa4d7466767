package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;

/**
 * The stretches in which a lock's holder held it without running on any CPU: preempted, asleep
 * or its vCPU stolen while everyone behind it waits. Read from the dataset alone (holds from the
 * lock lane, runs from the CPU lanes), so it works for imported recordings as for simulated runs,
 * whether or not the source marked lock-holder preemptions itself.
 */
public final class HolderOffCpu {
    private HolderOffCpu() {
    }

    /**
     * One {@link Intervals} per lock of {@code d}, in {@link Dataset#locks()} order: start, end
     * and holder task of every off-CPU stretch, sorted by start (code unused, 0).
     */
    public static List<Intervals> of(Dataset d) {
        boolean[] holders = new boolean[d.tasks().size()];
        for (LockLane lock : d.locks()) {
            Intervals h = lock.holds();
            for (int i = 0; i < h.size(); i++) {
                holders[h.task(i)] = true;
            }
        }
        TaskRuns[] runs = TaskRuns.of(d, holders);
        List<Intervals> out = new ArrayList<>(d.locks().size());
        for (LockLane lock : d.locks()) {
            out.add(of(lock, runs));
        }
        return out;
    }

    /** The off-CPU stretches of one lock, given the runs of (at least) its holders. */
    public static Intervals of(LockLane lock, TaskRuns[] runsByTask) {
        Intervals h = lock.holds();
        Stretches out = new Stretches();
        for (int i = 0; i < h.size(); i++) {
            long s = h.startNs(i);
            long e = h.endNs(i);
            int task = h.task(i);
            TaskRuns runs = runsByTask[task];
            long cursor = s;
            for (int r = runs.firstEndingAfter(s); r < runs.size() && runs.startNs(r) < e && cursor < e; r++) {
                if (runs.startNs(r) > cursor) {
                    out.add(cursor, runs.startNs(r), task);
                }
                cursor = Math.max(cursor, runs.endNs(r));
            }
            if (cursor < e) {
                out.add(cursor, e, task);
            }
        }
        return out.toIntervals();
    }

    /**
     * Off-CPU time of {@code task}'s own stretches inside {@code [fromNs, toNs)}: what one hold of
     * a lock readers share spent off CPU. {@link #nsWithin(Intervals, long, long)} adds up every
     * holder's, which over a read phase of 200 granted readers is far more than the hold lasted.
     */
    public static long nsWithin(Intervals stretches, int task, long fromNs, long toNs) {
        return sum(stretches, task, fromNs, toNs);
    }

    /** Total off-CPU time of {@code stretches} inside {@code [fromNs, toNs)}. */
    public static long nsWithin(Intervals stretches, long fromNs, long toNs) {
        return sum(stretches, ANY_TASK, fromNs, toNs);
    }

    private static final int ANY_TASK = Integer.MIN_VALUE;

    private static long sum(Intervals stretches, int task, long fromNs, long toNs) {
        long sum = 0;
        for (int i = stretches.firstVisibleAt(fromNs); i < stretches.size() && stretches.startNs(i) < toNs; i++) {
            if (task != ANY_TASK && stretches.task(i) != task) {
                continue;
            }
            long s = Math.max(fromNs, stretches.startNs(i));
            long e = Math.min(toNs, stretches.endNs(i));
            if (e > s) {
                sum += e - s;
            }
        }
        return sum;
    }

    /** Growable columns, sorted at the end (a shared lock's holds overlap, so stretches may interleave). */
    private static final class Stretches {
        private long[] s = new long[16];
        private long[] e = new long[16];
        private int[] t = new int[16];
        private int n;

        void add(long start, long end, int task) {
            if (n == s.length) {
                s = Arrays.copyOf(s, n * 2);
                e = Arrays.copyOf(e, n * 2);
                t = Arrays.copyOf(t, n * 2);
            }
            s[n] = start;
            e[n] = end;
            t[n] = task;
            n++;
        }

        Intervals toIntervals() {
            long[] starts = Arrays.copyOf(s, n);
            int[] order = IndexSort.byKey(starts, n);
            return Intervals.of(IndexSort.permute(starts, order), IndexSort.permute(Arrays.copyOf(e, n), order),
                    IndexSort.permute(Arrays.copyOf(t, n), order), new byte[n]);
        }
    }
}
