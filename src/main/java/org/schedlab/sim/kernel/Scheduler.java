package org.schedlab.sim.kernel;

import org.schedlab.model.MarkKind;
import org.schedlab.model.MarkReason;
import org.schedlab.model.Marks;
import org.schedlab.model.PreemptPoint;
import org.schedlab.model.ReschedCause;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * The scheduler proper: wake-up (placement, wake-up preemption), run-queue membership, the
 * fair class's update_curr(), and __schedule() with its switch accounting, preemption counts
 * and lock-holder bookkeeping.
 */
final class Scheduler {
    private final Kernel k;
    private String[] fromCpuNotes;

    Scheduler(Kernel kernel) {
        this.k = kernel;
    }

    // ------------------------------------------------------------------ wake-up and queues

    /** The wake-up proper: runnable, placed by {@link Balancer#selectCpu}, preemption check. */
    void activate(Task t, boolean isNew) {
        long now = k.engine.nowNs();
        t.timerGen++;
        t.state = TaskRunState.RUNNABLE;
        t.waitSinceNs = now;
        k.rec.taskState(t.id, now, TaskState.RUNNABLE);
        k.stats.wakeups++;
        Cpu target = k.cpus[k.balancer.selectCpu(t)];
        enqueue(target, t, isNew);
        checkPreemptWakeup(target, t);
    }

    /** Queues a new ({@code isNew}) or waking task on {@code c}. */
    void enqueue(Cpu c, Task t, boolean isNew) {
        enqueue(c, t, isNew ? Join.NEW : Join.WAKE);
    }

    /** How a task joins a run queue: placement differs (CFS: place_entity only for new and waking tasks). */
    private enum Join { NEW, WAKE, MIGRATE }

    private void enqueue(Cpu c, Task t, Join how) {
        int from = t.cpu;
        t.cpu = c.id;
        if (t.schedClass == SchedClass.FIFO) {
            c.fifo.addTail(t);
        } else if (c.fair.cfs()) {
            enqueueCfs(c, t, how, from);
        } else {
            c.fair.place(t, c.fairCurr(), k.cfg.baseSliceNs(), how == Join.NEW);
            c.fair.add(t);
        }
        k.queuedTasks++;
        k.balancer.refreshIdle(c);
        k.levelsChanged();
    }

    /**
     * enqueue_entity() of v5.10: update_curr() first; a task waking on another CPU than it
     * slept on keeps its vruntime relative to min_vruntime across the move (migrate_task_rq_fair);
     * new and waking tasks are placed (place_entity), a migrated queued task is not.
     */
    private void enqueueCfs(Cpu c, Task t, Join how, int from) {
        Task curr = c.fairCurr();
        if (curr != null && c.phase == Cpu.TASK) {
            k.runner.account(c, k.engine.nowNs());
            updateCurr(c, false);
        }
        if (how == Join.WAKE && from != c.id) {
            t.vruntime += c.fair.minVruntime() - k.cpus[from].fair.minVruntime();
        } else if (how == Join.MIGRATE) {
            t.vruntime += c.fair.minVruntime(); // made relative when it left its queue
        }
        if (how != Join.MIGRATE) {
            c.fair.placeCfs(t, curr, how == Join.NEW);
        }
        c.fair.add(t);
    }

    /** Removes a queued task (migration); keeps its lag (EEVDF) or relative vruntime (CFS). */
    private void dequeueQueued(Cpu c, Task t) {
        if (t.schedClass == SchedClass.FIFO) {
            c.fifo.remove(t);
        } else if (c.fair.cfs()) {
            // dequeue_entity(): update_curr(), vruntime made relative, then update_min_vruntime()
            Task curr = c.fairCurr();
            if (curr != null && c.phase == Cpu.TASK) {
                k.runner.account(c, k.engine.nowNs());
                updateCurr(c, false);
            }
            c.fair.remove(t);
            t.vruntime -= c.fair.minVruntime();
            c.fair.updateMinVruntime(curr);
        } else {
            c.fair.saveLag(t, c.fairCurr(), k.cfg.baseSliceNs(), k.cfg.tickNs());
            c.fair.remove(t);
        }
        k.queuedTasks--;
        k.balancer.refreshIdle(c);
        k.levelsChanged();
    }

    /** Load balancing moves a queued task from {@code src} to {@code dst}. */
    void migrateQueued(Cpu src, Cpu dst, Task t) {
        dequeueQueued(src, t);
        long relDeadline = t.deadline - t.vruntime;
        enqueue(dst, t, Join.MIGRATE);
        if (t.schedClass == SchedClass.FAIR && !dst.fair.cfs()) {
            dst.fair.setDeadline(t, t.vruntime + relDeadline); // PLACE_REL_DEADLINE on migration
        }
    }

    /** check_preempt_curr() for a task just woken onto {@code c}. */
    void checkPreemptWakeup(Cpu c, Task t) {
        checkPreempt(c, t, true);
    }

    /**
     * attach_task()'s check_preempt_curr() for a task load balancing just moved onto the busy
     * CPU {@code c}: the wake-up rule, without a wake-up (no wake-up mark; a preemption it asks
     * for is {@link ReschedCause#BALANCE_PREEMPT}, or {@link ReschedCause#BALANCE_FIFO} for a
     * FIFO task, which the kernel would have moved with its RT push/pull instead).
     */
    void checkPreemptPulled(Cpu c, Task t) {
        checkPreempt(c, t, false);
    }

    private void checkPreempt(Cpu c, Task t, boolean wakeup) {
        Task curr = c.curr;
        if (curr == null) {
            k.irq.reschedCurr(c, false, wakeup ? ReschedCause.WAKEUP_IDLE : ReschedCause.IDLE_PULL);
            wakeMark(wakeup, c, t, ReschedCause.WAKEUP_IDLE, true);
            return;
        }
        ReschedCause preempts = wakeup ? ReschedCause.WAKEUP_PREEMPT : ReschedCause.BALANCE_PREEMPT;
        if (t.schedClass == SchedClass.FIFO) {
            if (curr.schedClass == SchedClass.FAIR || curr.rtPriority < t.rtPriority) {
                boolean pending = c.nr;
                k.irq.reschedCurr(c, false, wakeup ? ReschedCause.WAKEUP_FIFO : ReschedCause.BALANCE_FIFO);
                wakeMark(wakeup, c, t, pending ? ReschedCause.WAKEUP_ALREADY_PENDING : ReschedCause.WAKEUP_FIFO,
                        !pending);
            } else {
                wakeMark(wakeup, c, t, ReschedCause.WAKEUP_BEHIND_FIFO, false);
            }
            return;
        }
        if (curr.schedClass == SchedClass.FIFO || c.nr) {
            wakeMark(wakeup, c, t, c.nr ? ReschedCause.WAKEUP_ALREADY_PENDING : ReschedCause.WAKEUP_BEHIND_FIFO,
                    false);
            return;
        }
        if (c.fair.cfs()) {
            checkPreemptCfs(c, t, curr, wakeup, preempts);
            return;
        }
        k.runner.account(c, k.engine.nowNs());
        boolean flaggedBefore = c.lazy;
        if (c.phase == Cpu.TASK) {
            updateCurr(c, true);
        }
        if (!flaggedBefore && (c.nr || c.lazy)) {
            // update_curr() found curr past its slice: this wake-up is what asked for the switch
            wakeMark(wakeup, c, t, ReschedCause.SLICE_EXPIRED_WAKEUP, true);
            if (c.nr) {
                return;
            }
        }
        if (c.nr) {
            wakeMark(wakeup, c, t, ReschedCause.WAKEUP_ALREADY_PENDING, false);
            return;
        }
        if (c.lazy) {
            return; // lazy already pending (recorded above when this wake-up set it)
        }
        if (c.fair.pick(curr, true) == t) {
            boolean pending = c.lazy;
            k.irq.reschedCurr(c, true, preempts);
            wakeMark(wakeup, c, t,
                    pending && c.lazy ? ReschedCause.WAKEUP_ALREADY_PENDING : ReschedCause.WAKEUP_PREEMPT,
                    !(pending && c.lazy));
        } else {
            wakeMark(wakeup, c, t, ReschedCause.WAKEUP_NO_PREEMPT, false);
            // update_protect_slice(): RUN_TO_PARITY with equal slices keeps the protection
            curr.vprot = Math.min(curr.vprot,
                    curr.vruntime + FairRunqueue.vslice(k.cfg.baseSliceNs(), curr.weight));
        }
    }

    /**
     * check_preempt_wakeup() of v5.10: the woken (or pulled) task preempts when the running one
     * is more than the wake-up granularity ahead of it in vruntime, and becomes the next buddy;
     * with at least sched_nr_latency tasks on the queue the preempted task becomes the last buddy.
     */
    private void checkPreemptCfs(Cpu c, Task t, Task curr, boolean wakeup, ReschedCause preempts) {
        k.runner.account(c, k.engine.nowNs());
        if (c.phase == Cpu.TASK) {
            updateCurr(c, false);
        }
        if (c.fair.wakeupPreemptEntity(curr, t) == 1) {
            c.fair.setNext(t); // "bias pick_next to the entity triggering this preemption"
            boolean pending = c.lazy;
            k.irq.reschedCurr(c, true, preempts);
            wakeMark(wakeup, c, t,
                    pending && c.lazy ? ReschedCause.WAKEUP_ALREADY_PENDING : ReschedCause.WAKEUP_PREEMPT,
                    !(pending && c.lazy));
            if (c.fair.size() + 1 >= CfsTunables.NR_LATENCY) {
                c.fair.setLast(curr);
            }
        } else {
            wakeMark(wakeup, c, t, ReschedCause.WAKEUP_NO_PREEMPT, false);
        }
    }

    /** A wake-up's mark; a pulled task's check records none (it is not a wake-up). */
    private void wakeMark(boolean wakeup, Cpu c, Task t, ReschedCause cause, boolean flagged) {
        if (wakeup) {
            wakeMark(c, t, cause, flagged);
        }
    }

    /**
     * Records what a wake-up on {@code c} decided (teaching: step through wake-ups with the rule
     * that applied). {@code flagged}: this wake-up set a flag, read back from the CPU (lazy, IPI).
     */
    private void wakeMark(Cpu c, Task t, ReschedCause cause, boolean flagged) {
        long now = k.engine.nowNs();
        if (!k.rec.recording(now)) {
            return;
        }
        boolean lazy = flagged && c.lazy && !c.nr;
        k.rec.mark(MarkKind.WAKEUP, now, c.id, t.id,
                k.currentCpu >= 0 && k.currentCpu != c.id ? fromCpuNote(k.currentCpu) : "",
                MarkReason.code(cause, PreemptPoint.NOT_A_SWITCH, lazy, false, flagged && c.whyIpi),
                waker());
    }

    /**
     * Who called try_to_wake_up(), as perf's sched_waking line names it: the task current on the
     * CPU in whose context the wake-up runs ({@link Kernel#currentCpu}) - the releasing task of
     * a lock, the client writing to its backend, also the task a timer interrupt on a busy CPU
     * interrupted (the kernel's hrtimer runs in that task's context) - {@link Marks#IDLE_WAKER}
     * when that CPU idles (a timer on an idle CPU), or {@link Marks#NO_WAKER} when the wake-up
     * runs in no CPU's context: an event the model keeps off the simulated CPUs (uperf's guest
     * retransmission timer, which fires in no simulated CPU's context).
     */
    private int waker() {
        if (k.currentCpu < 0) {
            return Marks.NO_WAKER;
        }
        Task curr = k.cpus[k.currentCpu].curr;
        return curr == null ? Marks.IDLE_WAKER : curr.id;
    }

    /** "from CPU n", one string per CPU: a busy run records hundreds of thousands of wake-ups. */
    private String fromCpuNote(int cpu) {
        if (fromCpuNotes == null) {
            fromCpuNotes = new String[k.cpus.length];
        }
        String n = fromCpuNotes[cpu];
        if (n == null) {
            n = "from CPU " + cpu;
            fromCpuNotes[cpu] = n;
        }
        return n;
    }

    /** update_curr() for the fair task running on {@code c} (its CPU time was just accounted). */
    void updateCurr(Cpu c, boolean mayResched) {
        Task t = c.curr;
        long delta = t.sumExecNs - t.lastUpdateExecNs;
        if (delta <= 0) {
            // update_curr() returns at once when no CPU time passed since the last call: a
            // second call at one instant (a pull's check right after the tick's, two wake-ups at
            // one nanosecond) asks for nothing, and the pick alone decides
            return;
        }
        t.lastUpdateExecNs = t.sumExecNs;
        t.vruntime += FairRunqueue.calcDeltaFair(delta, t.weight);
        if (c.fair.cfs()) {
            c.fair.updateMinVruntime(t); // CFS's update_curr() asks for no switch itself
            return;
        }
        boolean resched = false;
        if (t.vruntime >= t.deadline) {
            t.deadline = t.vruntime + FairRunqueue.vslice(k.cfg.baseSliceNs(), t.weight);
            resched = true;
        }
        if (!mayResched || c.fair.size() == 0) {
            return;
        }
        if (resched || t.vruntime >= t.vprot) {
            k.irq.reschedCurr(c, true, k.irq.inTick ? ReschedCause.SLICE_EXPIRED_TICK
                    : ReschedCause.SLICE_EXPIRED_WAKEUP);
        }
    }

    /** entity_tick() for the fair task running on {@code c}. */
    void entityTick(Cpu c) {
        if (!c.fair.cfs()) {
            updateCurr(c, true); // EEVDF: update_deadline() asks for the switch at the slice's end
            return;
        }
        updateCurr(c, false);
        if (c.fair.size() > 0) {
            checkPreemptTick(c);
        }
    }

    /**
     * check_preempt_tick() of v5.10: switch once the task has run its sched_slice() since it was
     * picked, or - after at least min_granularity - when it is more than a slice ahead of the
     * leftmost queued task in vruntime.
     */
    private void checkPreemptTick(Cpu c) {
        Task curr = c.curr;
        long ideal = c.fair.sliceNs(curr, curr);
        long ran = curr.sumExecNs - curr.prevSumExecNs;
        if (ran > ideal) {
            k.irq.reschedCurr(c, true, ReschedCause.SLICE_EXPIRED_TICK);
            c.fair.clearBuddies(curr);
            return;
        }
        if (ran < c.fair.cfsTunables().minGranularityNs()) {
            return;
        }
        if (curr.vruntime - c.fair.leftmostVruntime() > ideal) {
            k.irq.reschedCurr(c, true, ReschedCause.SLICE_EXPIRED_TICK);
        }
    }

    /** sched_yield() of a fair task running on {@code c}. */
    void yieldFair(Cpu c, Task t) {
        if (!c.fair.cfs()) {
            t.deadline += FairRunqueue.vslice(k.cfg.baseSliceNs(), t.weight);
            return;
        }
        if (c.fair.size() > 0) { // yield_task_fair(): nothing to do alone on the queue
            c.fair.clearBuddies(t);
            c.fair.setSkip(t);
        }
    }

    // ------------------------------------------------------------------ schedule

    /**
     * __schedule() on {@code c}: the running task either left (its state already set to
     * sleeping, blocked or exited) or is still RUNNING and goes back to its queue (preempted or
     * yielding, per {@code reason}). Picks FIFO before fair, pulls work when it would go idle,
     * and charges {@code ctxSwitchUs} of kernel time to the incoming task's switch.
     */
    void schedule(Cpu c, int reason) {
        long now = k.engine.nowNs();
        k.runner.account(c, now);
        Task prev = c.curr;
        int why = c.takeWhy(Reason.point(reason));
        c.nr = false;
        c.lazy = false;
        boolean prevRunnable = prev != null && prev.state == TaskRunState.RUNNING;
        if (prev != null) {
            if (prev.schedClass == SchedClass.FAIR) {
                if (c.phase == Cpu.TASK) {
                    updateCurr(c, false);
                }
                if (!prevRunnable) {
                    if (c.fair.cfs()) {
                        // dequeue_entity() of a sleeping task: min_vruntime moves to the leftmost
                        c.fair.clearBuddies(prev);
                        c.fair.updateMinVruntime(null);
                    } else {
                        c.fair.saveLag(prev, prev, k.cfg.baseSliceNs(), k.cfg.tickNs());
                    }
                }
            }
            if (prev.observing) {
                k.runner.stopObserving(prev);
            }
            prev.rseqGranted = false;
            if (prev.stepStarted || !prev.rseqBegunWithStep) {
                // the exit to user after a switch clears slice_ctrl: a section that was switched
                // out loses its request (one set for a step not started yet is written after it)
                prev.rseqRequest = false;
            }
        }
        Task next = pickNext(c, prevRunnable ? prev : null, reason == Reason.YIELD);
        if (next == null) {
            Task pulled = k.balancer.newIdlePull(c);
            if (pulled != null) {
                next = pickNext(c, null, false);
            }
        }
        if (prevRunnable && next == prev) {
            // asked to reschedule, but the pick keeps prev: no switch
            if (c.phase == Cpu.TASK && prev.syscallHeld) {
                k.runner.runHeldSyscall(c, prev);
            } else if (c.phase == Cpu.TASK) {
                k.runner.startStep(c, prev);
            } else {
                k.runner.resume(c);
            }
            return;
        }
        if (prev != null) {
            switchOut(c, prev, prevRunnable, reason, why);
        } else {
            k.idleCpus--;
        }
        c.cancelEvent();
        if (next == null) {
            c.curr = null;
            c.phase = Cpu.IDLE;
            k.idleCpus++;
            k.balancer.refreshIdle(c);
            k.levelsChanged();
            k.rec.cpuState(c.id, now, -1, SliceState.IDLE);
            if (c.sibling != null) {
                k.runner.smtChanged(c);
            }
            return;
        }
        if (next.schedClass == SchedClass.FIFO) {
            c.fifo.remove(next);
        } else {
            c.fair.remove(next);
            next.vprot = next.deadline;
            next.prevSumExecNs = next.sumExecNs;
            next.lastUpdateExecNs = next.sumExecNs;
        }
        k.queuedTasks--;
        c.curr = next;
        next.state = TaskRunState.RUNNING;
        next.cpu = c.id;
        k.rec.taskState(next.id, now, TaskState.RUNNING);
        if (next.offCpuSinceNs >= 0) {
            holdersOnCpu(next);
        }
        c.phase = Cpu.SWITCH;
        c.switchRemainingNs = k.cfg.ctxSwitchNs();
        k.balancer.refreshIdle(c);
        k.levelsChanged();
        k.rec.cpuState(c.id, now, next.id, SliceState.KERNEL);
        k.runner.decideAhead(next);
        k.runner.resume(c);
    }

    private void switchOut(Cpu c, Task prev, boolean runnable, int reason, int why) {
        long now = k.engine.nowNs();
        prev.switches++;
        k.stats.groupSwitches[prev.commGroup]++;
        prev.lastRanNs = now;
        if (runnable) {
            prev.state = TaskRunState.RUNNABLE;
            prev.waitSinceNs = now;
            if (prev.schedClass == SchedClass.FIFO) {
                if (reason == Reason.YIELD) {
                    c.fifo.addTail(prev);
                } else {
                    c.fifo.addHead(prev);
                }
            } else {
                c.fair.add(prev);
            }
            k.queuedTasks++;
            k.rec.taskState(prev.id, now, TaskState.RUNNABLE);
            if (reason == Reason.YIELD) {
                k.stats.voluntary++;
            } else {
                k.stats.involuntary++;
                boolean inKernel = Reason.inKernel(reason);
                if (inKernel) {
                    k.stats.inKernel++;
                }
                if (prev.heldCount > 0) {
                    k.stats.lockHolder++;
                }
                if (k.rec.recording(now)) {
                    k.rec.mark(MarkKind.PREEMPTION, now, c.id, prev.id, prev.heldCount > 0
                            ? Reason.note(reason) + ", holding " + prev.held[0].name() : Reason.note(reason), why);
                }
            }
            if (prev.heldCount > 0) {
                holdersOffCpu(prev, c.id, false);
            }
        } else {
            k.stats.voluntary++;
            // as a recording's switch-out reads: D (I/O, a kernel rwsem) "blocked", S "sleeping";
            // whether a timer or another task ends the wait does not decide it
            k.rec.taskState(prev.id, now, prev.uninterruptible ? TaskState.BLOCKED : TaskState.SLEEPING);
            if (prev.state == TaskRunState.EXITED) {
                k.rec.taskExited(prev.id, now);
            }
        }
    }

    private Task pickNext(Cpu c, Task prevRunnable, boolean yielding) {
        Task f = c.fifo.peek();
        if (prevRunnable != null && prevRunnable.schedClass == SchedClass.FIFO) {
            boolean other = f != null && (f.rtPriority > prevRunnable.rtPriority
                    || (yielding && f.rtPriority == prevRunnable.rtPriority));
            return other ? f : prevRunnable;
        }
        if (f != null) {
            return f;
        }
        Task curr = prevRunnable != null ? prevRunnable : null;
        if (c.fair.size() == 0) {
            return curr;
        }
        return c.fair.pick(curr, true);
    }

    // ------------------------------------------------------------------ lock holders

    void holdersOffCpu(Task t, int cpu, boolean stolen) {
        long now = k.engine.nowNs();
        t.offCpuSinceNs = now;
        for (int i = 0; i < t.heldCount; i++) {
            t.held[i].holderOffCpu(t, now, cpu, stolen);
        }
    }

    void holdersOnCpu(Task t) {
        long now = k.engine.nowNs();
        for (int i = 0; i < t.heldCount; i++) {
            t.held[i].holderOnCpu(t, now);
        }
        t.offCpuSinceNs = -1;
    }
}
