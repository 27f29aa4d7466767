package org.schedlab.sim.kernel;

import org.schedlab.model.ReschedCause;

/**
 * The resched flags and the interrupt-side preemption points (KERNEL-FACTS section 1): the
 * tick (lazy upgrade, then entity_tick), resched_curr()/resched_curr_lazy() with their IPI rule,
 * IRQ exit to user and to kernel, the rseq slice extension's grant and timer, timer wake-ups,
 * and interrupts deferred while a vCPU is stolen.
 */
final class Interrupts {
    private final Kernel k;
    /** Inside sched_tick(): a slice expiry found now was seen at the tick (recorded on marks). */
    boolean inTick;

    Interrupts(Kernel kernel) {
        this.k = kernel;
    }

    // ------------------------------------------------------------------ tick

    void tickAll(long now) {
        for (Cpu c : k.cpus) {
            if (c.stolen) {
                c.tickPending = true;
            } else {
                k.currentCpu = c.id;
                tick(c);
            }
        }
        k.currentCpu = -1;
        k.engine.at(now + k.cfg.tickNs(), k, Kernel.EV_TICK, 0, 0);
    }

    /** sched_tick(): lazy upgrade first, then the fair class's entity_tick, then balance. */
    void tick(Cpu c) {
        k.runner.account(c, k.engine.nowNs());
        if (k.model.lazy() && c.lazy && !c.nr) {
            c.whyUpgraded = true; // the lazy request keeps its cause: it is only upgraded
            reschedCurr(c, false, c.whyCause);
        }
        if (c.phase == Cpu.TASK && c.curr.schedClass == SchedClass.FAIR) {
            inTick = true;
            k.sched.entityTick(c);
            inTick = false;
        }
        c.ticks++;
        k.balancer.onTick(c);
        irqExit(c);
    }

    // ------------------------------------------------------------------ resched flags

    /**
     * resched_curr() / resched_curr_lazy(): {@code fairRequest} is a fair-class request, which
     * sets LAZY under the lazy k.model; the idle task always gets NEED_RESCHED. A remote NR sends
     * an IPI; a remote LAZY sends nothing and waits for the target's tick or return to user.
     */
    void reschedCurr(Cpu c, boolean fairRequest) {
        reschedCurr(c, fairRequest, ReschedCause.UNKNOWN);
    }

    /** As {@link #reschedCurr(Cpu, boolean)}, remembering {@code cause} for the switch's mark. */
    void reschedCurr(Cpu c, boolean fairRequest, ReschedCause cause) {
        boolean lazyFlag = fairRequest && k.model.lazy() && c.curr != null;
        if (c.nr || (lazyFlag && c.lazy)) {
            return;
        }
        // A task running chained steps (or being switched in to a compute step) crosses their
        // boundaries silently only while no flag is set: account up to now (with the flags still
        // clear), then re-arm at the next boundary.
        // The CPU in whose context we run re-arms itself when it continues.
        Task running = c.curr;
        boolean rearm = running != null && c.id != k.currentCpu
                && (c.phase == Cpu.TASK ? running.hasChained()
                        : c.phase == Cpu.SWITCH && StepRunner.silentSwitchEnd(running));
        if (rearm) {
            k.runner.account(c, k.engine.nowNs());
        }
        if (lazyFlag) {
            c.lazy = true;
            c.whyCause = cause;
            c.whyLazy = true;
            if (rearm) {
                k.runner.resume(c);
            }
            return;
        }
        if (!c.whyUpgraded) {
            c.whyCause = cause; // a NEED_RESCHED of its own (it may overtake a pending lazy request)
            c.whyLazy = false;
        }
        c.nr = true;
        if (rearm) {
            k.runner.resume(c);
        }
        if (c.id != k.currentCpu) {
            c.whyIpi = true;
            k.stats.ipis++;
            k.engine.after(k.cfg.wakeupIpiNs(), k, Kernel.EV_IPI, c.id, 0);
        }
        Task t = c.curr;
        if (t != null && c.phase == Cpu.TASK && t.stepKind == Step.SPIN && t.spinInKernel && t.observing) {
            t.spinTarget.needReschedWhileSpinning(t, k.engine.nowNs());
        }
    }

    // ------------------------------------------------------------------ interrupts

    /**
     * Interrupt exit on {@code c} (its time already accounted): the preemption point of
     * irqentry_exit. To user: schedule on either flag unless an rseq extension is granted now
     * ({@link #sliceExtensionGranted}). To kernel: schedule on NR under full/lazy when
     * preempt_count is 0.
     */
    void irqExit(Cpu c) {
        if (c.phase == Cpu.IDLE) {
            if (c.nr || c.lazy) {
                k.sched.schedule(c, Reason.IDLE);
            } else {
                k.runner.resume(c);
            }
            return;
        }
        if (c.phase == Cpu.SWITCH) {
            k.runner.resume(c);
            return;
        }
        Task t = c.curr;
        if (t.inUserMode()) {
            if (c.nr || c.lazy) {
                if (sliceExtensionGranted(c, t)) {
                    k.runner.resume(c);
                    return;
                }
                k.sched.schedule(c, Reason.IRQ_USER);
                return;
            }
        } else if (c.nr && k.model.preemptsKernel() && !t.atomicNow()) {
            k.sched.schedule(c, Reason.IRQ_KERNEL);
            return;
        }
        k.runner.resume(c);
    }

    /**
     * rseq_grant_slice_extension(), at a return to user from an interrupt or an exception with a
     * resched flag set on {@code c}: true when the task may go on in user mode. A request
     * (rseqBegin) is granted once: the flags are cleared and the timer armed. A task already
     * extended loses its grant and its request instead, so any later request - a wake-up, the
     * tick, the timer's own NEED_RESCHED - schedules it at that return.
     */
    boolean sliceExtensionGranted(Cpu c, Task t) {
        if (t.rseqGranted) {
            t.rseqGranted = false;
            t.rseqRequest = false;
            return false;
        }
        if (!t.rseqRequest || k.cfg.rseqSliceExtNs() == 0) {
            return false;
        }
        t.rseqGranted = true;
        t.rseqRequest = false;
        t.rseqGen++;
        k.stats.rseqGrants++;
        c.nr = false;
        c.lazy = false;
        c.forgetWhy();
        k.engine.after(k.cfg.rseqSliceExtNs(), k, Kernel.EV_RSEQ, t.id, t.rseqGen);
        return true;
    }

    void rseqExpired(int taskId, long gen) {
        Task t = k.tasks.get(taskId);
        if (!t.rseqGranted || t.rseqGen != gen) {
            k.engine.uncountStale();
            return;
        }
        if (t.state != TaskRunState.RUNNING) {
            t.rseqGranted = false;
            return;
        }
        Cpu c = k.cpus[t.cpu];
        if (c.stolen) {
            c.defer(Kernel.EV_RSEQ, taskId, gen);
            return;
        }
        k.currentCpu = c.id;
        k.runner.account(c, k.engine.nowNs());
        // rseq_slice_expired(): NEED_RESCHED on the extended task; the interrupt's exit to user
        // then ends the grant and schedules (into kernel code: full and lazy preempt there)
        reschedCurr(c, false, ReschedCause.RSEQ_EXPIRED);
        irqExit(c);
    }

    /**
     * A syscall (or a wake-up, which is one) entered by {@code t}. rseq_syscall_enter_work(): a
     * granted extension ends there - its timer cancelled, NEED_RESCHED set - and the task
     * schedules before the syscall's body (preempt_enable under full and lazy, cond_resched under
     * none and voluntary; {@link StepRunner} acts on {@link Task#rseqSyscallResched}).
     */
    void syscallEntered(Task t) {
        if (!t.rseqGranted) {
            return;
        }
        t.rseqGranted = false;
        t.rseqRequest = false;
        t.rseqGen++;
        t.rseqSyscallResched = true;
        reschedCurr(k.cpus[t.cpu], false, ReschedCause.RSEQ_SYSCALL);
    }

    void timerFired(int taskId, long gen) {
        Task t = k.tasks.get(taskId);
        if (t.timerGen != gen || t.state != TaskRunState.SLEEPING) {
            k.engine.uncountStale();
            return;
        }
        // the hrtimer fires on the CPU the sleeper armed it on (the one it last ran on)
        Cpu c = k.cpus[t.cpu];
        if (c.stolen) {
            c.defer(Kernel.EV_TIMER, taskId, gen);
            return;
        }
        k.currentCpu = c.id;
        k.runner.account(c, k.engine.nowNs());
        k.sched.activate(t, false);
        irqExit(c);
    }

    /** Runs the interrupts that waited for a stolen vCPU to come back, in arrival order. */
    void replayDeferred(Cpu c) {
        k.currentCpu = c.id;
        boolean handled = false;
        if (c.tickPending) {
            c.tickPending = false;
            tick(c);
            handled = true;
        }
        if (c.ipiPending) {
            c.ipiPending = false;
            k.runner.account(c, k.engine.nowNs());
            irqExit(c);
            handled = true;
        }
        if (c.hasDeferred()) {
            long[] d = c.takeDeferred();
            for (int i = 0; i < d.length; i += 3) {
                if (d[i] == Kernel.EV_TIMER) {
                    timerFired((int) d[i + 1], d[i + 2]);
                } else {
                    rseqExpired((int) d[i + 1], d[i + 2]);
                }
                k.currentCpu = c.id;
            }
            handled = true;
        }
        if (!handled) {
            k.runner.resume(c);
        }
    }
}
