package org.schedlab.sim.workload.ycsb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * Manual probe (not a test): off/on throughput of the shipped mongodb-ycsb-a scenario on both
 * arches, per point. Arguments: "durationMs=..", "warmupMs=..", "seeds=..", then points as
 * "label:key=v,key=v". The scenario notes quote its output.
 */
public final class YcsbSweep {
    private static final String READER_SPIN = "rwsem spin (mmap_lock, fault)";

    public static void main(String[] args) throws Exception {
        Scenario sc = ScenarioCatalog.builtIn("mongodb-ycsb-a");
        Map<String, String> common = new HashMap<>();
        int seeds = 1;
        List<String> points = new ArrayList<>();
        for (String a : args) {
            if (a.contains(":")) {
                points.add(a);
            } else if (a.startsWith("seeds=")) {
                seeds = Integer.parseInt(a.substring(6));
            } else {
                common.put(a.substring(0, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
            }
        }
        for (String p : points) {
            String label = p.substring(0, p.indexOf(':'));
            Map<String, String> o = new HashMap<>(common);
            String rest = p.substring(p.indexOf(':') + 1);
            if (!rest.isEmpty()) {
                for (String kv : rest.split(",")) {
                    o.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
                }
            }
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-18s", label));
            for (String arch : new String[] {"x86", "arm64"}) {
                double[] tp = new double[2];
                double[] rspin = new double[2];
                double[] idle = new double[2];
                for (int seed = 1; seed <= seeds; seed++) {
                    for (int m = 0; m < 2; m++) {
                        Map<String, String> run = new HashMap<>(o);
                        run.put("arch", arch);
                        run.put("readerSpinning", m == 0 ? "on" : "off");
                        run.put("seed", Integer.toString(seed));
                        RunSummary s = Simulation.run(sc, run, Simulation.Options.summaryOnly(), () -> false).summary();
                        tp[m] += s.throughput().value() / seeds;
                        idle[m] += (s.cpu().idle() + s.cpu().runnableWait()) / seeds;
                        rspin[m] += s.profile().stream().filter(x -> x.site().equals(READER_SPIN))
                            .mapToDouble(RunSummary.SiteShare::share).sum() / seeds;
                    }
                }
                line.append(String.format(Locale.ROOT, " | %s on %6.0f off %6.0f off/on %+5.1f%% readerSpin %4.1f%% idle %4.1f/%4.1f%%",
                    arch, tp[0], tp[1], 100 * (tp[1] / tp[0] - 1), 100 * rspin[0], 100 * idle[0], 100 * idle[1]));
            }
            System.out.println(line);
        }
    }
}
