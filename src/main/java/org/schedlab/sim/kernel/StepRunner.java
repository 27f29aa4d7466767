package org.schedlab.sim.kernel;

import org.schedlab.model.SliceState;

/**
 * Executes program steps on CPUs: accounts progress, programs the next CPU event (end of the
 * step, of a fault phase, of a context switch, or the next honoured resched point while
 * NEED_RESCHED is set), and handles step boundaries, which are where return-to-user and
 * preempt_enable preemption points sit.
 */
final class StepRunner {
    /** Zero-length steps in a row before a program is declared stuck (it never lets time pass). */
    private static final int MAX_INSTANT_STEPS = 1_000_000;

    private final Kernel k;

    StepRunner(Kernel kernel) {
        this.k = kernel;
    }

    /**
     * Charges the time since the CPU's last accounting to whatever it was doing. A task's
     * progress may cross silent boundaries on the way: from a fault's preemptible part to its
     * page-table-lock part (no preemption point there), and - while no resched flag is set -
     * into its next chained step (see {@link #crossChained}). A boundary exactly at
     * {@code now} is left to the caller (the step is then done, {@code remainingNs == 0}).
     */
    void account(Cpu c, long now) {
        long dt = now - c.segStartNs;
        if (dt <= 0) {
            return;
        }
        long at = c.segStartNs;
        c.segStartNs = now;
        SimStats s = k.stats;
        if (c.stolen) {
            s.stateNs[SliceState.STOLEN.code()] += dt;
            return;
        }
        switch (c.phase) {
            case Cpu.IDLE:
                s.stateNs[SliceState.IDLE.code()] += dt;
                break;
            case Cpu.SWITCH: {
                Task t = c.curr;
                if (dt > c.switchRemainingNs && c.switchRemainingNs >= 0 && !c.nr && !c.lazy
                        && silentSwitchEnd(t)) {
                    long part = c.switchRemainingNs;
                    chargeSwitch(s, c, part);
                    dt -= part;
                    at += part;
                    switchEndSilently(c, t, at);
                    accountTask(c, t, dt, at);
                } else {
                    chargeSwitch(s, c, dt);
                }
                break;
            }
            default:
                accountTask(c, c.curr, dt, at);
                break;
        }
    }

    private void chargeSwitch(SimStats s, Cpu c, long dt) {
        c.switchRemainingNs -= dt;
        s.stateNs[SliceState.KERNEL.code()] += dt;
        s.siteTime(k.sites.schedule.id(), dt);
    }

    /** Charges {@code dt} from {@code at} on to the running task, crossing silent boundaries. */
    private void accountTask(Cpu c, Task t, long dt, long at) {
        if (c.speedNum != Smt.ONE) {
            accountTaskSmt(c, t, dt, at);
            return;
        }
        SimStats s = k.stats;
        while (dt > t.remainingNs && t.remainingNs >= 0) {
            if (t.stepKind == Step.FAULT && !t.faultAtomicPhase && t.faultAtomicNs > 0) {
                long part = t.remainingNs;
                charge(s, t, part, part);
                dt -= part;
                at += part;
                t.faultAtomicPhase = true;
                t.remainingNs = t.faultAtomicNs;
            } else if (t.hasChained() && !c.nr && !c.lazy && !t.rseqGranted) {
                long part = t.remainingNs;
                charge(s, t, part, part);
                dt -= part;
                at += part;
                crossChained(c, t, at);
            } else {
                break;
            }
        }
        charge(s, t, dt, dt);
    }

    /**
     * The same at an SMT speed other than the calibrated one: progress is {@code speedNum / ONE}
     * ns per ns, counted exactly with the task's carried remainder; a boundary is reached at the
     * first instant the progress covers it, and exactly the step's remainder is charged there.
     */
    private void accountTaskSmt(Cpu c, Task t, long dt, long at) {
        SimStats s = k.stats;
        long num = c.speedNum;
        while (t.remainingNs >= 0) {
            long part = t.remainingNs;
            long partWall = Smt.wallFor(part, num, t.smtCarry);
            if (dt <= partWall) {
                break;
            }
            if (t.stepKind == Step.FAULT && !t.faultAtomicPhase && t.faultAtomicNs > 0) {
                chargeSmt(s, t, partWall, num);
                dt -= partWall;
                at += partWall;
                t.faultAtomicPhase = true;
                t.remainingNs = t.faultAtomicNs;
            } else if (t.hasChained() && !c.nr && !c.lazy && !t.rseqGranted) {
                chargeSmt(s, t, partWall, num);
                dt -= partWall;
                at += partWall;
                crossChained(c, t, at);
            } else {
                break;
            }
        }
        chargeSmt(s, t, dt, num);
    }

    /** {@code dt} ns at {@code num}/ONE: the progress made, at most up to the step's end. */
    private static void chargeSmt(SimStats s, Task t, long dt, long num) {
        long total = dt * num + t.smtCarry;
        long work = total / Smt.ONE;
        long carry = total - work * Smt.ONE;
        if (t.remainingNs >= 0 && work > t.remainingNs) {
            // the step's end, reached (or passed while a flag kept the CPU from crossing it): the
            // step ends exactly there; less than one ns of the overshoot is kept, so the next step
            // always needs at least 1 ns of wall time (a zero-length wait would re-arm the CPU at
            // the same instant forever)
            work = t.remainingNs;
            carry = Math.min(total - work * Smt.ONE, Smt.ONE - 1);
        }
        t.smtCarry = carry;
        charge(s, t, dt, work);
    }

    /** {@code dt} ns of CPU time in which the task made {@code work} ns of progress. */
    private static void charge(SimStats s, Task t, long dt, long work) {
        t.remainingNs -= work;
        t.progressNs += work;
        t.sumExecNs += dt;
        s.stateNs[t.stateCode()] += dt;
        s.siteTime(t.site.id(), dt);
        s.groupRunNs[t.commGroup] += dt;
    }

    /**
     * Enters the task's next chained step at {@code atNs} without an event: what
     * {@link #advance} does at a boundary where no flag is set (so no preemption point acts):
     * a syscall entry revokes an rseq grant, the mode follows the step, the timeline shows it.
     */
    private void crossChained(Cpu c, Task t, long atNs) {
        t.inKernel = !t.inUserMode();
        boolean fromUser = !t.inKernel;
        t.takeChained();
        if (t.syscallAction) {
            k.irq.syscallEntered(t);
        }
        noteKernelEntry(t, fromUser);
        t.syscallAction = false;
        t.inKernel = !t.inUserMode();
        t.progressNs = 0;
        if (t.stepKind == Step.FAULT && t.remainingNs == 0 && t.faultAtomicNs > 0) {
            t.faultAtomicPhase = true;
            t.remainingNs = t.faultAtomicNs;
        }
        k.rec.cpuStateAt(c.id, atNs, t.id, t.sliceState());
    }

    /**
     * Programs the CPU's next event from its current activity. Re-arming for the instant the
     * live event already has is skipped, so interrupts on a busy CPU leave no stale events.
     */
    void resume(Cpu c) {
        if (c.sibling != null) {
            smtChanged(c);
        }
        rearm(c);
    }

    /**
     * SMT: if {@code c} started or stopped competing for its core, its sibling's task changes
     * speed: its progress so far is charged at the old speed and its next event re-programmed.
     */
    void smtChanged(Cpu c) {
        boolean busy = Smt.busy(c);
        if (busy == c.smtBusy) {
            return;
        }
        c.smtBusy = busy;
        Cpu s = c.sibling;
        account(s, k.engine.nowNs());
        s.speedNum = busy ? Smt.ONE : k.smtSoloNum;
        rearm(s);
    }

    private void rearm(Cpu c) {
        if (c.stolen || c.phase == Cpu.IDLE) {
            c.cancelEvent();
            return;
        }
        long due;
        if (c.phase == Cpu.SWITCH) {
            due = c.switchRemainingNs;
            Task t = c.curr;
            if (!c.nr && !c.lazy && due >= 0 && silentSwitchEnd(t)) {
                due += stepDueNs(c, t); // the step decided ahead follows the switch without an event
            }
        } else {
            due = stepDueNs(c, c.curr);
        }
        long now = k.engine.nowNs();
        if (due >= Long.MAX_VALUE - now) {
            c.cancelEvent(); // an unbounded spin: only the lock ends it
            return;
        }
        long at = now + Math.max(0, due);
        if (at == c.eventAtNs) {
            return;
        }
        c.armEvent(at);
    }

    /** Time until the running task's next event: its step's end, or an earlier honoured point. */
    private long stepDueNs(Cpu c, Task t) {
        long due = t.remainingNs;
        if (t.stepKind == Step.FAULT && !t.faultAtomicPhase) {
            due += t.faultAtomicNs; // nothing happens between the two parts
        }
        if (t.stepKind == Step.KERNEL && c.nr) {
            due = Math.min(due, nextReschedPoint(t));
        }
        if (!c.nr && !c.lazy && !t.rseqGranted && due >= 0) {
            // the chained steps' boundaries are silent while no flag is set (and no rseq extension
            // runs: a syscall would end it)
            due += t.chainRestNs;
        }
        return Smt.wallFor(due, c.speedNum, t.smtCarry);
    }

    /** Distance to the next honoured cond_resched/might_resched point, 0 when at one. */
    private long nextReschedPoint(Task t) {
        KernelCode code = t.code;
        if (code.atomic()) {
            return Long.MAX_VALUE;
        }
        long best = Long.MAX_VALUE;
        if (k.model.condReschedHonoured() && code.condReschedEveryNs() > 0) {
            best = Math.min(best, distance(t.progressNs, code.condReschedEveryNs()));
        }
        if (k.model.mightReschedHonoured() && code.mightReschedEveryNs() > 0) {
            best = Math.min(best, distance(t.progressNs, code.mightReschedEveryNs()));
        }
        return best;
    }

    private static long distance(long progress, long every) {
        long r = progress % every;
        return r == 0 && progress > 0 ? 0 : every - r;
    }

    /** The CPU's programmed event came due. */
    void activityDue(Cpu c) {
        long now = k.engine.nowNs();
        account(c, now);
        if (c.phase == Cpu.SWITCH) {
            if (c.switchRemainingNs > 0) {
                resume(c);
            } else {
                switchDone(c);
            }
            return;
        }
        Task t = c.curr;
        if (t.remainingNs > 0) {
            if (t.stepKind == Step.KERNEL && c.nr && nextReschedPoint(t) == 0) {
                boolean cond = k.model.condReschedHonoured() && t.code.condReschedEveryNs() > 0
                        && distance(t.progressNs, t.code.condReschedEveryNs()) == 0;
                k.sched.schedule(c, cond ? Reason.COND_RESCHED : Reason.MIGHT_RESCHED);
            } else {
                resume(c);
            }
            return;
        }
        if (t.stepKind == Step.SPIN && t.observing && (!t.spinInKernel || (!c.nr && !c.lazy))) {
            // a user-mode spin's next step would be more spinning: no boundary to cross
            long more = t.spinTarget.spinBudgetExhausted(t, now);
            if (more > 0) {
                t.remainingNs = more;
                resume(c);
                return;
            }
        }
        if (t.stepKind == Step.FAULT && !t.faultAtomicPhase) {
            t.faultAtomicPhase = true;
            t.remainingNs = t.faultAtomicNs;
            if (t.remainingNs > 0) {
                resume(c);
                return;
            }
        }
        stepDone(c, t);
    }

    /** finish_task_switch(): the schedule() loop re-checks the flags before running the task. */
    private void switchDone(Cpu c) {
        c.phase = Cpu.TASK;
        Task t = c.curr;
        if (t.waitSinceNs >= 0) {
            // wake-up (or preemption) to running, the switch included
            k.runqlat(t, k.engine.nowNs() - t.waitSinceNs);
            t.waitSinceNs = -1;
        }
        // a step decided ahead is not started: like one still to choose, it is not "to user" yet
        // (nor is one whose syscall was held at its entry: the task is in the kernel there)
        boolean toUser = !t.needsStep && !t.decidedAhead && !t.syscallHeld && t.inUserMode();
        if (c.nr || (c.lazy && toUser)) {
            k.sched.schedule(c, Reason.RESCHED_AGAIN);
            return;
        }
        if (t.syscallHeld) {
            runHeldSyscall(c, t);
        } else if (t.needsStep) {
            advance(c, t, false, false);
        } else if (t.decidedAhead) {
            t.decidedAhead = false;
            advance(c, t, false, true);
        } else {
            startStep(c, t);
        }
    }

    /**
     * schedule() is switching {@code t} in: if it needs a step and its program can decide
     * ahead, ask now (see {@link Program#decidesAhead}); the boundary checks still run at the
     * switch's end.
     */
    void decideAhead(Task t) {
        if (!t.needsStep || !t.program.decidesAhead()) {
            return;
        }
        resetForStep(t);
        t.decidingAhead = true;
        try {
            t.program.step(t);
        } finally {
            t.decidingAhead = false;
        }
        if (!t.stepChosen) {
            throw new IllegalStateException("program of " + t + " chose no step");
        }
        t.decidedAhead = true;
    }

    /**
     * Whether the switch to {@code t} can end without an event while no flag is set: the task
     * resumes a started compute step, or its step was decided ahead and is compute that takes
     * time (anything else needs the kernel at the switch's end: asking the program, blocking,
     * spinning, asking again after a zero-length step, or a held syscall's body).
     */
    static boolean silentSwitchEnd(Task t) {
        if (t.needsStep || t.rseqYieldRequested || t.syscallHeld) {
            return false;
        }
        byte kind = t.stepKind;
        return (kind == Step.USER || kind == Step.KERNEL) && t.remainingNs > 0
                || kind == Step.FAULT && t.remainingNs + (t.faultAtomicPhase ? 0 : t.faultAtomicNs) > 0;
    }

    /**
     * The switch ends at {@code atNs} with no flag set: finish_task_switch() finds nothing to
     * do, and the decided step starts as {@link #advance} would start it (no preemption point
     * acts without a flag).
     */
    private void switchEndSilently(Cpu c, Task t, long atNs) {
        c.phase = Cpu.TASK;
        c.switchRemainingNs = 0;
        if (t.waitSinceNs >= 0) {
            k.runqlat(t, atNs - t.waitSinceNs);
            t.waitSinceNs = -1;
        }
        if (t.decidedAhead) {
            t.decidedAhead = false;
            if (t.syscallAction) {
                k.irq.syscallEntered(t);
            }
            noteKernelEntry(t, !t.inKernel);
            t.inKernel = !t.inUserMode();
            if (t.stepKind == Step.FAULT && t.remainingNs == 0) {
                t.faultAtomicPhase = true;
                t.remainingNs = t.faultAtomicNs;
            }
        }
        t.stepStarted = true;
        k.rec.cpuStateAt(c.id, atNs, t.id, t.sliceState());
    }

    /** Runs (or resumes) the task's chosen step on {@code c}. */
    void startStep(Cpu c, Task t) {
        t.stepStarted = true;
        if (t.stepKind == Step.SPIN && !t.observing && !c.stolen) {
            t.observing = true;
            k.spinningCpus++;
            k.levelsChanged();
            t.spinTarget.spinObserving(t, k.engine.nowNs());
        }
        k.rec.cpuState(c.id, k.engine.nowNs(), t.id, t.sliceState());
        resume(c);
    }

    void stopObserving(Task t) {
        t.observing = false;
        k.spinningCpus--;
        k.levelsChanged();
        t.spinTarget.spinNotObserving(t, k.engine.nowNs());
    }

    private void stepDone(Cpu c, Task t) {
        boolean leavingAtomic = t.atomicNow();
        if (t.observing) {
            stopObserving(t);
        }
        t.inKernel = !t.inUserMode();
        advance(c, t, leavingAtomic);
    }

    /**
     * Asks the program for its next step and crosses the boundary: blocking steps schedule;
     * kernel-to-user is a return to user (either flag); leaving atomic code or waking someone
     * inside the kernel is a preempt_enable (NR, full/lazy).
     */
    void advance(Cpu c, Task t, boolean leavingAtomic) {
        advance(c, t, leavingAtomic, false);
    }

    /** {@code chosen}: the first step was already chosen (decided ahead). */
    private void advance(Cpu c, Task t, boolean leavingAtomic, boolean chosen) {
        long now = k.engine.nowNs();
        for (int guard = 0; ; guard++) {
            if (guard == MAX_INSTANT_STEPS) {
                throw new IllegalStateException("program of " + t + " takes " + MAX_INSTANT_STEPS
                        + " steps without letting time pass at " + now + " ns");
            }
            if (chosen) {
                chosen = false;
            } else {
                resetForStep(t);
                if (t.hasChained()) {
                    t.takeChained();
                } else {
                    t.program.step(t);
                }
                if (!t.stepChosen) {
                    throw new IllegalStateException("program of " + t + " chose no step");
                }
            }
            boolean kernelBefore = t.inKernel || t.syscallAction;
            if (t.syscallAction) {
                k.irq.syscallEntered(t);
            }
            if (t.rseqSyscallResched) {
                holdSyscall(c, t);
                return;
            }
            boolean exceptionReturn = t.userIrq;
            noteKernelEntry(t, !t.inKernel);
            byte kind = t.stepKind;
            if (!Step.onCpu(kind)) {
                leaveCpu(c, t, kind);
                return;
            }
            if (t.rseqYieldRequested) {
                t.rseqYieldRequested = false;
                t.rseqGranted = false;
                t.inKernel = !t.inUserMode();
                k.sched.schedule(c, Reason.RSEQ_YIELD);
                return;
            }
            boolean toUser = t.inUserMode();
            if (kernelBefore && toUser) {
                // the return to user: either flag schedules, unless the kernel was entered by an
                // exception (not a syscall) and grants an rseq slice extension now
                if ((c.nr || c.lazy) && !(exceptionReturn && k.irq.sliceExtensionGranted(c, t))) {
                    t.inKernel = false;
                    k.sched.schedule(c, Reason.RETURN_TO_USER);
                    return;
                }
            } else if (kernelBefore && (leavingAtomic || t.syscallAction) && c.nr && k.model.preemptsKernel()) {
                t.inKernel = true;
                k.sched.schedule(c, Reason.PREEMPT_ENABLE);
                return;
            }
            t.inKernel = !toUser;
            if (t.remainingNs == 0 && (kind != Step.FAULT || t.faultAtomicNs == 0)) {
                leavingAtomic = t.atomicNow();
                continue;
            }
            if (kind == Step.FAULT && t.remainingNs == 0) {
                t.faultAtomicPhase = true;
                t.remainingNs = t.faultAtomicNs;
            }
            startStep(c, t);
            return;
        }
    }

    /**
     * rseq_syscall_enter_work(): the syscall {@code t} just entered ended its granted extension,
     * and the task schedules at that entry, before the syscall's body (preempt_enable under full
     * and lazy, cond_resched under none and voluntary). The body - the wake-ups made with the
     * step, then the step itself - waits until the task runs again ({@link #runHeldSyscall}),
     * so a waiter it wakes is woken after the switch, not before it. A yield asked by rseqEnd
     * with the grant is done by this schedule.
     */
    private void holdSyscall(Cpu c, Task t) {
        t.rseqSyscallResched = false;
        t.rseqYieldRequested = false;
        t.syscallHeld = true;
        t.inKernel = true;
        t.userIrq = false;
        k.sched.schedule(c, k.model.preemptsKernel() ? Reason.PREEMPT_ENABLE : Reason.COND_RESCHED);
    }

    /**
     * The task runs again on {@code c} after the schedule at a held syscall's entry (switched
     * back in, or kept by the pick): the body runs now - its wake-ups, then its step's boundary
     * as {@link #advance} crosses it (the wake-ups' own preemption rules included).
     */
    void runHeldSyscall(Cpu c, Task t) {
        t.syscallHeld = false;
        t.wakeHeld();
        advance(c, t, false, true);
    }

    /**
     * rseq's user_irq at a step boundary: set when a fault step enters the kernel from user mode
     * ({@code fromUser}), cleared at a syscall entry and on the way back to user mode.
     */
    private static void noteKernelEntry(Task t, boolean fromUser) {
        if (t.syscallAction || t.inUserMode()) {
            t.userIrq = false;
        } else if (fromUser && t.stepKind == Step.FAULT) {
            t.userIrq = true;
        }
    }

    private static void resetForStep(Task t) {
        t.stepChosen = false;
        t.rseqBegunWithStep = false;
        t.rseqSyscallResched = false;
        t.syscallAction = false;
        t.stepStarted = false;
        t.needsStep = false;
        t.progressNs = 0;
    }

    private void leaveCpu(Cpu c, Task t, byte kind) {
        long now = k.engine.nowNs();
        t.inKernel = true;
        t.needsStep = true;
        t.rseqYieldRequested = false;
        switch (kind) {
            case Step.SLEEP:
            case Step.IO_WAIT:
                t.state = TaskRunState.SLEEPING;
                t.timerGen++;
                k.engine.at(now + t.sleepNs, k, Kernel.EV_TIMER, t.id, t.timerGen);
                k.sched.schedule(c, Reason.BLOCK);
                return;
            case Step.BLOCK:
                if (t.wakePending) {
                    // the futex value changed before we slept: back to the program, still in kernel
                    t.wakePending = false;
                    t.needsStep = false;
                    advance(c, t, false);
                    return;
                }
                t.state = TaskRunState.BLOCKED;
                k.sched.schedule(c, Reason.BLOCK);
                return;
            case Step.YIELD:
                if (t.schedClass == SchedClass.FAIR) {
                    k.sched.yieldFair(c, t);
                }
                k.sched.schedule(c, Reason.YIELD);
                return;
            case Step.EXIT:
                t.state = TaskRunState.EXITED;
                k.sched.schedule(c, Reason.BLOCK);
                return;
            default:
                throw new IllegalStateException("not a blocking step: " + kind);
        }
    }
}
