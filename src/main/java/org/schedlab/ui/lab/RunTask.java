package org.schedlab.ui.lab;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import javafx.application.Platform;
import javafx.concurrent.Task;

import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.summary.RunSummary;
import org.schedlab.sim.summary.SummaryJson;
import org.schedlab.ui.TimelineViewModel;

/**
 * One parameter set on a worker thread: N seeds (the scenario's seed, +1, ... as CLI
 * {@code compare} numbers them), the first recorded for the timeline, the others summary only.
 * Progress is simulated time over all seeds; cancelling stops the engine at its next check.
 * The recorded seed's dataset goes to the FX thread as soon as its window is simulated
 * ({@link Recorded}), before the summaries are done; messages then say the summary is pending.
 * The task lanes the timeline opens with are chosen here too, with the dataset, so that the FX
 * thread only swaps it in.
 */
final class RunTask extends Task<RunOutcome> implements Simulation.Monitor, RunCache.WindowWait {
    private final SimRunner runner;
    private final Scenario scenario;
    private final Map<String, String> overrides;
    private final int seeds;
    private final long recordMs;
    private volatile int seedIndex;
    private volatile long lastReportedPermille = -1;
    private volatile long lastReportedPercent = -1;
    /** When progress last went to the FX thread ({@link System#nanoTime}). */
    private volatile long lastReportedAtNs;
    /**
     * Progress goes to the screen at most this often: every report repaints the header and its bar,
     * and at the engine's rate (coalesced to one per 60 Hz pulse) that took a fifth to a third of
     * a core on the FX thread, as much again rendering - taken from the run being watched on a
     * two-core machine.
     */
    static final long PROGRESS_EVERY_NS = 100_000_000L;
    private volatile boolean recordedSeen;
    /** Where the recorded window ends on the simulated clock (warm-up included); 0 when unknown. */
    private volatile long timelineAtMs;
    private final Consumer<Recorded> onRecorded;

    /** What went to {@link #onRecorded} last: the final outcome reuses its lanes (null: none). */
    private volatile Recorded lastRecorded;

    /**
     * The recorded dataset, final, while the run goes on for its summary; {@code taskLanes}: the
     * task lanes its timeline opens with, chosen on the simulating thread; {@code timings} has the
     * event loop up to the window's end and the dataset's build.
     */
    record Recorded(Dataset dataset, List<Integer> taskLanes, RunResult.Timings timings) {
    }

    RunTask(SimRunner runner, Scenario scenario, Map<String, String> overrides, int seeds, long recordMs) {
        this(runner, scenario, overrides, seeds, recordMs, r -> { });
    }

    /** {@code onRecorded} runs on the FX thread (at once when the task runs there, as in tests). */
    RunTask(SimRunner runner, Scenario scenario, Map<String, String> overrides, int seeds, long recordMs,
            Consumer<Recorded> onRecorded) {
        this.runner = runner;
        this.scenario = scenario;
        this.overrides = Map.copyOf(overrides);
        this.seeds = seeds;
        this.recordMs = recordMs;
        this.onRecorded = onRecorded;
    }

    @Override
    protected RunOutcome call() throws Exception {
        var params = scenario.resolve(overrides);
        long firstSeed = params.longValue("seed");
        if (recordMs > 0) {
            timelineAtMs = params.longValue("warmupMs") + Math.min(recordMs, params.longValue("durationMs"));
        }
        List<RunSummary> summaries = new ArrayList<>();
        Optional<Dataset> dataset = Optional.empty();
        long simulateNs = 0;
        long datasetNs = 0;
        long aggregateNs = 0;
        for (int i = 0; i < seeds; i++) {
            if (isCancelled()) {
                // the seed before came back whole though this task was cancelled: its run went on
                // for another view that joined it (RunCache); the next seeds are nobody's, and asking
                // for one would stop the look-ahead and build the scenario only to stop at once
                throw new java.util.concurrent.CancellationException("cancelled before seed " + (i + 1));
            }
            seedIndex = i;
            updateMessage((recordedSeen ? "summary: " : "")
                    + (seeds == 1 ? "simulating" : "simulating seed " + (i + 1) + " of " + seeds));
            RunResult r = runner.run(scenario, seedOverrides(overrides, firstSeed, i), seedOptions(i, recordMs), this);
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
        Recorded early = lastRecorded;
        List<Integer> lanes = dataset.map(d -> early != null && early.dataset() == d ? early.taskLanes()
                : TimelineViewModel.defaultTaskLanes(d)).orElse(List.of());
        return new RunOutcome(label(overrides), scenario.name(), overrides, summaries, trees, dataset, lanes,
                new RunOutcome.Phases(simulateNs, datasetNs, aggregateNs), Optional.empty());
    }

    /**
     * Seed {@code i}'s overrides of a setting whose first seed is {@code firstSeed}: what a task asks
     * the runner for, and so the key under which {@link RunCache} keeps it (a run made ahead for
     * the setting must use exactly this).
     */
    static Map<String, String> seedOverrides(Map<String, String> overrides, long firstSeed, int i) {
        Map<String, String> o = new LinkedHashMap<>(overrides);
        o.put("seed", Long.toString(firstSeed + i));
        return o;
    }

    /** The first seed records the timeline's window; the others give their summary only. */
    static Simulation.Options seedOptions(int i, long recordMs) {
        return i == 0 ? Simulation.Options.recording(recordMs) : Simulation.Options.summaryOnly();
    }

    /** "scenario values" or the overrides as {@code key=value ...}. */
    static String label(Map<String, String> overrides) {
        if (overrides.isEmpty()) {
            return "scenario values";
        }
        // sorted: the map is unordered, and a label must read the same from one launch to the next
        return new java.util.TreeMap<>(overrides).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    /**
     * Whether progress {@code permille} goes to the screen at {@code atNs}: when it changed, and
     * it is the first, the last (1000), or {@value #PROGRESS_EVERY_NS} ns after the one before.
     */
    static boolean reportNow(long lastPermille, long permille, long lastAtNs, long atNs) {
        return permille != lastPermille
                && (lastPermille < 0 || permille >= 1000 || atNs - lastAtNs >= PROGRESS_EVERY_NS);
    }

    @Override
    public void simulated(long nowNs, long endNs) {
        if (endNs <= 0) {
            return;
        }
        long permille = Math.min(1000, (seedIndex * 1000L + nowNs * 1000L / endNs) / seeds);
        long at = System.nanoTime(); // the engine asks every few hundred microseconds
        if (reportNow(lastReportedPermille, permille, lastReportedAtNs, at)) {
            lastReportedAtNs = at;
            lastReportedPermille = permille;
            updateProgress(permille, 1000);
            if (permille / 10 != lastReportedPercent) {
                lastReportedPercent = permille / 10;
                updateMessage((recordedSeen ? "summary: simulating" : "simulating")
                        + (seeds == 1 ? "" : " seed " + (seedIndex + 1) + " of " + seeds) + ": "
                        + nowNs / 1_000_000 + " of " + endNs / 1_000_000 + " ms (warm-up included"
                        + (recordedSeen || timelineAtMs <= 0 || seedIndex > 0 ? "" : "; timeline at " + timelineAtMs)
                        + ")");
            }
        }
    }

    /**
     * Stops the run at the engine's next check, never by interrupting its thread: that thread may
     * be simulating a run other views joined ({@link RunCache}: the live run opened on B's values),
     * which goes on for them, and an interrupt breaks the recorder's hand-over of the window to its
     * own thread ("recording interrupted") - their run failed with it. The engine and the cache's
     * waits look at {@link #isCancelled()} by themselves.
     */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return super.cancel(false);
    }

    /**
     * Its run waits while another run simulates toward its timeline ({@link RunCache}): said, not a
     * frozen bar. The bar is indeterminate meanwhile, so the card's header says the wait rather than
     * the percentage it stopped at ("summary 25 %").
     */
    @Override
    public void waitingForWindows(boolean waiting) {
        if (waiting) {
            updateMessage((recordedSeen ? "summary: " : "") + "waiting while another run simulates its timeline"
                    + (seeds == 1 ? "" : " (seed " + (seedIndex + 1) + " of " + seeds + ")"));
            updateProgress(-1, 1);
        }
        lastReportedPercent = -1; // going on: the next progress report says so, at once
        lastReportedPermille = -1;
    }

    @Override
    public void recorded(Dataset dataset, RunResult.Timings timings) {
        if (seedIndex != 0 || isCancelled()) {
            return;
        }
        recordedSeen = true;
        // a pass over every slice (a million in the default window): here, not on the FX thread
        Recorded r = new Recorded(dataset, TimelineViewModel.defaultTaskLanes(dataset), timings);
        lastRecorded = r;
        if (Platform.isFxApplicationThread()) {
            onRecorded.accept(r);
        } else {
            Platform.runLater(() -> onRecorded.accept(r)); // queued before the task's own success event
        }
    }
}
