package org.schedlab.sim.kernel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.schedlab.model.MarkKind;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.EventHandler;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.record.Recorder;
import org.schedlab.sim.sync.LockStats;

/**
 * The simulated kernel: CPUs, run queues, the tick, wake-ups, the two resched flags and the
 * preemption points of the four models (KERNEL-FACTS section 1), the rseq slice extension and
 * the hypervisor underneath. {@link StepRunner} executes program steps; {@link Balancer} places
 * and pulls tasks; {@link Hypervisor} steals vCPUs.
 *
 * <p>Every method runs in the context of a CPU ({@link #currentCpu}) or of none (-1, e.g. a
 * lock timer): a resched request for another CPU is "remote" and sends an IPI when it is a
 * NEED_RESCHED, nothing when it is LAZY.
 */
public final class Kernel implements EventHandler {
    static final int EV_CPU = 0;
    static final int EV_TICK = 1;
    static final int EV_IPI = 2;
    static final int EV_TIMER = 3;
    static final int EV_STEAL = 4;
    static final int EV_RSEQ = 5;
    static final int EV_MEASURE = 6;

    final Engine engine;
    final MachineConfig cfg;
    final PreemptionModel model;
    final Cpu[] cpus;
    final List<Task> tasks = new ArrayList<>();
    final Sites sites = new Sites();
    final SimStats stats = new SimStats();
    final Recorder rec;
    final RandomStreams streams;
    final StepRunner runner;
    final Balancer balancer;
    final Hypervisor hypervisor;
    private final List<LockStats> locks = new ArrayList<>();

    int currentCpu = -1;
    int idleCpus;
    int queuedTasks;
    int spinningCpus;
    private boolean started;
    private boolean measuring;

    public Kernel(Engine engine, MachineConfig cfg, RandomStreams streams, Recorder recorder) {
        this.engine = engine;
        this.cfg = cfg;
        this.model = cfg.preemption();
        this.streams = streams;
        this.rec = recorder;
        this.cpus = new Cpu[cfg.cpus()];
        for (int i = 0; i < cpus.length; i++) {
            cpus[i] = new Cpu(i);
        }
        this.idleCpus = cpus.length;
        this.runner = new StepRunner(this);
        this.balancer = new Balancer(this);
        this.hypervisor = new Hypervisor(this);
    }

    // ------------------------------------------------------------------ public API

    public long nowNs() {
        return engine.nowNs();
    }

    public Engine engine() {
        return engine;
    }

    public MachineConfig config() {
        return cfg;
    }

    public Sites sites() {
        return sites;
    }

    public Site site(String name) {
        return sites.site(name);
    }

    public SimStats stats() {
        return stats;
    }

    public Recorder recorder() {
        return rec;
    }

    public RandomStreams randomStreams() {
        return streams;
    }

    public int cpuCount() {
        return cpus.length;
    }

    public Cpu cpu(int i) {
        return cpus[i];
    }

    public List<Task> tasks() {
        return Collections.unmodifiableList(tasks);
    }

    /** True from the end of warm-up on: statistics count. */
    public boolean measuring() {
        return measuring;
    }

    /** Creates a task; before {@link #start} it waits for the first schedule, after it is woken as new. */
    public Task createTask(TaskSpec spec, Program program) {
        int id = tasks.size();
        int group = stats.group(spec.comm());
        stats.groupTasks[group]++;
        Task t = new Task(this, id, spec, group, program,
                streams.stream("task " + spec.comm() + " " + spec.tid()));
        t.cpu = spec.cpuHint() >= 0 ? spec.cpuHint() % cpus.length : id % cpus.length;
        tasks.add(t);
        rec.taskCreated(t.id, t.tid, t.pid, t.comm);
        if (started) {
            activate(t, true);
        } else {
            int target = balancer.selectCpu(t);
            t.state = TaskRunState.RUNNABLE;
            t.waitSinceNs = engine.nowNs();
            enqueue(cpus[target], t, true);
            rec.taskState(t.id, engine.nowNs(), TaskState.RUNNABLE);
        }
        return t;
    }

    /** Registers a lock so the summary lists it (LockStats does this itself). */
    public void registerLock(LockStats lock) {
        locks.add(lock);
    }

    public List<LockStats> locks() {
        return Collections.unmodifiableList(locks);
    }

    /**
     * Starts the machine at time 0: the periodic tick, the hypervisor, the end of warm-up, and a
     * first schedule on every CPU.
     */
    public void start(long warmupNs) {
        if (started) {
            throw new IllegalStateException("kernel already started");
        }
        started = true;
        long now = engine.nowNs();
        for (Cpu c : cpus) {
            c.segStartNs = now;
            rec.cpuState(c.id, now, -1, SliceState.IDLE);
        }
        stats.reset(now);
        stats.levels(now, idleCpus, queuedTasks);
        engine.at(now + cfg.tickNs(), this, EV_TICK, 0, 0);
        if (warmupNs > 0) {
            engine.at(now + warmupNs, this, EV_MEASURE, 0, 0);
        } else {
            measuring = true;
        }
        hypervisor.start();
        for (Cpu c : cpus) {
            if (c.queued() > 0) {
                currentCpu = c.id;
                schedule(c, Reason.IDLE);
            }
        }
        currentCpu = -1;
    }

    /** Accounts every CPU up to the current time: call once the engine has run to the end. */
    public void finish() {
        long now = engine.nowNs();
        for (Cpu c : cpus) {
            runner.account(c, now);
        }
        levelsChanged();
        for (LockStats l : locks) {
            l.flushRecording(now, tasks);
        }
        rec.finish(now);
    }

    /**
     * try_to_wake_up() from the current context. A blocked task becomes runnable, is placed and
     * may preempt; a task not blocked yet keeps the wake-up for its next {@code block()} (the
     * futex value check), a timed sleeper is not cut short.
     */
    public void wake(Task t) {
        if (t.state == TaskRunState.BLOCKED) {
            activate(t, false);
        } else if (t.state != TaskRunState.EXITED) {
            t.wakePending = true;
        }
    }

    /**
     * Ends the spin of {@code t} after {@code ns} more of its on-CPU time (the time to see the
     * lock free and win it): the spin step completes and its program runs. A lock calls this
     * for a spinner that is observing.
     */
    public void endSpinAfter(Task t, long ns) {
        if (t.stepKind != Step.SPIN) {
            throw new IllegalStateException(t + " is not spinning");
        }
        if (t.state == TaskRunState.RUNNING && t.stepStarted) {
            Cpu c = cpus[t.cpu];
            runner.account(c, engine.nowNs());
            if (ns < t.remainingNs) {
                t.remainingNs = ns;
                runner.resume(c);
            }
        } else if (ns < t.remainingNs) {
            t.remainingNs = ns;
        }
    }

    // ------------------------------------------------------------------ events

    @Override
    public void onEvent(long now, int kind, int target, long data) {
        switch (kind) {
            case EV_CPU: {
                Cpu c = cpus[target];
                if (c.gen != data || c.stolen) {
                    engine.uncountStale();
                    return;
                }
                c.eventAtNs = Cpu.NO_EVENT;
                currentCpu = target;
                runner.activityDue(c);
                break;
            }
            case EV_TICK:
                tickAll(now);
                break;
            case EV_IPI: {
                Cpu c = cpus[target];
                if (c.stolen) {
                    c.ipiPending = true;
                    return;
                }
                currentCpu = target;
                runner.account(c, now);
                irqExit(c);
                break;
            }
            case EV_TIMER:
                timerFired(target, data);
                break;
            case EV_STEAL:
                hypervisor.onEvent(target, data);
                break;
            case EV_RSEQ:
                rseqExpired(target, data);
                break;
            case EV_MEASURE:
                startMeasuring(now);
                break;
            default:
                throw new IllegalStateException("unknown kernel event kind " + kind);
        }
        currentCpu = -1;
    }

    private void startMeasuring(long now) {
        for (Cpu c : cpus) {
            runner.account(c, now);
        }
        levelsChanged();
        stats.reset(now);
        stats.levels(now, idleCpus, queuedTasks);
        for (LockStats l : locks) {
            l.reset();
        }
        measuring = true;
    }

    // ------------------------------------------------------------------ tick

    private void tickAll(long now) {
        for (Cpu c : cpus) {
            if (c.stolen) {
                c.tickPending = true;
            } else {
                currentCpu = c.id;
                tick(c);
            }
        }
        currentCpu = -1;
        engine.at(now + cfg.tickNs(), this, EV_TICK, 0, 0);
    }

    /** sched_tick(): lazy upgrade first, then the fair class's entity_tick, then balance. */
    void tick(Cpu c) {
        runner.account(c, engine.nowNs());
        if (model.lazy() && c.lazy && !c.nr) {
            reschedCurr(c, false);
        }
        if (c.phase == Cpu.TASK && c.curr.schedClass == SchedClass.FAIR) {
            updateCurr(c, true);
        }
        c.ticks++;
        balancer.onTick(c);
        irqExit(c);
    }

    // ------------------------------------------------------------------ resched flags

    /**
     * resched_curr() / resched_curr_lazy(): {@code fairRequest} is a fair-class request, which
     * sets LAZY under the lazy model; the idle task always gets NEED_RESCHED. A remote NR sends
     * an IPI; a remote LAZY sends nothing and waits for the target's tick or return to user.
     */
    void reschedCurr(Cpu c, boolean fairRequest) {
        boolean lazyFlag = fairRequest && model.lazy() && c.curr != null;
        if (c.nr || (lazyFlag && c.lazy)) {
            return;
        }
        if (lazyFlag) {
            c.lazy = true;
            return;
        }
        c.nr = true;
        if (c.id != currentCpu) {
            stats.ipis++;
            engine.after(cfg.wakeupIpiNs(), this, EV_IPI, c.id, 0);
        }
        Task t = c.curr;
        if (t != null && c.phase == Cpu.TASK && t.stepKind == Step.SPIN && t.spinInKernel && t.observing) {
            t.spinTarget.needReschedWhileSpinning(t, engine.nowNs());
        }
    }

    /** update_curr() for the fair task running on {@code c} (its CPU time was just accounted). */
    void updateCurr(Cpu c, boolean mayResched) {
        Task t = c.curr;
        long delta = t.sumExecNs - t.lastUpdateExecNs;
        t.lastUpdateExecNs = t.sumExecNs;
        if (delta > 0) {
            t.vruntime += FairRunqueue.calcDeltaFair(delta, t.weight);
        }
        boolean resched = false;
        if (t.vruntime >= t.deadline) {
            t.deadline = t.vruntime + FairRunqueue.vslice(cfg.baseSliceNs(), t.weight);
            resched = true;
        }
        if (!mayResched || c.fair.size() == 0) {
            return;
        }
        if (resched || t.vruntime >= t.vprot) {
            reschedCurr(c, true);
        }
    }

    // ------------------------------------------------------------------ interrupts

    /**
     * Interrupt exit on {@code c} (its time already accounted): the preemption point of
     * irqentry_exit. To user: schedule on either flag unless an rseq extension is granted (or
     * can be granted now). To kernel: schedule on NR under full/lazy when preempt_count is 0.
     */
    void irqExit(Cpu c) {
        if (c.phase == Cpu.IDLE) {
            if (c.nr || c.lazy) {
                schedule(c, Reason.IDLE);
            } else {
                runner.resume(c);
            }
            return;
        }
        if (c.phase == Cpu.SWITCH) {
            runner.resume(c);
            return;
        }
        Task t = c.curr;
        if (t.inUserMode()) {
            if (c.nr || c.lazy) {
                if (t.rseqGranted) {
                    runner.resume(c);
                    return;
                }
                if (t.rseqRequest && cfg.rseqSliceExtNs() > 0) {
                    grantSliceExtension(t);
                    runner.resume(c);
                    return;
                }
                schedule(c, Reason.IRQ_USER);
                return;
            }
        } else if (c.nr && model.preemptsKernel() && !t.atomicNow()) {
            schedule(c, Reason.IRQ_KERNEL);
            return;
        }
        runner.resume(c);
    }

    private void grantSliceExtension(Task t) {
        t.rseqGranted = true;
        t.rseqRequest = false;
        t.rseqGen++;
        stats.rseqGrants++;
        engine.after(cfg.rseqSliceExtNs(), this, EV_RSEQ, t.id, t.rseqGen);
    }

    private void rseqExpired(int taskId, long gen) {
        Task t = tasks.get(taskId);
        if (!t.rseqGranted || t.rseqGen != gen) {
            engine.uncountStale();
            return;
        }
        if (t.state != TaskRunState.RUNNING) {
            t.rseqGranted = false;
            return;
        }
        Cpu c = cpus[t.cpu];
        if (c.stolen) {
            c.defer(EV_RSEQ, taskId, gen);
            return;
        }
        currentCpu = c.id;
        runner.account(c, engine.nowNs());
        t.rseqGranted = false;
        irqExit(c);
    }

    /** A syscall (or a wake-up, which is one) revokes a granted slice extension. */
    void syscallEntered(Task t) {
        t.rseqGranted = false;
    }

    private void timerFired(int taskId, long gen) {
        Task t = tasks.get(taskId);
        if (t.timerGen != gen || t.state != TaskRunState.SLEEPING) {
            engine.uncountStale();
            return;
        }
        // the hrtimer fires on the CPU the sleeper armed it on (the one it last ran on)
        Cpu c = cpus[t.cpu];
        if (c.stolen) {
            c.defer(EV_TIMER, taskId, gen);
            return;
        }
        currentCpu = c.id;
        runner.account(c, engine.nowNs());
        activate(t, false);
        irqExit(c);
    }

    /** Runs the interrupts that waited for a stolen vCPU to come back, in arrival order. */
    void replayDeferred(Cpu c) {
        currentCpu = c.id;
        boolean handled = false;
        if (c.tickPending) {
            c.tickPending = false;
            tick(c);
            handled = true;
        }
        if (c.ipiPending) {
            c.ipiPending = false;
            runner.account(c, engine.nowNs());
            irqExit(c);
            handled = true;
        }
        if (c.hasDeferred()) {
            long[] d = c.takeDeferred();
            for (int i = 0; i < d.length; i += 3) {
                if (d[i] == EV_TIMER) {
                    timerFired((int) d[i + 1], d[i + 2]);
                } else {
                    rseqExpired((int) d[i + 1], d[i + 2]);
                }
                currentCpu = c.id;
            }
            handled = true;
        }
        if (!handled) {
            runner.resume(c);
        }
    }

    // ------------------------------------------------------------------ wake-up and queues

    /** The wake-up proper: runnable, placed by {@link Balancer#selectCpu}, preemption check. */
    void activate(Task t, boolean isNew) {
        long now = engine.nowNs();
        t.timerGen++;
        t.state = TaskRunState.RUNNABLE;
        t.waitSinceNs = now;
        rec.taskState(t.id, now, TaskState.RUNNABLE);
        stats.wakeups++;
        Cpu target = cpus[balancer.selectCpu(t)];
        enqueue(target, t, isNew);
        checkPreemptWakeup(target, t);
    }

    void enqueue(Cpu c, Task t, boolean isNew) {
        t.cpu = c.id;
        if (t.schedClass == SchedClass.FIFO) {
            c.fifo.addTail(t);
        } else {
            c.fair.place(t, c.fairCurr(), cfg.baseSliceNs(), isNew);
            c.fair.add(t);
        }
        queuedTasks++;
        balancer.refreshIdle(c);
        levelsChanged();
    }

    /** Removes a queued task (migration); keeps its lag for the next placement. */
    void dequeueQueued(Cpu c, Task t) {
        if (t.schedClass == SchedClass.FIFO) {
            c.fifo.remove(t);
        } else {
            c.fair.saveLag(t, c.fairCurr(), cfg.baseSliceNs(), cfg.tickNs());
            c.fair.remove(t);
        }
        queuedTasks--;
        balancer.refreshIdle(c);
        levelsChanged();
    }

    /** check_preempt_curr() for a task just queued on {@code c}. */
    void checkPreemptWakeup(Cpu c, Task t) {
        Task curr = c.curr;
        if (curr == null) {
            reschedCurr(c, false);
            return;
        }
        if (t.schedClass == SchedClass.FIFO) {
            if (curr.schedClass == SchedClass.FAIR || curr.rtPriority < t.rtPriority) {
                reschedCurr(c, false);
            }
            return;
        }
        if (curr.schedClass == SchedClass.FIFO || c.nr) {
            return;
        }
        runner.account(c, engine.nowNs());
        if (c.phase == Cpu.TASK) {
            updateCurr(c, true);
        }
        if (c.nr) {
            return;
        }
        if (c.fair.pick(curr, true) == t) {
            reschedCurr(c, true);
        } else {
            // update_protect_slice(): RUN_TO_PARITY with equal slices keeps the protection
            curr.vprot = Math.min(curr.vprot,
                    curr.vruntime + FairRunqueue.vslice(cfg.baseSliceNs(), curr.weight));
        }
    }

    void levelsChanged() {
        long now = engine.nowNs();
        stats.levels(now, idleCpus, queuedTasks);
        rec.levels(now, queuedTasks, spinningCpus);
    }

    // ------------------------------------------------------------------ schedule

    /**
     * __schedule() on {@code c}: the running task either left (its state already set to
     * sleeping, blocked or exited) or is still RUNNING and goes back to its queue (preempted or
     * yielding, per {@code reason}). Picks FIFO before fair, pulls work when it would go idle,
     * and charges {@code ctxSwitchUs} of kernel time to the incoming task's switch.
     */
    void schedule(Cpu c, int reason) {
        long now = engine.nowNs();
        runner.account(c, now);
        Task prev = c.curr;
        c.nr = false;
        c.lazy = false;
        boolean prevRunnable = prev != null && prev.state == TaskRunState.RUNNING;
        if (prev != null) {
            if (prev.schedClass == SchedClass.FAIR) {
                if (c.phase == Cpu.TASK) {
                    updateCurr(c, false);
                }
                if (!prevRunnable) {
                    c.fair.saveLag(prev, prev, cfg.baseSliceNs(), cfg.tickNs());
                }
            }
            if (prev.observing) {
                runner.stopObserving(prev);
            }
            prev.rseqGranted = false;
        }
        Task next = pickNext(c, prevRunnable ? prev : null, reason == Reason.YIELD);
        if (next == null) {
            Task pulled = balancer.newIdlePull(c);
            if (pulled != null) {
                next = pickNext(c, null, false);
            }
        }
        if (prevRunnable && next == prev) {
            // asked to reschedule, but the pick keeps prev: no switch
            if (c.phase == Cpu.TASK) {
                runner.startStep(c, prev);
            } else {
                runner.resume(c);
            }
            return;
        }
        if (prev != null) {
            switchOut(c, prev, prevRunnable, reason);
        } else {
            idleCpus--;
        }
        c.cancelEvent();
        if (next == null) {
            c.curr = null;
            c.phase = Cpu.IDLE;
            idleCpus++;
            balancer.refreshIdle(c);
            levelsChanged();
            rec.cpuState(c.id, now, -1, SliceState.IDLE);
            return;
        }
        if (next.schedClass == SchedClass.FIFO) {
            c.fifo.remove(next);
        } else {
            c.fair.remove(next);
            next.vprot = next.deadline;
            next.lastUpdateExecNs = next.sumExecNs;
        }
        queuedTasks--;
        c.curr = next;
        next.state = TaskRunState.RUNNING;
        next.cpu = c.id;
        rec.taskState(next.id, now, TaskState.RUNNING);
        if (next.offCpuSinceNs >= 0) {
            holdersOnCpu(next);
        }
        c.phase = Cpu.SWITCH;
        c.switchRemainingNs = cfg.ctxSwitchNs();
        balancer.refreshIdle(c);
        levelsChanged();
        rec.cpuState(c.id, now, next.id, SliceState.KERNEL);
        runner.resume(c);
    }

    private void switchOut(Cpu c, Task prev, boolean runnable, int reason) {
        long now = engine.nowNs();
        prev.switches++;
        stats.groupSwitches[prev.commGroup]++;
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
            queuedTasks++;
            rec.taskState(prev.id, now, TaskState.RUNNABLE);
            if (reason == Reason.YIELD) {
                stats.voluntary++;
            } else {
                stats.involuntary++;
                boolean inKernel = Reason.inKernel(reason);
                if (inKernel) {
                    stats.inKernel++;
                }
                if (prev.heldCount > 0) {
                    stats.lockHolder++;
                }
                if (rec.recording(now)) {
                    rec.mark(MarkKind.PREEMPTION, now, c.id, prev.id, Reason.note(reason)
                            + (prev.heldCount > 0 ? ", holding " + prev.held[0].name() : ""));
                }
            }
            if (prev.heldCount > 0) {
                holdersOffCpu(prev, c.id, false);
            }
        } else {
            stats.voluntary++;
            rec.taskState(prev.id, now, prev.state == TaskRunState.SLEEPING ? TaskState.SLEEPING
                    : prev.state == TaskRunState.BLOCKED ? TaskState.BLOCKED : TaskState.SLEEPING);
            if (prev.state == TaskRunState.EXITED) {
                rec.taskExited(prev.id, now);
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
        long now = engine.nowNs();
        t.offCpuSinceNs = now;
        for (int i = 0; i < t.heldCount; i++) {
            t.held[i].holderOffCpu(t, now, cpu, stolen);
        }
    }

    void holdersOnCpu(Task t) {
        long now = engine.nowNs();
        for (int i = 0; i < t.heldCount; i++) {
            t.held[i].holderOnCpu(t, now);
        }
        t.offCpuSinceNs = -1;
    }

    void completed(Task t, double units) {
        if (measuring) {
            stats.units += units;
        }
        rec.completed(engine.nowNs(), units);
    }
}
