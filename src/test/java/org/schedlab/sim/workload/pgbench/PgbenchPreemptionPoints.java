package org.schedlab.sim.workload.pgbench;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * Manual probe (not a test): where lock holders get preempted. Counts the recorded PREEMPTION
 * marks of buffer_strategy_lock holders by preemption point, for the given overrides.
 */
public final class PgbenchPreemptionPoints {
    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>();
        for (String a : args) {
            o.put(a.substring(0, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
        }
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"), o,
            Simulation.Options.recording(Long.parseLong(o.getOrDefault("durationMs", "100"))), () -> false)
            .dataset().orElseThrow();
        Marks m = d.marks();
        Map<String, Integer> holders = new TreeMap<>();
        Map<String, Integer> all = new TreeMap<>();
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) != MarkKind.PREEMPTION) {
                continue;
            }
            String note = m.note(i);
            int comma = note.indexOf(", holding");
            String point = comma < 0 ? note : note.substring(0, comma);
            all.merge(point, 1, Integer::sum);
            if (comma >= 0) {
                holders.merge(point, 1, Integer::sum);
            }
        }
        System.out.println("all preemptions by point: " + all);
        System.out.println("lock-holder preemptions by point: " + holders);
    }
}
