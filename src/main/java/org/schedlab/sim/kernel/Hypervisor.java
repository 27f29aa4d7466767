package org.schedlab.sim.kernel;

import java.util.random.RandomGenerator;
import org.schedlab.model.SliceState;

/**
 * The host underneath: each vCPU alternates between running and being stolen, with
 * exponentially distributed steal bursts of mean {@code stealBurstNs} and run periods of mean
 * burst*(1-f)/f, so that the long-run stolen share is {@code stealFraction}. The guest does not
 * see it: the task on a stolen vCPU (a lock holder included) just makes no progress, and
 * interrupts for that vCPU (ticks, IPIs, timers) wait until it runs again. Each vCPU has its
 * own random stream.
 */
final class Hypervisor {
    private static final long START = 0;
    private static final long END = 1;

    private final Kernel k;
    private RandomGenerator[] rng;
    private double runMeanNs;

    Hypervisor(Kernel kernel) {
        this.k = kernel;
    }

    void start() {
        MachineConfig cfg = k.cfg;
        if (cfg.stealFraction() <= 0 || cfg.stealBurstNs() <= 0) {
            return;
        }
        runMeanNs = cfg.stealBurstNs() * (1 - cfg.stealFraction()) / cfg.stealFraction();
        rng = new RandomGenerator[k.cpus.length];
        for (int i = 0; i < rng.length; i++) {
            rng[i] = k.streams.stream("hypervisor steal cpu " + i);
            k.engine.after(sample(i, runMeanNs), k, Kernel.EV_STEAL, i, START);
        }
    }

    private long sample(int cpu, double meanNs) {
        return Math.max(1, Math.round(rng[cpu].nextExponential() * meanNs));
    }

    void onEvent(int cpu, long what) {
        Cpu c = k.cpus[cpu];
        if (what == START) {
            stealStart(c);
            k.engine.after(sample(cpu, k.cfg.stealBurstNs()), k, Kernel.EV_STEAL, cpu, END);
        } else {
            stealEnd(c);
            k.engine.after(sample(cpu, runMeanNs), k, Kernel.EV_STEAL, cpu, START);
        }
    }

    private void stealStart(Cpu c) {
        long now = k.engine.nowNs();
        k.runner.account(c, now);
        c.stolen = true;
        c.cancelEvent();
        if (c.sibling != null) {
            k.runner.smtChanged(c);
        }
        if (c.phase == Cpu.IDLE) {
            k.idleCpus--;
            k.levelsChanged();
        }
        Task t = c.curr;
        if (t != null) {
            if (t.observing) {
                k.runner.stopObserving(t);
            }
            if (t.heldCount > 0) {
                k.sched.holdersOffCpu(t, c.id, true);
            }
        }
        k.rec.cpuState(c.id, now, t == null ? -1 : t.id, SliceState.STOLEN);
    }

    private void stealEnd(Cpu c) {
        long now = k.engine.nowNs();
        k.runner.account(c, now);
        c.stolen = false;
        if (c.sibling != null) {
            k.runner.smtChanged(c);
        }
        Task t = c.curr;
        if (c.phase == Cpu.IDLE) {
            k.idleCpus++;
            k.levelsChanged();
            k.rec.cpuState(c.id, now, -1, SliceState.IDLE);
        } else if (c.phase == Cpu.SWITCH) {
            k.rec.cpuState(c.id, now, t.id, SliceState.KERNEL);
        } else {
            k.rec.cpuState(c.id, now, t.id, t.sliceState());
        }
        if (t != null) {
            if (t.offCpuSinceNs >= 0 && t.heldCount > 0) {
                k.sched.holdersOnCpu(t);
            }
            if (c.phase == Cpu.TASK && t.stepKind == Step.SPIN && t.stepStarted && !t.observing) {
                t.observing = true;
                k.spinningCpus++;
                k.levelsChanged();
                t.spinTarget.spinObserving(t, now);
            }
        }
        k.irq.replayDeferred(c);
    }
}
