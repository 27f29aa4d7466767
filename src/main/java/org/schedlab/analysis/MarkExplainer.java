package org.schedlab.analysis;

import java.util.Locale;
import java.util.Optional;

import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;
import org.schedlab.model.MarkReason;
import org.schedlab.model.Marks;
import org.schedlab.model.PreemptPoint;
import org.schedlab.model.ReschedCause;
import org.schedlab.model.SliceState;

/**
 * One line saying why a mark happened, for the step-through mode: which rule of which
 * preemption model. Everything it says comes from what the producer recorded - the mark's
 * {@link MarkReason} (decided by the simulator when it set the flag and when it switched), the
 * run's {@code preemption} parameter, the CPU lane around the mark and the wake-up mark that
 * made the request. Nothing is inferred from timing: a mark without a recorded reason (an
 * imported recording) is described with what the trace says and called unexplained.
 */
public final class MarkExplainer {
    private final Dataset d;
    private final String model;
    /** The run's fair scheduler: CFS (v5.10) or EEVDF (runs saved before CFS existed are EEVDF). */
    private final boolean cfs;

    private MarkExplainer(Dataset d) {
        this.d = d;
        this.model = d.metadata().parameters().getOrDefault("preemption", "");
        this.cfs = "cfs".equals(d.metadata().parameters().get("scheduler"));
    }

    /** The explanation of mark {@code i} of {@code d}. */
    public static String explain(Dataset d, int i) {
        return new MarkExplainer(d).line(i);
    }

    /**
     * The wake-up mark whose request the switch {@code i} acted on (same CPU, no switch in
     * between, same recorded cause); empty for marks without reasons or other causes.
     */
    public static java.util.OptionalInt requestingWakeup(Dataset d, int i) {
        Marks m = d.marks();
        if (m.kind(i) != MarkKind.PREEMPTION || !m.reason(i).known()) {
            return java.util.OptionalInt.empty();
        }
        return new MarkExplainer(d).requestingWakeup(i, m.reason(i))
                .map(java.util.OptionalInt::of).orElse(java.util.OptionalInt.empty());
    }

    private String line(int i) {
        Marks m = d.marks();
        MarkKind kind = m.kind(i);
        MarkReason r = m.reason(i);
        switch (kind) {
            case PREEMPTION:
                return r.known() ? preemption(i, r) : unexplainedSwitch(i);
            case WAKEUP:
                return r.known() ? wakeup(i, r) : name(m.task(i)) + " woken" + wakerSuffix(i) + " onto CPU " + m.cpu(i)
                        + " (sched_wakeup); the trace does not say what the wake-up asked for";
            case LOCK_HOLDER_PREEMPTION:
                return lockHolder(i);
            case LOCK_HANDOFF:
                return lockHandoff(i);
            case MIGRATION:
                return name(m.task(i)) + " moved to CPU " + m.cpu(i) + noteSuffix(i);
            default:
                return "bookmark" + noteSuffix(i);
        }
    }

    // ------------------------------------------------------------------ switches

    private String preemption(int i, MarkReason r) {
        Marks m = d.marks();
        int prev = m.task(i);
        int next = nextTask(m.cpu(i), m.tNs(i));
        StringBuilder sb = new StringBuilder(modelPrefix());
        sb.append(name(prev)).append(" preempted");
        if (next >= 0 && next != prev) {
            sb.append(" by ").append(name(next));
        }
        sb.append(": ").append(request(i, r)).append("; ").append(flag(i, r)).append("; ").append(point(r, prev));
        waitedSuffix(i, r).ifPresent(sb::append);
        return sb.toString();
    }

    /** What asked for the reschedule, naming the woken task when its wake-up mark is there. */
    private String request(int i, MarkReason r) {
        Marks m = d.marks();
        int prev = m.task(i);
        switch (r.cause()) {
            case SLICE_EXPIRED_TICK:
                return "the tick found " + name(prev) + "'s slice used up (slice expiry is seen only at a tick)";
            case SLICE_EXPIRED_WAKEUP:
                return requestingWakeup(i, r).map(w -> name(m.task(w)) + "'s wake-up").orElse("a wake-up")
                        + " ran update_curr(), which found " + name(prev) + " past its slice (it had run alone,"
                        + " unchecked)";
            case WAKEUP_PREEMPT:
                return requestingWakeup(i, r).map(w -> name(m.task(w)) + "'s wake-up")
                        .orElse("a fair wake-up") + (cfs
                                ? ": CFS preempts for the woken task (the running one was more than the wake-up"
                                        + " granularity ahead of it in vruntime)"
                                : ": EEVDF picks the woken task (wake-up preemption)");
            case WAKEUP_FIFO:
                return requestingWakeup(i, r).map(w -> name(m.task(w)) + "'s FIFO wake-up")
                        .orElse("a FIFO wake-up") + ": a FIFO wake-up always sets NEED_RESCHED";
            case WAKEUP_IDLE:
                return "a task woke on the idle CPU";
            case IDLE_PULL:
                return "the idle CPU pulled a queued task";
            case BALANCE_PREEMPT:
                return "load balancing pulled a queued task to this CPU, and attach_task()'s check (the"
                        + " wake-up rule) asked for the switch: "
                        + (cfs ? "CFS found " + name(prev) + " more than the wake-up granularity ahead of it"
                                + " in vruntime"
                                : "EEVDF picks the pulled task over " + name(prev));
            case BALANCE_FIFO:
                return "a FIFO task was moved to this CPU, and a higher class always preempts " + name(prev)
                        + " (the kernel's RT push/pull would ask the same)";
            case YIELD:
                return name(prev) + " yielded";
            case RSEQ_EXPIRED:
                return name(prev) + "'s rseq slice extension ran out (its timer set NEED_RESCHED)";
            case RSEQ_SYSCALL:
                return name(prev) + " made a syscall inside its rseq slice extension, which ends the extension"
                        + " and reschedules at the syscall's entry";
            default:
                return "reschedule requested (cause not recorded)";
        }
    }

    private String flag(int i, MarkReason r) {
        if (r.lazy()) {
            // "(no IPI)" alone said full would have sent one, also where the CPU asked itself
            return "a fair request under lazy sets NEED_RESCHED_LAZY (" + (localRequest(i, r) ? LOCAL : "no IPI") + ")"
                    + (r.upgradedAtTick() ? ", upgraded to NEED_RESCHED at the next tick" : "");
        }
        if (r.cause() == ReschedCause.UNKNOWN) {
            return "NEED_RESCHED set";
        }
        return "NEED_RESCHED set" + (r.ipi() ? " with a reschedule IPI to this CPU" : "");
    }

    private String point(MarkReason r, int prev) {
        switch (r.point()) {
            case IRQ_EXIT_KERNEL:
                return "preempted at the interrupt exit inside the kernel (full and lazy preempt kernel code"
                        + " on NEED_RESCHED)";
            case IRQ_EXIT_USER:
                return "switched at the interrupt exit to user mode (every model preempts user code there)";
            case RETURN_TO_USER:
                if (model.equals("none") || model.equals("voluntary")) {
                    return model + " does not preempt the kernel: " + name(prev)
                            + " kept the CPU until its return to user";
                }
                return r.lazy() && !r.upgradedAtTick()
                        ? "the lazy flag was acted on at " + name(prev) + "'s return to user, before any tick"
                        : "switched at " + name(prev) + "'s return to user";
            case COND_RESCHED:
                return "switched at a cond_resched() point in " + name(prev)
                        + "'s kernel code (a voluntary reschedule, honoured under none and voluntary)";
            case MIGHT_RESCHED:
                return "switched at a might_resched() point (honoured under voluntary only)";
            case PREEMPT_ENABLE:
                return "preempt_enable() brought preempt_count to 0 with NEED_RESCHED set (full, lazy)";
            case RESCHED_AFTER_SWITCH:
                return "the flag was set again during the switch, so schedule() switched once more";
            case RSEQ_YIELD:
                return name(prev) + " called rseq_slice_yield() at the end of its granted slice extension";
            default:
                return "switched (preemption point not recorded)";
        }
    }

    /** "; B waited 7.9 ms since its wake-up" when the requesting wake-up mark is recorded. */
    private Optional<String> waitedSuffix(int i, MarkReason r) {
        Marks m = d.marks();
        Optional<String> waited = requestingWakeup(i, r).map(w -> m.tNs(i) == m.tNs(w)
                ? "; " + name(m.task(w)) + " got the CPU in its wake-up's own interrupt"
                : "; " + name(m.task(w)) + " waited " + duration(m.tNs(i) - m.tNs(w)) + " since its wake-up");
        if (waited.isPresent() || !WAKEUP_CAUSES.contains(r.cause()) || !firstSwitchOnItsCpu(i)) {
            return waited;
        }
        // the first switch of a recorded window: the wake-up it acted on came before the window,
        // so the wait the timeline shows is only its end (a teacher's first P lands here)
        int next = nextTask(m.cpu(i), m.tNs(i));
        String who = next >= 0 && next != m.task(i) ? name(next) : "the woken task";
        return Optional.of("; " + who + " woke before the recording began, so it waited longer than the "
                + duration(m.tNs(i) - d.startNs()) + " shown");
    }

    /** Causes a wake-up mark records: the switch acting on one names it ({@link #requestingWakeup}). */
    private static final java.util.Set<ReschedCause> WAKEUP_CAUSES = java.util.EnumSet.of(
            ReschedCause.WAKEUP_PREEMPT, ReschedCause.WAKEUP_FIFO, ReschedCause.WAKEUP_IDLE,
            ReschedCause.SLICE_EXPIRED_WAKEUP);

    /** No preemption and no wake-up on switch {@code i}'s CPU before it: the window's first. */
    private boolean firstSwitchOnItsCpu(int i) {
        Marks m = d.marks();
        for (int j = i - 1; j >= 0; j--) {
            if (m.cpu(j) == m.cpu(i) && (m.kind(j) == MarkKind.PREEMPTION || m.kind(j) == MarkKind.WAKEUP)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The wake-up mark on the same CPU that made the request this switch acted on: the latest
     * one before it (no switch on that CPU in between) that set a flag for the same cause.
     */
    /** What a lazy request made on the CPU it is for says of the IPI: no model sends one there. */
    private static final String LOCAL = "set by this CPU for itself, which needs no IPI under any model";

    /**
     * Whether the reschedule request switch {@code i} acted on was made on its own CPU, where
     * even NEED_RESCHED sends no IPI (the CPU sets its own flag): the only CPU of the run, the
     * tick's slice check, or a wake-up run there (the simulator notes one from elsewhere as
     * "from CPU n", {@link #wakeup}). False when that is not known.
     */
    private boolean localRequest(int i, MarkReason r) {
        if (d.cpuCount() == 1 || r.cause() == ReschedCause.SLICE_EXPIRED_TICK) {
            return true;
        }
        return requestingWakeup(i, r).map(w -> localWakeup(w)).orElse(false);
    }

    /** A simulated wake-up mark run on the CPU it woke the task onto (no "from CPU n" note). */
    private boolean localWakeup(int w) {
        return d.cpuCount() == 1 || d.marks().reason(w).known() && d.marks().note(w).isEmpty();
    }

    private Optional<Integer> requestingWakeup(int i, MarkReason r) {
        Marks m = d.marks();
        int cpu = m.cpu(i);
        for (int j = i - 1; j >= 0; j--) {
            if (m.cpu(j) != cpu) {
                continue;
            }
            if (m.kind(j) == MarkKind.PREEMPTION) {
                return Optional.empty();
            }
            if (m.kind(j) == MarkKind.WAKEUP && m.reason(j).cause() == r.cause()) {
                return Optional.of(j);
            }
        }
        return Optional.empty();
    }

    private String unexplainedSwitch(int i) {
        Marks m = d.marks();
        String state = m.note(i).isEmpty() ? "" : " (prev_state=" + m.note(i) + ")";
        return name(m.task(i)) + " switched out while runnable" + state
                + (m.note(i).equals("R+") ? ", i.e. preempted" : "")
                + "; the recording does not say which rule preempted it (reason unknown)";
    }

    // ------------------------------------------------------------------ wake-ups

    private String wakeup(int i, MarkReason r) {
        Marks m = d.marks();
        int wakee = m.task(i);
        int cpu = m.cpu(i);
        long t = m.tNs(i);
        int curr = runningTask(cpu, Math.max(d.startNs(), t - 1)); // what the wake-up interrupted
        boolean currInKernel = runningState(cpu, t).map(s -> s == SliceState.KERNEL || s == SliceState.FAULT)
                .orElse(false);
        String by = wakerSuffix(i);
        String who = name(wakee) + (by.isEmpty() ? " woke on CPU " : " woken" + by + " onto CPU ") + cpu
                + (m.note(i).isEmpty() ? "" : " (" + m.note(i) + ")");
        String running = curr >= 0 ? name(curr) : "the running task";
        StringBuilder sb = new StringBuilder(modelPrefix()).append(who).append(": ");
        switch (r.cause()) {
            case WAKEUP_IDLE:
                return sb.append("the CPU was idle, so NEED_RESCHED wakes it at once").toString();
            case WAKEUP_NO_PREEMPT:
                if (cfs) {
                    return sb.append("CFS keeps ").append(running).append(" (it is not more than the wake-up")
                            .append(" granularity ahead of ").append(name(wakee)).append(" in vruntime); ")
                            .append(name(wakee)).append(" waits for a tick to end its slice").toString();
                }
                return sb.append("EEVDF keeps ").append(running).append(" (run-to-parity: its protected slice is not")
                        .append(" used up); ").append(name(wakee)).append(" waits for the tick that ends it").toString();
            case WAKEUP_BEHIND_FIFO:
                return sb.append(running).append(" is a FIFO task of at least the same priority: no preemption")
                        .toString();
            case WAKEUP_ALREADY_PENDING:
                return sb.append("a reschedule was already pending on this CPU").toString();
            case SLICE_EXPIRED_WAKEUP:
                sb.append("update_curr() finds ").append(running).append(" past its slice (it ran alone while ")
                        .append(name(wakee)).append(" slept); ");
                break;
            case WAKEUP_PREEMPT:
                if (cfs) {
                    sb.append("CFS preempts ").append(running).append(" for ").append(name(wakee)).append(" (")
                            .append(running).append(" is more than the wake-up granularity ahead in vruntime); ");
                } else {
                    sb.append("EEVDF picks ").append(name(wakee)).append(" over ").append(running).append("; ");
                }
                break;
            case WAKEUP_FIFO:
                sb.append("a FIFO wake-up always sets NEED_RESCHED (never lazy); ");
                break;
            default:
                return sb.append("wake-up (decision not recorded)").toString();
        }
        if (r.lazy()) {
            sb.append(localWakeup(i) ? "lazy sets NEED_RESCHED_LAZY (" + LOCAL + "): "
                    : "lazy sets NEED_RESCHED_LAZY without an IPI: ");
            if (!currInKernel && curr >= 0 && !m.note(i).isEmpty()) {
                // woken from another CPU (the simulator notes "from CPU n"): a task computing in
                // user mode has no return to user ahead; an interrupt's return to it acts on the
                // flag, and with no IPI sent the first interrupt on its CPU is the tick
                return sb.append(running).append(" is in user mode, so it runs on until an interrupt on CPU ")
                        .append(cpu).append(" returns to it: with no IPI, its next tick").toString();
            }
            return sb.append(running)
                    .append(" runs on until its return to user or the next tick upgrades the flag").toString();
        }
        sb.append("NEED_RESCHED set").append(r.ipi() ? " and a reschedule IPI sent" : "").append(": ");
        if (!currInKernel) {
            return sb.append(running).append(" is in user mode, preempted at the interrupt's exit in every model")
                    .toString();
        }
        if (model.equals("full") || model.equals("lazy")) {
            return sb.append(model).append(" preempts ").append(running).append(" in the kernel at the interrupt's exit")
                    .toString();
        }
        if (model.equals("none") || model.equals("voluntary")) {
            // voluntary's one addition: might_resched() (might_sleep()) points are cond_resched() too
            return sb.append(model).append(" does not preempt the kernel: ").append(name(wakee))
                    .append(" waits for ").append(running).append("'s return to user or a cond_resched()")
                    .append(model.equals("voluntary") ? " or might_resched() point" : " point").toString();
        }
        return sb.append(running).append(" is in the kernel").toString();
    }

    // ------------------------------------------------------------------ lock holders

    private String lockHolder(int i) {
        Marks m = d.marks();
        StringBuilder sb = new StringBuilder("lock-holder preemption: ").append(m.note(i));
        // the simulator records the holder's switch as a preemption mark at the same instant
        for (int j = m.firstAtOrAfter(m.tNs(i)); j < m.size() && m.tNs(j) == m.tNs(i); j++) {
            if (m.kind(j) == MarkKind.PREEMPTION && m.task(j) == m.task(i) && m.reason(j).known()) {
                return sb.append(". Why: ").append(preemption(j, m.reason(j))).toString();
            }
        }
        if (m.tNs(i) <= d.startNs() && DatasetCrop.begunBeforeWindow(m.note(i))) {
            // one going on at the window's start is marked there, its note says so; the switch that
            // took the holder off its CPU was before the recording (one marked at the recording's
            // start without that began there: a stolen vCPU's, a file's)
            sb.append(". It began before the recording, with the switch that took the holder off its CPU");
        }
        return sb.toString();
    }

    /**
     * A lock free but reserved for its woken first waiter (HANDOFF) while others spun on it: the
     * waiter's wake-up, recorded at the same instant, says why it did not run at once.
     */
    private String lockHandoff(int i) {
        Marks m = d.marks();
        StringBuilder sb = new StringBuilder("lock handoff stall: ").append(m.note(i)).append(". ")
                .append(name(m.task(i))).append(" had set HANDOFF (after RWSEM_WAIT_TIMEOUT, or at once as an RT"
                        + " task), so the free lock was reserved for it to take itself and nobody else could; the"
                        + " spinners kept their CPUs ").append(LockStatistics.handoffTakenNs(d, i).isPresent()
                                ? "until it took the lock on CPU " + m.cpu(i)
                                : "past the recording's end, where it still waited to run on CPU " + m.cpu(i));
        for (int j = m.firstAtOrAfter(m.tNs(i)); j < m.size() && m.tNs(j) == m.tNs(i); j++) {
            if (m.kind(j) == MarkKind.WAKEUP && m.task(j) == m.task(i) && m.reason(j).known()) {
                return sb.append(". Its wake-up: ").append(wakeup(j, m.reason(j))).toString();
            }
        }
        if (m.tNs(i) <= d.startNs() && DatasetCrop.begunBeforeWindow(m.note(i))) {
            // a stall going on at the window's start is marked there, its note says so; it began,
            // and the waiter was woken, before the recording
            sb.append(". It began before the recording, with the waiter's wake-up");
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ helpers

    private String modelPrefix() {
        return model.isEmpty() ? "" : model + ": ";
    }

    private String noteSuffix(int i) {
        String n = d.marks().note(i);
        return n.isEmpty() ? "" : " (" + n + ")";
    }

    /** " by pgbench" for a wake-up whose recording named its waker, " by <idle> (an interrupt on an idle CPU)"; "" else. */
    private String wakerSuffix(int i) {
        int w = d.marks().waker(i);
        if (w == Marks.IDLE_WAKER) {
            return " by <idle> (an interrupt on an idle CPU)";
        }
        return w >= 0 && w < d.tasks().size() ? " by " + name(w) : "";
    }

    private String name(int task) {
        return task >= 0 && task < d.tasks().size() ? d.task(task).comm() : "a task";
    }

    /** The task that runs on {@code cpu} right after a switch at {@code t} (the switch slice is its own). */
    private int nextTask(int cpu, long t) {
        return runningTask(cpu, t);
    }

    private int runningTask(int cpu, long t) {
        return sliceAt(cpu, t).map(s -> d.cpus().get(cpu).slices().task(s)).orElse(Intervals.NO_TASK);
    }

    /** State of the slice running just before {@code t} (what the wake-up interrupted). */
    private Optional<SliceState> runningState(int cpu, long t) {
        return sliceAt(cpu, Math.max(d.startNs(), t - 1)).map(s -> d.cpus().get(cpu).state(s));
    }

    private Optional<Integer> sliceAt(int cpu, long t) {
        if (cpu < 0 || cpu >= d.cpuCount()) {
            return Optional.empty();
        }
        CpuLane lane = d.cpus().get(cpu);
        Intervals s = lane.slices();
        int i = s.firstVisibleAt(t);
        return i < s.size() && s.startNs(i) <= t ? Optional.of(i) : Optional.empty();
    }

    static String duration(long ns) {
        if (ns < 1_000) {
            return ns + " ns";
        }
        if (ns < 1_000_000) {
            return String.format(Locale.ROOT, "%.1f us", ns / 1e3);
        }
        return String.format(Locale.ROOT, "%.2f ms", ns / 1e6);
    }
}
