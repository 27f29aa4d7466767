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
 * run was on screen. A combination the workload rejects becomes {@link #problemProperty()}.
 */
public final class RunViewModel {
    /** Quiet time after the last change before a run starts: one run per burst of spinner clicks. */
    public static final long DEBOUNCE_MS = 100;
    /** Recorded window for the timeline, from the end of warm-up. */
    public static final long RECORD_MS = 100;

    private final TaskExecutor executor;
    private final SimRunner runner;
    private final Debouncer debouncer;
    private final TimelineViewModel timeline = new TimelineViewModel();
    private final ReadOnlyObjectWrapper<Optional<RunOutcome>> outcome =
            new ReadOnlyObjectWrapper<>(this, "outcome", Optional.empty());
    private final ReadOnlyBooleanWrapper stale = new ReadOnlyBooleanWrapper(this, "stale", false);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyObjectWrapper<Optional<Latency>> latency =
            new ReadOnlyObjectWrapper<>(this, "latency", Optional.empty());
    private RunTask current;
    private long requestedAtNs;
    private long startedAtNs;
    private long swappedAtNs;
    private boolean awaitingPaint;

    public RunViewModel(TaskExecutor executor, DelayScheduler scheduler, SimRunner runner) {
        this.executor = executor;
        this.runner = runner;
        this.debouncer = new Debouncer(scheduler, DEBOUNCE_MS);
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

    /** The picture on screen does not match the parameters any more (a run is due or in flight). */
    public ReadOnlyBooleanProperty staleProperty() {
        return stale.getReadOnlyProperty();
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

    /** The split of the last change-to-picture latency, once the picture was painted. */
    public ReadOnlyObjectProperty<Optional<Latency>> latencyProperty() {
        return latency.getReadOnlyProperty();
    }

    /** A parameter changed: cancel what runs, mark the picture stale, run once things are quiet. */
    public void request(Scenario scenario, Map<String, String> overrides, int seeds) {
        requestedAtNs = System.nanoTime();
        stopCurrent();
        if (outcome.get().isPresent()) {
            stale.set(true);
        }
        busy.set(true);
        progress.set(-1);
        status.set("waiting for the parameters to settle");
        debouncer.trigger(() -> start(scenario, overrides, seeds));
    }

    /** Runs now (opening a scenario, more seeds), cancelling what runs. */
    public void runNow(Scenario scenario, Map<String, String> overrides, int seeds) {
        requestedAtNs = System.nanoTime();
        debouncer.cancel();
        stopCurrent();
        if (outcome.get().isPresent()) {
            stale.set(true);
        }
        start(scenario, overrides, seeds);
    }

    /** Stops the pending or running run; the picture on screen stays (and stays stale if it was). */
    public void cancel() {
        boolean wasBusy = busy.get();
        debouncer.cancel();
        stopCurrent();
        busy.set(false);
        progress.set(-1);
        if (wasBusy) {
            status.set(stale.get() ? "cancelled: the picture shows the previous parameters" : "cancelled");
        }
    }

    /** Shows {@code o} as it is (swap A and B, make B the new A), without running anything. */
    public void show(RunOutcome o) {
        debouncer.cancel();
        stopCurrent();
        busy.set(false);
        progress.set(-1);
        problem.set("");
        swapIn(o);
        status.set("");
    }

    /** Shows an opened dataset; its summary is computed from the dataset itself. */
    public void showDataset(Dataset d, String name) {
        show(new RunOutcome(name, d.metadata().source(), Map.of(), java.util.List.of(),
                java.util.List.of(DatasetSummary.of(d)), Optional.of(d), RunOutcome.Phases.NONE));
    }

    /**
     * The view painted a frame. The first frame showing a freshly swapped-in dataset completes
     * the latency measurement of the change that produced it.
     */
    public void painted(Dataset paintedDataset) {
        if (!awaitingPaint || outcome.get().flatMap(RunOutcome::dataset).orElse(null) != paintedDataset) {
            return;
        }
        awaitingPaint = false;
        long now = System.nanoTime();
        RunOutcome.Phases p = outcome.get().get().phases();
        long worker = p.simulateNs() + p.datasetNs() + p.aggregateNs();
        long handover = Math.max(0, (swappedAtNs - startedAtNs) - worker);
        latency.set(Optional.of(new Latency(startedAtNs - requestedAtNs, p.simulateNs(), p.datasetNs(),
                p.aggregateNs(), handover, now - swappedAtNs)));
    }

    private void start(Scenario scenario, Map<String, String> overrides, int seeds) {
        startedAtNs = System.nanoTime();
        RunTask task = new RunTask(runner, scenario, overrides, seeds, RECORD_MS);
        current = task;
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
            current = null;
            busy.set(false);
            progress.set(-1);
            swapIn(task.getValue());
            status.set("");
        });
        task.setOnFailed(e -> {
            if (task != current) {
                return;
            }
            current = null;
            busy.set(false);
            progress.set(-1);
            Throwable ex = task.getException();
            if (ex instanceof ScenarioException) {
                problem.set(ex.getMessage());
                status.set("not run: invalid parameters");
            } else {
                status.set("run failed: " + ex);
            }
        });
        executor.execute(task);
    }

    private void stopCurrent() {
        RunTask t = current;
        current = null;
        if (t != null && !t.isDone()) {
            t.cancel();
        }
    }

    private void swapIn(RunOutcome o) {
        Dataset before = timeline.dataset();
        long offsetNs = timeline.startNs() - before.startNs();
        long spanNs = timeline.spanNs();
        boolean wholeShown = timeline.startNs() <= timeline.boundStartNs() && timeline.endNs() >= timeline.boundEndNs();
        outcome.set(Optional.of(o));
        stale.set(false);
        swappedAtNs = System.nanoTime();
        awaitingPaint = o.dataset().isPresent();
        if (o.dataset().isPresent()) {
            Dataset d = o.dataset().get();
            timeline.setDataset(d);
            if (!wholeShown && before != TimelineViewModel.NO_DATASET) {
                timeline.setWindow(d.startNs() + offsetNs, d.startNs() + offsetNs + spanNs);
            }
        }
    }
}
