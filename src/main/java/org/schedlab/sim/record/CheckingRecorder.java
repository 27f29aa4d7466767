package org.schedlab.sim.record;

import java.util.Arrays;
import org.schedlab.model.Intervals;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * A recorder that checks the model's invariants as the run goes and throws
 * {@link IllegalStateException} at the first violation: time never goes backwards (globally; for
 * a state change reported after the fact, {@link #cpuStateAt}, on its CPU), a task is
 * on at most one CPU at a time, an exclusive lock has at most one holder at a time, an
 * exclusive hold of a shared lock (an rwsem writer) overlaps no other hold, and every
 * CPU's slices tile the window exactly (CPU time is conserved: busy + idle + stolen = cpus x
 * window).
 */
public final class CheckingRecorder extends Recorder {
    private long lastNs = Long.MIN_VALUE;
    private int[] cpuOfTask = new int[16];
    private final int[] taskOnCpu;
    private final long[] coveredUntil;
    private final long[] lastCpuNs;
    private long[] lastHoldEnd = new long[4];
    /** Shared lanes: latest end of any hold, and of an exclusive hold, emitted so far. */
    private long[] sharedMaxEnd = new long[4];
    private long[] sharedExclusiveEnd = new long[4];
    private long checks;

    public CheckingRecorder(Metadata metadata, int cpus, long fromNs, long toNs, int maxTaskLanes) {
        super(metadata, cpus, fromNs, toNs, maxTaskLanes);
        taskOnCpu = new int[cpus];
        Arrays.fill(taskOnCpu, Intervals.NO_TASK);
        Arrays.fill(cpuOfTask, -1);
        coveredUntil = new long[cpus];
        lastCpuNs = new long[cpus];
        Arrays.fill(lastCpuNs, Long.MIN_VALUE);
        Arrays.fill(coveredUntil, fromNs);
    }

    /** How many invariant checks ran (a test can make sure the checker was exercised). */
    public long checks() {
        return checks;
    }

    private void time(long nowNs) {
        checks++;
        if (nowNs < lastNs) {
            throw new IllegalStateException("time went backwards: " + nowNs + " ns after " + lastNs + " ns");
        }
        lastNs = nowNs;
    }

    @Override
    public void taskCreated(int id, int tid, int pid, String comm) {
        super.taskCreated(id, tid, pid, comm);
        if (id >= cpuOfTask.length) {
            int old = cpuOfTask.length;
            cpuOfTask = Arrays.copyOf(cpuOfTask, Math.max(id + 1, old * 2));
            Arrays.fill(cpuOfTask, old, cpuOfTask.length, -1);
        }
    }

    @Override
    public void cpuState(int cpu, long nowNs, int task, SliceState state) {
        time(nowNs);
        lastCpuNs[cpu] = nowNs;
        int old = taskOnCpu[cpu];
        if (old != task) {
            if (old != Intervals.NO_TASK && cpuOfTask[old] == cpu) {
                cpuOfTask[old] = -1;
            }
            if (task != Intervals.NO_TASK) {
                if (cpuOfTask[task] != -1) {
                    throw new IllegalStateException("task " + task + " put on cpu " + cpu + " at " + nowNs
                            + " ns while still on cpu " + cpuOfTask[task]);
                }
                cpuOfTask[task] = cpu;
            }
            taskOnCpu[cpu] = task;
        }
        super.cpuState(cpu, nowNs, task, state);
    }

    @Override
    public void cpuStateAt(int cpu, long tNs, int task, SliceState state) {
        checks++;
        if (tNs < lastCpuNs[cpu]) {
            throw new IllegalStateException("cpu " + cpu + ": time went backwards: state change at " + tNs
                    + " ns reported after one at " + lastCpuNs[cpu] + " ns");
        }
        if (taskOnCpu[cpu] != task) {
            throw new IllegalStateException("cpu " + cpu + ": task " + task + " changes state at " + tNs
                    + " ns while the cpu runs " + taskOnCpu[cpu]);
        }
        lastCpuNs[cpu] = tNs;
        super.cpuStateAt(cpu, tNs, task, state);
    }

    @Override
    public void taskState(int task, long nowNs, TaskState state) {
        time(nowNs);
        super.taskState(task, nowNs, state);
    }

    @Override
    protected void emitSlice(int cpu, long startNs, long endNs, int task, SliceState state) {
        if (startNs != coveredUntil[cpu]) {
            throw new IllegalStateException("cpu " + cpu + ": slice starts at " + startNs + " ns but the previous one"
                    + " ended at " + coveredUntil[cpu] + " ns (CPU time not conserved)");
        }
        coveredUntil[cpu] = endNs;
        super.emitSlice(cpu, startNs, endNs, task, state);
    }

    @Override
    protected void emitHold(int lane, long startNs, long endNs, int task) {
        if (lane >= lastHoldEnd.length) {
            lastHoldEnd = Arrays.copyOf(lastHoldEnd, Math.max(lane + 1, lastHoldEnd.length * 2));
        }
        if (!laneShared(lane)) {
            if (startNs < lastHoldEnd[lane]) {
                throw new IllegalStateException("exclusive lock lane " + lane + ": hold by task " + task + " from "
                        + startNs + " ns overlaps the previous hold ending at " + lastHoldEnd[lane] + " ns");
            }
            lastHoldEnd[lane] = endNs;
        }
        super.emitHold(lane, startNs, endNs, task);
    }

    /**
     * Holds are emitted when they end, so in order of end time. A hold [s, e) overlaps an
     * exclusive hold emitted before it iff that one ended after s; an exclusive hold overlaps
     * any hold emitted before it iff that one ended after s. Holds still open at the end are
     * emitted then, clipped to the window: they overlap each other, as they should be checked.
     */
    @Override
    protected void emitHold(int lane, long startNs, long endNs, int task, boolean exclusive) {
        if (laneShared(lane)) {
            if (lane >= sharedMaxEnd.length) {
                int cap = Math.max(lane + 1, sharedMaxEnd.length * 2);
                sharedMaxEnd = Arrays.copyOf(sharedMaxEnd, cap);
                sharedExclusiveEnd = Arrays.copyOf(sharedExclusiveEnd, cap);
            }
            if (sharedExclusiveEnd[lane] > startNs) {
                throw new IllegalStateException("shared lock lane " + lane + ": hold by task " + task + " from "
                        + startNs + " ns overlaps an exclusive hold ending at " + sharedExclusiveEnd[lane] + " ns");
            }
            if (exclusive && sharedMaxEnd[lane] > startNs) {
                throw new IllegalStateException("shared lock lane " + lane + ": exclusive hold by task " + task
                        + " from " + startNs + " ns overlaps a hold ending at " + sharedMaxEnd[lane] + " ns");
            }
            sharedMaxEnd[lane] = Math.max(sharedMaxEnd[lane], endNs);
            if (exclusive) {
                sharedExclusiveEnd[lane] = Math.max(sharedExclusiveEnd[lane], endNs);
            }
        }
        super.emitHold(lane, startNs, endNs, task, exclusive);
    }

    @Override
    public void finish(long endNs) {
        time(endNs);
        super.finish(endNs);
        long end = Math.min(endNs, toNs());
        for (int c = 0; c < coveredUntil.length && enabled(); c++) {
            if (coveredUntil[c] != end) {
                throw new IllegalStateException("cpu " + c + ": slices cover up to " + coveredUntil[c]
                        + " ns, window ends at " + end + " ns (CPU time not conserved)");
            }
        }
    }
}
