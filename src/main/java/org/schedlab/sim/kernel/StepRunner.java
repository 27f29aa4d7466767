package org.schedlab.sim.kernel;

import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

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

    /** Charges the time since the CPU's last accounting to whatever it was doing. */
    void account(Cpu c, long now) {
        long dt = now - c.segStartNs;
        if (dt <= 0) {
            return;
        }
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
            case Cpu.SWITCH:
                c.switchRemainingNs -= dt;
                s.stateNs[SliceState.KERNEL.code()] += dt;
                s.siteTime(k.sites.schedule.id(), dt);
                break;
            default: {
                Task t = c.curr;
                t.remainingNs -= dt;
                t.progressNs += dt;
                t.sumExecNs += dt;
                s.stateNs[t.sliceState().code()] += dt;
                s.siteTime(t.site.id(), dt);
                s.groupRunNs[t.commGroup] += dt;
                break;
            }
        }
    }

    /**
     * Programs the CPU's next event from its current activity. Re-arming for the instant the
     * live event already has is skipped, so interrupts on a busy CPU leave no stale events.
     */
    void resume(Cpu c) {
        if (c.stolen || c.phase == Cpu.IDLE) {
            c.cancelEvent();
            return;
        }
        long due;
        if (c.phase == Cpu.SWITCH) {
            due = c.switchRemainingNs;
        } else {
            Task t = c.curr;
            due = t.remainingNs;
            if (t.stepKind == Step.KERNEL && c.nr) {
                due = Math.min(due, nextReschedPoint(t));
            }
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
        c.gen++;
        c.eventAtNs = at;
        k.engine.at(at, k, Kernel.EV_CPU, c.id, c.gen);
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
        if (t.stepKind == Step.FAULT && !t.faultAtomicPhase) {
            t.faultAtomicPhase = true;
            t.remainingNs = t.faultAtomicNs;
            resume(c);
            return;
        }
        stepDone(c, t);
    }

    /** finish_task_switch(): the schedule() loop re-checks the flags before running the task. */
    private void switchDone(Cpu c) {
        c.phase = Cpu.TASK;
        Task t = c.curr;
        if (t.waitSinceNs >= 0) {
            // wake-up (or preemption) to running, the switch included
            k.stats.runqlat(t.commGroup, k.engine.nowNs() - t.waitSinceNs);
            t.waitSinceNs = -1;
        }
        boolean toUser = !t.needsStep && t.inUserMode();
        if (c.nr || (c.lazy && toUser)) {
            k.sched.schedule(c, Reason.RESCHED_AGAIN);
            return;
        }
        if (t.needsStep) {
            advance(c, t, false);
        } else {
            startStep(c, t);
        }
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
        long now = k.engine.nowNs();
        for (int guard = 0; ; guard++) {
            if (guard == MAX_INSTANT_STEPS) {
                throw new IllegalStateException("program of " + t + " takes " + MAX_INSTANT_STEPS
                        + " steps without letting time pass at " + now + " ns");
            }
            t.stepChosen = false;
            t.syscallAction = false;
            t.stepStarted = false;
            t.needsStep = false;
            t.progressNs = 0;
            t.program.step(t);
            if (!t.stepChosen) {
                throw new IllegalStateException("program of " + t + " chose no step");
            }
            boolean kernelBefore = t.inKernel || t.syscallAction;
            if (t.syscallAction) {
                k.irq.syscallEntered(t);
            }
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
                if ((c.nr || c.lazy) && !t.rseqGranted) {
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
                    t.deadline += FairRunqueue.vslice(k.cfg.baseSliceNs(), t.weight);
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

    /** The task lane state a task in {@code state} shows. */
    static TaskState laneState(TaskRunState state) {
        switch (state) {
            case RUNNING:
                return TaskState.RUNNING;
            case RUNNABLE:
                return TaskState.RUNNABLE;
            case BLOCKED:
                return TaskState.BLOCKED;
            default:
                return TaskState.SLEEPING;
        }
    }
}
