package org.schedlab.sim.kernel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.EventHandler;
import org.schedlab.sim.engine.EventSlots;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.record.Recorder;
import org.schedlab.sim.sync.LockStats;

/**
 * The simulated kernel: CPUs, run queues, the tick, wake-ups, the two resched flags and the
 * preemption points of the four models (KERNEL-FACTS section 1), the rseq slice extension and
 * the hypervisor underneath. This class holds the machine state, the public API and the event
 * dispatch; {@link Scheduler} wakes, queues and switches tasks; {@link Interrupts} owns the
 * flags and interrupt-side preemption points; {@link StepRunner} executes program steps;
 * {@link Balancer} places and pulls tasks; {@link Hypervisor} steals vCPUs.
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
    final Scheduler sched;
    final Interrupts irq;
    private final List<LockStats> locks = new ArrayList<>();

    int currentCpu = -1;
    int idleCpus;
    int queuedTasks;
    int spinningCpus;
    /** Some task is bound to its CPU: only then must the balancer look at each queued task's binding. */
    boolean anyPinned;
    /** SMT: a hyperthread's speed with an idle or spinning sibling (1 = no SMT; see Smt). */
    long smtSoloNum = Smt.ONE;
    private boolean started;
    private boolean measuring;

    public Kernel(Engine engine, MachineConfig cfg, RandomStreams streams, Recorder recorder) {
        this.engine = engine;
        this.cfg = cfg;
        this.model = cfg.preemption();
        this.streams = streams;
        this.rec = recorder;
        this.cpus = new Cpu[cfg.cpus()];
        EventSlots cpuEvents = engine.slots(cpus.length, this, EV_CPU);
        for (int i = 0; i < cpus.length; i++) {
            cpus[i] = new Cpu(i, cpuEvents);
            if (cfg.scheduler() == FairScheduler.CFS) {
                cpus[i].fair.useCfs(cfg.cfsTunables());
            }
        }
        this.idleCpus = cpus.length;
        this.runner = new StepRunner(this);
        this.balancer = new Balancer(this);
        this.hypervisor = new Hypervisor(this);
        this.sched = new Scheduler(this);
        this.irq = new Interrupts(this);
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
        return create(spec, program, false);
    }

    /**
     * Creates a task bound to CPU {@code spec.cpuHint()} for its whole life, like a per-CPU
     * kworker (kthread_bind): wake-up placement keeps it there and the balancer never pulls it.
     */
    public Task createPinnedTask(TaskSpec spec, Program program) {
        if (spec.cpuHint() < 0 || spec.cpuHint() >= cpus.length) {
            throw new IllegalArgumentException("a pinned task needs a cpuHint in 0.." + (cpus.length - 1)
                    + ", was " + spec.cpuHint());
        }
        return create(spec, program, true);
    }

    private Task create(TaskSpec spec, Program program, boolean pinned) {
        int id = tasks.size();
        int group = stats.group(spec.comm());
        stats.groupTasks[group]++;
        Task t = new Task(this, id, spec, group, program,
                streams.stream("task " + spec.comm() + " " + spec.tid()));
        t.cpu = spec.cpuHint() >= 0 ? spec.cpuHint() % cpus.length : id % cpus.length;
        t.pinned = pinned;
        anyPinned |= pinned;
        tasks.add(t);
        rec.taskCreated(t.id, t.tid, t.pid, t.comm);
        if (started) {
            sched.activate(t, true);
        } else {
            int target = balancer.selectCpu(t);
            t.state = TaskRunState.RUNNABLE;
            t.waitSinceNs = engine.nowNs();
            sched.enqueue(cpus[target], t, true);
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
                sched.schedule(c, Reason.IDLE);
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
            sched.activate(t, false);
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
                irq.tickAll(now);
                break;
            case EV_IPI: {
                Cpu c = cpus[target];
                if (c.stolen) {
                    c.ipiPending = true;
                    return;
                }
                currentCpu = target;
                runner.account(c, now);
                irq.irqExit(c);
                break;
            }
            case EV_TIMER:
                irq.timerFired(target, data);
                break;
            case EV_STEAL:
                hypervisor.onEvent(target, data);
                break;
            case EV_RSEQ:
                irq.rseqExpired(target, data);
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

    void levelsChanged() {
        long now = engine.nowNs();
        stats.levels(now, idleCpus, queuedTasks);
        rec.levels(now, queuedTasks, spinningCpus);
    }

    /**
     * Wake-up (or preemption) to running: into the histogram from the end of warm-up on only -
     * the reset there would drop it, and a histogram update is a cache miss or two (~3 % of the
     * event loop's time).
     */
    void runqlat(Task t, long ns) {
        if (measuring) {
            stats.runqlat(t.commGroup, ns);
        }
    }

    /**
     * Registers an operation of the workload (a pgbench transaction, a YCSB read) whose latency
     * the summary reports as {@code latencyUs.NAME} and a recorded window as counter tracks; the
     * id for {@link TaskContext#operationDone}.
     */
    public int operation(String name) {
        int op = stats.operation(name);
        rec.operation(op, name); // a recorded window draws its latency as counter tracks
        return op;
    }

    void operationDone(int op, long startedNs) {
        long now = engine.nowNs();
        if (measuring) {
            stats.operationLatency(op, now - startedNs);
        }
        rec.operationDone(op, now, now - startedNs);
    }

    void completed(Task t, double units) {
        if (measuring) {
            stats.units += units;
        }
        rec.completed(engine.nowNs(), units);
    }
}
