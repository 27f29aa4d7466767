package org.schedlab.sim.kernel;

import java.util.Objects;

import org.schedlab.model.SchedulerTick;

/**
 * The machine and kernel settings of one run, in nanoseconds, already resolved (arch defaults
 * applied). Built from scenario parameters by the scenario layer; the kernel reads nothing else.
 *
 * @param stealFraction share of each vCPU's time the hypervisor takes away (0..0.9)
 * @param stealBurstNs mean length of one steal burst (exponential)
 * @param rseqSliceExtNs rseq time-slice extension granted at most (0 = feature off)
 * @param scheduler the fair class: EEVDF (v6.6+) or CFS (before)
 */
public record MachineConfig(int cpus, Arch arch, PreemptionModel preemption, int hz, long baseSliceNs,
                            long ctxSwitchNs, long wakeupIpiNs, double stealFraction, long stealBurstNs,
                            long rseqSliceExtNs, SpinDelay spinDelay, long lineTransferNs,
                            FairScheduler scheduler) {
    public MachineConfig {
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(arch, "arch");
        Objects.requireNonNull(preemption, "preemption");
        Objects.requireNonNull(spinDelay, "spinDelay");
        if (cpus < 1) {
            throw new IllegalArgumentException("cpus must be >= 1, was " + cpus);
        }
        if (hz < 1) {
            throw new IllegalArgumentException("hz must be >= 1, was " + hz);
        }
        if (baseSliceNs < 1) {
            throw new IllegalArgumentException("baseSliceNs must be >= 1, was " + baseSliceNs);
        }
        if (stealFraction < 0 || stealFraction >= 1) {
            throw new IllegalArgumentException("stealFraction must be in [0, 1), was " + stealFraction);
        }
        if (ctxSwitchNs < 0 || wakeupIpiNs < 0 || stealBurstNs < 0 || rseqSliceExtNs < 0 || lineTransferNs < 0) {
            throw new IllegalArgumentException("costs must be >= 0");
        }
    }

    /** An EEVDF machine. */
    public MachineConfig(int cpus, Arch arch, PreemptionModel preemption, int hz, long baseSliceNs,
                         long ctxSwitchNs, long wakeupIpiNs, double stealFraction, long stealBurstNs,
                         long rseqSliceExtNs, SpinDelay spinDelay, long lineTransferNs) {
        this(cpus, arch, preemption, hz, baseSliceNs, ctxSwitchNs, wakeupIpiNs, stealFraction, stealBurstNs,
                rseqSliceExtNs, spinDelay, lineTransferNs, FairScheduler.EEVDF);
    }

    /** CFS's tunables for this many CPUs (used when {@link #scheduler} is CFS). */
    public CfsTunables cfsTunables() {
        return CfsTunables.forCpus(cpus);
    }

    /** The scheduler tick's period ({@link SchedulerTick}, which the timeline draws the ticks by too). */
    public long tickNs() {
        return SchedulerTick.periodNs(hz);
    }

    /** The kernel's default base slice: 0.70 ms x (1 + log2(min(cpus, 8))), since v6.15. */
    public static long defaultBaseSliceNs(int cpus) {
        int n = Math.min(cpus, 8);
        int log2 = 31 - Integer.numberOfLeadingZeros(n);
        return 700_000L * (1 + log2);
    }

    /** A small default machine, handy in tests: override fields with the with* methods. */
    public static MachineConfig defaults(int cpus, PreemptionModel model) {
        Arch a = Arch.X86;
        return new MachineConfig(cpus, a, model, a.defaultHz(), defaultBaseSliceNs(cpus), 2_000, 3_000, 0, 0, 0,
                a.defaultSpinDelay(), a.defaultLineTransferNs());
    }

    public MachineConfig withHz(int newHz) {
        return new MachineConfig(cpus, arch, preemption, newHz, baseSliceNs, ctxSwitchNs, wakeupIpiNs, stealFraction,
                stealBurstNs, rseqSliceExtNs, spinDelay, lineTransferNs, scheduler);
    }

    public MachineConfig withBaseSliceNs(long ns) {
        return new MachineConfig(cpus, arch, preemption, hz, ns, ctxSwitchNs, wakeupIpiNs, stealFraction,
                stealBurstNs, rseqSliceExtNs, spinDelay, lineTransferNs, scheduler);
    }

    public MachineConfig withSteal(double fraction, long burstNs) {
        return new MachineConfig(cpus, arch, preemption, hz, baseSliceNs, ctxSwitchNs, wakeupIpiNs, fraction,
                burstNs, rseqSliceExtNs, spinDelay, lineTransferNs, scheduler);
    }

    public MachineConfig withRseqSliceExtNs(long ns) {
        return new MachineConfig(cpus, arch, preemption, hz, baseSliceNs, ctxSwitchNs, wakeupIpiNs, stealFraction,
                stealBurstNs, ns, spinDelay, lineTransferNs, scheduler);
    }

    public MachineConfig withScheduler(FairScheduler s) {
        return new MachineConfig(cpus, arch, preemption, hz, baseSliceNs, ctxSwitchNs, wakeupIpiNs, stealFraction,
                stealBurstNs, rseqSliceExtNs, spinDelay, lineTransferNs, s);
    }

    public MachineConfig withCosts(long ctxSwitch, long wakeupIpi) {
        return new MachineConfig(cpus, arch, preemption, hz, baseSliceNs, ctxSwitch, wakeupIpi, stealFraction,
                stealBurstNs, rseqSliceExtNs, spinDelay, lineTransferNs, scheduler);
    }
}
