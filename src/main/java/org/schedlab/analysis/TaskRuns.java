package org.schedlab.analysis;

import java.util.Arrays;

import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;
import org.schedlab.model.SortedLongs;

/**
 * Where some tasks ran, read from the CPU lanes: each task's on-CPU stretches over every CPU,
 * sorted by time, with back-to-back slices (user, then kernel, then user on one CPU) merged into
 * one run. On CPU means user, kernel, fault or spinning; a stolen slice is not running (the
 * hypervisor took the vCPU away, which is exactly when a holder stalls everyone).
 */
public final class TaskRuns {
    private static final TaskRuns NONE = new TaskRuns(new long[0], new long[0]);

    private final long[] startNs;
    private final long[] endNs;

    private TaskRuns(long[] startNs, long[] endNs) {
        this.startNs = startNs;
        this.endNs = endNs;
    }

    /** Whether a slice in this state means its task was executing on the CPU. */
    public static boolean running(byte sliceCode) {
        return sliceCode == SliceState.USER.code() || sliceCode == SliceState.KERNEL.code()
                || sliceCode == SliceState.FAULT.code() || sliceCode == SliceState.SPINNING.code();
    }

    /**
     * The runs of every task with {@code wanted[task]} set, indexed by task id (tasks not wanted
     * get an empty run list). One pass over all slices; memory only for the wanted tasks.
     */
    public static TaskRuns[] of(Dataset d, boolean[] wanted) {
        int tasks = d.tasks().size();
        int[] count = new int[tasks];
        for (CpuLane lane : d.cpus()) {
            Intervals s = lane.slices();
            for (int i = 0; i < s.size(); i++) {
                int t = s.task(i);
                if (t >= 0 && t < wanted.length && wanted[t] && running(s.code(i))) {
                    count[t]++;
                }
            }
        }
        long[][] starts = new long[tasks][];
        long[][] ends = new long[tasks][];
        for (int t = 0; t < tasks; t++) {
            if (count[t] > 0) {
                starts[t] = new long[count[t]];
                ends[t] = new long[count[t]];
            }
        }
        int[] fill = new int[tasks];
        for (CpuLane lane : d.cpus()) {
            Intervals s = lane.slices();
            for (int i = 0; i < s.size(); i++) {
                int t = s.task(i);
                if (t >= 0 && t < wanted.length && wanted[t] && running(s.code(i))) {
                    starts[t][fill[t]] = s.startNs(i);
                    ends[t][fill[t]] = s.endNs(i);
                    fill[t]++;
                }
            }
        }
        TaskRuns[] out = new TaskRuns[tasks];
        for (int t = 0; t < tasks; t++) {
            out[t] = count[t] == 0 ? NONE : merged(starts[t], ends[t]);
        }
        return out;
    }

    private static TaskRuns merged(long[] s, long[] e) {
        int[] order = IndexSort.byKey(s, s.length);
        long[] ss = IndexSort.permute(s, order);
        long[] ee = IndexSort.permute(e, order);
        int n = 0;
        for (int i = 0; i < ss.length; i++) {
            if (n > 0 && ss[i] <= ee[n - 1]) {
                ee[n - 1] = Math.max(ee[n - 1], ee[i]);
            } else {
                ss[n] = ss[i];
                ee[n] = ee[i];
                n++;
            }
        }
        return new TaskRuns(Arrays.copyOf(ss, n), Arrays.copyOf(ee, n));
    }

    public int size() {
        return startNs.length;
    }

    public long startNs(int i) {
        return startNs[i];
    }

    public long endNs(int i) {
        return endNs[i];
    }

    /** Index of the first run ending after {@code tNs} (runs never overlap, so ends are sorted too). */
    public int firstEndingAfter(long tNs) {
        return SortedLongs.firstAfter(endNs, endNs.length, tNs);
    }

    /** Nanoseconds of {@code [fromNs, toNs)} this task spent on a CPU. */
    public long runningNs(long fromNs, long toNs) {
        long sum = 0;
        for (int i = firstEndingAfter(fromNs); i < startNs.length && startNs[i] < toNs; i++) {
            sum += Math.min(toNs, endNs[i]) - Math.max(fromNs, startNs[i]);
        }
        return sum;
    }
}
