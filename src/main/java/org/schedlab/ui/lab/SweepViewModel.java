package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;

import org.schedlab.analysis.SweepMetric;
import org.schedlab.analysis.SweepStats;
import org.schedlab.analysis.SweepTable;
import org.schedlab.render.SweepPlotData;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.summary.SummaryJson;
import org.schedlab.sim.sweep.SweepAxis;
import org.schedlab.sim.sweep.SweepPlan;
import org.schedlab.sim.sweep.SweepPoint;
import org.schedlab.sim.sweep.SweepRunner;
import org.schedlab.ui.TaskExecutor;

/**
 * A sweep from the workbench: one or two parameters with their values (as the CLI's
 * {@code --vary} takes them), N seeds per point, on a pool of {@code threads} threads (default:
 * one per core). Finished runs stream in - each one is handed to the FX thread through
 * {@code fxThread} and the plot data is rebuilt - so the curve grows while the sweep runs.
 * Clicking a point asks for that run's timeline: {@link #openPointRequests} gets the overrides
 * that reproduce it (the point's values and its first seed).
 */
public final class SweepViewModel {
    private final TaskExecutor executor;
    private final Executor fxThread;
    private final StringProperty key1 = new SimpleStringProperty(this, "key1", "");
    private final StringProperty values1 = new SimpleStringProperty(this, "values1", "");
    private final StringProperty key2 = new SimpleStringProperty(this, "key2", "");
    private final StringProperty values2 = new SimpleStringProperty(this, "values2", "");
    private final IntegerProperty seeds = new SimpleIntegerProperty(this, "seeds", 1);
    private final IntegerProperty threads =
            new SimpleIntegerProperty(this, "threads", Runtime.getRuntime().availableProcessors());
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyObjectWrapper<SweepPlotData> plot = new ReadOnlyObjectWrapper<>(this, "plot",
            new SweepPlotData("", "", List.of(), "", List.of(), "", ""));
    private final List<SweepTable.Row> rows = new ArrayList<>();
    /** The metric the second plot shows; null: the sweep's top site's share. */
    private final ObjectProperty<SweepMetric> metric = new SimpleObjectProperty<>(this, "metric");
    private final ObservableList<SweepMetric> metrics = FXCollections.observableArrayList();
    private final ObservableList<SweepMetric> metricsView = FXCollections.unmodifiableObservableList(metrics);
    /**
     * The metric picked before this sweep started, while none of its runs has reported it yet: it
     * becomes {@link #metric} again as soon as one does; if none does by the sweep's end, the plot
     * stays on the top site and the status line names what went missing.
     */
    private SweepMetric wanted;
    /**
     * The metric {@link #wanted} was when the sweep ended without any run reporting it: the status
     * line says so while the plot shows the top site in its place, and no longer once the user picks
     * another metric (it told of a plot that was gone). Null otherwise.
     */
    private SweepMetric lost;
    /** Where the sweep is ("3 of 8 runs", "done: 8 runs"), without what the status line adds to it. */
    private String progressText = "";
    /**
     * Why a varied parameter draws a flat curve (it changes nothing at any point of this sweep),
     * appended to the status line as {@code schedlab sweep} notes it; empty when all of them count.
     */
    private String inertNote = "";
    private final List<java.util.function.BiConsumer<Scenario, Map<String, String>>> openListeners = new ArrayList<>();
    private final List<java.util.function.BiConsumer<CompareViewModel.Side, PointRun>> openAsListeners =
            new ArrayList<>();
    private final ReadOnlyObjectWrapper<Optional<PointRun>> pickedPoint =
            new ReadOnlyObjectWrapper<>(this, "pickedPoint", Optional.empty());
    private Scenario scenario;
    /** Observable: the Sweep tab names it, and must do so as soon as the Live panel changes, not when a run ends. */
    private final ReadOnlyObjectWrapper<Map<String, String>> base = new ReadOnlyObjectWrapper<>(this, "base", Map.of());
    private SweepPlan plan;
    /**
     * The scenario of the sweep plotted when the Live tab has since opened another (the tab's
     * header names that one, and Run sweep would sweep it); empty when they are the same.
     */
    private final ReadOnlyStringWrapper previousScenario = new ReadOnlyStringWrapper(this, "previousScenario", "");
    /**
     * The plot is a sweep of the scenario the tab names, over a base the Live panel has changed
     * since: the tab's header names the base Run sweep would take, not the plot's.
     */
    private final ReadOnlyBooleanWrapper baseChanged = new ReadOnlyBooleanWrapper(this, "baseChanged", false);
    private Task<?> current;
    private final BooleanBinding resultReady = Bindings.createBooleanBinding(
            () -> !running.get() && !plot.get().isEmpty(), running, plot);

    public SweepViewModel(TaskExecutor executor, Executor fxThread) {
        this.executor = executor;
        this.fxThread = fxThread;
        metric.addListener((obs, o, n) -> {
            if (n != null) {
                wanted = null; // a pick made during the sweep replaces the one waiting for it
                if (lost != null) {
                    lost = null; // the status line's "so the plot shows ... instead" is over
                    showStatus(progressText);
                }
            }
            if (plan != null) {
                refreshPlot();
            }
        });
        // a refusal is about the form as it was: once the user edits it, the message is stale
        javafx.beans.InvalidationListener edited = o -> problem.set("");
        for (javafx.beans.Observable field : List.of(key1, values1, key2, values2, seeds)) {
            field.addListener(edited);
        }
    }

    /**
     * What the second plot shows: a profile site's share ({@code s_lock (StrategyGetBuffer)}), an
     * operation's latency mean or p99, a lock's mean wait or holder preemptions, a comm group's
     * run-queue latency ({@code runqlat B p99}); null for the sweep's top site's share. A new
     * sweep keeps the metric picked when its runs report it; when none of them does, it plots the
     * top site's share and its status line says which metric it lost.
     */
    public ObjectProperty<SweepMetric> metricProperty() {
        return metric;
    }

    /**
     * The metrics the runs so far report (sites by total share, then operations, then locks; see
     * {@link SweepStats#metrics}): what {@link #metricProperty} may be.
     */
    public ObservableList<SweepMetric> metrics() {
        return metricsView;
    }

    /** The scenario swept and the overrides every run gets (the live panel's values). */
    public void setScenario(Scenario s, Map<String, String> baseOverrides) {
        if (scenario == null || !scenario.name().equals(s.name())) {
            key1.set("");
            key2.set("");
            values1.set("");
            values2.set("");
        }
        scenario = s;
        base.set(Map.copyOf(baseOverrides));
        // the plot, its exports and a click on a point stay the sweep's (of the scenario it ran);
        // the tab says it is not of the scenario it now names. The scenario, not its name: a file
        // named as a built-in (a copy edited for a what-if) runs other values - the run cache tells
        // them apart the same way
        String swept = sweptScenarioName();
        previousScenario.set(plan == null || plan.scenario().equals(s) ? "" : named(plan.scenario(), s, true));
        baseChanged.set(sweptOverAnotherBase());
        if (plan != null && !sweptScenarioName().equals(swept)) {
            // the plot's title names the swept scenario as the tab and the export's caption now do
            refreshPlot();
        }
    }

    /**
     * How the tab names {@code s} beside {@code other}: by its name, and where it came from when
     * that is the other's name too ({@code teach-kernel-section (built-in)}, {@code
     * teach-kernel-section (/home/me/teach-kernel-section.json)}); the same file read again after
     * an edit is the one {@code earlier} or now.
     */
    static String named(Scenario s, Scenario other, boolean earlier) {
        if (!s.name().equals(other.name())) {
            return s.name();
        }
        String where = ScenarioCatalog.BUILT_IN.equals(s.origin()) ? "built-in" : s.origin();
        return s.name() + " (" + where + (!s.origin().equals(other.origin()) ? ""
                : earlier ? ", as read before" : ", as read now") + ")";
    }

    /**
     * The scenario Run sweep would sweep, named apart from the plotted sweep's when the tab says
     * the plot is of another ({@link #previousScenarioProperty}); empty before a scenario is open.
     */
    public String scenarioName() {
        if (scenario == null) {
            return "";
        }
        return plan == null || plan.scenario().equals(scenario) ? scenario.name()
                : named(scenario, plan.scenario(), false);
    }

    /**
     * The scenario of the plotted sweep as the tab names it: with where it came from when it is
     * named as the one open now but is another ({@link #previousScenarioProperty}, {@code
     * teach-kernel-section (built-in)}), else by its name; empty before a sweep. Its exports said
     * "teach-kernel-section sweep" while the tab told the two apart, which read as a sweep of the
     * file open now; the plot's title names it so too.
     */
    public String sweptScenarioName() {
        if (plan == null) {
            return "";
        }
        return previousScenario.get().isEmpty() ? plan.scenario().name() : previousScenario.get();
    }

    /**
     * Whether the plot is a sweep of the scenario open now over other values than those Run sweep
     * would take ({@link #plottedBase}); a parameter the sweep varies is none of its base, so moving
     * its slider changes nothing.
     */
    private boolean sweptOverAnotherBase() {
        if (plan == null || !previousScenario.get().isEmpty()) {
            return false;
        }
        Map<String, String> now = new LinkedHashMap<>(base.get());
        plan.axes().forEach(a -> now.remove(a.key()));
        return !now.equals(plan.base());
    }

    /**
     * True while the plot is a sweep of the scenario the tab names over a base the Live panel has
     * changed since ({@link #plottedBase} then differs from {@link #base}, the parameters varied
     * aside): the header must not pass the new base off as the plot's.
     */
    public ReadOnlyBooleanProperty baseChangedProperty() {
        return baseChanged.getReadOnlyProperty();
    }

    /** The overrides every run of the plotted sweep got (its varied parameters aside); empty before any sweep. */
    public Optional<Map<String, String>> plottedBase() {
        return Optional.ofNullable(plan).map(SweepPlan::base);
    }

    /**
     * The scenario of the sweep the plot shows when another is open in the Live tab since (the
     * sweep, its exports and its points are kept: a sweep may have taken minutes); empty when
     * the plot is of the scenario the tab would sweep now, or there is none.
     */
    public ReadOnlyStringProperty previousScenarioProperty() {
        return previousScenario.getReadOnlyProperty();
    }

    public Optional<Scenario> scenario() {
        return Optional.ofNullable(scenario);
    }

    public Map<String, String> base() {
        return base.get();
    }

    /** {@link #base()}, observable. */
    public ReadOnlyObjectProperty<Map<String, String>> baseProperty() {
        return base.getReadOnlyProperty();
    }

    public StringProperty key1Property() {
        return key1;
    }

    /** Comma-separated values of the first parameter. */
    public StringProperty values1Property() {
        return values1;
    }

    /** Empty for a one-parameter sweep. */
    public StringProperty key2Property() {
        return key2;
    }

    public StringProperty values2Property() {
        return values2;
    }

    public IntegerProperty seedsProperty() {
        return seeds;
    }

    public IntegerProperty threadsProperty() {
        return threads;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Why the sweep cannot start (unknown key, bad value, too many runs); empty otherwise. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<SweepPlotData> plotProperty() {
        return plot.getReadOnlyProperty();
    }

    /**
     * A finished or cancelled sweep's results, as exported and copied: the plan, the runs that
     * finished, the plot as drawn, the metric picked (null: the top site's share, as the CLI
     * without {@code --metric}), whether every planned run finished, and {@code scenarioName}: the
     * swept scenario as the tab names it ({@link #sweptScenarioName}), which the exports' captions
     * and the copied table give.
     */
    public record Result(SweepPlan plan, List<SweepTable.Row> rows, SweepPlotData plot, SweepMetric picked,
                         boolean complete, String scenarioName) {
        public Result {
            rows = List.copyOf(rows);
        }

        /** The per-point figures the plot and the table show. */
        public SweepStats.Result stats() {
            // without a pick, exactly as `schedlab sweep` without --metric computes them
            return picked == null ? SweepStats.of(rows) : SweepStats.of(rows, picked);
        }
    }

    /** The results there are to export: none while a sweep runs (the plot still grows) or before any run finished. */
    public Optional<Result> result() {
        if (running.get() || plan == null || rows.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Result(plan, rows, plot.get(), metric.get(), rows.size() == plan.runCount(),
                sweptScenarioName()));
    }

    /** Whether {@link #result()} has results, observable (the tab's export buttons follow it). */
    public BooleanBinding resultReady() {
        return resultReady;
    }

    /** Why there is nothing to export yet, for a message; empty when {@link #result()} has results. */
    public String noResultReason() {
        if (running.get()) {
            return "the sweep is still running; export its results once it is done (or cancelled)";
        }
        return result().isPresent() ? "" : "no sweep has finished a run yet (Run sweep first)";
    }

    /** Finished runs so far, in the order they finished. */
    public List<SweepTable.Row> rows() {
        return Collections.unmodifiableList(rows);
    }

    /**
     * Called with the scenario and the overrides of a clicked point's first run: the scenario the
     * sweep ran, which the Live tab may have left since (the plot stays until the next sweep).
     */
    public void addOpenPointListener(java.util.function.BiConsumer<Scenario, Map<String, String>> l) {
        openListeners.add(l);
    }

    /** Values worth sweeping for {@code key}: every choice, or five values around the scenario's. */
    public List<String> suggestedValues(String key) {
        if (scenario == null || !scenario.params().containsKey(key)) {
            return List.of();
        }
        return ValueSuggestions.of(scenario.params().get(key));
    }

    /** Checks the form and starts the sweep; an invalid form sets {@link #problemProperty()} and runs nothing. */
    public boolean start() {
        if (scenario == null) {
            problem.set("open a scenario first");
            return false;
        }
        SweepPlan p;
        try {
            String k1 = key1.get().strip();
            String k2 = key2.get().strip();
            if (k1.isEmpty()) {
                problem.set("pick a parameter to vary");
                return false;
            }
            if (k1.equals(k2)) {
                problem.set(k1 + " is picked twice: vary two different parameters, or only the first");
                return false;
            }
            List<SweepAxis> axes = new ArrayList<>();
            axes.add(SweepAxis.of(k1, values1.get()));
            if (!k2.isEmpty()) {
                axes.add(SweepAxis.of(k2, values2.get()));
            }
            // a varied parameter takes the sweep's values, whatever the live panel has it at
            Map<String, String> fixed = new java.util.LinkedHashMap<>(base.get());
            axes.forEach(a -> fixed.remove(a.key()));
            p = SweepPlan.of(scenario, fixed, axes, seeds.get());
        } catch (ScenarioException | IllegalArgumentException e) {
            problem.set(e.getMessage());
            return false;
        }
        // the pick waits for the new runs to report it; until one does the top site is plotted. A
        // pick still waiting for the sweep this one replaces waits on (cancelling that sweep would
        // give it up as not reported)
        SweepMetric pick = metric.get() != null ? metric.get() : wanted;
        wanted = null;
        cancel();
        problem.set("");
        plan = p;
        pickedPoint.set(Optional.empty()); // its marker is gone with the plot it was on
        previousScenario.set("");
        baseChanged.set(false);
        lost = null;
        inertNote = inertNote(p);
        rows.clear();
        wanted = pick;
        metric.set(null); // refreshes the plot
        refreshPlot();
        int nThreads = Math.max(1, threads.get());
        SweepPlan running0 = p;
        Task<Void> task = new Task<>() {
            @Override
            protected Void call() throws Exception {
                SweepRunner.run(running0, nThreads, Simulation.Options.summaryOnly(), (r, done, total) -> {
                    SweepTable.Row row = new SweepTable.Row(r.point().index(), r.point().values(), r.seed(),
                            SummaryJson.tree(r.summary()));
                    fxThread.execute(() -> arrived(running0, row, total));
                }, this::isCancelled);
                return null;
            }
        };
        current = task;
        running.set(true);
        progress.set(0);
        showStatus("0 of " + p.runCount() + " runs on " + Math.min(nThreads, p.runCount()) + " threads");
        task.setOnSucceeded(e -> finished(task, "done: " + running0.runCount() + " runs"));
        task.setOnFailed(e -> finished(task, "sweep failed: " + task.getException().getMessage()));
        // cancel() forgets the task before cancelling it: a cancel that finds it still current is
        // the executor's, which refused it (the window closing) - no run started
        task.setOnCancelled(e -> finished(task, "not run: the sweep was refused (the window is closing)"));
        executor.execute(task);
        return true;
    }

    public void cancel() {
        Task<?> t = current;
        if (t != null) {
            current = null;
            t.cancel();
            running.set(false);
            end("cancelled after " + rows.size() + " runs");
        }
    }

    /** The user clicked the marker of sweep point {@code pointIndex}: its run opens in the Live tab. */
    public void openPoint(int pointIndex) {
        if (!pickPoint(pointIndex)) {
            return; // not a point of this plot: the one picked before is not what was clicked
        }
        PointRun r = pickedPoint.get().orElseThrow();
        for (var l : List.copyOf(openListeners)) {
            l.accept(r.scenario(), r.overrides());
        }
    }

    /**
     * Makes sweep point {@code pointIndex} the one {@link #openPickedAs} opens (a click on its
     * marker, or an item of its right-click menu; the menu alone picks nothing); an index the
     * plot's sweep has not is no pick (false).
     */
    public boolean pickPoint(int pointIndex) {
        if (plan == null || pointIndex < 0 || pointIndex >= plan.points().size()) {
            return false;
        }
        SweepPoint pt = plan.points().get(pointIndex);
        // the plan's scenario and base, not the Live tab's of now: a point clicked after another
        // scenario was opened there is still the run the plot shows
        Scenario swept = plan.scenario();
        Map<String, String> o = new LinkedHashMap<>(plan.overrides(pt, plan.firstSeed()));
        if (!plan.base().containsKey("seed")
                && Long.toString(plan.firstSeed()).equals(swept.params().get("seed").value())) {
            o.remove("seed"); // the scenario's own seed: leave the panel's seed unmarked
        }
        pickedPoint.set(Optional.of(new PointRun(swept, Collections.unmodifiableMap(o),
                Collections.unmodifiableMap(new LinkedHashMap<>(plan.base())), pt.label())));
        return true;
    }

    /**
     * The sweep point last clicked on the plot (or opened from its right-click menu): what
     * Simulate > Sweep point &rarr; A and &rarr; B open. Empty before a point was clicked, and again once Run sweep
     * replaces the plot.
     */
    public ReadOnlyObjectProperty<Optional<PointRun>> pickedPointProperty() {
        return pickedPoint.getReadOnlyProperty();
    }

    /** Opens the picked point ({@link #pickedPointProperty}) on A/B side {@code side}; nothing without one. */
    public void openPickedAs(CompareViewModel.Side side) {
        pickedPoint.get().ifPresent(r -> {
            for (var l : List.copyOf(openAsListeners)) {
                l.accept(side, r);
            }
        });
    }

    /** Picks sweep point {@code pointIndex} and opens it on A/B side {@code side} (the point's menu). */
    public void openPointAs(int pointIndex, CompareViewModel.Side side) {
        if (pickPoint(pointIndex)) {
            openPickedAs(side);
        }
    }

    /** Called with the A/B side and the point to open on it (Open as A, Open as B). */
    public void addOpenAsListener(java.util.function.BiConsumer<CompareViewModel.Side, PointRun> l) {
        openAsListeners.add(l);
    }

    /**
     * A sweep point's first run: the scenario the sweep ran, the point's {@code overrides} (the
     * sweep's base with the point's varied values, and its seed unless it is the scenario's own),
     * the sweep's {@code base} without the varied values, and the point's {@code label}
     * ({@code sectionUs=2000}).
     */
    public record PointRun(Scenario scenario, Map<String, String> overrides, Map<String, String> base,
                           String label) {
    }

    private void arrived(SweepPlan p, SweepTable.Row row, int total) {
        if (p != plan || !running.get()) {
            // a run of a sweep that was replaced, or that finished just before Cancel: the plot
            // stays as "cancelled after N runs" says
            return;
        }
        rows.add(row);
        progress.set(rows.size() / (double) total); // runs finish out of order: count what arrived
        if (running.get()) {
            showStatus(rows.size() + " of " + total + " runs");
        }
        refreshPlot();
    }

    private void finished(Task<?> t, String message) {
        if (t == current) {
            current = null;
            running.set(false);
            end(message);
        }
    }

    /** The status line of a sweep that ended with {@code message}, and what it lost ({@link #lostMetric}). */
    private void end(String message) {
        lostMetric();
        showStatus(message);
    }

    /** {@code progress}, then what the plot lost and what draws flat, as the status line says them. */
    private void showStatus(String progress) {
        progressText = progress;
        String said = lostSentence() + inertNote; // sentences, each after ". "
        status.set(progress + said + (said.isEmpty() ? "" : "."));
    }

    /**
     * The varied parameters of {@code p} that change nothing at any of its points, each with why
     * ({@link SweepPlan#inertEverywhere}), as the status line ends; empty when there are none.
     */
    private static String inertNote(SweepPlan p) {
        Map<String, String> why;
        try {
            why = p.inertEverywhere();
        } catch (ScenarioException e) {
            return ""; // the plan checked every point: not reached
        }
        StringBuilder note = new StringBuilder();
        for (SweepAxis a : p.axes()) {
            if (why.containsKey(a.key())) {
                note.append(". ").append(why.get(a.key())).append(": every value of ").append(a.key())
                        .append(" gives the same run");
            }
        }
        return note.toString();
    }

    /**
     * The sweep is over: a metric picked before it that none of its runs reported is dropped and
     * becomes {@link #lost}, which the status line names until another metric is picked. With no
     * run finished nothing is known, and the pick keeps waiting for the next sweep.
     */
    private void lostMetric() {
        if (wanted != null && !rows.isEmpty()) {
            lost = wanted;
            wanted = null;
        }
    }

    /** What the status line says of {@link #lost} while the plot shows another metric in its place; empty otherwise. */
    private String lostSentence() {
        if (lost == null || metric.get() != null) {
            return "";
        }
        SweepMetric shown = shown(metrics);
        return ". No run of this sweep reports " + lost.label() + ", so the plot shows "
                + (shown.name().isEmpty() ? "the top profile site's share" : shown.label()) + " instead";
    }

    private void refreshPlot() {
        List<SweepTable.Row> now = List.copyOf(rows);
        List<SweepMetric> all = SweepStats.metrics(now);
        if (!all.equals(metrics)) {
            metrics.setAll(all);
        }
        if (wanted != null && all.contains(wanted)) {
            metric.set(wanted); // clears wanted and plots it (the listener)
            return;
        }
        plot.set(SweepPlots.of(sweptScenarioName(), plan, plan.seeds(), SweepStats.of(now, shown(all))));
    }

    /** The metric plotted: the one picked, else the top site, the first of {@code all} (sites come first). */
    private SweepMetric shown(List<SweepMetric> all) {
        return metric.get() != null ? metric.get()
                : !all.isEmpty() && all.get(0).kind() == SweepMetric.Kind.SHARE ? all.get(0) : SweepMetric.share("");
    }
}
