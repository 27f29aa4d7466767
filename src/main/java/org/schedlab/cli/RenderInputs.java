package org.schedlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.schedlab.analysis.ComparisonTable;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.LockTable;
import org.schedlab.analysis.RunqlatHistogram;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.analysis.TcpCounters;
import org.schedlab.analysis.WiresharkTable;
import org.schedlab.model.Dataset;
import org.schedlab.render.Caption;
import org.schedlab.render.Figure;
import org.schedlab.render.Figures;
import org.schedlab.render.PaintOptions;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TimelinePanel;
import org.schedlab.render.TrackSpec;
import org.schedlab.render.Viewport;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.record.Recorder;
import org.schedlab.sim.scenario.DefaultsDiff;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.summary.SummaryJson;

/**
 * Builds {@code render}'s figures: runs the scenario sides (recording the window), loads
 * datasets, picks the window, and says in the caption what the picture shows. The rows are
 * what the workbench opens with, so the picture matches the window's.
 */
final class RenderInputs {
    /** How much of a simulated run is recorded when no window is given: as the workbench records. */
    static final long DEFAULT_RECORD_MS = 100;
    static final double MIN_FIT_HEIGHT_PX = 160;
    static final double MAX_FIT_HEIGHT_PX = 4000;

    private final Double fromMs;
    private final Double toMs;
    private final boolean fitHeight;
    private final java.io.PrintWriter progress;
    private final TaskPicks tasks;
    /** {@code --fit-cpu-lanes}: every CPU lane in the height given, as the workbench's "Fit CPU lanes". */
    private boolean fitCpuLanes;

    /** With {@code fitHeight}, a timeline whose rows need less than the height given gets only what they need. */
    RenderInputs(Double fromMs, Double toMs, boolean fitHeight) {
        this(fromMs, toMs, fitHeight, new java.io.PrintWriter(java.io.Writer.nullWriter()));
    }

    /** As below, each dataset with its own task lanes. */
    RenderInputs(Double fromMs, Double toMs, boolean fitHeight, java.io.PrintWriter progress) {
        this(fromMs, toMs, fitHeight, progress, new TaskPicks(List.of()));
    }

    /**
     * As above; a scenario's run says on {@code progress} how far it got when it takes long, and
     * the task lanes drawn are those {@code tasks} names ({@code --task}), each side's own without.
     */
    RenderInputs(Double fromMs, Double toMs, boolean fitHeight, java.io.PrintWriter progress, TaskPicks tasks) {
        this.fromMs = fromMs;
        this.toMs = toMs;
        this.fitHeight = fitHeight;
        this.progress = progress;
        this.tasks = tasks;
    }

    /** The CPU lanes fitted to each timeline's height ({@code --fit-cpu-lanes}); the height is not grown for other rows. */
    RenderInputs fittingCpuLanes(boolean fit) {
        fitCpuLanes = fit;
        return this;
    }

    Figure datasetTimeline(Path file, Dataset d, List<String> importWarnings, int widthPx, int heightPx)
            throws UserInputException {
        tasks.check(List.of(d), List.of(name(file)));
        TimelinePanel p = panel("", d, window(d, file.toString()), widthPx, heightPx);
        return Figures.timeline(subject(file, d), datasetParams(d), importWarnings, p);
    }

    Figure scenarioTimeline(Scenario s, Map<String, String> set, int widthPx, int heightPx) throws UserInputException {
        RunResult r = record(s, set);
        Dataset d = r.dataset().orElseThrow();
        tasks.check(List.of(d), List.of("the run of " + s.name()));
        TimelinePanel p = panel("", d, window(d, s.name()), widthPx, heightPx);
        // the workbench's Live tab heads the picture of its run the same way
        return Figures.timeline(Caption.runSubject(s.name(), List.of(r.summary().seed())),
                List.of(Caption.parameterLine("", DefaultsDiff.of(s, set))), p);
    }

    /**
     * A over B of a scenario's two runs; {@code baseGiven} and {@code testGiven} are the sides'
     * parameters as given ({@code --base}, {@code --test}, or the scenario's pair). The TCP table's
     * columns are headed as {@code compare} heads them, by the runs' values
     * ({@link CompareCommand#sideNames}).
     */
    Figure scenarioCompare(Scenario s, Map<String, String> common, String baseGiven, Map<String, String> baseSet,
                           String testGiven, Map<String, String> testSet, int widthPx, int heightPx)
            throws UserInputException {
        RunResult a = record(s, baseSet);
        RunResult b = record(s, testSet);
        Dataset da = a.dataset().orElseThrow();
        Dataset db = b.dataset().orElseThrow();
        tasks.check(List.of(da, db), List.of("A", "B"));
        long[] wa = window(da, "A");
        long[] wb = window(db, "B");
        long spanNs = Math.min(wa[1] - wa[0], wb[1] - wb[0]);
        TimelinePanel pa = panel("A   " + sideText(s, baseSet, testSet), da, new long[] {wa[0], wa[0] + spanNs},
                widthPx, heightPx);
        TimelinePanel pb = panel("B   " + sideText(s, testSet, baseSet), db, new long[] {wb[0], wb[0] + spanNs},
                widthPx, heightPx);
        List<String> params = List.of(
                Caption.parameterLine("A (base): ", DefaultsDiff.choices(s, baseSet),
                        DefaultsDiff.withoutChoices(s, DefaultsDiff.of(s, baseSet))),
                Caption.parameterLine("B (test): ", DefaultsDiff.choices(s, testSet),
                        DefaultsDiff.withoutChoices(s, DefaultsDiff.of(s, testSet))));
        List<JsonNode> sa = List.of(SummaryJson.tree(a.summary()));
        List<JsonNode> sb = List.of(SummaryJson.tree(b.summary()));
        List<SummaryComparison.Row> rows = SummaryComparison.rows(sa, sb);
        // the workbench's A/B export heads its picture the same way; under its table the notes
        // compare prints under its own (rwsem rows, runqlat's switch)
        // under it the Wireshark table compare ends with, when both runs counted TCP (case C)
        List<String> heads = CompareCommand.sideNames(s, baseSet, testSet);
        return Figures.compare(Caption.abSubject(s.name(), List.of(a.summary().seed()), List.of(b.summary().seed())),
                params, pa, pb, ComparisonTable.cells(rows), List.of(), ComparisonTable.notInEitherItems(rows),
                ComparisonTable.span(sa, sb), SummaryReport.abTableNotes(sa.get(0), sb.get(0)))
                .withTcpTable(Figures.tcpTable(heads.get(0), WiresharkTable.meanCounts(sa),
                        heads.get(1), WiresharkTable.meanCounts(sb),
                        ComparisonTable.span(sa, sb)));
    }

    Figure datasetCompare(Path fa, Dataset a, Path fb, Dataset b, List<String> importWarnings, int widthPx,
                          int heightPx) throws UserInputException {
        tasks.check(List.of(a, b), List.of("A (" + name(fa) + ")", "B (" + name(fb) + ")"));
        long[] wa = window(a, fa.toString());
        long[] wb = window(b, fb.toString());
        long spanNs = Math.min(wa[1] - wa[0], wb[1] - wb[0]);
        TimelinePanel pa = panel("A   " + name(fa), a, new long[] {wa[0], wa[0] + spanNs}, widthPx, heightPx);
        TimelinePanel pb = panel("B   " + name(fb), b, new long[] {wb[0], wb[0] + spanNs}, widthPx, heightPx);
        // each side's source and seed, then its parameters: "none.json vs lazy.json" alone did not say
        // which scenario or seed the two saved runs are; the workbench's A/B tab writes them the same way
        List<String> params = new ArrayList<>();
        params.add(Figures.datasetSideLine("A: ", name(fa), a.metadata(), DefaultsDiff.ofRun(a.metadata())));
        params.add(Figures.datasetSideLine("B: ", name(fb), b.metadata(), DefaultsDiff.ofRun(b.metadata())));
        // under the side lines, each warning naming its file: a recording with switches missing does
        // not pass for a whole one beside the other side
        params.addAll(Caption.importNotes(importWarnings));
        List<JsonNode> sa = List.of(DatasetSummary.of(a));
        List<JsonNode> sb = List.of(DatasetSummary.of(b));
        List<SummaryComparison.Row> rows = SummaryComparison.rows(sa, sb);
        // the workbench's A/B export of two opened files heads its picture the same way
        // under its table the notes table A B prints under its own
        // and the Wireshark table 'table A B --kind tcp' prints, of the whole files, when both count TCP
        return Figures.compare(Caption.abFilesSubject(name(fa), name(fb)), params, pa, pb, ComparisonTable.cells(rows),
                List.of(), ComparisonTable.notInEitherItems(rows), ComparisonTable.span(sa, sb),
                SummaryReport.abTableNotes(sa.get(0), sb.get(0)))
                .withTcpTable(Figures.tcpTable("A", WiresharkTable.meanCounts(sa), "B", WiresharkTable.meanCounts(sb),
                        ComparisonTable.span(sa, sb)));
    }

    private TimelinePanel panel(String label, Dataset d, long[] window, int widthPx, int heightPx) {
        TrackSpec spec = tasks.spec(d).withFitCpuLanes(fitCpuLanes);
        double h = heightPx;
        if (fitHeight && !fitCpuLanes) {
            // (fitted CPU lanes fill the height they are given, as on screen: no height of their own)
            // as tall as the rows need: less when lanes stop growing (two CPUs), more when they
            // would be cut off at the default height (96 CPUs: every lane at its smallest height)
            TimelineLayout at = TimelineLayout.of(new Viewport(window[0], window[1], widthPx, heightPx), d, spec);
            double needed = Math.ceil(TimelineLayout.AXIS_HEIGHT_PX + at.contentHeightPx()
                    + TimelineLayout.LEGEND_HEIGHT_PX + 2);
            h = Math.max(MIN_FIT_HEIGHT_PX, Math.min(MAX_FIT_HEIGHT_PX, needed));
        }
        Viewport vp = new Viewport(window[0], window[1], widthPx, h);
        return new TimelinePanel(label, TimelineData.prepare(d, () -> false), vp, spec, PaintOptions.DEFAULT);
    }

    /**
     * The window of {@code table} and {@code export}: as {@link #window}, but a file without times is
     * refused as one that has no window to cut, not as one that cannot be drawn (it can be printed or
     * exported whole).
     */
    static RenderInputs cutting(Double fromMs, Double toMs) {
        RenderInputs r = new RenderInputs(fromMs, toMs, false);
        r.cutting = true;
        return r;
    }

    /** Whether the window is cut from the data ({@code table}, {@code export}) rather than drawn. */
    private boolean cutting;

    /** {startNs, endNs} of the window asked for, inside the data (the end is clipped to it). */
    long[] window(Dataset d, String what) throws UserInputException {
        if (d.spanNs() <= 0) {
            throw new UserInputException(cutting ? noWindow(d, what) : nothingToDraw(d, what));
        }
        // the commands checked both with TimeOptions: their nanoseconds fit in a long
        long from = fromMs == null ? 0 : TimeOptions.ns(fromMs);
        long to = toMs == null ? d.spanNs() : Math.min(d.spanNs(), TimeOptions.ns(toMs));
        if (from >= d.spanNs()) {
            throw new UserInputException("--from-ms " + TimeOptions.text(fromMs) + " is after the end of " + what + " ("
                    + d.spanNs() / 1e6 + " ms)");
        }
        if (to <= from) {
            // both ends round to the same nanosecond: no viewport can be drawn ("--from-ms null" when
            // only --to-ms was given)
            throw new UserInputException((fromMs == null ? "--from-ms 0 (the default)" : "--from-ms " + TimeOptions.text(fromMs))
                    + " and --to-ms " + TimeOptions.text(toMs)
                    + " are the same nanosecond; expected a window of at least 1 ns");
        }
        return new long[] {d.startNs() + from, d.startNs() + to};
    }

    /** Why a file without a time span cannot be drawn, naming what it has instead and what shows that. */
    private static String nothingToDraw(Dataset d, String what) {
        if (!d.counters().isEmpty()) {
            // one nstat snapshot: its counters are there, but at a single instant
            // table --kind tcp refuses a snapshot without TCP counters (IpExt, Udp only): named only when it has some
            boolean tcp = d.counters().stream().anyMatch(c -> TcpCounters.isTcp(c.name()));
            return what + ": has one snapshot of " + d.counters().size() + " counters (a single"
                    + " instant), so there is no time span to draw; " + (tcp ? "'schedlab table " + what
                    + " --kind tcp' prints its TCP counters and 'schedlab info' lists them all"
                    : "'schedlab info' lists them");
        }
        int histograms = RunqlatHistogram.fromMetadata(d.metadata()).size();
        if (histograms > 0) {
            // runqlat's output: "the dataset is empty" of 48 histograms sent the user looking for a bad read
            String them = histograms == 1 ? "it" : "them";
            return what + ": has " + histograms + " runqlat histogram" + (histograms == 1 ? "" : "s")
                    + " and no times, so there is no timeline to draw; 'schedlab info " + what + "' lists " + them
                    + ", and the workbench's side panel shows " + them + " as printed (its runqlat tab)";
        }
        // a lock tool's table or a benchmark's closing figures: "the dataset is empty" of 135 rows of
        // perf lock contention sent the user looking for a bad read too
        return timelessHolding(d).map(h -> what + ": has " + h + " and no times, so there is no timeline to draw; "
                + (h.startsWith("a ") ? "'schedlab table " + what + "' prints it" : "'schedlab info " + what
                + "' lists them")).orElse(what + ": the dataset is empty, nothing to draw");
    }

    /**
     * Why {@code --from-ms}/{@code --to-ms} cannot cut a file without a time span ({@code table},
     * {@code export}): what it has instead, and that the whole file is printed or written without them.
     */
    private static String noWindow(Dataset d, String what) {
        int histograms = RunqlatHistogram.fromMetadata(d.metadata()).size();
        Optional<String> has = !d.counters().isEmpty()
                ? Optional.of("one snapshot of " + d.counters().size() + " counters (a single instant)")
                : histograms > 0 ? Optional.of(histograms + " runqlat histogram" + (histograms == 1 ? "" : "s"))
                : timelessHolding(d);
        return what + ": " + has.map(h -> "has " + h + " and no times").orElse("the dataset is empty")
                + ", so there is no window for --from-ms/--to-ms to cut; leave them out for the whole file";
    }

    /**
     * What a dataset without times holds, if anything: a lock tool's table ("a perf lock contention
     * table of 135 rows") or, else, what its file printed of itself ("25 parameters": a YCSB
     * output's closing figures).
     */
    private static Optional<String> timelessHolding(Dataset d) {
        Optional<LockTable> table = LockTable.of(d.metadata().parameters());
        if (table.isPresent()) {
            int n = table.get().rows().size();
            return Optional.of("a " + table.get().tool() + " table of " + n + " row" + (n == 1 ? "" : "s"));
        }
        int n = d.metadata().parameters().size();
        return n == 0 ? Optional.empty() : Optional.of(n + " parameter" + (n == 1 ? "" : "s"));
    }

    private RunResult record(Scenario s, Map<String, String> overrides) throws UserInputException {
        long recordMs = toMs == null ? DEFAULT_RECORD_MS : (long) Math.ceil(toMs);
        try {
            s.resolve(overrides);
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
        return SimCli.run(s, overrides, new Simulation.Options(recordMs, Recorder.DEFAULT_MAX_TASK_LANES, false),
                "simulating " + s.name(), progress);
    }

    /** "run.json (pgbench-graviton4, simulation)" */
    private static String subject(Path file, Dataset d) {
        return Figures.datasetSubject(name(file), d.metadata());
    }

    private static String name(Path file) {
        return RenderCommand.fileName(file).orElse(file.toString());
    }

    /** A saved run: its parameters that differ from its scenario's defaults; a recording: none to tell. */
    private static List<String> datasetParams(Dataset d) {
        Optional<Map<String, String>> diff = DefaultsDiff.ofRun(d.metadata());
        return diff.map(m -> List.of(Caption.parameterLine("", m))).orElse(List.of());
    }

    /** The parameters in which this side differs from the other ("preemption=lazy"), or "same parameters". */
    static String sideText(Scenario s, Map<String, String> mine, Map<String, String> other) {
        // in the scenario's order, a value left at the scenario's counted as that value, as the
        // workbench's A/B headers name a side: lazy against lazy with irqWorkqueue=unbound headed
        // A "same parameters" beside B's "irqWorkqueue=unbound"
        Set<String> keys = new LinkedHashSet<>(s.params().keySet());
        keys.addAll(mine.keySet());
        keys.addAll(other.keySet());
        Map<String, String> diff = new LinkedHashMap<>();
        for (String k : keys) {
            String dflt = s.params().containsKey(k) ? s.params().get(k).value() : null;
            String v = mine.getOrDefault(k, dflt);
            if (v != null && !v.equals(other.getOrDefault(k, dflt))) {
                diff.put(k, v);
            }
        }
        StringBuilder b = new StringBuilder();
        diff.forEach((k, v) -> b.append(k).append('=').append(v).append("  "));
        return b.length() == 0 ? "same parameters" : b.toString().strip();
    }
}
