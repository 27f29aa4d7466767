package org.schedlab.analysis;

import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;

/**
 * Whether a dataset's CPU lanes record the mode a CPU was in (user, kernel, fault, spinning,
 * stolen) or only which task ran. A switch trace (perf sched, ftrace sched_switch, perf sched
 * timehist) says which task ran, and its reader files a kernel thread's time as kernel and every
 * other task's as user: a guess by the kind of task, which every report then gives as
 * "running". The one place that decides it, for the CLI's summary and the workbench's panels.
 */
public enum CpuModes {
    /** The lanes' states are what the run (or the recording) had: a simulated run, a saved one. */
    RECORDED,
    /** The lanes say which task ran; user and kernel there are the task's kind, not a mode. */
    BY_TASK_KIND;

    /** What a task's time on a CPU is called when the modes are {@link #BY_TASK_KIND}. */
    public static final String RUNNING = "running";

    /** The summary JSON's {@code cpuModes} of a {@link #BY_TASK_KIND} dataset. */
    public static final String BY_TASK_KIND_JSON = "by task kind";

    /**
     * {@link #BY_TASK_KIND} for a recording (not a simulated run) with user or kernel time, no
     * fault, spin or steal state, and no task that ran in both user and kernel - what the
     * sched_switch readers produce. One pass over the CPU slices.
     * <p>
     * A task whose kernel time all comes before its user time is no mode recorded either: a
     * kernel thread that exec'd a user program (call_usermodehelper's {@code kworker/u12:0}
     * becoming {@code modprobe}), which a switch trace's reader files by its comm at each switch,
     * first as a kernel thread's, then as a user task's. A recording with modes has a task go back
     * into the kernel.
     */
    public static CpuModes of(Dataset d) {
        if (d.metadata().simulated()) {
            return RECORDED;
        }
        boolean[] inUser = new boolean[d.tasks().size()];
        boolean[] inKernel = new boolean[inUser.length];
        long[] lastKernelEnd = new long[inUser.length];
        long[] firstUserStart = new long[inUser.length];
        boolean userOrKernel = false;
        for (CpuLane lane : d.cpus()) {
            Intervals iv = lane.slices();
            for (int i = 0; i < iv.size(); i++) {
                byte code = iv.code(i);
                long ns = iv.durationNs(i);
                if (ns > 0 && (code == SliceState.FAULT.code() || code == SliceState.SPINNING.code()
                        || code == SliceState.STOLEN.code())) {
                    return RECORDED;
                }
                boolean user = code == SliceState.USER.code();
                if (!user && code != SliceState.KERNEL.code()) {
                    continue;
                }
                userOrKernel |= ns > 0;
                int t = iv.task(i);
                if (t < 0) {
                    continue;
                }
                if (user) {
                    firstUserStart[t] = inUser[t] ? Math.min(firstUserStart[t], iv.startNs(i)) : iv.startNs(i);
                    inUser[t] = true;
                } else {
                    lastKernelEnd[t] = inKernel[t] ? Math.max(lastKernelEnd[t], iv.endNs(i)) : iv.endNs(i);
                    inKernel[t] = true;
                }
            }
        }
        for (int t = 0; t < inUser.length; t++) {
            if (inUser[t] && inKernel[t] && lastKernelEnd[t] > firstUserStart[t]) {
                return RECORDED; // a task back in the kernel after user time: the trace told the modes apart
            }
        }
        return userOrKernel ? BY_TASK_KIND : RECORDED;
    }

    /** Whether user, kernel, fault, spin and steal mean what they say for this dataset. */
    public boolean recorded() {
        return this == RECORDED;
    }

    /** What a slice in {@code state} was doing, as far as the dataset knows: "user", or "running". */
    public String label(SliceState state) {
        return this == BY_TASK_KIND && TaskRuns.running(state.code()) ? RUNNING : state.label();
    }
}
