package org.schedlab.ui.lab;

import java.util.Map;
import java.util.Optional;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import org.schedlab.analysis.DatasetSummary;
import org.schedlab.model.Dataset;
import org.schedlab.render.Bookmark;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.ui.TaskExecutor;
import org.schedlab.ui.TimelineViewModel;

/**
 * One simulated (or opened) run on screen and the reruns that replace it. A request is debounced;
 * a newer request cancels the run in flight at once (its result would be stale) and its result,
 * should it still arrive, is dropped and never shown. Until the new run is in, the old picture
 * stays and {@link #staleProperty()} says it no longer matches the parameters. The new dataset
 * is swapped in keeping the time window (same offset from the start, same span) unless the whole
 * run was on screen, and keeping the user's bookmarks (same time since the start). A combination the workload rejects becomes {@link #problemProperty()}.
 *
 * <p>A run's timeline comes in two steps: the recorded window is final once simulated (a quarter
 * of the default run), so its dataset is swapped in then ({@link Phase#TIMELINE_READY}: the
 * timeline is current, {@link #timelineStaleProperty()} false) while the summary - and so
 * {@link #outcomeProperty()} and {@link #staleProperty()} - waits for the whole run. The same
 * rules hold for both steps: only the newest run's dataset is ever swapped in.
 */
public final class RunViewModel {
    /** Quiet time after the last change before a run starts: one run per burst of spinner clicks. */
    public static final long DEBOUNCE_MS = 100;
    /** Recorded window for the timeline, from the end of warm-up. */
    public static final long RECORD_MS = 100;

    /** Where the newest request is. */
    public enum Phase {
        /** Nothing runs: the picture and the summary are the last run's (or it failed or was cancelled). */
        IDLE,
        /** Waiting out the debounce. */
        WAITING,
        /** Simulating; the timeline still shows the previous run. */
        SIMULATING,
        /** The new timeline is on screen; the summary is still being simulated. */
        TIMELINE_READY
    }

    private final TaskExecutor executor;
    private final SimRunner runner;
    private final Debouncer debouncer;
    private final TimelineViewModel timeline;
    private final ReadOnlyObjectWrapper<Optional<RunOutcome>> outcome =
            new ReadOnlyObjectWrapper<>(this, "outcome", Optional.empty());
    private final ReadOnlyBooleanWrapper stale = new ReadOnlyBooleanWrapper(this, "stale", false);
    private final ReadOnlyBooleanWrapper timelineStale = new ReadOnlyBooleanWrapper(this, "timelineStale", false);
    private final ReadOnlyObjectWrapper<Optional<Map<String, String>>> timelineOverrides =
            new ReadOnlyObjectWrapper<>(this, "timelineOverrides", Optional.empty());
    private final ReadOnlyObjectWrapper<Phase> phase = new ReadOnlyObjectWrapper<>(this, "phase", Phase.IDLE);
    private final ReadOnlyObjectWrapper<Optional<Latency>> timelineLatency =
            new ReadOnlyObjectWrapper<>(this, "timelineLatency", Optional.empty());
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyObjectWrapper<Optional<Latency>> latency =
            new ReadOnlyObjectWrapper<>(this, "latency", Optional.empty());
    private final ReadOnlyBooleanWrapper canRunAgain = new ReadOnlyBooleanWrapper(this, "canRunAgain", false);
    /** The newest run asked for (its scenario, parameters and seeds); null once a dataset or a given outcome is shown. */
    private Asked asked;
    private RunTask current;
    /** The summary of a dataset being shown ({@link #showDataset}), computed on the worker; null: none. */
    private javafx.concurrent.Task<RunOutcome> summarizing;
    private long requestedAtNs;
    private long startedAtNs;
    private long swappedAtNs;
    private boolean awaitingPaint;
    /** The early-swapped dataset whose first frame completes {@link #timelineLatency}; null: none. */
    private Dataset awaitingTimelinePaint;
    private RunTask.Recorded early;
    private long earlySwappedAtNs;

    /** A run whose timeline prepares datasets and folds frames on the calling thread (view-model tests). */
    public RunViewModel(TaskExecutor executor, DelayScheduler scheduler, SimRunner runner) {
        this(executor, scheduler, runner, Optional.empty());
    }

    /**
     * A run whose timeline prepares each new dataset (lock index, level-of-detail pyramid) and
     * folds dear frames through {@code timelineWork} - the app's case: a recorded window of the
     * default scenario is about a million slices, too much for the FX thread.
     */
    public RunViewModel(TaskExecutor executor, DelayScheduler scheduler, SimRunner runner,
                        Optional<TaskExecutor> timelineWork) {
        this.executor = executor;
        this.runner = runner;
        this.debouncer = new Debouncer(scheduler, DEBOUNCE_MS);
        this.timeline = timelineWork.map(TimelineViewModel::new).orElseGet(TimelineViewModel::new);
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    /** The run (or dataset) on screen; empty before the first one is in. */
    public ReadOnlyObjectProperty<Optional<RunOutcome>> outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    public Optional<RunOutcome> outcome() {
        return outcome.get();
    }

    /**
     * The run on screen - its summary, and its timeline unless {@link #timelineStaleProperty()}
     * says otherwise - does not match the parameters any more (a run is due or in flight).
     */
    public ReadOnlyBooleanProperty staleProperty() {
        return stale.getReadOnlyProperty();
    }

    /** The timeline does not match the parameters (false once the new run's window is swapped in). */
    public ReadOnlyBooleanProperty timelineStaleProperty() {
        return timelineStale.getReadOnlyProperty();
    }

    /**
     * The parameters of the simulated run whose timeline is on screen - ahead of
     * {@link #outcomeProperty()} while its summary runs; empty for an opened dataset or none.
     */
    public ReadOnlyObjectProperty<Optional<Map<String, String>>> timelineOverridesProperty() {
        return timelineOverrides.getReadOnlyProperty();
    }

    /** Where the newest request is: waiting, simulating, timeline ready with the summary pending, idle. */
    public ReadOnlyObjectProperty<Phase> phaseProperty() {
        return phase.getReadOnlyProperty();
    }

    /**
     * The split of the last change-to-timeline latency (simulated up to the record window's end,
     * dataset built, handed over, first frame painted), once painted; {@link #latencyProperty()}
     * then has the change to the summary (the whole run).
     */
    public ReadOnlyObjectProperty<Optional<Latency>> timelineLatencyProperty() {
        return timelineLatency.getReadOnlyProperty();
    }

    /** A run is waiting for its debounce or running. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** 0..1 of simulated time while running, -1 while waiting. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Why the requested parameters cannot run (from the scenario or the workload); empty otherwise. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /**
     * The split of the last change's latency to the whole run on screen (summary, table and
     * timeline): set once the run is in and its timeline was painted (for a run whose timeline came
     * early, {@link #timelineLatencyProperty()} has the change-to-timeline part).
     */
    public ReadOnlyObjectProperty<Optional<Latency>> latencyProperty() {
        return latency.getReadOnlyProperty();
    }

    /**
     * Whether the newest run was cancelled or failed before it was in, so {@link #runAgain} has
     * something to run: a side whose first run was cancelled had neither picture nor a way back
     * to it but changing a value.
     */
    public ReadOnlyBooleanProperty canRunAgainProperty() {
        return canRunAgain.getReadOnlyProperty();
    }

    /** Runs the newest run asked for again, now (after it was cancelled or failed); nothing else. */
    public void runAgain() {
        if (canRunAgain.get() && asked != null) {
            runNow(asked.scenario(), asked.overrides(), asked.seeds());
        }
    }

    private record Asked(Scenario scenario, Map<String, String> overrides, int seeds) {
    }

    /** A parameter changed: cancel what runs, mark the picture stale, run once things are quiet. */
    public void request(Scenario scenario, Map<String, String> overrides, int seeds) {
        requestedAtNs = System.nanoTime();
        asked = new Asked(scenario, Map.copyOf(overrides), seeds);
        canRunAgain.set(false);
        stopCurrent();
        markStale();
        busy.set(true);
        progress.set(-1);
        phase.set(Phase.WAITING);
        status.set("waiting for the parameters to settle");
        debouncer.trigger(() -> start(scenario, overrides, seeds));
    }

    /**
     * A panel's change: a pick from a list runs now ({@code immediate}: no burst of changes to wait
     * out), anything else is debounced ({@link #request}).
     */
    public void changed(Scenario scenario, Map<String, String> overrides, int seeds, boolean immediate) {
        if (immediate) {
            runNow(scenario, overrides, seeds);
        } else {
            request(scenario, overrides, seeds);
        }
    }

    /**
     * The edit is over (a slider's button released, a typed value entered): a request still
     * waiting out its debounce starts now. The debounce is there to coalesce a burst of moves;
     * once the user let go, waiting longer only delays the picture.
     */
    public void settle() {
        debouncer.flush();
    }

    /** Runs now (opening a scenario, more seeds), cancelling what runs. */
    public void runNow(Scenario scenario, Map<String, String> overrides, int seeds) {
        requestedAtNs = System.nanoTime();
        asked = new Asked(scenario, Map.copyOf(overrides), seeds);
        canRunAgain.set(false);
        debouncer.cancel();
        stopCurrent();
        markStale();
        start(scenario, overrides, seeds);
    }

    /** Stops the pending or running run; the picture on screen stays (and stays stale if it was). */
    public void cancel() {
        boolean wasBusy = busy.get();
        debouncer.cancel();
        stopCurrent();
        busy.set(false);
        progress.set(-1);
        phase.set(Phase.IDLE);
        if (wasBusy) {
            canRunAgain.set(asked != null);
            status.set(timelineStale.get() ? "cancelled: the picture shows the previous parameters"
                    : stale.get() ? "cancelled: the timeline is new, the summary shows the previous parameters"
                    : "cancelled");
        }
    }

    /** Shows {@code o} as it is (an opened dataset), without running anything: no latency to report. */
    public void show(RunOutcome o) {
        show(o, Optional.empty(), Optional.empty());
    }

    /**
     * Shows {@code o} as it is (swap A and B, make B the new A), without running anything, with
     * the latencies measured when it was produced: they belong to the run and move with it. No
     * new measurement starts - the change that produced it happened on the other side, and
     * timing from then would count the minutes the user looked at the picture.
     */
    public void show(RunOutcome o, Optional<Latency> timelineLatencyOfRun, Optional<Latency> latencyOfRun) {
        asked = null;
        canRunAgain.set(false);
        debouncer.cancel();
        stopCurrent();
        busy.set(false);
        progress.set(-1);
        phase.set(Phase.IDLE);
        problem.set("");
        early = null;
        awaitingTimelinePaint = null;
        swapIn(o);
        awaitingPaint = false;
        timelineLatency.set(timelineLatencyOfRun);
        latency.set(latencyOfRun);
        status.set("");
    }

    /** Shows an opened dataset; its summary is computed from the dataset itself. */
    public void showDataset(Dataset d, String name) {
        showDataset(d, name, null);
    }

    /**
     * Shows an opened dataset with the task lanes {@code taskLanes} (those the Dataset tab shows
     * it with); null: none at first, and the default ones, chosen on the worker with the summary
     * (a pass over every slice), once they are in ({@link TimelineViewModel#openingLanesKnown}): shown
     * unless it shows lanes by then (picked meanwhile, or lined up with A's).
     */
    public void showDataset(Dataset d, String name, java.util.List<Integer> taskLanes) {
        asked = null;
        canRunAgain.set(false);
        debouncer.cancel();
        stopCurrent();
        problem.set("");
        early = null;
        awaitingTimelinePaint = null;
        // the timeline at once; the summary - a pass over every slice, seconds for a 1 s case-A
        // recording - on the worker, as a run's would be (the FX thread never waits for it)
        javafx.concurrent.Task<RunOutcome> task = new javafx.concurrent.Task<>() {
            @Override
            protected RunOutcome call() {
                return new RunOutcome(name, d.metadata().source(), Map.of(), java.util.List.of(),
                        java.util.List.of(DatasetSummary.of(d)), Optional.of(d),
                        TimelineViewModel.defaultTaskLanes(d), RunOutcome.Phases.NONE,
                        org.schedlab.sim.scenario.DefaultsDiff.ofRun(d.metadata()));
            }
        };
        summarizing = task;
        task.setOnSucceeded(e -> {
            if (summarizing == task) {
                summarizing = null;
                if (taskLanes == null) {
                    // its own lanes, shown unless it shows lanes now: A/B's B lined up with A's
                    // meanwhile takes them after A's (TaskLaneChoice), a pick made meanwhile wins
                    timeline.openingLanesKnown(d, task.getValue().taskLanes());
                }
                show(task.getValue());
            }
        });
        task.setOnFailed(e -> {
            if (summarizing == task) {
                summarizing = null;
                busy.set(false);
                phase.set(Phase.IDLE);
                status.set("summary failed: " + task.getException());
            }
        });
        // stopCurrent forgets the task before cancelling it: a cancel that finds it still current
        // is the executor's, which refused it (the window closing) - it never runs
        task.setOnCancelled(e -> {
            if (summarizing == task) {
                summarizing = null;
                busy.set(false);
                phase.set(Phase.IDLE);
                status.set("summary not computed: the task was refused (the window is closing)");
            }
        });
        if (outcome.get().isPresent()) {
            stale.set(true); // the table still has the previous run's figures
        }
        // the FX thread does not walk the slices for lanes: given, or the worker's, above
        swapTimeline(d, taskLanes == null ? java.util.List.of() : taskLanes);
        timelineOverrides.set(Optional.empty());
        timelineStale.set(false);
        timelineLatency.set(Optional.empty());
        latency.set(Optional.empty());
        busy.set(true);
        progress.set(-1);
        phase.set(Phase.TIMELINE_READY);
        status.set("summary: computing " + name);
        executor.execute(task);
    }

    /**
     * The view painted a frame. The first frame showing a freshly swapped-in dataset completes
     * the latency measurement of the change that produced it.
     */
    public void painted(Dataset paintedDataset) {
        long now = System.nanoTime();
        if (awaitingTimelinePaint != null && awaitingTimelinePaint == paintedDataset) {
            awaitingTimelinePaint = null;
            RunResult.Timings t = early.timings();
            long handover = Math.max(0, (earlySwappedAtNs - startedAtNs) - t.simulateNs() - t.datasetNs());
            timelineLatency.set(Optional.of(new Latency(startedAtNs - requestedAtNs, t.simulateNs(), t.datasetNs(), 0,
                    handover, now - earlySwappedAtNs)));
        }
        if (!awaitingPaint || outcome.get().flatMap(RunOutcome::dataset).orElse(null) != paintedDataset) {
            return;
        }
        awaitingPaint = false;
        RunOutcome.Phases p = outcome.get().get().phases();
        long worker = p.simulateNs() + p.datasetNs() + p.aggregateNs();
        long handover = Math.max(0, (swappedAtNs - startedAtNs) - worker);
        latency.set(Optional.of(new Latency(startedAtNs - requestedAtNs, p.simulateNs(), p.datasetNs(),
                p.aggregateNs(), handover, now - swappedAtNs)));
    }

    private void markStale() {
        if (outcome.get().isPresent()) {
            stale.set(true);
        }
        if (timeline.dataset() != TimelineViewModel.NO_DATASET) {
            timelineStale.set(true);
        }
    }

    /** The newest run's window is simulated: its timeline goes on screen, the summary follows. */
    private void timelineReady(RunTask task, Map<String, String> overrides, RunTask.Recorded r) {
        if (task != current || task.isCancelled()) {
            return; // superseded or cancelled: never painted
        }
        boolean onScreen = timeline.dataset() == r.dataset(); // a kept run of the setting shown
        early = r;
        earlySwappedAtNs = System.nanoTime();
        awaitingTimelinePaint = r.dataset();
        swapTimeline(r.dataset(), r.taskLanes());
        timelineOverrides.set(Optional.of(Map.copyOf(overrides)));
        timelineStale.set(false);
        status.set("summary: simulating");
        phase.set(Phase.TIMELINE_READY);
        if (onScreen) {
            painted(r.dataset()); // its frame is on screen already: no new one will come
        }
    }

    private void start(Scenario scenario, Map<String, String> overrides, int seeds) {
        startedAtNs = System.nanoTime();
        RunTask[] self = new RunTask[1];
        RunTask task = new RunTask(runner, scenario, overrides, seeds, RECORD_MS, r -> timelineReady(self[0], overrides, r));
        self[0] = task;
        current = task;
        early = null;
        awaitingTimelinePaint = null;
        timelineLatency.set(Optional.empty());
        latency.set(Optional.empty());
        phase.set(Phase.SIMULATING);
        busy.set(true);
        problem.set("");
        progress.set(0);
        status.set("simulating " + scenario.name() + (seeds > 1 ? " (" + seeds + " seeds)" : ""));
        task.progressProperty().addListener((obs, o, n) -> {
            if (task == current) {
                progress.set(n.doubleValue());
            }
        });
        task.messageProperty().addListener((obs, o, n) -> {
            if (task == current && !n.isEmpty()) {
                status.set(n);
            }
        });
        task.setOnSucceeded(e -> {
            if (task != current) {
                return; // a newer request owns the screen: this result is stale, drop it
            }
            ended();
            swapIn(task.getValue());
            phase.set(Phase.IDLE);
            status.set("");
        });
        task.setOnFailed(e -> {
            if (task != current) {
                return;
            }
            ended();
            phase.set(Phase.IDLE);
            Throwable ex = task.getException();
            if (ex instanceof ScenarioException) {
                problem.set(ex.getMessage());
                status.set("not run: invalid parameters");
            } else {
                canRunAgain.set(true);
                status.set("run failed: " + ex);
            }
        });
        // as for a dataset's summary: only a refusing executor cancels a task that is still current
        task.setOnCancelled(e -> {
            if (task != current) {
                return;
            }
            ended();
            phase.set(Phase.IDLE);
            status.set("not run: the run was refused (the window is closing)"
                    + (timelineStale.get() ? "; the picture shows the previous parameters" : ""));
        });
        executor.execute(task);
    }

    /** The current run is over (done, failed or refused): nothing runs on this side now. */
    private void ended() {
        current = null;
        busy.set(false);
        progress.set(-1);
    }

    private void stopCurrent() {
        javafx.concurrent.Task<RunOutcome> sum = summarizing;
        summarizing = null;
        if (sum != null && !sum.isDone()) {
            sum.cancel();
        }
        RunTask t = current;
        current = null;
        if (t != null && !t.isDone()) {
            t.cancel();
        }
    }

    private void swapIn(RunOutcome o) {
        if (o.dataset().isPresent()) {
            timelineOverrides.set(o.simulated() ? Optional.of(o.overrides()) : Optional.empty());
        }
        outcome.set(Optional.of(o));
        stale.set(false);
        swappedAtNs = System.nanoTime();
        // the timeline may already show this dataset (swapped in when its window was simulated)
        boolean alreadyShown = o.dataset().isPresent() && o.dataset().get() == timeline.dataset();
        awaitingPaint = o.dataset().isPresent() && (!alreadyShown || awaitingTimelinePaint != null);
        o.dataset().ifPresent(d -> swapTimeline(d, o.taskLanes()));
        if (o.dataset().isPresent() || timeline.dataset() == TimelineViewModel.NO_DATASET) {
            timelineStale.set(false);
        }
        if (alreadyShown && !awaitingPaint) {
            // change to summary: the timeline's first frame was painted before the run completed
            RunOutcome.Phases p = o.phases();
            long worker = p.simulateNs() + p.datasetNs() + p.aggregateNs();
            latency.set(Optional.of(new Latency(startedAtNs - requestedAtNs, p.simulateNs(), p.datasetNs(),
                    p.aggregateNs(), Math.max(0, (swappedAtNs - startedAtNs) - worker), 0)));
        }
    }

    /**
     * Puts {@code d} on the timeline keeping the time window (offset from the start, span) and
     * the user's bookmarks (each at the same time since the start) when it is another run of the
     * scenario shown (a parameter changed: the same moment, compared); a run of another scenario,
     * or a dataset in place of the run, opens fitted with its own bookmarks, as the moments
     * marked mean nothing there.
     * {@code taskLanes}: the lanes it opens with, chosen where it was made; null: choose them now.
     */
    private void swapTimeline(Dataset d, java.util.List<Integer> taskLanes) {
        Dataset before = timeline.dataset();
        if (before == d) {
            return;
        }
        long offsetNs = timeline.startNs() - before.startNs();
        long spanNs = timeline.spanNs();
        boolean wholeShown = timeline.startNs() <= timeline.boundStartNs() && timeline.endNs() >= timeline.boundEndNs();
        boolean sameScenario = before.metadata().source().equals(d.metadata().source())
                && before.metadata().format().equals(d.metadata().format())
                && before != TimelineViewModel.NO_DATASET;
        java.util.List<Bookmark> marks = bookmarksSinceStart();
        java.util.List<Bookmark> kept = keptSinceStart();
        if (taskLanes == null) {
            timeline.setDataset(d);
        } else {
            timeline.setDataset(d, taskLanes);
        }
        if (sameScenario) {
            setBookmarksSinceStart(marks, kept); // in place of the new run's own (a simulation has none)
        }
        if (!wholeShown && sameScenario) {
            timeline.setWindow(d.startNs() + offsetNs, d.startNs() + offsetNs + spanNs);
        }
    }

    /** The user's bookmarks on the run shown, each at its time since the run's start (none before a run). */
    java.util.List<Bookmark> bookmarksSinceStart() {
        return sinceStart(timeline.bookmarks().bookmarks());
    }

    /**
     * Those of the run's bookmarks a workspace keeps (as opened from it or last saved to it), each
     * at its time since the run's start: they go where the bookmarks go, so a rerun or a swap does
     * not make them count as unsaved.
     */
    java.util.List<Bookmark> keptSinceStart() {
        return sinceStart(timeline.bookmarks().kept());
    }

    private java.util.List<Bookmark> sinceStart(java.util.List<Bookmark> marks) {
        long startNs = timeline.dataset().startNs();
        java.util.List<Bookmark> since = new java.util.ArrayList<>();
        for (Bookmark b : marks) {
            since.add(new Bookmark(b.tNs() - startNs, b.note()));
        }
        return since;
    }

    /**
     * Puts {@code marks} (times since a run's start, from {@link #bookmarksSinceStart()}) on the
     * run shown in place of its bookmarks, with {@code kept} ({@link #keptSinceStart()}) as those
     * a workspace keeps: the other side's, on Swap A and B.
     */
    void setBookmarksSinceStart(java.util.List<Bookmark> marks, java.util.List<Bookmark> kept) {
        timeline.bookmarks().bookmarks().setAll(atStart(marks));
        timeline.bookmarks().markKept(atStart(kept));
    }

    private java.util.List<Bookmark> atStart(java.util.List<Bookmark> sinceStart) {
        long startNs = timeline.dataset().startNs();
        java.util.List<Bookmark> moved = new java.util.ArrayList<>();
        for (Bookmark b : sinceStart) {
            moved.add(new Bookmark(startNs + b.tNs(), b.note()));
        }
        return moved;
    }
}
