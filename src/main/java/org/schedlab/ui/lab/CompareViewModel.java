package org.schedlab.ui.lab;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import org.schedlab.analysis.ComparisonTable;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.model.Dataset;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.ui.DatasetSource;
import org.schedlab.ui.TaskExecutor;
import org.schedlab.workspace.Workspace;

/**
 * A/B mode: two sides, each a parameter set of one scenario (or an opened dataset), on one time
 * axis with one selection, and the delta table of CLI {@code compare} (A is the base, B the
 * test) computed by the same {@link SummaryComparison}, so the numbers are the CLI's. Both
 * sides run N seeds (mean, min and max in the table). Swap exchanges the sides; "make B the new
 * A" keeps B and makes it the baseline, so the next change to B is measured against it.
 */
public final class CompareViewModel {
    /** Which side. */
    public enum Side { A, B }

    /**
     * Data a reopened workspace put on a side that could not be shown (its file gone, on a disk
     * not mounted, or unreadable): the side shows its simulation meanwhile, and a save names
     * {@code sources} as the side's data again, until the user puts other data or a simulation
     * on that side. {@code why}: what went wrong, for people ("/data/gone.json: no such file");
     * empty while the data is still being read. {@code window}: the view window the workspace
     * kept for that data (in its clock, not the simulation's), saved again with it while the
     * side is A.
     */
    public record UnshownData(Workspace.Sources sources, String why, Optional<Workspace.TimeWindow> window) {
        public UnshownData {
            java.util.Objects.requireNonNull(sources, "sources");
            java.util.Objects.requireNonNull(why, "why");
            java.util.Objects.requireNonNull(window, "window");
        }

        /** The data's name as the header shows it: "gone.json", "a.txt + b.txt", the example's file name. */
        public String name() {
            if (sources.example().isPresent()) {
                String r = sources.example().get();
                return r.substring(r.lastIndexOf('/') + 1);
            }
            StringBuilder sb = new StringBuilder();
            for (java.nio.file.Path f : sources.files()) {
                sb.append(sb.length() == 0 ? "" : " + ").append(f.getFileName());
            }
            return sb.toString();
        }
    }

    public static final int MAX_SEEDS = 20;

    private final RunViewModel a;
    private final RunViewModel b;
    /** The toolbar's "Task lanes" list on the A/B tab: both sides' tasks, the picked ones kept through reruns. */
    private final org.schedlab.ui.TaskLaneChoice taskLanes;
    private final ReadOnlyObjectWrapper<ParameterPanelViewModel> panelA = new ReadOnlyObjectWrapper<>(this, "panelA");
    private final ReadOnlyObjectWrapper<ParameterPanelViewModel> panelB = new ReadOnlyObjectWrapper<>(this, "panelB");
    private final ObjectProperty<Side> editing = new SimpleObjectProperty<>(this, "editing", Side.B);
    private final IntegerProperty seeds = new SimpleIntegerProperty(this, "seeds", 1);
    private final BooleanProperty lanesLinked = new SimpleBooleanProperty(this, "lanesLinked", true);
    private final ObservableList<SummaryComparison.Row> rows = FXCollections.observableArrayList();
    /**
     * The one read-only view handed out. Made once: each unmodifiable view registers a listener on
     * {@link #rows}, and JavaFX's listener list is not thread-safe, so a view made per call (a
     * test's or a poller's {@code rows().isEmpty()} off the FX thread) added a listener while the
     * FX thread's {@code setAll} walked the listeners: the NPE in ListListenerHelper.
     */
    private final ObservableList<SummaryComparison.Row> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyBooleanWrapper rowsStale = new ReadOnlyBooleanWrapper(this, "rowsStale", false);
    private final ReadOnlyStringWrapper rowsPending = new ReadOnlyStringWrapper(this, "rowsPending", "");
    private final ObjectProperty<Optional<OffsetRange>> selection =
            new SimpleObjectProperty<>(this, "selection", Optional.empty());
    private final ReadOnlyBooleanWrapper datasetA = new ReadOnlyBooleanWrapper(this, "datasetA", false);
    private final ReadOnlyBooleanWrapper datasetB = new ReadOnlyBooleanWrapper(this, "datasetB", false);
    private final ReadOnlyObjectWrapper<Optional<UnshownData>> unshownA =
            new ReadOnlyObjectWrapper<>(this, "unshownA", Optional.empty());
    private final ReadOnlyObjectWrapper<Optional<UnshownData>> unshownB =
            new ReadOnlyObjectWrapper<>(this, "unshownB", Optional.empty());
    /** What the data on each side was read from, while the side shows it (a workspace reopens it). */
    private List<DatasetSource> sourcesA = List.of();
    private List<DatasetSource> sourcesB = List.of();
    private Scenario scenario;
    private boolean quiet;
    /**
     * Which values each side has: a token per side's values, exchanged by Swap and replaced on A by
     * Make B the new A (A's old values are then nobody's). What waits for the run of a side's values
     * (a restored workspace's window and bookmarks) follows them: {@link #sideOf}.
     */
    private Object valuesA = new Object();
    private Object valuesB = new Object();

    public CompareViewModel(TaskExecutor executor, DelayScheduler scheduler, SimRunner runner) {
        this(executor, scheduler, runner, Optional.empty());
    }

    /** With {@code timelineWork}: where both sides' timelines prepare datasets and fold frames (see RunViewModel). */
    public CompareViewModel(TaskExecutor executor, DelayScheduler scheduler, SimRunner runner,
                            Optional<TaskExecutor> timelineWork) {
        a = new RunViewModel(executor, scheduler, runner, timelineWork);
        b = new RunViewModel(executor, scheduler, runner, timelineWork);
        new TimelineSync(a.timeline(), b.timeline());
        taskLanes = org.schedlab.ui.TaskLaneChoice.acrossSides(a.timeline(), b.timeline());
        a.outcomeProperty().addListener((Observable o) -> updateRows());
        b.outcomeProperty().addListener((Observable o) -> updateRows());
        a.staleProperty().addListener((Observable o) -> updateRows());
        b.staleProperty().addListener((Observable o) -> updateRows());
        for (RunViewModel r : List.of(a, b)) {
            r.busyProperty().addListener((Observable o) -> updatePending());
            r.staleProperty().addListener((Observable o) -> updatePending());
            r.statusProperty().addListener((Observable o) -> updatePending());
            r.phaseProperty().addListener((Observable o) -> updatePending());
            r.canRunAgainProperty().addListener((Observable o) -> updatePending());
        }
        seeds.addListener((obs, old, n) -> {
            int v = Math.max(1, Math.min(MAX_SEEDS, n.intValue()));
            if (v != n.intValue()) {
                seeds.set(v);
            } else if (scenario != null) {
                rerun(Side.A);
                rerun(Side.B);
            }
        });
    }

    public RunViewModel side(Side s) {
        return s == Side.A ? a : b;
    }

    /**
     * Which tasks have a state lane on A and B: one pick for both sides, by task, kept through a
     * side's rerun, Swap, Make B the new A and data put on it; forgotten for another scenario.
     */
    public org.schedlab.ui.TaskLaneChoice taskLanes() {
        return taskLanes;
    }

    public ReadOnlyObjectProperty<ParameterPanelViewModel> panelProperty(Side s) {
        return (s == Side.A ? panelA : panelB).getReadOnlyProperty();
    }

    public ParameterPanelViewModel panel(Side s) {
        return panelProperty(s).get();
    }

    /** Which side the parameter panel edits. */
    public ObjectProperty<Side> editingProperty() {
        return editing;
    }

    /** Seeds per side, 1..{@value #MAX_SEEDS}; changing it reruns both sides. */
    public IntegerProperty seedsProperty() {
        return seeds;
    }

    /**
     * Whether scrolling one side's lanes scrolls the other's to the same lanes (CPU by number,
     * the others by name); on at first, as a comparison reads lane against lane.
     */
    public BooleanProperty lanesLinkedProperty() {
        return lanesLinked;
    }

    /** The delta table's rows: metric, A (base), B (test), B/A; empty until both sides have a result. */
    public ObservableList<SummaryComparison.Row> rows() {
        return rowsView;
    }

    /** The rows compare pictures of which at least one no longer matches its parameters. */
    public ReadOnlyBooleanProperty rowsStaleProperty() {
        return rowsStale.getReadOnlyProperty();
    }

    /**
     * What the table waits for, for people: "table pending - B: summary: simulating 640 of 1200 ms
     * (warm-up included)"; empty when the table compares the runs on screen. A side's timeline
     * may already be new (it is swapped in once its window is simulated) while its summary runs.
     */
    public ReadOnlyStringProperty rowsPendingProperty() {
        return rowsPending.getReadOnlyProperty();
    }

    /** The selected stretch, shared by both timelines. */
    public ObjectProperty<Optional<OffsetRange>> selectionProperty() {
        return selection;
    }

    /** The side shows an opened dataset rather than a simulated parameter set. */
    public ReadOnlyBooleanProperty showsDatasetProperty(Side s) {
        return (s == Side.A ? datasetA : datasetB).getReadOnlyProperty();
    }

    public Optional<Scenario> scenario() {
        return Optional.ofNullable(scenario);
    }

    /** Opens {@code s} with the two parameter sets and runs both sides now. */
    public void open(Scenario s, Map<String, String> aOverrides, Map<String, String> bOverrides) {
        scenario = s;
        panelA.set(newPanel(s, Side.A));
        panelB.set(newPanel(s, Side.B));
        quietly(() -> {
            panelA.get().apply(aOverrides);
            panelB.get().apply(bOverrides);
        });
        datasetA.set(false);
        datasetB.set(false);
        unshownA.set(Optional.empty()); // a new scenario: both sides simulate it
        unshownB.set(Optional.empty());
        selection.set(Optional.empty());
        taskLanes.forget(); // another scenario's runs open with their own lanes
        // a range dragged on the axis stays through a rerun (TimelineSync), not into another scenario
        a.timeline().selection().clearRange();
        b.timeline().selection().clearRange();
        rerun(Side.A);
        rerun(Side.B);
    }

    /**
     * Side {@code s} runs scenario {@code sc} with {@code overrides} (a sweep point opened as A or
     * B): its panel takes them and the side reruns at once, cancelling its run in flight,
     * as a pick on its panel does - the other side, the task lanes picked and the bookmarks stay.
     * A side showing a dataset simulates again. When A/B shows another scenario (or none yet),
     * {@code sc} opens with the other side on {@code otherOverrides}.
     *
     * @throws IllegalArgumentException for a key the scenario lacks or a value it rejects
     */
    public void openOn(Side s, Scenario sc, Map<String, String> overrides, Map<String, String> otherOverrides) {
        if (scenario == null || !scenario.equals(sc) || panel(s) == null) {
            open(sc, s == Side.A ? overrides : otherOverrides, s == Side.A ? otherOverrides : overrides);
            return;
        }
        quietly(() -> panel(s).apply(overrides));
        (s == Side.A ? datasetA : datasetB).set(false);
        unshown(s).set(Optional.empty()); // these parameters replace the data it could not show
        rerun(s);
    }

    /**
     * Puts an opened dataset on one side (any two datasets compare, simulated or imported);
     * {@code sources}: what it was read from.
     */
    public void showDataset(Side s, Dataset d, String name, List<DatasetSource> sources) {
        showDataset(s, d, name, sources, null);
    }

    /**
     * As {@link #showDataset(Side, Dataset, String, List)}, with the task lanes the side opens with
     * (the Dataset tab's own); null: the default ones, chosen on the worker.
     */
    public void showDataset(Side s, Dataset d, String name, List<DatasetSource> sources, List<Integer> taskLanes) {
        if (s == Side.A) {
            sourcesA = List.copyOf(sources);
        } else {
            sourcesB = List.copyOf(sources);
        }
        (s == Side.A ? datasetA : datasetB).set(true);
        unshown(s).set(Optional.empty()); // this data replaces what the side could not show
        side(s).showDataset(d, name, taskLanes);
    }

    /**
     * The data side {@code s} was to show but could not (see {@link UnshownData}); empty when the
     * side shows what it was given. Cleared when the user changes this side's parameters, puts
     * data on it or opens a scenario; moves with the side on Swap, and "Make B the new A" gives A
     * B's.
     */
    public ReadOnlyObjectProperty<Optional<UnshownData>> unshownDataProperty(Side s) {
        return unshown(s).getReadOnlyProperty();
    }

    /** Side {@code s} keeps {@code data} as its data while it shows its simulation (a workspace's restore). */
    public void keepUnshownData(Side s, UnshownData data) {
        unshown(s).set(Optional.of(data));
    }

    private ReadOnlyObjectWrapper<Optional<UnshownData>> unshown(Side s) {
        return s == Side.A ? unshownA : unshownB;
    }

    /** What the data side {@code s} shows was read from; empty while it shows its simulation. */
    public List<DatasetSource> dataSources(Side s) {
        return !showsDatasetProperty(s).get() ? List.of() : s == Side.A ? sourcesA : sourcesB;
    }

    /** A becomes B and B becomes A: parameters, pictures, bookmarks and table (the ratios invert). */
    public void swap() {
        Object values = valuesA;
        valuesA = valuesB;
        valuesB = values;
        Optional<RunOutcome> oa = a.outcome();
        Optional<RunOutcome> ob = b.outcome();
        boolean rerunA = b.busyProperty().get() || b.staleProperty().get() || ob.isEmpty();
        boolean rerunB = a.busyProperty().get() || a.staleProperty().get() || oa.isEmpty();
        boolean dsA = datasetA.get();
        datasetA.set(datasetB.get());
        datasetB.set(dsA);
        List<DatasetSource> sa = sourcesA;
        sourcesA = sourcesB;
        sourcesB = sa;
        Optional<UnshownData> ua = unshownA.get();
        unshownA.set(unshownB.get());
        unshownB.set(ua);
        if (panelA.get() != null) {
            Map<String, String> pa = panelA.get().overrides();
            Map<String, String> pb = panelB.get().overrides();
            quietly(() -> {
                panelA.get().apply(pb);
                panelB.get().apply(pa);
            });
        }
        Optional<Latency> timelineA = a.timelineLatencyProperty().get();
        Optional<Latency> wholeA = a.latencyProperty().get();
        Optional<Latency> timelineB = b.timelineLatencyProperty().get();
        Optional<Latency> wholeB = b.latencyProperty().get();
        List<org.schedlab.render.Bookmark> marksA = a.bookmarksSinceStart();
        List<org.schedlab.render.Bookmark> marksB = b.bookmarksSinceStart();
        List<org.schedlab.render.Bookmark> keptA = a.keptSinceStart();
        List<org.schedlab.render.Bookmark> keptB = b.keptSinceStart();
        ob.ifPresent(o -> a.show(o, timelineB, wholeB));
        oa.ifPresent(o -> b.show(o, timelineA, wholeA));
        // the bookmarks go with their side (on a side still to rerun, they stay for its new run),
        // saved or not as they were
        a.setBookmarksSinceStart(marksB, keptB);
        b.setBookmarksSinceStart(marksA, keptA);
        if (rerunA && !datasetA.get()) {
            rerun(Side.A);
        }
        if (rerunB && !datasetB.get()) {
            rerun(Side.B);
        }
    }

    /** The token of the values side {@code s} has now; see {@link #sideOf}. */
    Object valuesOf(Side s) {
        return s == Side.A ? valuesA : valuesB;
    }

    /**
     * The side that has the values {@code values} ({@link #valuesOf}) stood for: the other one after a
     * swap, none once Make B the new A replaced them.
     */
    Optional<Side> sideOf(Object values) {
        return values == valuesA ? Optional.of(Side.A) : values == valuesB ? Optional.of(Side.B) : Optional.empty();
    }

    /**
     * B's parameters, result and bookmarks become the baseline A; B stays as it is, ready for the
     * next change.
     */
    public void makeBTheNewA() {
        valuesA = new Object(); // a copy of B's: what waits for B's run stays with B
        datasetA.set(datasetB.get());
        sourcesA = sourcesB;
        unshownA.set(unshownB.get()); // A is B now, the data B could not show included
        if (panelA.get() != null) {
            Map<String, String> pb = panelB.get().overrides();
            quietly(() -> panelA.get().apply(pb));
        }
        boolean bSettled = b.outcome().isPresent() && !b.staleProperty().get() && !b.busyProperty().get();
        List<org.schedlab.render.Bookmark> marksB = b.bookmarksSinceStart();
        List<org.schedlab.render.Bookmark> keptB = b.keptSinceStart();
        if (bSettled) {
            a.show(b.outcome().get(), b.timelineLatencyProperty().get(), b.latencyProperty().get());
        } else if (!datasetA.get()) {
            rerun(Side.A);
        }
        // A is B now, its bookmarks included; A's own go as its values do, asked about by nobody:
        // making B the baseline is the step the A/B tab is for, not a slip
        a.setBookmarksSinceStart(marksB, keptB);
    }

    /**
     * What side {@code s} shows, in the words that tell the sides apart: the parameters whose
     * values differ between A and B ("preemption=lazy"), the file name of an opened dataset,
     * "same parameters" when nothing differs, "no run yet" before the first result.
     */
    public String describe(Side s) {
        RunViewModel me = side(s);
        Optional<RunOutcome> mine = me.outcome();
        Optional<Map<String, String>> myRun = me.timelineOverridesProperty().get();
        Optional<Map<String, String>> otherRun = side(s == Side.A ? Side.B : Side.A).timelineOverridesProperty().get();
        if (mine.isEmpty() && myRun.isEmpty()) {
            return "no run yet";
        }
        int n = mine.map(RunOutcome::seeds).orElse(seeds.get());
        String seedsText = n > 1 ? "  (" + n + " seeds)" : "";
        if (myRun.isEmpty() || scenario == null) {
            return mine.map(RunOutcome::label).orElse("") + seedsText; // an opened dataset
        }
        // the parameters of the run whose timeline is on screen (its summary may still be running)
        Map<String, String> m = myRun.get();
        if (otherRun.isEmpty()) {
            return RunTask.label(m) + seedsText;
        }
        // in the scenario's order: the override maps are unordered, and a header that shuffles its
        // words from one launch to the next reads as a different setting
        // (a simulated run's overrides are the scenario's parameters, validated)
        java.util.Set<String> keys = new java.util.LinkedHashSet<>(scenario.params().keySet());
        keys.removeIf(k -> !m.containsKey(k) && !otherRun.get().containsKey(k));
        java.util.List<String> diff = new java.util.ArrayList<>();
        for (String k : keys) {
            String dflt = scenario.params().containsKey(k) ? scenario.params().get(k).value() : "";
            String v = m.getOrDefault(k, dflt);
            if (!v.equals(otherRun.get().getOrDefault(k, dflt))) {
                diff.add(k + "=" + v);
            }
        }
        return (diff.isEmpty() ? "same parameters" : String.join(" ", diff)) + seedsText;
    }

    /**
     * The values both sides' timelines ran with that are not the scenario's ("arch=arm64"), in
     * the scenario's order, as {@code compare} lists them on its {@code set} line; empty when
     * there are none or a side is not a simulated run. The headers name only what differs, so
     * after arm64 was picked on A and on B nothing on screen said the runs were no longer x86.
     */
    public String bothChanged() {
        Optional<Map<String, String>> ra = side(Side.A).timelineOverridesProperty().get();
        Optional<Map<String, String>> rb = side(Side.B).timelineOverridesProperty().get();
        if (scenario == null || ra.isEmpty() || rb.isEmpty()) {
            return "";
        }
        java.util.List<String> both = new java.util.ArrayList<>();
        scenario.params().forEach((k, def) -> {
            String va = ra.get().getOrDefault(k, def.value());
            if (va.equals(rb.get().getOrDefault(k, def.value())) && !va.equals(def.value())) {
                both.add(k + "=" + va);
            }
        });
        return String.join(" ", both);
    }

    /**
     * Whether side {@code s}'s figures are means over several seeds, with their min..max (or "seeds
     * agree") under them: not a file put on it, one run beside the other side's seeds.
     */
    boolean ranged(Side s) {
        return seeds.get() > 1 && side(s).outcome().map(o -> o.seeds() > 1).orElse(false);
    }

    /**
     * The table as plain text for a mail (72 columns, base = A, test = B), with the notes {@code
     * compare} ends with and, where both sides counted TCP, its Wireshark table.
     */
    public String tableText() {
        Optional<RunOutcome> oa = a.outcome();
        Optional<RunOutcome> ob = b.outcome();
        // where the waits end, as compare says it: the timeline's runqlat differs by the switch
        String rule = rows.isEmpty() || oa.isEmpty() || ob.isEmpty() || oa.get().summaryTrees().isEmpty()
                || ob.get().summaryTrees().isEmpty() ? ""
                : SummaryReport.runqlatRule(oa.get().summaryTrees().get(0), ob.get().summaryTrees().get(0))
                        .map(r -> "\n" + r + "\n").orElse("");
        // the time base of every count in it, so a count pasted into a mail says per how long
        String span = rows.isEmpty() || oa.isEmpty() || ob.isEmpty() ? ""
                : ComparisonTable.spanLine(oa.get().summaryTrees(), ob.get().summaryTrees())
                        .map(l -> "\n" + l + "\n").orElse("");
        // what an rwsem's spinWhile and rwsem_* rows count, as compare says it
        String rwsem = rows.isEmpty() || oa.isEmpty() || ob.isEmpty() || oa.get().summaryTrees().isEmpty()
                || ob.get().summaryTrees().isEmpty() ? ""
                : SummaryReport.rwsemNotes(oa.get().summaryTrees().get(0), ob.get().summaryTrees().get(0))
                        .map(r -> "\n" + r + "\n").orElse("");
        // then, where both sides counted TCP, the s390 mail's table, as compare ends with it
        String tcp = rows.isEmpty() ? "" : LabViewSources.wiresharkCompareText(this).map(t -> "\n" + t).orElse("");
        return ComparisonTable.render(CompareTitle.text(scenario, oa, ob), List.copyOf(rows), ranged(Side.A),
                ranged(Side.B)) + span
                + rwsem + rule + tcp + importWarnings(oa, ob);
    }

    /**
     * The lines under a copied A/B table naming the import warnings of a recording put on a side
     * ("A: 2 import warnings; the first: runA.txt: ..."), as the A/B picture's caption names them;
     * "" when neither side's import warned (simulated runs never do).
     */
    static String importWarnings(Optional<RunOutcome> a, Optional<RunOutcome> b) {
        return org.schedlab.analysis.ImportWarningsText.under(warningsOf(a), warningsOf(b));
    }

    private static List<String> warningsOf(Optional<RunOutcome> o) {
        return o.flatMap(RunOutcome::dataset).map(d -> d.metadata().importWarnings()).orElse(List.of());
    }

    private ParameterPanelViewModel newPanel(Scenario s, Side side) {
        ParameterPanelViewModel p = new ParameterPanelViewModel(s);
        p.addChangeListener(o -> {
            if (!quiet) {
                (side == Side.A ? datasetA : datasetB).set(false);
                unshown(side).set(Optional.empty()); // the user's parameters replace the data it could not show
                side(side).changed(s, o, seeds.get(), p.changeIsImmediate());
            }
        });
        p.addSettleListener(() -> side(side).settle());
        return p;
    }

    /** Runs side {@code s} with its panel's values now; a side showing an opened dataset keeps it. */
    private void rerun(Side s) {
        ParameterPanelViewModel p = panel(s);
        if (p == null || scenario == null || p.check().isPresent() || showsDatasetProperty(s).get()) {
            return;
        }
        side(s).runNow(scenario, p.overrides(), seeds.get());
    }

    private void quietly(Runnable r) {
        quiet = true;
        try {
            r.run();
        } finally {
            quiet = false;
        }
    }

    private void updatePending() {
        List<String> parts = new java.util.ArrayList<>();
        for (Side s : Side.values()) {
            RunViewModel r = side(s);
            // a side cancelled before its first result is no less what the table waits for
            if (r.busyProperty().get() || r.staleProperty().get() || r.canRunAgainProperty().get()) {
                String st = r.statusProperty().get();
                String what = switch (r.phaseProperty().get()) {
                    case IDLE -> (st.isEmpty() ? "not rerun" : st)
                            + (r.canRunAgainProperty().get() ? " (Run again on its header)" : "");
                    case TIMELINE_READY -> "timeline ready, " + (st.isEmpty() ? "summary pending" : st);
                    default -> st.isEmpty() ? "simulating" : st;
                };
                parts.add(s.name() + ": " + what);
            }
        }
        rowsPending.set(parts.isEmpty() ? "" : "table pending - " + String.join("; ", parts));
    }

    private void updateRows() {
        rowsStale.set(a.staleProperty().get() || b.staleProperty().get());
        Optional<RunOutcome> oa = a.outcome();
        Optional<RunOutcome> ob = b.outcome();
        if (oa.isEmpty() || ob.isEmpty()) {
            rows.clear();
            return;
        }
        rows.setAll(SummaryComparison.rows(oa.get().summaryTrees(), ob.get().summaryTrees()));
    }
}
