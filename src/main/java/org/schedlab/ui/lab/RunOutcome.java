package org.schedlab.ui.lab;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.schedlab.model.Dataset;
import org.schedlab.sim.summary.RunSummary;

/**
 * What one side of the lab shows: the runs of a parameter set (one per seed; the first one
 * recorded for the timeline) or an opened dataset, with each run's summary as JSON in
 * SIMULATOR.md's shape (what the delta table compares), and the wall time of each phase.
 * {@code label} names it for people: the overrides, or the file. {@code taskLanes}: the task lanes
 * its timeline opens with ({@link org.schedlab.ui.TimelineViewModel#defaultTaskLanes}, a pass over
 * every slice), chosen on the worker that made the outcome; empty without a dataset.
 * {@code differsFromDefaults}: an opened saved run's parameters that differ from its scenario's
 * defaults ({@link org.schedlab.sim.scenario.DefaultsDiff#ofRun}), for a picture's caption - found on
 * that worker too, as it reads and resolves the scenario; empty for a simulated run (its overrides
 * say it) and a recording.
 */
public record RunOutcome(String label, String scenarioName, Map<String, String> overrides, List<RunSummary> summaries,
                         List<JsonNode> summaryTrees, Optional<Dataset> dataset, List<Integer> taskLanes, Phases phases,
                         Optional<Map<String, String>> differsFromDefaults) {
    public RunOutcome {
        taskLanes = List.copyOf(taskLanes);
        overrides = Map.copyOf(overrides);
        summaries = List.copyOf(summaries);
        summaryTrees = List.copyOf(summaryTrees);
    }

    /**
     * Wall time (ns) of what the worker did: simulate (event loop of every seed), build the
     * recorded dataset, aggregate (summaries and their JSON trees). Zero for an opened dataset.
     */
    public record Phases(long simulateNs, long datasetNs, long aggregateNs) {
        public static final Phases NONE = new Phases(0, 0, 0);
    }

    /** True for a simulated run, false for an opened dataset. */
    public boolean simulated() {
        return !summaries.isEmpty();
    }

    public int seeds() {
        return summaryTrees.size();
    }
}
