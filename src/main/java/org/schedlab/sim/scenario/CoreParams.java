package org.schedlab.sim.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.model.SchedulerTick;
import org.schedlab.sim.kernel.Arch;
import org.schedlab.sim.kernel.FairScheduler;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.kernel.PreemptionModel;
import org.schedlab.sim.kernel.SpinDelay;

/**
 * The machine, kernel and run parameters every scenario has (SIMULATOR.md "Parameter keys"),
 * with their defaults, ranges and sources. A scenario file may restate them (with its own value
 * and rationale, and a narrower range); keys it omits take these defaults. Workload keys
 * ({@code pageSize}, {@code lockKind}, ...) are defined by the scenario files themselves.
 */
public final class CoreParams {
    private CoreParams() {
    }

    private static final Map<String, ParamDef> DEFS = new LinkedHashMap<>();

    static {
        add(ParamDef.choice("preemption", "lazy", List.of("none", "voluntary", "full", "lazy"),
                "kernel/Kconfig.preempt; lazy is the default since 7dadeaa6e851 (v7.0-rc1)",
                "Preemption model: when the kernel may switch away from a running task"));
        add(ParamDef.choice("scheduler", "eevdf", List.of("eevdf", "cfs"),
                "kernel/sched/fair.c: EEVDF replaced CFS in v6.6 (147f3efaa241) [V]; v5.10 runs CFS with its"
                        + " latency 6 ms, min granularity 0.75 ms and wake-up granularity 1 ms, x (1 + log2(min(cpus, 8))) [V]",
                "Fair-class scheduler: EEVDF (v6.6 and later) or CFS (before)"));
        add(ParamDef.number("cpus", "1", "vCPUs", 1, 1024, true, "scenario", "Number of (v)CPUs"));
        add(ParamDef.choice("arch", "x86", List.of("x86", "arm64", "s390"), "scenario",
                "Architecture: picks HZ, spin-delay instruction and cache-line transfer defaults"));
        add(ParamDef.choice("hz", "auto", List.of("auto", "100", "250", "300", "1000"),
                "Kconfig.hz default 250 [V]; s390 defconfig HZ_100 [V]",
                "Timer tick frequency; slice expiry and the lazy upgrade happen only at ticks")
                .withAuto("x86 250, arm64 250, s390 100"));
        add(ParamDef.number("baseSliceUs", "auto", "us", 100, 100000, false,
                "sysctl_sched_base_slice 0.70 ms x (1 + log2(min(cpus, 8))) since v6.15 [V]",
                "EEVDF base slice (debugfs sched/base_slice_ns)")
                .withAuto("700 x (1 + log2(min(cpus, 8)))")
                .withOnlyWith(List.of(new ParamCondition("scheduler", List.of("eevdf"), false))));
        add(ParamDef.number("ctxSwitchUs", "2", "us", 0, 100, false,
                "pipe ping-pong: thread ~1.07 us, process ~2.4 us [S]",
                "CPU time of one context switch, charged as kernel time at site 'schedule'"));
        add(ParamDef.number("wakeupIpiUs", "3", "us", 0, 100, false,
                "reschedule IPI into a guest vCPU incl. VM exit/entry, a few us [U]",
                "Delay before a remote NEED_RESCHED (or a wake-up of an idle CPU) takes effect")
                .withAuto("x86 3, arm64 6, s390 3"));
        add(ParamDef.number("stealPct", "0", "%", 0, 90, false,
                "hypervisor contention; 0 on a dedicated instance [U]",
                "Share of each vCPU's time the host takes away"));
        add(ParamDef.number("stealBurstUs", "500", "us", 1, 100000, false,
                "host scheduler slices of a few hundred us [U]",
                "Mean length of one steal burst (exponential)")
                .withOnlyWith(List.of(new ParamCondition("stealPct", List.of("0"), true))));
        add(ParamDef.number("rseqSliceExtUs", "0", "us", 5, 50, false,
                "debugfs rseq/slice_ext_nsec: default 5 us = minimum, max 50 us (v7.0) [V]",
                "rseq time-slice extension granted to a user critical section (0 = off)").withZeroIsOff());
        add(ParamDef.choice("spinDelay", "auto", List.of("auto", "pause", "isb", "wfe", "none"),
                "s_lock.h SPIN_DELAY: x86 'rep; nop', aarch64 'isb' [V]",
                "Instruction executed per user spin iteration").withAuto("x86 pause, arm64 isb, s390 none"));
        add(ParamDef.number("lineTransferNs", "auto", "ns", 0, 10000, false,
                "Graviton4 bounce 30-60 ns in-socket; contended RMW 100-200 ns cross-socket [S]",
                "Cache-line transfer on a contended acquire or release")
                .withAuto("x86 100, arm64 50, s390 100"));
        add(ParamDef.number("seed", "1", "", 0, 9.0e15, true, "run setting", "Random seed of the run"));
        add(ParamDef.number("warmupMs", "100", "ms", 0, 600000, true, "run setting",
                "Simulated time before statistics start (excluded from every figure)"));
        add(ParamDef.number("durationMs", "1000", "ms", 1, 3600000, true, "run setting",
                "Measured simulated time"));
    }

    private static void add(ParamDef d) {
        DEFS.put(d.key(), d);
    }

    /** The core definitions, in documentation order. */
    public static Map<String, ParamDef> defs() {
        return java.util.Collections.unmodifiableMap(DEFS);
    }

    public static boolean isCore(String key) {
        return DEFS.containsKey(key);
    }

    /** The machine a run's parameters describe, with {@code auto} values resolved. */
    public static MachineConfig machine(Params p) throws ScenarioException {
        int cpus = p.intValue("cpus");
        Arch arch = Arch.ofKey(p.string("arch")).orElseThrow();
        PreemptionModel model = PreemptionModel.ofKey(p.string("preemption")).orElseThrow();
        int hz = p.isAuto("hz") ? arch.defaultHz() : p.intValue("hz");
        long slice = p.isAuto("baseSliceUs") ? MachineConfig.defaultBaseSliceNs(cpus) : p.usAsNs("baseSliceUs");
        SpinDelay delay = p.isAuto("spinDelay") ? arch.defaultSpinDelay()
                : SpinDelay.ofKey(p.string("spinDelay")).orElseThrow();
        long line = p.isAuto("lineTransferNs") ? arch.defaultLineTransferNs() : p.longValue("lineTransferNs");
        long ipi = p.isAuto("wakeupIpiUs") ? arch.defaultWakeupIpiNs() : p.usAsNs("wakeupIpiUs");
        FairScheduler scheduler = FairScheduler.ofKey(p.string("scheduler")).orElseThrow();
        return new MachineConfig(cpus, arch, model, hz, slice, p.usAsNs("ctxSwitchUs"), ipi,
                p.doubleValue("stealPct") / 100.0, p.usAsNs("stealBurstUs"), p.usAsNs("rseqSliceExtUs"), delay, line,
                scheduler);
    }

    /** The effective values with every {@code auto} replaced by what it resolved to. */
    public static Map<String, String> resolved(Params p, MachineConfig m) {
        Map<String, String> out = new LinkedHashMap<>(p.asMap());
        out.put(SchedulerTick.HZ_PARAMETER, Integer.toString(m.hz()));
        out.put("baseSliceUs", ParamDef.fmt(m.baseSliceNs() / 1000.0));
        out.put("spinDelay", m.spinDelay().key());
        out.put("lineTransferNs", Long.toString(m.lineTransferNs()));
        out.put("wakeupIpiUs", ParamDef.fmt(m.wakeupIpiNs() / 1000.0));
        return out;
    }
}
