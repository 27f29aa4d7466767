package org.schedlab.sim.sync;

import java.util.ArrayList;
import java.util.List;
import org.schedlab.model.Dataset;
import org.schedlab.model.Metadata;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.kernel.PreemptionModel;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.record.CheckingRecorder;

/** A small machine with one rwsem and scripted lock users, recorded by a checking recorder. */
final class RwsemRig {
    static final long US = 1_000;
    static final long MS = 1_000_000;

    final Engine engine = new Engine();
    final Kernel kernel;
    final CheckingRecorder rec;
    final Rwsem sem;
    private final Site site;
    private final KernelCode holdCode;
    private boolean started;

    RwsemRig(int cpus, boolean readerSpinning, PreemptionModel model, long recordNs) {
        this(MachineConfig.defaults(cpus, model), readerSpinning, true, recordNs);
    }

    /** {@code seesPreemptedVcpu}: whether the guest sees a stolen vCPU (x86 yes, arm64 5.10 no). */
    RwsemRig(MachineConfig cfg, boolean readerSpinning, boolean seesPreemptedVcpu, long recordNs) {
        rec = new CheckingRecorder(Metadata.of("test", "simulation"), cfg.cpus(), 0, recordNs, 64);
        kernel = new Kernel(engine, cfg, new RandomStreams(5), rec);
        sem = new Rwsem(kernel, "sem", readerSpinning, new RwsemCosts(100, 45, 1_000), seesPreemptedVcpu);
        site = kernel.site("test");
        holdCode = KernelCode.preemptible(kernel.site("held"));
    }

    Task spawn(int cpu, Program p) {
        int n = kernel.tasks().size();
        return kernel.createTask(TaskSpec.fair(100 + n, 100, "user").onCpu(cpu), p);
    }

    void runUntil(long ns) {
        if (!started) {
            kernel.start(0);
            started = true;
        }
        engine.runUntil(ns, () -> false);
    }

    Dataset finish() {
        kernel.finish();
        return rec.dataset().orElseThrow();
    }

    User reader(long startNs, long holdNs, long gapNs, int times) {
        return new User(false, startNs, holdNs, gapNs, times);
    }

    User writer(long startNs, long holdNs, long gapNs, int times) {
        return new User(true, startNs, holdNs, gapNs, times);
    }

    /**
     * After {@code startNs} of user work, {@code times} times: take the rwsem, hold it for
     * {@code holdNs} of kernel work, release it, {@code gapNs} of user work. Records what
     * happened on the way.
     */
    final class User implements Program {
        final boolean write;
        private final long startNs;
        private final long holdNs;
        private final long gapNs;
        private int times;
        private int state;
        Task self;
        final List<Long> acquiredAtNs = new ArrayList<>();
        final List<Long> releasedAtNs = new ArrayList<>();
        final List<Long> spinEndedAtNs = new ArrayList<>();
        int spins;
        int sleeps;

        User(boolean write, long startNs, long holdNs, long gapNs, int times) {
            this.write = write;
            this.startNs = startNs;
            this.holdNs = holdNs;
            this.gapNs = gapNs;
            this.times = times;
        }

        Task start(int cpu) {
            self = spawn(cpu, this);
            return self;
        }

        /** Starts as a SCHED_FIFO task of priority {@code rtPriority} on {@code cpu}. */
        Task startFifo(int cpu, int rtPriority) {
            int n = kernel.tasks().size();
            self = kernel.createTask(TaskSpec.fifo(100 + n, 100, "rt-user", rtPriority).onCpu(cpu), this);
            return self;
        }

        /** Starts bound to {@code cpu} (the balancer never moves it). */
        Task startPinned(int cpu) {
            int n = kernel.tasks().size();
            self = kernel.createPinnedTask(TaskSpec.fair(100 + n, 100, "user").onCpu(cpu), this);
            return self;
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
                    outcome(ctx, write ? sem.downWrite(self) : sem.downRead(self));
                    return;
                case 2:
                    spinEndedAtNs.add(ctx.nowNs());
                    outcome(ctx, sem.afterSpin(self));
                    return;
                case 3:
                    outcome(ctx, sem.afterWake(self));
                    return;
                case 4:
                    releasedAtNs.add(ctx.nowNs());
                    if (write) {
                        sem.upWrite(self);
                    } else {
                        sem.upRead(self);
                    }
                    state = 1;
                    ctx.user(Math.max(1, gapNs + sem.takeExtraNs(self)), site);
                    return;
                default:
                    throw new IllegalStateException();
            }
        }

        private void outcome(TaskContext ctx, Rwsem.Outcome o) {
            switch (o) {
                case ACQUIRED:
                    acquiredAtNs.add(ctx.nowNs());
                    state = 4;
                    ctx.kernel(holdNs + sem.takeExtraNs(self), holdCode);
                    return;
                case SPIN:
                    spins++;
                    state = 2;
                    ctx.spin(sem.spinTarget(), sem.spinBudgetNs(), site, true);
                    return;
                default:
                    sleeps++;
                    state = 3;
                    ctx.block(site);
            }
        }
    }
}
