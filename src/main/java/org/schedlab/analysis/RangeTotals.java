package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;

/**
 * Where CPU time went inside {@code [fromNs, toNs)}: nanoseconds per CPU and state, and per task
 * and state, with slices cut at the range's edges. One pass over the slices inside the range
 * (binary search per lane to find them), so a narrow range costs little on any dataset. The CPU
 * breakdown, the per-CPU busy share, the per-task run time and the profile by comm are all read
 * from this one pass.
 */
public final class RangeTotals {
    private static final int STATES = SliceState.values().length;
    private static final int CHECK_EVERY = 1 << 16;

    private final long fromNs;
    private final long toNs;
    private final long[][] cpuStateNs;
    private final long[] taskStateNs;
    private final int taskCount;

    private RangeTotals(long fromNs, long toNs, long[][] cpuStateNs, long[] taskStateNs, int taskCount) {
        this.fromNs = fromNs;
        this.toNs = toNs;
        this.cpuStateNs = cpuStateNs;
        this.taskStateNs = taskStateNs;
        this.taskCount = taskCount;
    }

    public static RangeTotals of(Dataset d, long fromNs, long toNs) {
        return of(d, fromNs, toNs, () -> false);
    }

    /**
     * As {@link #of(Dataset, long, long)}, giving up (with {@link java.util.concurrent.CancellationException})
     * soon after {@code cancelled} says so: a newer range makes this one pointless.
     */
    public static RangeTotals of(Dataset d, long fromNs, long toNs, BooleanSupplier cancelled) {
        if (toNs < fromNs) {
            throw new IllegalArgumentException("range ends before it starts: " + fromNs + ".." + toNs);
        }
        int tasks = d.tasks().size();
        long[][] cpu = new long[d.cpuCount()][STATES];
        long[] task = new long[tasks * STATES];
        long visited = 0;
        for (CpuLane lane : d.cpus()) {
            Intervals s = lane.slices();
            long[] perState = cpu[lane.cpu()];
            for (int i = s.firstVisibleAt(fromNs); i < s.size() && s.startNs(i) < toNs; i++) {
                long ns = Math.min(toNs, s.endNs(i)) - Math.max(fromNs, s.startNs(i));
                if (ns <= 0) {
                    continue;
                }
                int code = s.code(i);
                perState[code] += ns;
                int t = s.task(i);
                if (t >= 0) {
                    task[t * STATES + code] += ns;
                }
                if (++visited % CHECK_EVERY == 0 && cancelled.getAsBoolean()) {
                    throw new java.util.concurrent.CancellationException("range totals cancelled");
                }
            }
        }
        return new RangeTotals(fromNs, toNs, cpu, task, tasks);
    }

    public long fromNs() {
        return fromNs;
    }

    public long toNs() {
        return toNs;
    }

    public long spanNs() {
        return toNs - fromNs;
    }

    public int cpuCount() {
        return cpuStateNs.length;
    }

    public long cpuNs(int cpu, SliceState state) {
        return cpuStateNs[cpu][state.code()];
    }

    /** Time the CPU ran a task (user, kernel, fault or spinning): neither idle, stolen nor unrecorded. */
    public long cpuBusyNs(int cpu) {
        long busy = 0;
        for (SliceState s : SliceState.values()) {
            if (TaskRuns.running(s.code())) {
                busy += cpuStateNs[cpu][s.code()];
            }
        }
        return busy;
    }

    /**
     * Busy share for one CPU, 0..1, of the part of the range its lane has slices for: a CPU
     * recorded (by perf sched) for 1.5 s of a 7 s import is 97 % busy in those 1.5 s, not 21 % of
     * the 7 s; the CPU breakdown shows the rest as "not recorded". 0 when nothing is recorded.
     */
    public double cpuBusyShare(int cpu) {
        long recorded = cpuRecordedNs(cpu);
        return recorded == 0 ? 0 : (double) cpuBusyNs(cpu) / recorded;
    }

    /** The part of the range the CPU's lane has slices for (any state, idle and stolen included). */
    public long cpuRecordedNs(int cpu) {
        long recorded = 0;
        for (long ns : cpuStateNs[cpu]) {
            recorded += ns;
        }
        return recorded;
    }

    /** Nanoseconds in {@code state} summed over all CPUs. */
    public long stateNs(SliceState state) {
        long sum = 0;
        for (long[] perState : cpuStateNs) {
            sum += perState[state.code()];
        }
        return sum;
    }

    /** CPUs x range length. */
    public long capacityNs() {
        return (long) cpuStateNs.length * spanNs();
    }

    /** Capacity no slice covers (a recording that starts late on some CPU, or gaps in it). */
    public long unrecordedNs() {
        long covered = 0;
        for (SliceState s : SliceState.values()) {
            covered += stateNs(s);
        }
        return Math.max(0, capacityNs() - covered);
    }

    /**
     * CPU time the lanes have slices for, in any state: what the state and profile shares are
     * shares of, so that a perf sched recording of 1.5 s inside a 7 s import (pgbench's log runs
     * longer) reads "97 % user", as the per-CPU busy share and the copied summary do, not 21 %.
     */
    public long recordedNs() {
        return capacityNs() - unrecordedNs();
    }

    public long taskNs(int task, SliceState state) {
        return taskStateNs[task * STATES + state.code()];
    }

    /** Time the task executed on any CPU inside the range. */
    public long taskRunNs(int task) {
        long sum = 0;
        for (SliceState s : SliceState.values()) {
            if (TaskRuns.running(s.code())) {
                sum += taskStateNs[task * STATES + s.code()];
            }
        }
        return sum;
    }

    /** A task's run time in the range. */
    public record TaskTime(int task, long runNs) {
    }

    /** Tasks that ran in the range, longest first (ties by task id), at most {@code limit}. */
    public List<TaskTime> topTasks(int limit) {
        List<TaskTime> out = new ArrayList<>();
        for (int t = 0; t < taskCount; t++) {
            long ns = taskRunNs(t);
            if (ns > 0) {
                out.add(new TaskTime(t, ns));
            }
        }
        out.sort(Comparator.comparingLong(TaskTime::runNs).reversed().thenComparingInt(TaskTime::task));
        return out.size() > limit ? List.copyOf(out.subList(0, limit)) : out;
    }

    /** How many tasks ran at all in the range. */
    public int tasksThatRan() {
        int n = 0;
        for (int t = 0; t < taskCount; t++) {
            if (taskRunNs(t) > 0) {
                n++;
            }
        }
        return n;
    }
}
