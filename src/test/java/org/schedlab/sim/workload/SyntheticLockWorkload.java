package org.schedlab.sim.workload;

import java.util.ArrayList;
import org.schedlab.model.WaitMode;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.SpinTarget;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.sync.LockStats;

/**
 * Test and benchmark workload exercising every step kind on many CPUs: {@code tasks} workers
 * compute, take a test-and-set spin lock (spin with a budget, then back off asleep), touch a
 * page (fault) and make a syscall while holding it, release it, and wait for "I/O". Not a
 * model of anything real; it only has to drive the kernel through all its paths.
 */
public final class SyntheticLockWorkload implements Workload {
    @Override
    public String name() {
        return "test-synthetic-lock";
    }

    @Override
    public String throughputUnit() {
        return "ops/s";
    }

    @Override
    public void build(WorkloadContext ctx) throws ScenarioException {
        Params p = ctx.params();
        TasLock lock = new TasLock(ctx.kernel(), ctx.lockStats("test_lock", "spin", false),
                ctx.machine().lineTransferNs());
        Sites sites = new Sites(ctx.site("user"), ctx.site("s_lock (test)"), ctx.site("page fault"),
                KernelCode.preemptible(ctx.site("syscall")).withCondReschedEvery(50_000),
                ctx.site("io"));
        int n = p.intValue("tasks");
        for (int i = 0; i < n; i++) {
            ctx.spawn(TaskSpec.fair(100 + i, 100, "worker"), new Worker(lock, sites, p.usAsNs("workUs"),
                    p.usAsNs("holdUs"), p.usAsNs("faultUs"), p.usAsNs("ioUs"), p.doubleValue("faultChance")));
        }
    }

    record Sites(Site user, Site spin, Site fault, KernelCode syscall, Site io) {
    }

    /** Test-and-set lock: a release hands the lock to the first observing spinner. */
    static final class TasLock implements SpinTarget {
        private final Kernel kernel;
        final LockStats stats;
        private final long lineNs;
        private Task holder;
        private final ArrayList<Task> spinners = new ArrayList<>();

        TasLock(Kernel kernel, LockStats stats, long lineNs) {
            this.kernel = kernel;
            this.stats = stats;
            this.lineNs = lineNs;
        }

        boolean tryAcquire(Task t, boolean contended, long waitStartNs) {
            if (holder != null) {
                return false;
            }
            holder = t;
            stats.acquired(t, contended, waitStartNs);
            return true;
        }

        void release(Task t) {
            holder = null;
            stats.released(t);
            if (!spinners.isEmpty()) {
                kernel.endSpinAfter(spinners.get(0), lineNs);
            }
        }

        @Override
        public void spinObserving(Task task, long nowNs) {
            if (!spinners.contains(task)) {
                spinners.add(task);
            }
            if (holder == null) {
                kernel.endSpinAfter(task, lineNs);
            }
        }

        @Override
        public void spinNotObserving(Task task, long nowNs) {
            spinners.remove(task);
        }
    }

    static final class Worker implements Program {
        private static final int WORK = 0;
        private static final int ACQUIRE = 1;
        private static final int SPUN = 2;
        private static final int SLEPT = 3;
        private static final int HELD = 4;
        private static final int FAULTED = 5;
        private static final int SYSCALLED = 6;
        private static final int IO = 7;

        private final TasLock lock;
        private final Sites sites;
        private final long workNs;
        private final long holdNs;
        private final long faultNs;
        private final long ioNs;
        private final double faultChance;
        private int state = WORK;
        private long waitStartNs;
        private long backoffNs;

        Worker(TasLock lock, Sites sites, long workNs, long holdNs, long faultNs, long ioNs, double faultChance) {
            this.lock = lock;
            this.sites = sites;
            this.workNs = workNs;
            this.holdNs = holdNs;
            this.faultNs = faultNs;
            this.ioNs = ioNs;
            this.faultChance = faultChance;
        }

        @Override
        public void step(TaskContext ctx) {
            Task me = (Task) ctx;
            switch (state) {
                case WORK:
                    state = ACQUIRE;
                    ctx.user(1 + ctx.random().nextLong(workNs), sites.user());
                    return;
                case ACQUIRE:
                    if (lock.tryAcquire(me, false, 0)) {
                        hold(ctx);
                    } else {
                        waitStartNs = ctx.nowNs();
                        backoffNs = 20_000;
                        lock.stats.waitBegin(me, WaitMode.SPIN);
                        state = SPUN;
                        ctx.spin(lock, 30_000, sites.spin(), false);
                    }
                    return;
                case SPUN:
                    if (lock.tryAcquire(me, true, waitStartNs)) {
                        hold(ctx);
                    } else {
                        lock.stats.waitMode(me, WaitMode.SLEEP);
                        state = SLEPT;
                        ctx.sleep(backoffNs, sites.spin());
                        backoffNs = Math.min(backoffNs * 2, 1_000_000);
                    }
                    return;
                case SLEPT:
                    if (lock.tryAcquire(me, true, waitStartNs)) {
                        hold(ctx);
                    } else {
                        lock.stats.waitMode(me, WaitMode.SPIN);
                        state = SPUN;
                        ctx.spin(lock, 30_000, sites.spin(), false);
                    }
                    return;
                case HELD:
                    if (ctx.random().nextDouble() < faultChance) {
                        state = FAULTED;
                        ctx.fault(faultNs / 2, faultNs / 2, sites.fault());
                        return;
                    }
                    // fall through: no fault this time
                case FAULTED:
                    state = SYSCALLED;
                    ctx.syscall(2_000, sites.syscall());
                    return;
                case SYSCALLED:
                    lock.release(me);
                    ctx.rseqEnd();
                    ctx.completed(1);
                    state = IO;
                    ctx.ioWait(1 + ctx.random().nextLong(ioNs), sites.io());
                    return;
                default:
                    state = WORK;
                    ctx.user(1_000, sites.user());
            }
        }

        private void hold(TaskContext ctx) {
            ctx.rseqBegin();
            state = HELD;
            ctx.user(holdNs, sites.user());
        }
    }
}
