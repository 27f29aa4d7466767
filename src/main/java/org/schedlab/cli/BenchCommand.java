package org.schedlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;
import org.schedlab.sim.summary.SummaryJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schedlab bench}: wall time of a scenario's default run (one warm-up run for the JIT,
 * then {@value #RUNS} measured), the simulating thread's CPU time (on a shared machine the
 * steadier figure: it leaves out the time other processes hold the cores) and simulator events
 * per second. Default scenario:
 * {@value #DEFAULT}, or teach-kernel-section when that is not built in.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Time the default run of a scenario (min and median wall time, events per second).")
public final class BenchCommand implements Callable<Integer> {
    static final String DEFAULT = "pgbench-graviton4";
    static final int RUNS = 5;

    @Spec
    CommandSpec spec;

    @Option(names = "--scenario", paramLabel = "NAME|FILE", description = "Scenario to time (default " + DEFAULT + ").")
    String scenario;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        String name = scenario != null ? scenario
                : ScenarioCatalog.names().contains(DEFAULT) ? DEFAULT : "teach-kernel-section";
        Scenario s = SimCli.scenario(name);
        SimCli.run(s, java.util.Map.of(), Simulation.Options.summaryOnly());
        long[] wallNs = new long[RUNS];
        long[] cpuNs = new long[RUNS];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
        long events = 0;
        for (int i = 0; i < RUNS; i++) {
            long c0 = cpuTime ? threads.getCurrentThreadCpuTime() : 0;
            long t0 = System.nanoTime();
            RunSummary r = SimCli.run(s, java.util.Map.of(), Simulation.Options.summaryOnly()).summary();
            wallNs[i] = System.nanoTime() - t0;
            cpuNs[i] = cpuTime ? threads.getCurrentThreadCpuTime() - c0 : wallNs[i];
            events = r.events();
        }
        Arrays.sort(wallNs);
        Arrays.sort(cpuNs);
        double minMs = wallNs[0] / 1e6;
        double medianMs = wallNs[RUNS / 2] / 1e6;
        double cpuMinMs = cpuNs[0] / 1e6;
        double cpuMedianMs = cpuNs[RUNS / 2] / 1e6;
        double eventsPerSec = events / (medianMs / 1000.0);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = SummaryJson.mapper().createObjectNode();
            o.put("scenario", s.name());
            o.put("runs", RUNS);
            o.putObject("wallMs").put("min", round(minMs)).put("median", round(medianMs));
            o.putObject("cpuMs").put("min", round(cpuMinMs)).put("median", round(cpuMedianMs));
            o.put("events", events);
            o.put("eventsPerSec", Math.round(eventsPerSec));
            out.println(SummaryJson.mapper().writeValueAsString(o));
        } else {
            out.printf(Locale.ROOT, "scenario       %s (%d runs after one warm-up run)%n", s.name(), RUNS);
            out.printf(Locale.ROOT, "wall ms        min %.1f  median %.1f%n", minMs, medianMs);
            out.printf(Locale.ROOT, "cpu ms         min %.1f  median %.1f  (the simulating thread)%n", cpuMinMs,
                    cpuMedianMs);
            out.printf(Locale.ROOT, "events         %d per run, %.2f M/s%n", events, eventsPerSec / 1e6);
        }
        out.flush();
        return SchedLabCli.EXIT_OK;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
