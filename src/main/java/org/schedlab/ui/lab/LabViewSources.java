package org.schedlab.ui.lab;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.schedlab.analysis.ComparisonTable;
import org.schedlab.analysis.PlainText;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.analysis.SweepMetric;
import org.schedlab.analysis.SweepTable;
import org.schedlab.analysis.SweepText;
import org.schedlab.analysis.WiresharkTable;
import org.schedlab.io.AtomicFiles;
import org.schedlab.io.CsvExport;
import org.schedlab.model.Dataset;
import org.schedlab.render.Caption;
import org.schedlab.render.Figure;
import org.schedlab.render.Figures;
import org.schedlab.render.SweepPlotData;
import org.schedlab.render.SweepPlotPanel;
import org.schedlab.render.TextTable;
import org.schedlab.render.TimelinePanel;
import org.schedlab.render.TimeRange;
import org.schedlab.render.Viewport;
import org.schedlab.sim.scenario.DefaultsDiff;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.sweep.SweepAxis;
import org.schedlab.sim.sweep.SweepPlan;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.export.TextKind;
import org.schedlab.ui.export.TimelineSnapshot;
import org.schedlab.ui.export.ViewSource;
import org.schedlab.ui.export.WindowSummary;

/**
 * What the lab's tabs offer to File > Export and Edit > Copy: the A/B tab exports A over B
 * with the delta table and copies both summaries, the table and the Wireshark-style TCP table;
 * the live tab exports its run's timeline and copies its summary; the sweep tab exports its
 * plot and its points (as summary.csv) and copies its table.
 */
final class LabViewSources {
    private LabViewSources() {
    }

    /** The A/B tab; the dataset exported is the side being edited. */
    static ViewSource compare(CompareViewModel vm, ComparePane pane) {
        return new ViewSource() {
            @Override
            public Optional<Figure> figure() {
                Optional<TimelinePanel> a = side(CompareViewModel.Side.A);
                Optional<TimelinePanel> b = side(CompareViewModel.Side.B);
                if (a.isEmpty() || b.isEmpty()) {
                    return Optional.empty();
                }
                Optional<RunOutcome> oa = vm.side(CompareViewModel.Side.A).outcome();
                Optional<RunOutcome> ob = vm.side(CompareViewModel.Side.B).outcome();
                // which seeds, as the copied table says: "(3 seeds per side)" said how many, not which;
                // an opened file on each side by their names, not the scenario left in the panel:
                // as render --view compare writes them (Caption.abSubject, Caption.abFilesSubject)
                boolean files = oa.filter(o -> !o.simulated()).isPresent()
                        && ob.filter(o -> !o.simulated()).isPresent();
                String subject = files ? Caption.abFilesSubject(oa.get().label(), ob.get().label())
                        : Caption.abSubject(vm.scenario().map(s -> s.name()).orElse(""), CompareTitle.seedList(oa),
                                CompareTitle.seedList(ob));
                // two files as render --view compare A B writes them ("A: none.json (teach-kernel-section,
                // simulation, seed 3): ..."); a file beside a simulated side keeps the tab's "B (test): "
                List<String> params = new java.util.ArrayList<>(List.of(
                        parameters(files ? "A: " : "A (base): ", CompareViewModel.Side.A),
                        parameters(files ? "B: " : "B (test): ", CompareViewModel.Side.B)));
                // under them, each warning of a recording put on a side, naming its file, as render
                // --view compare writes them: a recording with switches missing did not say so here
                List<String> warnings = new java.util.ArrayList<>(a.get().data().dataset().metadata().importWarnings());
                warnings.addAll(b.get().data().dataset().metadata().importWarnings());
                params.addAll(Caption.importNotes(warnings));
                // the spread under each mean, as Copy table writes it: a mean alone claims more
                // precision than a few seeds give
                // (none under a file put on a side: one run, no seeds)
                boolean rangeA = vm.ranged(CompareViewModel.Side.A);
                boolean rangeB = vm.ranged(CompareViewModel.Side.B);
                List<List<String>> ranges = rangeA || rangeB ? ComparisonTable.rangeCells(vm.rows(), rangeA, rangeB)
                        : List.of();
                // the rows Copy table prints, and the line under it naming those neither side has; under
                // them the notes Copy table ends with (what the rwsem rows count, where runqlat's waits
                // end), of the same summaries and only when it prints them (CompareViewModel.tableText)
                boolean summaries = !vm.rows().isEmpty() && oa.isPresent() && ob.isPresent()
                        && !oa.get().summaryTrees().isEmpty() && !ob.get().summaryTrees().isEmpty();
                return Optional.of(Figures.compare(subject, params, a.get(), sized(b.get(), a.get()),
                        ComparisonTable.cells(vm.rows(), rangeA || rangeB), ranges, ComparisonTable.notInEitherItems(vm.rows()),
                        oa.isEmpty() || ob.isEmpty() ? Optional.empty()
                                : ComparisonTable.span(oa.get().summaryTrees(), ob.get().summaryTrees()),
                        summaries ? SummaryReport.abTableNotes(oa.get().summaryTrees().get(0),
                                ob.get().summaryTrees().get(0)) : List.of())
                        // under it the TCP tab's table when both sides counted TCP, as 'compare' ends
                        .withTcpTable(wiresharkFigureTable(vm)));
            }

            /** Both sides' timelines on screen, as {@link #figure()} needs them. */
            @Override
            public boolean hasFigure() {
                return TimelineSnapshot.available(vm.side(CompareViewModel.Side.A).timeline())
                        && TimelineSnapshot.available(vm.side(CompareViewModel.Side.B).timeline());
            }

            /**
             * B at A's canvas size: the picture shows A's lanes on both sides, and B's card (a
             * little shorter by default, or resized) would fit fewer or more of them.
             */
            private TimelinePanel sized(TimelinePanel b, TimelinePanel a) {
                Viewport v = b.viewport();
                Viewport like = new Viewport(v.startNs(), v.endNs(), a.viewport().widthPx(), a.viewport().heightPx(),
                        v.laneScrollPx());
                return new TimelinePanel(b.label(), b.data(), like, b.spec(), b.options(), b.highlight());
            }

            private Optional<TimelinePanel> side(CompareViewModel.Side s) {
                TimelineCard card = pane.card(s);
                // the range as range(s) reads it: a Shift+dragged one is the overlay's, not the timeline's own
                return TimelineSnapshot.of(s.name() + "   " + vm.describe(s), vm.side(s).timeline(), card.timelineView())
                        .map(p -> marking(p, range(s)));
            }

            /** Every choice-type parameter with its value, then the others that differ from the defaults. */
            private String withChoices(String prefix, java.util.Map<String, String> overrides) {
                return vm.scenario().map(sc -> Caption.parameterLine(prefix,
                                org.schedlab.sim.scenario.DefaultsDiff.choices(sc, overrides),
                                org.schedlab.sim.scenario.DefaultsDiff.withoutChoices(sc, overrides)))
                        .orElse(Caption.parameterLine(prefix, overrides));
            }

            private String parameters(String prefix, CompareViewModel.Side s) {
                // the run whose timeline is in the picture, ahead of its summary while that simulates
                Optional<java.util.Map<String, String>> shown = vm.side(s).timelineOverridesProperty().get();
                if (shown.isPresent()) {
                    return withChoices(prefix, shown.get());
                }
                Optional<RunOutcome> o = vm.side(s).outcome();
                if (o.isEmpty()) {
                    return prefix + "no run yet";
                }
                if (o.get().simulated()) {
                    return withChoices(prefix, o.get().overrides());
                }
                // an opened file: what it is (its scenario and seed, or the recording's format) and
                // the parameters it ran with, not its name alone (found on the worker that summarized it)
                return o.get().dataset().map(d -> Figures.datasetSideLine(prefix, o.get().label(), d.metadata(),
                        o.get().differsFromDefaults())).orElse(prefix + o.get().label());
            }

            @Override
            public Optional<Dataset> dataset() {
                return vm.side(vm.editingProperty().get()).outcome().flatMap(RunOutcome::dataset);
            }

            @Override
            public String fileStem() {
                return TimelineSnapshot.stem(vm.scenario().map(s -> s.name()).orElse("schedlab")) + "-ab";
            }

            /**
             * The side exported, as dataset() picks it: "-ab" for B's trace (B is edited when the
             * window opens) let a reply attach lazy's trace as none's.
             */
            @Override
            public String datasetStem() {
                return TimelineSnapshot.stem(vm.scenario().map(s -> s.name()).orElse("schedlab")) + "-"
                        + vm.editingProperty().get().name().toLowerCase(java.util.Locale.ROOT);
            }

            /**
             * The range selected on side {@code s}: Shift+dragged, or dragged on either side's axis
             * ({@link TimelineSync} puts it on both), see {@link #range}.
             */
            private Optional<TimeRange> range(CompareViewModel.Side s) {
                return LabViewSources.range(vm.selectionProperty().get(), vm.side(s).timeline());
            }

            @Override
            public boolean rangeSelected() {
                return range(CompareViewModel.Side.A).isPresent() && range(CompareViewModel.Side.B).isPresent()
                        && vm.side(CompareViewModel.Side.A).outcome().flatMap(RunOutcome::dataset).isPresent()
                        && vm.side(CompareViewModel.Side.B).outcome().flatMap(RunOutcome::dataset).isPresent();
            }

            @Override
            public Optional<TextJob> text(TextKind kind) {
                Optional<RunOutcome> oa = vm.side(CompareViewModel.Side.A).outcome();
                Optional<RunOutcome> ob = vm.side(CompareViewModel.Side.B).outcome();
                if (oa.isEmpty() || ob.isEmpty()) {
                    return Optional.empty();
                }
                // under each table, the import warnings of a recording put on a side, as Copy table ends
                String warned = CompareViewModel.importWarnings(oa, ob);
                switch (kind) {
                    case SUMMARY: {
                        List<JsonNode> a = oa.get().summaryTrees();
                        List<JsonNode> b = ob.get().summaryTrees();
                        if (a.isEmpty() || b.isEmpty()) {
                            return Optional.empty();
                        }
                        if (rangeSelected()) {
                            // each side's selected range (on both, however selected) of its recorded window
                            // of the runs on screen: a side's new timeline is in before its summary
                            Optional<TextJob> ja = WindowSummary.job(vm.side(CompareViewModel.Side.A).timeline().dataset(),
                                    range(CompareViewModel.Side.A).get(), "A (base)");
                            Optional<TextJob> jb = WindowSummary.job(vm.side(CompareViewModel.Side.B).timeline().dataset(),
                                    range(CompareViewModel.Side.B).get(), "B (test)");
                            // a side whose recorded window the range misses says so, rather than
                            // the copy quietly giving its whole run under "summary of the selection"
                            return Optional.of(() -> ja.map(TextJob::compute).orElse(outside("A (base)")) + "\n"
                                    + jb.map(TextJob::compute).orElse(outside("B (test)")) + warned);
                        }
                        return Optional.of(() -> "A (base)\n\n" + SummaryReport.render(a.get(0)) + "\nB (test)\n\n"
                                + SummaryReport.render(b.get(0)) + warned);
                    }
                    case DELTAS: {
                        if (vm.rows().isEmpty()) {
                            return Optional.empty();
                        }
                        String text = vm.tableText();
                        // "Copied the A/B delta table" under a copy that ends with the Wireshark table
                        // said less than the paste holds
                        return Optional.of(wiresharkCompareText(vm).isPresent()
                                ? TextJob.titled("A/B delta and TCP tables", () -> text) : () -> text);
                    }
                    default: {
                        // headed as Copy table is (scenario, what tells A from B, seeds): the table
                        // alone, its columns "A" and "B" when the runs differ in more than one
                        // value, did not say which runs it counts
                        String head = CompareTitle.text(vm.scenario().orElse(null), oa, ob);
                        return wiresharkText(vm).map(text -> () -> head + "\n\n" + text + warned);
                    }
                }
            }
        };
    }

    /**
     * The range selected on a card's timeline: the one Shift+drag selects ({@code shifted}, kept as
     * an offset from the run's start, see {@link SelectionOverlay}; in A/B on both timelines at
     * once), else one dragged on the timeline's axis (either replaces the other, see
     * {@link SelectionOverlay}). Read only from the timeline, a Shift+dragged
     * range showed its band on screen but was in neither the picture nor Copy summary.
     */
    static Optional<TimeRange> range(Optional<OffsetRange> shifted, TimelineViewModel timeline) {
        Dataset d = timeline.dataset();
        if (shifted.isPresent() && d != TimelineViewModel.NO_DATASET) {
            return Optional.of(new TimeRange(d.startNs() + shifted.get().fromNs(), d.startNs() + shifted.get().toNs()));
        }
        return timeline.selection().range();
    }

    /** A timeline's picture marking {@code range} (its blue lines, "selected" in the caption) as the copy reads it. */
    private static TimelinePanel marking(TimelinePanel p, Optional<TimeRange> range) {
        return new TimelinePanel(p.label(), p.data(), p.viewport(), p.spec(), p.options().withRange(range), p.highlight());
    }

    /** The most values a file name offered names; more are counted ("-and-2-more"). */
    static final int STEM_VALUES = 3;

    /**
     * {@code changed} as a file name's part, by key: "-bClass-fifo-preemption-lazy", at most
     * {@value #STEM_VALUES} of them and then how many more; empty for none.
     */
    static String changedStem(java.util.Map<String, String> changed) {
        StringBuilder sb = new StringBuilder();
        int named = 0;
        for (java.util.Map.Entry<String, String> e : new java.util.TreeMap<>(changed).entrySet()) {
            if (named == STEM_VALUES) {
                sb.append("-and-").append(changed.size() - named).append("-more");
                break;
            }
            sb.append('-').append(e.getKey()).append('-').append(e.getValue());
            named++;
        }
        return sb.toString();
    }

    /**
     * The live tab: its run's timeline and summary. A picture (its caption's subject and parameters)
     * and the file name offered for it describe the run whose timeline is in it, which is ahead of
     * {@code run.outcome()} while that run's summary is computed ({@link #liveShown}).
     */
    static ViewSource live(RunViewModel run, TimelineCard card) {
        return live(run, card, Optional::empty);
    }

    /**
     * The live tab, its caption naming the choices ({@link DefaultsDiff#choices}) of a run of
     * {@code panel}'s scenario: a teacher's picture of teach-kernel-section at its defaults said
     * "scenario defaults", not that it was preemption=none, the one thing the slide is about.
     */
    static ViewSource live(RunViewModel run, TimelineCard card, java.util.function.Supplier<Optional<Scenario>> panel) {
        return new ViewSource() {
            @Override
            public Optional<Figure> figure() {
                Optional<RunOutcome> o = run.outcome();
                Dataset onScreen = run.timeline().dataset();
                boolean summarized = liveShown(run);
                // the run whose timeline is in the picture, ahead of its summary while that simulates
                Optional<java.util.Map<String, String>> shown = run.timelineOverridesProperty().get();
                String subject = shown.isPresent() || !summarized ? liveTitle(onScreen, o)
                        : o.map(r -> r.simulated() ? Caption.runSubject(r.scenarioName(), CompareTitle.seedList(o))
                                : r.scenarioName()).orElse("live run");
                List<String> params = shown.map(m -> List.of(liveParameterLine(panel.get(),
                                onScreen.metadata().source(), m)))
                        .orElse(o.filter(r -> summarized && r.simulated())
                                .map(r -> List.of(liveParameterLine(panel.get(), r.scenarioName(), r.overrides())))
                                .orElse(List.of()));
                return TimelineSnapshot.of("", run.timeline(), card.timelineView())
                        .map(p -> Figures.timeline(subject, params, marking(p, range())));
            }

            @Override
            public boolean hasFigure() {
                return TimelineSnapshot.available(run.timeline());
            }

            @Override
            public Optional<Dataset> dataset() {
                return run.outcome().flatMap(RunOutcome::dataset);
            }

            /**
             * The scenario and the values the caption names as differing from its defaults
             * ("teach-kernel-section-preemption-lazy-live"): a teacher exporting none, full and lazy
             * one after another for slides was offered "teach-kernel-section-live" each time, and took
             * it, the second picture over the first.
             */
            @Override
            public String fileStem() {
                // the scenario of the run in the picture with its values: after a change of scenario the
                // name was the last summarized run's with the values of the new run on screen
                boolean summarized = liveShown(run);
                java.util.Map<String, String> changed = run.timelineOverridesProperty().get()
                        .or(() -> run.outcome().filter(r -> summarized && r.simulated()).map(RunOutcome::overrides))
                        .orElse(java.util.Map.of());
                String name = summarized ? run.outcome().map(RunOutcome::scenarioName).orElse("live")
                        : run.timeline().dataset().metadata().source();
                return TimelineSnapshot.stem(name + changedStem(changed)) + "-live";
            }

            @Override
            public Optional<TextJob> text(TextKind kind) {
                Optional<RunOutcome> o = run.outcome();
                if (kind != TextKind.SUMMARY || o.isEmpty() || o.get().summaryTrees().isEmpty()) {
                    return Optional.empty();
                }
                Optional<TimeRange> range = range();
                // an opened recording's import warnings under its summary, as the Dataset tab's copy ends
                String warned = org.schedlab.analysis.ImportWarningsText.under("", o.get().dataset()
                        .map(d -> d.metadata().importWarnings()).orElse(List.of()));
                if (range.isPresent() && o.get().dataset().isPresent()) {
                    // the selected range of the recorded window on screen, as table --from-ms --to-ms
                    // gives it: the timeline's run, which is in before its summary
                    Dataset shown = run.timeline().dataset();
                    return WindowSummary.job(shown, range.get(), liveTitle(shown, o)).map(j -> () -> j.compute() + warned);
                }
                JsonNode s = o.get().summaryTrees().get(0);
                return Optional.of(() -> SummaryReport.render(s) + warned);
            }

            @Override
            public boolean rangeSelected() {
                return run.outcome().flatMap(RunOutcome::dataset).isPresent() && range().isPresent();
            }

            private Optional<TimeRange> range() {
                return LabViewSources.range(card.selection().get(), run.timeline());
            }
        };
    }

    /** Size of a sweep plot not laid out yet (the tab never shown). */
    static final double SWEEP_FALLBACK_WIDTH_PX = 1200;
    static final double SWEEP_FALLBACK_HEIGHT_PX = 700;

    /**
     * The Sweep tab: its plot as on screen under a caption, its points as summary.csv, its table
     * as {@code schedlab sweep} prints it; each only once the sweep is done or cancelled (a sweep
     * still running would be exported half drawn).
     */
    static ViewSource sweep(SweepViewModel vm, SweepPlotView view) {
        return new ViewSource() {
            @Override
            public Optional<Figure> figure() {
                return vm.result().map(r -> {
                    double w = view.getWidth() >= 1 ? view.getWidth() : SWEEP_FALLBACK_WIDTH_PX;
                    double h = view.getHeight() >= 1 ? view.getHeight() : SWEEP_FALLBACK_HEIGHT_PX;
                    return Figures.sweep(sweepSubject(r), sweepParameters(r.plan()), sweepNotes(r),
                            new SweepPlotPanel(r.plot(), Math.floor(w), Math.floor(h)));
                });
            }

            @Override
            public boolean hasFigure() {
                return vm.result().isPresent();
            }

            @Override
            public String noFigureReason() {
                return vm.noResultReason();
            }

            @Override
            public Optional<Dataset> dataset() {
                return Optional.empty();
            }

            @Override
            public String noDatasetReason() {
                return "a sweep has no one dataset; click a point to open its run in the Live tab, or use"
                        + " File > Export sweep points as CSV for the sweep's table";
            }

            @Override
            public Optional<AtomicFiles.Body> pointsCsv() {
                // the table is built when written, off the FX thread: the same as summary.csv
                return vm.result().map(r -> out -> CsvExport.body(SweepTable.summary(r.rows())).writeTo(out));
            }

            @Override
            public String noPointsReason() {
                return vm.noResultReason();
            }

            @Override
            public String fileStem() {
                return TimelineSnapshot.stem(vm.result().map(r -> r.plan().scenario().name())
                        .or(() -> vm.scenario().map(Scenario::name)).orElse("schedlab")) + "-sweep";
            }

            @Override
            public Optional<TextJob> text(TextKind kind) {
                if (kind != TextKind.SWEEP && kind != TextKind.SUMMARY) {
                    return Optional.empty();
                }
                return vm.result().map(r -> () -> sweepText(r));
            }
        };
    }

    /**
     * {@code teach-kernel-section sweep  (seeds 1..3 per point)}: the caption's first line, the
     * scenario named as the tab names it ({@code teach-kernel-section (built-in) sweep} beside a
     * file of that name open now).
     */
    static String sweepSubject(SweepViewModel.Result r) {
        return r.scenarioName() + " sweep  (" + sweepSeeds(r.plan()) + ")";
    }

    private static String sweepSeeds(SweepPlan plan) {
        return plan.seeds() == 1 ? "seed " + plan.firstSeed() + " per point"
                : "seeds " + plan.firstSeed() + ".." + (plan.firstSeed() + plan.seeds() - 1) + " per point";
    }

    /**
     * What varies ({@code varies sectionUs: 5, 10, 20; one line per preemption: none, full}) and
     * the base every run has, as its values that differ from the scenario's defaults.
     */
    static List<String> sweepParameters(SweepPlan plan) {
        List<SweepAxis> axes = plan.axes();
        StringBuilder varies = new StringBuilder("varies ").append(axes.get(0).key()).append(": ")
                .append(String.join(", ", axes.get(0).values()));
        if (axes.size() > 1) {
            varies.append("; one line per ").append(axes.get(1).key()).append(": ")
                    .append(String.join(", ", axes.get(1).values()));
        }
        return List.of(varies.toString(), Caption.parameterLine("base: ", DefaultsDiff.of(plan.scenario(), plan.base())));
    }

    /** What is plotted, how a point is made of its runs, and the runs a cancelled sweep left out. */
    static List<String> sweepNotes(SweepViewModel.Result r) {
        List<String> notes = new ArrayList<>();
        SweepPlotData d = r.plot();
        SweepMetric m = r.stats().metric();
        String metric = m.kind() == SweepMetric.Kind.SHARE
                ? (m.name().isEmpty() ? "top profile site share (no profile)"
                : (r.picked() == null ? "top site " : "") + m.name() + " share")
                : m.label() + " (" + m.id() + ")";
        notes.add("plotted: throughput" + (d.throughputUnit().isEmpty() ? "" : " (" + d.throughputUnit() + ")")
                + " and " + metric + (r.plan().seeds() > 1 ? "; each point the mean over its seeds, bar min..max" : ""));
        if (!r.complete()) {
            notes.add("cancelled after " + r.rows().size() + " of " + r.plan().runCount()
                    + " runs; the points drawn are of the runs that finished");
        }
        return notes;
    }

    /**
     * The sweep's table for a mail: what was swept (named as the caption names it) and its base,
     * then the table {@code schedlab sweep} prints (72 columns).
     */
    static String sweepText(SweepViewModel.Result r) {
        SweepPlan plan = r.plan();
        StringBuilder b = new StringBuilder();
        b.append(PlainText.wrap("sweep " + r.scenarioName() + ": " + plan.points().size() + " points x "
                + plan.seeds() + (plan.seeds() == 1 ? " seed (" : " seeds (") + sweepSeeds(plan) + ")", 6)).append('\n');
        b.append("base      ").append(PlainText.wrap(Caption.parameterLine("",
                DefaultsDiff.of(plan.scenario(), plan.base())), 10)).append('\n');
        if (!r.complete()) {
            b.append("runs      ").append(PlainText.wrap("cancelled after " + r.rows().size() + " of "
                    + plan.runCount() + "; the points are of the runs that finished", 10)).append('\n');
        }
        b.append('\n');
        b.append(SweepText.render(r.stats(), r.picked() == null, plan.seeds(), i -> plan.points().get(i).label()));
        return b.toString();
    }

    /** A side of a copied selection that its recorded window does not reach. */
    private static String outside(String side) {
        return side + ": the selected range lies outside its recorded window; nothing to summarize there\n";
    }

    /**
     * What the live tab's timeline shows, for a caption or a window's title: "teach-kernel-section
     * (simulation, seed 7)" for a simulated run (the recorded window is its first seed's), as
     * {@code render --scenario} heads its picture ({@link Caption#runSubject}); the outcome's name
     * for an opened file.
     */
    private static String liveTitle(Dataset shown, Optional<RunOutcome> o) {
        if (!shown.metadata().simulated()) {
            // an opened file ahead of its summary is not the run summarized before it
            return o.filter(r -> r.dataset().orElse(null) == shown || shown == TimelineViewModel.NO_DATASET)
                    .map(RunOutcome::scenarioName).orElse(shown == TimelineViewModel.NO_DATASET ? "live run"
                            : shown.metadata().source());
        }
        return Caption.runSubject(shown.metadata().source(), shown.metadata().seed().stream().boxed().toList());
    }

    /**
     * A live run's parameter line: every choice the scenario uses with its value, then the rest
     * that differ from its defaults, when {@code scenario} is the run's ({@code runName}); else
     * the values that differ alone (a run of another scenario than the panel's).
     */
    static String liveParameterLine(Optional<Scenario> scenario, String runName, java.util.Map<String, String> values) {
        return scenario.filter(s -> s.name().equals(runName))
                .map(s -> Caption.parameterLine("", DefaultsDiff.choices(s, values), DefaultsDiff.withoutChoices(s, values)))
                .orElseGet(() -> Caption.parameterLine("", values));
    }

    /**
     * Whether the Live tab's timeline shows the run of its outcome (or nothing): false while a newer
     * run's timeline (or an opened file's) is on screen ahead of its summary, when the outcome is the
     * run before it - maybe of another scenario - and names nothing in the picture.
     */
    private static boolean liveShown(RunViewModel run) {
        Dataset shown = run.timeline().dataset();
        return shown == TimelineViewModel.NO_DATASET
                || run.outcome().flatMap(RunOutcome::dataset).orElse(null) == shown;
    }

    /**
     * The column head of a side in the TCP table beside a side that is not a simulated run of the
     * scenario (a recording): the run's one value that differs from the scenario ("lazy"), else
     * {@code side}.
     */
    private static String shortLabel(RunOutcome o, String side) {
        if (o.simulated() && o.overrides().size() == 1) {
            return o.overrides().values().iterator().next();
        }
        return side;
    }

    /**
     * A's and B's TCP counters as the s390 mail's Wireshark table (means over each side's seeds),
     * headed like the mail's FULL and LAZY by the one parameter the two runs differ in (a side
     * that left it at the scenario's value shows that value), else "A" and "B"; empty until both
     * sides have a result, and when neither counts TCP. A side without TCP counters (a simulated
     * case A beside a recording opened with its nstat snapshot) reads n/a in its cells: the tab
     * stayed greyed though the other side's file had counted them.
     */
    static Optional<String> wiresharkText(CompareViewModel vm) {
        return tcpSides(vm).map(t -> {
            // under it, what the mail's rows it lacks are and what span the counts cover: the tab
            // sits under a timeline of the first 100 ms, its counts the whole measured run's
            String span = ComparisonTable.spanLine(t.summariesA(), t.summariesB()).map(l -> "\n" + l + "\n").orElse("");
            return WiresharkTable.render(t.labelA(), t.a(), t.labelB(), t.b()) + "\n" + WiresharkTable.leftOut(t.a(), t.b())
                    + "\n" + span;
        });
    }

    /**
     * The Wireshark table an A/B picture draws under its delta table: the TCP tab's, with its
     * column heads and counts; only when both sides counted TCP, as 'compare' prints it.
     */
    static Optional<TextTable> wiresharkFigureTable(CompareViewModel vm) {
        return tcpSides(vm).filter(t -> !t.a().isEmpty() && !t.b().isEmpty())
                .flatMap(t -> Figures.tcpTable(t.labelA(), t.a(), t.labelB(), t.b(),
                        ComparisonTable.span(t.summariesA(), t.summariesB())));
    }

    /** The two sides' TCP counts (each side's mean) and column heads, and the summaries they came from. */
    private record TcpSides(String labelA, Map<String, Double> a, String labelB, Map<String, Double> b,
                            List<JsonNode> summariesA, List<JsonNode> summariesB) {
    }

    /**
     * The Wireshark table as {@code schedlab compare} ends its text with it, for Copy A/B table to
     * end with too: only when both sides counted TCP, headed by the one value the runs differ in
     * ({@code full}, {@code lazy}), else {@code base} and {@code test} as {@code compare} and the
     * delta table above it head them, with the line naming the mail's rows it leaves out. The
     * span is the delta table's last line already. Copy A/B table left it out: a reply to the s390
     * thread needed a second copy, from another menu item, to paste the mail's own table.
     */
    static Optional<String> wiresharkCompareText(CompareViewModel vm) {
        return tcpSides(vm, "base", "test").filter(t -> !t.a().isEmpty() && !t.b().isEmpty())
                .map(t -> WiresharkTable.render(t.labelA(), t.a(), t.labelB(), t.b()) + "\n"
                        + WiresharkTable.leftOut(t.a(), t.b()) + "\n");
    }

    /** Both sides' TCP counts as {@link #wiresharkText} heads them; empty as it is. */
    private static Optional<TcpSides> tcpSides(CompareViewModel vm) {
        return tcpSides(vm, "A", "B");
    }

    /** The same, {@code otherA} and {@code otherB} heading the sides where no one value tells them apart. */
    private static Optional<TcpSides> tcpSides(CompareViewModel vm, String otherA, String otherB) {
        Optional<RunOutcome> oa = vm.side(CompareViewModel.Side.A).outcome();
        Optional<RunOutcome> ob = vm.side(CompareViewModel.Side.B).outcome();
        if (oa.isEmpty() || ob.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Double> a = WiresharkTable.meanCounts(oa.get().summaryTrees());
        Map<String, Double> b = WiresharkTable.meanCounts(ob.get().summaryTrees());
        if (a.isEmpty() && b.isEmpty()) {
            return Optional.empty();
        }
        String la = shortLabel(oa.get(), otherA);
        String lb = shortLabel(ob.get(), otherB);
        Optional<Scenario> scenario = vm.scenario();
        if (oa.get().simulated() && ob.get().simulated() && scenario.isPresent()) {
            Map<String, String> va = effective(scenario.get(), oa.get().overrides());
            Map<String, String> vb = effective(scenario.get(), ob.get().overrides());
            List<String> differ = va.keySet().stream().filter(k -> !va.get(k).equals(vb.get(k))).toList();
            // two runs that differ in more values than one (or none) are A and B: each side's own one
            // override headed A's preemption "full" against B's irqInatomic "on"
            la = differ.size() == 1 ? va.get(differ.get(0)) : otherA;
            lb = differ.size() == 1 ? vb.get(differ.get(0)) : otherB;
        }
        return Optional.of(new TcpSides(la, a, lb, b, oa.get().summaryTrees(), ob.get().summaryTrees()));
    }

    /** Every parameter's value in a run: the scenario's, overridden. */
    private static Map<String, String> effective(Scenario s, Map<String, String> overrides) {
        Map<String, String> v = new LinkedHashMap<>();
        s.params().forEach((k, p) -> v.put(k, p.value()));
        v.putAll(overrides);
        return v;
    }
}
