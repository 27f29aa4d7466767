package org.schedlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;
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
 * {@code schedlab bench}: wall times of what a user waits for, each as min and median of
 * {@value #RUNS} runs after one warm-up run for the JIT: a scenario's default run (simulator
 * events per second, and the simulating thread's CPU time: on a shared machine the steadier
 * figure, it leaves out the time other processes hold the cores), the import of the bundled
 * real recording (lines per second), and one off-screen timeline frame of the scenario's
 * recorded run at full zoom-out (plus what recording that run cost, once). Default scenario:
 * {@value #DEFAULT}, or teach-kernel-section when that is not built in.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Time a scenario's default run, the import of the bundled recording and one timeline frame"
                + " (min and median wall time, events and lines per second).")
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
        long[] events = new long[1];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
        long[] cpuNs = new long[RUNS + 1]; // the warm-up run first
        int[] runIndex = new int[1];
        WallTimes run = WallTimes.measure(RUNS, () -> {
            long c0 = cpuTime ? threads.getCurrentThreadCpuTime() : System.nanoTime();
            RunSummary r = SimCli.run(s, Map.of(), Simulation.Options.summaryOnly()).summary();
            cpuNs[runIndex[0]++] = (cpuTime ? threads.getCurrentThreadCpuTime() : System.nanoTime()) - c0;
            events[0] = r.events();
        });
        long[] measuredCpuNs = Arrays.copyOfRange(cpuNs, 1, RUNS + 1);
        Arrays.sort(measuredCpuNs);
        double cpuMinMs = measuredCpuNs[0] / 1e6;
        double cpuMedianMs = measuredCpuNs[RUNS / 2] / 1e6;
        double eventsPerSec = events[0] / (run.medianMs() / 1000.0);

        BenchImport.Result imp = BenchImport.measure(bundledRecording(), RUNS);

        long t0 = System.nanoTime();
        RunResult recorded = SimCli.run(s, Map.of(), Simulation.Options.recording(Long.MAX_VALUE / 2_000_000L));
        double recordMs = (System.nanoTime() - t0) / 1e6;
        Dataset d = recorded.dataset().orElseThrow(
                () -> new IllegalStateException("a recording run of " + s.name() + " returned no dataset"));
        BenchFrame.Result frame = BenchFrame.measure(d, RUNS);

        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = SummaryJson.mapper().createObjectNode();
            o.put("scenario", s.name());
            o.put("runs", RUNS);
            run.put(o.putObject("wallMs"));
            o.putObject("cpuMs").put("min", WallTimes.round(cpuMinMs)).put("median", WallTimes.round(cpuMedianMs));
            o.put("events", events[0]);
            o.put("eventsPerSec", Math.round(eventsPerSec));
            ObjectNode i = o.putObject("import");
            i.put("file", imp.file());
            imp.wall().put(i.putObject("wallMs"));
            i.put("lines", imp.lines());
            i.put("linesPerSec", Math.round(imp.linesPerSec()));
            ObjectNode f = o.putObject("frame");
            f.put("widthPx", BenchFrame.WIDTH_PX);
            f.put("heightPx", BenchFrame.HEIGHT_PX);
            frame.lanes().wall().put(f.putObject("wallMs"));
            f.put("slices", d.sliceCount());
            f.put("slicesVisited", frame.lanes().slicesVisited());
            f.put("prepareMs", WallTimes.round(frame.prepareMs()));
            ObjectNode fit = f.putObject("fitCpuLanes");
            frame.fitCpuLanes().wall().put(fit.putObject("wallMs"));
            fit.put("slicesVisited", frame.fitCpuLanes().slicesVisited());
            ObjectNode rec = o.putObject("record");
            rec.put("wallMs", WallTimes.round(recordMs));
            rec.put("slices", d.sliceCount());
            out.println(SummaryJson.mapper().writeValueAsString(o));
        } else {
            out.printf(Locale.ROOT, "scenario       %s (%d runs after one warm-up run)%n", s.name(), RUNS);
            out.printf(Locale.ROOT, "wall ms        min %.1f  median %.1f%n", run.minMs(), run.medianMs());
            out.printf(Locale.ROOT, "cpu ms         min %.1f  median %.1f  (the simulating thread)%n", cpuMinMs,
                    cpuMedianMs);
            out.printf(Locale.ROOT, "events         %d per run, %.2f M/s%n", events[0], eventsPerSec / 1e6);
            out.printf(Locale.ROOT, "import         %s: %d lines, min %.1f  median %.1f ms, %.2f M lines/s%n",
                    imp.file(), imp.lines(), imp.wall().minMs(), imp.wall().medianMs(), imp.linesPerSec() / 1e6);
            out.printf(Locale.ROOT, "record         whole run recorded once: %.1f ms, %d slices%n", recordMs,
                    d.sliceCount());
            out.printf(Locale.ROOT, "frame          %dx%d at full zoom-out: min %.1f  median %.1f ms (prepared once"
                    + " in %.1f ms)%n", BenchFrame.WIDTH_PX, BenchFrame.HEIGHT_PX, frame.lanes().wall().minMs(),
                    frame.lanes().wall().medianMs(), frame.prepareMs());
            out.printf(Locale.ROOT, "frame fit      the same with Fit CPU lanes (every CPU lane): min %.1f  median %.1f ms%n",
                    frame.fitCpuLanes().wall().minMs(), frame.fitCpuLanes().wall().medianMs());
        }
        out.flush();
        return SchedLabCli.EXIT_OK;
    }

    /** The real recording the workbench opens as its example (shipped in the jar, see pom.xml). */
    static final String RECORDING = "/org/schedlab/ui/examples/pgbench-sandbox-2cpu/perf_sched_script.txt.gz";

    private static BenchImport.Recording bundledRecording() throws IOException {
        try (InputStream in = BenchCommand.class.getResourceAsStream(RECORDING)) {
            if (in == null) {
                throw new IOException("the bundled recording " + RECORDING + " is missing from the jar");
            }
            return new BenchImport.Recording("pgbench-sandbox-2cpu/perf_sched_script.txt.gz", in.readAllBytes());
        }
    }
}
