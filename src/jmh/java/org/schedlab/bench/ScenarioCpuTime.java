package org.schedlab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * CPU time of a scenario's default run, per preemption model: wall time on a shared machine
 * says little, the simulation thread's CPU time does. Two warm-up runs per model, then the
 * median of {@code runs}. Usage: {@code ScenarioCpuTime [scenario] [runs]}.
 */
public final class ScenarioCpuTime {
    private ScenarioCpuTime() {
    }

    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "s390-uperf";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Scenario s = ScenarioCatalog.builtIn(name);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (String model : new String[] {"full", "lazy"}) {
            Map<String, String> set = Map.of("preemption", model);
            for (int i = 0; i < 2; i++) {
                Simulation.run(s, set, Simulation.Options.summaryOnly(), () -> false);
            }
            long[] cpu = new long[runs];
            long[] wall = new long[runs];
            RunSummary last = null;
            for (int i = 0; i < runs; i++) {
                long c0 = mx.getCurrentThreadCpuTime();
                long w0 = System.nanoTime();
                last = Simulation.run(s, set, Simulation.Options.summaryOnly(), () -> false).summary();
                wall[i] = System.nanoTime() - w0;
                cpu[i] = mx.getCurrentThreadCpuTime() - c0;
            }
            Arrays.sort(cpu);
            Arrays.sort(wall);
            double cpuMs = cpu[runs / 2] / 1e6;
            System.out.printf(Locale.ROOT, "%s %-5s simulated %d ms (+%s ms warm-up)  events %d  cpu ms median %.1f"
                    + " (min %.1f)  wall ms median %.1f  events/s of cpu %.2f M%n", name, model, last.durationMs(),
                    last.params().get("warmupMs"), last.events(), cpuMs, cpu[0] / 1e6, wall[runs / 2] / 1e6,
                    last.events() / (cpuMs / 1000) / 1e6);
        }
    }
}
