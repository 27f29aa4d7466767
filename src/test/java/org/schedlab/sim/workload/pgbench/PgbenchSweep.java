package org.schedlab.sim.workload.pgbench;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * Manual probe (not a test): lazy/none throughput ratio of the shipped case-A scenario for each
 * hypothesis of the seed thread. Arguments: "durationMs=..", "warmupMs=..", "seeds=..", then
 * points as "label:key=v,key=v".
 */
public final class PgbenchSweep {
    public static void main(String[] args) throws Exception {
        Scenario sc = ScenarioCatalog.builtIn("pgbench-graviton4");
        Map<String, String> common = new HashMap<>();
        int seeds = 1;
        java.util.List<String> points = new java.util.ArrayList<>();
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
            double[] tp = new double[2];
            double[] spin = new double[2];
            double[] hp = new double[2];
            double[] idle = new double[2];
            for (int seed = 1; seed <= seeds; seed++) {
                for (int m = 0; m < 2; m++) {
                    Map<String, String> run = new HashMap<>(o);
                    run.put("preemption", m == 0 ? "none" : "lazy");
                    run.put("seed", Integer.toString(seed));
                    RunSummary s = PgbenchHarness.run(sc, run).summary;
                    tp[m] += s.throughput().value() / seeds;
                    spin[m] += s.cpu().spin() / seeds;
                    idle[m] += s.cpu().idle() / seeds;
                    hp[m] += s.locks().isEmpty() ? 0 : s.locks().get(0).holderPreemptions() / (double) seeds;
                }
            }
            System.out.printf(Locale.ROOT, "%-22s none %8.0f lazy %8.0f ratio %.3f | spin %.3f/%.3f idle %.3f/%.3f holderPre %.0f/%.0f%n",
                label, tp[0], tp[1], tp[1] / tp[0], spin[0], spin[1], idle[0], idle[1], hp[0], hp[1]);
        }
    }
}
