package org.schedlab.analysis;

import java.util.Optional;

import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;

/**
 * Why a CPU slice ended, as far as the dataset tells: a (lock-holder) preemption marked at its
 * end, the task's own state right after it (runnable = preempted, sleeping, blocked, running
 * elsewhere = migrated), or what the CPU did next (another task, idle, the same task in another
 * state such as a page fault). The most specific evidence wins.
 */
public final class SliceEnd {
    /** What ended a slice. */
    public enum Kind {
        LOCK_HOLDER_PREEMPTED, PREEMPTED, SLEPT, BLOCKED, MIGRATED, STATE_CHANGED, SWITCHED_OUT,
        CPU_WENT_IDLE, RECORDING_ENDED, UNKNOWN
    }

    /** The reason and a sentence saying it, with the next thing the CPU ran when known. */
    public record Reason(Kind kind, String text) {
    }

    private SliceEnd() {
    }

    public static Reason explain(Dataset d, int cpu, int index) {
        return explain(d, cpu, index, CpuModes.of(d));
    }

    /**
     * As {@link #explain(Dataset, int, int)} with the dataset's {@link CpuModes} known: the next
     * task of a switch trace is "postgres (running)", not its reader's guess "(user)".
     */
    public static Reason explain(Dataset d, int cpu, int index, CpuModes modes) {
        CpuLane lane = d.cpus().get(cpu);
        Intervals s = lane.slices();
        long end = s.endNs(index);
        int task = s.task(index);
        String next = nextOnCpu(d, s, index, modes);
        if (task < 0) {
            return new Reason(next.isEmpty() ? Kind.RECORDING_ENDED : Kind.SWITCHED_OUT,
                    next.isEmpty() ? "The recording ends here." : "The CPU then ran " + next + ".");
        }
        Optional<Reason> marked = fromMarks(d.marks(), cpu, task, end, next);
        if (marked.isPresent()) {
            return marked.get();
        }
        if (index + 1 < s.size() && s.startNs(index + 1) == end && s.task(index + 1) == task) {
            SliceState after = lane.state(index + 1);
            return new Reason(Kind.STATE_CHANGED, "It went on in " + after.label() + " mode ("
                    + lane.state(index).label() + " \u2192 " + after.label() + ")" + meaning(after) + ".");
        }
        Optional<TaskState> own = stateAfter(d, task, end);
        String then = next.isEmpty() ? "" : " The CPU then ran " + next + ".";
        if (own.isPresent()) {
            switch (own.get()) {
                case RUNNABLE:
                    return new Reason(Kind.PREEMPTED, "Preempted: the task stayed runnable, waiting for a CPU." + then);
                case SLEEPING:
                    return new Reason(Kind.SLEPT, "The task went to sleep (waited for an event)." + then);
                case BLOCKED:
                    return new Reason(Kind.BLOCKED, "The task blocked (uninterruptible wait)." + then);
                case RUNNING:
                    return new Reason(Kind.MIGRATED, "The task moved on to another CPU." + then);
                default:
                    break;
            }
        }
        if (end >= d.endNs() && next.isEmpty()) {
            return new Reason(Kind.RECORDING_ENDED, "The recording ends while it runs.");
        }
        if (next.equals("nothing (idle)")) {
            return new Reason(Kind.CPU_WENT_IDLE, "The task left the CPU and the CPU went idle.");
        }
        if (!next.isEmpty()) {
            return new Reason(Kind.SWITCHED_OUT, "Switched out; the CPU then ran " + next + ".");
        }
        return new Reason(Kind.UNKNOWN, "The dataset does not say why.");
    }

    private static Optional<Reason> fromMarks(Marks m, int cpu, int task, long end, String next) {
        boolean preempted = false;
        for (int i = m.firstAtOrAfter(end); i < m.size() && m.tNs(i) == end; i++) {
            if (m.cpu(i) != cpu || (m.task(i) != task && m.task(i) >= 0)) {
                continue;
            }
            if (m.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION) {
                String note = m.note(i).isEmpty() ? "" : " (" + m.note(i) + ")";
                return Optional.of(new Reason(Kind.LOCK_HOLDER_PREEMPTED,
                        "Preempted while holding a lock" + note + "." + (next.isEmpty() ? "" : " The CPU then ran "
                                + next + ".")));
            }
            preempted |= m.kind(i) == MarkKind.PREEMPTION;
        }
        if (preempted) {
            return Optional.of(new Reason(Kind.PREEMPTED, "Preempted." + (next.isEmpty() ? ""
                    : " The CPU then ran " + next + ".")));
        }
        return Optional.empty();
    }

    private static String nextOnCpu(Dataset d, Intervals s, int index, CpuModes modes) {
        if (index + 1 >= s.size()) {
            return "";
        }
        int t = s.task(index + 1);
        SliceState st = SliceState.ofCode(s.code(index + 1));
        if (t < 0) {
            return st == SliceState.IDLE ? "nothing (idle)" : st.label() + " time";
        }
        return d.task(t).label() + " (" + modes.label(st) + ")";
    }

    private static Optional<TaskState> stateAfter(Dataset d, int task, long t) {
        Optional<TaskLane> lane = d.taskLane(task);
        if (lane.isEmpty()) {
            return Optional.empty();
        }
        Intervals iv = lane.get().intervals();
        int i = iv.firstVisibleAt(t);
        if (i < iv.size() && iv.startNs(i) <= t) {
            return Optional.of(TaskState.ofCode(iv.code(i)));
        }
        return Optional.empty();
    }

    private static String meaning(SliceState s) {
        switch (s) {
            case FAULT:
                return ": a page fault";
            case KERNEL:
                return ": a system call or interrupt";
            case SPINNING:
                return ": it started spinning on a lock";
            case STOLEN:
                return ": the hypervisor took the vCPU away";
            default:
                return "";
        }
    }
}
