package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.io.DatasetJson;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.record.Recorder;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.summary.SummaryJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schedlab simulate}: runs one scenario and prints its summary; {@code --out} writes the
 * recorded window as a dataset. Without {@code --record-ms}, {@code --out} records the whole
 * measured duration.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Run a simulator scenario and print its summary (text or JSON).")
public final class SimulateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--scenario", required = true, paramLabel = "NAME|FILE",
            description = "Built-in scenario name (see 'schedlab scenarios') or a scenario .json file.")
    String scenario;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a parameter (repeatable).")
    List<String> set = new ArrayList<>();

    @Option(names = "--seed", paramLabel = "N",
            description = "Random seed (same as --set seed=N; default: the scenario's).")
    Long seed;

    @Option(names = "--warmup-ms", paramLabel = "N",
            description = "Simulated warm-up before the measured time, excluded from every statistic"
                    + " (same as --set warmupMs=N; default: the scenario's).")
    Long warmupMs;

    @Option(names = "--duration-ms", paramLabel = "N",
            description = "Measured simulated time (same as --set durationMs=N; default: the scenario's).")
    Long durationMs;

    @Option(names = "--record-ms", paramLabel = "N",
            description = "Record the first N ms after warm-up for --out (default: all of it when --out is given).")
    Long recordMs;

    @Option(names = "--summary", paramLabel = "text|json", defaultValue = "text",
            description = "Summary format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format summary;

    @Option(names = "--out", paramLabel = "RUN.json", description = "Write the recorded run as a dataset file.")
    Path out;

    enum Format { text, json }

    @Override
    public Integer call() throws Exception {
        Scenario s = SimCli.scenario(scenario);
        Map<String, String> overrides = runOverrides(SimCli.assignments(set), seed, warmupMs, durationMs);
        // 9223372036855 ms overflowed into a negative nanosecond count: "--record-ms must be > 0"
        TimeOptions.checkMs("--record-ms", recordMs, false);
        // --warmup-ms and --duration-ms are the parameters warmupMs and durationMs, refused with
        // their ranges (0..600000, 1..3600000 ms) as --set refuses them: a check of their own here
        // said "-5: must be >= 0 and at most 9223372036854", a range they do not have
        long record = recordMs != null ? recordMs : out != null ? Long.MAX_VALUE / 2_000_000L : 0;
        if (recordMs != null && out == null) {
            throw new UserInputException("--record-ms sets how much of the run --out writes; give --out RUN.json too");
        }
        if (out != null) {
            // before the run, which may take minutes: its result must not be lost to a bad --out
            if (record == 0) {
                throw new UserInputException("--out needs a recording: --record-ms must be > 0");
            }
            OutputFile.check(out, "a dataset file name (.json or .json.gz)");
            Path scenarioFile = Path.of(scenario);
            if (Files.exists(out) && Files.isRegularFile(scenarioFile) && Files.isSameFile(scenarioFile, out)) {
                // a typo replaced the scenario a user wrote with its run, as import's --out over its recording did
                throw new UserInputException(out + ": is the scenario file being run; expected a new dataset file name"
                        + " for --out");
            }
            if (recordMs != null) {
                long runMs = runDurationMs(s, overrides);
                if (recordMs > runMs) {
                    // the window would be cut to the run without a word: refused, as a range is, not clamped
                    throw new UserInputException("--record-ms " + recordMs + " is longer than the run (durationMs "
                            + runMs + "); expected 1.." + runMs + ", or no --record-ms to record all of it");
                }
            }
        }
        SimCli.noteInert(SimCli.inert(s, overrides), overrides, overrides.keySet(), "", spec.commandLine().getErr());
        RunResult r = SimCli.run(s, overrides, new Simulation.Options(record, Recorder.DEFAULT_MAX_TASK_LANES, false),
                "simulating " + s.name(), spec.commandLine().getErr());
        if (out != null) {
            if (r.dataset().isEmpty()) {
                throw new UserInputException("--out needs a recording: --record-ms must be > 0");
            }
            try {
                DatasetJson.write(r.dataset().get(), out);
            } catch (IOException e) {
                throw new UserInputException(out + ": cannot write: " + OutputFile.reason(e), e);
            }
        }
        // --out /dev/stdout | gzip: the summary after the run's dataset made the piped file no JSON
        PrintWriter w = OutputFile.reportTo(out, spec.commandLine().getOut(), spec.commandLine().getErr());
        w.print(summary == Format.json ? SummaryJson.write(r.summary()) + "\n" :
                SummaryReport.render(SummaryJson.tree(r.summary())));
        w.flush();
        return SchedLabCli.EXIT_OK;
    }

    private static long runDurationMs(Scenario s, Map<String, String> overrides) throws UserInputException {
        try {
            return s.resolve(overrides).longValue("durationMs");
        } catch (org.schedlab.sim.scenario.ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
    }

    static Map<String, String> runOverrides(Map<String, String> set, Long seed, Long warmupMs, Long durationMs)
            throws UserInputException {
        Map<String, String> m = new LinkedHashMap<>(set);
        put(m, "seed", "--seed", seed);
        put(m, "warmupMs", "--warmup-ms", warmupMs);
        put(m, "durationMs", "--duration-ms", durationMs);
        return m;
    }

    /** Adds an option's value; the same parameter also given with --set must agree with it. */
    private static void put(Map<String, String> m, String key, String option, Long value) throws UserInputException {
        if (value == null) {
            return;
        }
        String before = m.put(key, value.toString());
        if (before != null && !before.equals(value.toString())) {
            throw new UserInputException(option + " " + value + " and --set " + key + "=" + before
                    + " disagree; expected one value for " + key);
        }
    }
}
