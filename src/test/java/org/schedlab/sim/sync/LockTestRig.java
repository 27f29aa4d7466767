package org.schedlab.sim.sync;

import org.schedlab.model.Metadata;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.kernel.Arch;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.kernel.PreemptionModel;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.SpinDelay;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.record.CheckingRecorder;

/** A small machine and lock-using programs for lock tests. */
final class LockTestRig {
    static final long US = 1_000;
    static final long MS = 1_000_000;

    final Engine engine = new Engine();
    final Kernel kernel;
    private boolean started;

    LockTestRig(int cpus, SpinDelay delay, long lineNs) {
        MachineConfig base = MachineConfig.defaults(cpus, PreemptionModel.NONE);
        MachineConfig cfg = new MachineConfig(cpus, Arch.ARM64, PreemptionModel.NONE, 250, base.baseSliceNs(),
            2 * US, 3 * US, 0, 0, 0, delay, lineNs);
        CheckingRecorder rec = new CheckingRecorder(Metadata.of("test", "simulation"), cpus, 0, 0, 64);
        kernel = new Kernel(engine, cfg, new RandomStreams(3), rec);
    }

    Task spawn(int cpu, Program p) {
        return kernel.createTask(TaskSpec.fair(100 + kernel.tasks().size(), 100 + kernel.tasks().size(), "worker")
            .onCpu(cpu), p);
    }

    void runUntil(long ns) {
        if (!started) {
            kernel.start(0);
            started = true;
        }
        engine.runUntil(ns, () -> false);
    }

    /**
     * Starts after {@code startNs} of user work, then takes an s_lock {@code times} times,
     * holding it {@code holdNs} of user work each time, with {@code gapNs} of user work between.
     */
    static final class SLockUser implements Program {
        private final SLock lock;
        private final Site site;
        private final long startNs;
        private final long holdNs;
        private final long gapNs;
        private int times;
        private int state;
        Task self;
        long acquiredAtNs = -1;
        int sleeps;

        SLockUser(SLock lock, Site site, long startNs, long holdNs, long gapNs, int times) {
            this.lock = lock;
            this.site = site;
            this.startNs = startNs;
            this.holdNs = holdNs;
            this.gapNs = gapNs;
            this.times = times;
        }

        @Override
        public void step(TaskContext ctx) {
            switch (state) {
                case 0:
                    state = 1;
                    ctx.user(startNs, site);
                    return;
                case 1:
                    if (times-- == 0) {
                        ctx.exit();
                        return;
                    }
                    if (lock.tryAcquire(self)) {
                        hold(ctx);
                    } else {
                        ctx.spin(lock, lock.beginWait(self), site, false);
                        state = 2;
                    }
                    return;
                case 2:
                    outcome(ctx, lock.afterSpin(self));
                    return;
                case 3:
                    outcome(ctx, lock.afterSleep(self));
                    return;
                case 4:
                    long stall = lock.releaseStallNs(self);
                    state = 5;
                    ctx.user(Math.max(1, stall), site);
                    return;
                default:
                    lock.release(self);
                    state = 1;
                    ctx.user(Math.max(1, gapNs + lock.takeExtraNs(self)), site);
            }
        }

        private void outcome(TaskContext ctx, SLock.Outcome o) {
            switch (o) {
                case ACQUIRED:
                    hold(ctx);
                    return;
                case SPIN:
                    ctx.spin(lock, lock.spinBudgetNs(self), site, false);
                    state = 2;
                    return;
                default:
                    sleeps++;
                    ctx.sleep(lock.sleepNs(self), site);
                    state = 3;
            }
        }

        private void hold(TaskContext ctx) {
            acquiredAtNs = ctx.nowNs();
            state = 4;
            ctx.user(holdNs + lock.takeExtraNs(self), site);
        }
    }
}
