package org.schedlab.sim.summary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.schedlab.model.SliceState;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.SimStats;
import org.schedlab.sim.sync.LockStats;
import org.schedlab.sim.sync.RwsemEvents;

/** Builds a {@link RunSummary} from a finished kernel's statistics. */
public final class SummaryBuilder {
    /** Profile rows kept (the rest are small by construction: sorted by share). */
    static final int PROFILE_ROWS = 20;

    private SummaryBuilder() {
    }

    /** A summary without TCP counters (every scenario but the network ones). */
    public static RunSummary build(String scenario, Map<String, String> params, long seed, long durationNs,
                                   Kernel kernel, long events, long wallMs, String unit) {
        return build(scenario, params, seed, durationNs, kernel, events, wallMs, unit, null);
    }

    public static RunSummary build(String scenario, Map<String, String> params, long seed, long durationNs,
                                   Kernel kernel, long events, long wallMs, String unit, Map<String, Long> tcp) {
        SimStats s = kernel.stats();
        double total = (double) kernel.cpuCount() * durationNs;
        double seconds = durationNs / 1e9;
        long idleNs = s.stateNs(SliceState.IDLE);
        long rw = Math.min(s.runnableWaitNs(), idleNs);
        RunSummary.CpuShares cpu = new RunSummary.CpuShares(
                share(s.stateNs(SliceState.USER), total),
                share(s.stateNs(SliceState.KERNEL), total),
                share(s.stateNs(SliceState.FAULT), total),
                share(s.stateNs(SliceState.SPINNING), total),
                share(rw, total),
                share(idleNs - rw, total),
                share(s.stateNs(SliceState.STOLEN), total));

        List<RunSummary.SiteShare> profile = new ArrayList<>();
        for (int i = 0; i < kernel.sites().size(); i++) {
            long ns = s.siteNs(i);
            if (ns > 0) {
                profile.add(new RunSummary.SiteShare(kernel.sites().get(i).name(), share(ns, total)));
            }
        }
        profile.sort(Comparator.comparingDouble(RunSummary.SiteShare::share).reversed()
                .thenComparing(RunSummary.SiteShare::site));
        if (profile.size() > PROFILE_ROWS) {
            profile = new ArrayList<>(profile.subList(0, PROFILE_ROWS));
        }

        List<RunSummary.LockSummary> locks = new ArrayList<>();
        for (LockStats l : kernel.locks()) {
            RwsemEvents ev = l.rwsemEvents();
            RunSummary.ReadPhases phases = ev == null ? null : new RunSummary.ReadPhases(ev.readPhases(),
                    ev.readPhases() == 0 ? 0 : round((double) ev.readAcquisitions() / ev.readPhases(), 3));
            Map<String, Double> spinWhile = null;
            if (ev != null) {
                spinWhile = new LinkedHashMap<>();
                for (Map.Entry<RwsemEvents.SpinWhile, Long> e : ev.spinNs().entrySet()) {
                    spinWhile.put(e.getKey().key(), share(e.getValue(), total));
                }
            }
            locks.add(new RunSummary.LockSummary(l.name(), l.kind(), l.acquisitions(), l.contended(),
                    latencyUs(l.holdNs()), latencyUs(l.waitNs()), l.holderPreemptions(),
                    latencyUs(l.holderOffCpuNs()), phases, spinWhile, ev == null ? null : ev.byName()));
        }

        Map<String, RunSummary.Latency> runqlat = new LinkedHashMap<>();
        runqlat.put("_all", latencyUs(s.allRunqlat()));
        Map<String, RunSummary.CommSummary> comms = new TreeMap<>();
        Map<String, RunSummary.Latency> byGroup = new TreeMap<>();
        List<String> groups = s.groups();
        for (int g = 0; g < groups.size(); g++) {
            byGroup.put(groups.get(g), latencyUs(s.groupRunqlat(g)));
            comms.put(groups.get(g), new RunSummary.CommSummary(s.groupTasks(g), round(s.groupRunNs(g) / 1e6, 3),
                    share(s.groupRunNs(g), total), s.groupSwitches(g)));
        }
        runqlat.putAll(byGroup);

        Map<String, RunSummary.Latency> operations = null;
        if (!s.operations().isEmpty()) {
            operations = new LinkedHashMap<>();
            for (int op = 0; op < s.operations().size(); op++) {
                operations.put(s.operations().get(op), latencyUs(s.operationLatency(op)));
            }
        }
        return new RunSummary(scenario, params, seed, Math.round(durationNs / 1e6), events, wallMs,
                new RunSummary.Throughput(round(s.units() / seconds, 3), unit), operations, cpu, profile, locks, runqlat,
                new LinkedHashMap<>(comms),
                new RunSummary.Preemptions(s.involuntary(), s.inKernel(), s.lockHolder()),
                new RunSummary.Sched(s.voluntary(), s.wakeups(), s.ipis(), s.rseqGrants()), tcp);
    }

    static double share(long ns, double total) {
        return total <= 0 ? 0 : round(ns / total, 6);
    }

    static double round(double v, int decimals) {
        double f = Math.pow(10, decimals);
        return Math.round(v * f) / f;
    }

    /** A histogram of nanoseconds as microseconds (count 0: all zeros). */
    public static RunSummary.Latency latencyUs(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new RunSummary.Latency(0, 0, 0, 0, 0);
        }
        return new RunSummary.Latency(h.getTotalCount(), round(h.getMean() / 1000.0, 3),
                round(h.getValueAtPercentile(50) / 1000.0, 3), round(h.getValueAtPercentile(99) / 1000.0, 3),
                round(h.getMaxValue() / 1000.0, 3));
    }
}
