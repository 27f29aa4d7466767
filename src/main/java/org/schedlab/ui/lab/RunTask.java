package org.schedlab.ui.lab;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import javafx.concurrent.Task;

import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.record.Recorder;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.summary.RunSummary;
import org.schedlab.sim.summary.SummaryJson;

/**
 * One parameter set on a worker thread: N seeds (the scenario's seed, +1, ... as CLI
 * {@code compare} numbers them), the first recorded for the timeline, the others summary only.
 * Progress is simulated time over all seeds; cancelling stops the engine at its next check.
 */
final class RunTask extends Task<RunOutcome> implements Simulation.Monitor {
    private final SimRunner runner;
    private final Scenario scenario;
    private final Map<String, String> overrides;
    private final int seeds;
    private final long recordMs;
    private volatile int seedIndex;
    private volatile long lastReportedPermille = -1;
    private volatile long lastReportedPercent = -1;

    RunTask(SimRunner runner, Scenario scenario, Map<String, String> overrides, int seeds, long recordMs) {
        this.runner = runner;
        this.scenario = scenario;
        this.overrides = Map.copyOf(overrides);
        this.seeds = seeds;
        this.recordMs = recordMs;
    }

    @Override
    protected RunOutcome call() throws Exception {
        long firstSeed = scenario.resolve(overrides).longValue("seed");
        List<RunSummary> summaries = new ArrayList<>();
        Optional<Dataset> dataset = Optional.empty();
        long simulateNs = 0;
        long datasetNs = 0;
        long aggregateNs = 0;
        for (int i = 0; i < seeds; i++) {
            seedIndex = i;
            updateMessage(seeds == 1 ? "simulating" : "simulating seed " + (i + 1) + " of " + seeds);
            Map<String, String> o = new LinkedHashMap<>(overrides);
            o.put("seed", Long.toString(firstSeed + i));
            Simulation.Options opts = i == 0
                    ? new Simulation.Options(recordMs, Recorder.DEFAULT_MAX_TASK_LANES, false)
                    : Simulation.Options.summaryOnly();
            RunResult r = runner.run(scenario, o, opts, this);
            summaries.add(r.summary());
            if (i == 0) {
                dataset = r.dataset();
            }
            simulateNs += r.timings().simulateNs();
            datasetNs += r.timings().datasetNs();
            aggregateNs += r.timings().summarizeNs();
        }
        long t0 = System.nanoTime();
        List<JsonNode> trees = summaries.stream().map(SummaryJson::tree).collect(Collectors.toList());
        aggregateNs += System.nanoTime() - t0;
        return new RunOutcome(label(overrides), scenario.name(), overrides, summaries, trees, dataset,
                new RunOutcome.Phases(simulateNs, datasetNs, aggregateNs));
    }

    /** "scenario values" or the overrides as {@code key=value ...}. */
    static String label(Map<String, String> overrides) {
        if (overrides.isEmpty()) {
            return "scenario values";
        }
        return overrides.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    @Override
    public void simulated(long nowNs, long endNs) {
        if (endNs <= 0) {
            return;
        }
        long permille = Math.min(1000, (seedIndex * 1000L + nowNs * 1000L / endNs) / seeds);
        if (permille != lastReportedPermille) { // the engine asks every few hundred microseconds
            lastReportedPermille = permille;
            updateProgress(permille, 1000);
            if (permille / 10 != lastReportedPercent) {
                lastReportedPercent = permille / 10;
                updateMessage("simulating" + (seeds == 1 ? "" : " seed " + (seedIndex + 1) + " of " + seeds) + ": "
                        + nowNs / 1_000_000 + " of " + endNs / 1_000_000 + " ms (warm-up included)");
            }
        }
    }
}
