package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.analysis.SweepMetric;
import org.schedlab.render.SweepPlotData;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/** Sweeps from the workbench: form checks, results streaming into the plot, opening a point. */
@ExtendWith(ApplicationExtension.class)
class SweepViewModelTest extends FxRobot {
    /** Hands results over one at a time, as the FX thread would (the sweep's workers call it concurrently). */
    private final SweepViewModel vm = new SweepViewModel(Task::run, r -> {
        synchronized (this) {
            r.run();
        }
    });

    SweepViewModelTest() {
        vm.setScenario(LabFixtures.teach(), Map.of("durationMs", "200"));
    }

    @Test
    void aRunThatFinishedJustBeforeCancelDoesNotJoinThePlotAfterIt() throws Exception {
        // results reach the FX thread later than the workers produce them: hold them back, cancel,
        // then let them arrive; the plot and "cancelled after 0 runs" must agree
        List<Runnable> pending = java.util.Collections.synchronizedList(new ArrayList<>());
        SweepViewModel held = heldUntilARunIsIn(pending, "none,full,lazy,voluntary", 1);
        interact(() -> {
            assertTrue(held.runningProperty().get(), "the sweep is still running: " + held.statusProperty().get());
            held.cancel();
            List<Runnable> late;
            synchronized (pending) {
                late = new ArrayList<>(pending);
                pending.clear();
            }
            late.forEach(Runnable::run);
            assertEquals(0, held.rows().size(), "no run joins a cancelled sweep");
            assertEquals("cancelled after 0 runs", held.statusProperty().get());
        });
    }

    /**
     * A sweep cancelled after some of its runs: its plot's title (and the exported picture's) said
     * "(3 seeds per point: mean, min..max)" over points of one seed, whose bars cannot be min..max.
     */
    @Test
    void aCancelledSweepsTitleSaysHowManyOfItsSeedsEachPointHas() throws Exception {
        List<Runnable> pending = java.util.Collections.synchronizedList(new ArrayList<>());
        SweepViewModel held = heldUntilARunIsIn(pending, "none,full", 3);
        interact(() -> {
            pending.remove(0).run();
            held.cancel();
            String title = held.plotProperty().get().title();
            assertTrue(title.endsWith(" (1 of 3 seeds per point: mean, min..max)"), title);
            assertTrue(held.result().orElseThrow().plot().title().equals(title), "the exported picture's too");
        });
    }

    @Test
    void resultsStreamIntoThePlotOnePointPerValueAndSeriesPerSecondValue() {
        List<Integer> pointsSeen = new ArrayList<>();
        vm.plotProperty().addListener((obs, o, n) -> pointsSeen.add(
                n.series().stream().mapToInt(s -> s.points().size()).sum()));
        interact(() -> {
            vm.key1Property().set("preemption");
            vm.values1Property().set("none,full,lazy");
            vm.key2Property().set("bClass");
            vm.values2Property().set("fair,fifo");
            vm.seedsProperty().set(2);
            vm.threadsProperty().set(2);
            assertTrue(vm.start());
        });
        interact(() -> { });
        assertFalse(vm.runningProperty().get());
        assertEquals(12, vm.rows().size());
        assertEquals(1.0, vm.progressProperty().get());
        SweepPlotData plot = vm.plotProperty().get();
        assertEquals("preemption", plot.xKey());
        assertEquals(List.of("none", "full", "lazy"), plot.xValues());
        assertEquals("bClass", plot.seriesKey());
        assertEquals(2, plot.series().size());
        assertEquals(3, plot.series().get(1).points().size());
        assertEquals(2, plot.series().get(1).points().get(0).runs());
        assertTrue(pointsSeen.size() >= 12, "the plot was redrawn as runs came in: " + pointsSeen);
        assertTrue(pointsSeen.stream().anyMatch(n -> n > 0 && n < 6), "partial plots were shown: " + pointsSeen);
    }

    @Test
    void theLowerPlotShowsTheSitePickedAndANewSweepKeepsIt() {
        interact(() -> {
            vm.key1Property().set("preemption");
            vm.values1Property().set("none,full");
            assertTrue(vm.start());
        });
        interact(() -> { });
        List<String> sites = vm.metrics().stream().filter(m -> m.kind() == SweepMetric.Kind.SHARE)
                .map(SweepMetric::name).toList();
        assertTrue(sites.size() >= 2, "the runs' profile sites: " + sites);
        assertEquals(sites.get(0), vm.metrics().get(0).name(), "the sites come first, the top site first");
        assertEquals(sites.get(0), vm.plotProperty().get().metricLabel(), "the top site first");
        String second = sites.get(1);
        double[] before = shares();
        interact(() -> vm.metricProperty().set(SweepMetric.share(second)));
        assertEquals(second, vm.plotProperty().get().metricLabel());
        assertTrue(vm.plotProperty().get().title().contains(second + " share against preemption"),
                vm.plotProperty().get().title());
        assertFalse(java.util.Arrays.equals(before, shares()), "the plotted shares are the picked site's");
        interact(() -> assertTrue(vm.start()));
        interact(() -> { });
        assertEquals(SweepMetric.share(second), vm.metricProperty().get(), "a new sweep keeps the pick");
        assertEquals(second, vm.plotProperty().get().metricLabel());
        interact(() -> vm.metricProperty().set(null));
        assertEquals(sites.get(0), vm.plotProperty().get().metricLabel(), "no pick: the top site");
    }

    /**
     * A metric picked for a sweep that is replaced while it runs, before any run reported it, waits
     * for the next sweep: pgbench's transaction p99 picked, a textbook sweep started and replaced
     * after its first run by a pgbench sweep, which plots the p99 again.
     */
    @Test
    void aPickWaitingForASweepThatIsReplacedWaitsForTheNextOne() throws Exception {
        SweepViewModel live = new SweepViewModel(t -> new Thread(t, "sweep-test").start(),
                javafx.application.Platform::runLater);
        SweepMetric p99 = new SweepMetric(SweepMetric.Kind.LATENCY_P99, "transaction");
        org.schedlab.sim.scenario.Scenario pgbench = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("pgbench-graviton4");
        Map<String, String> smallPgbench = Map.of("cpus", "4", "clients", "16", "pgbenchThreads", "4",
                "warmupMs", "10", "durationMs", "30");
        interact(() -> {
            live.setScenario(LabFixtures.teach(), Map.of("durationMs", "3600000"));
            live.key1Property().set("preemption");
            live.values1Property().set("none,full,lazy,voluntary");
            live.threadsProperty().set(1);
            live.metricProperty().set(p99);
            assertTrue(live.start());
        });
        org.schedlab.ui.FxWait.untilOnFx("the textbook sweep's first run", 60,
                () -> live.plotProperty().get().series().stream().anyMatch(se -> !se.points().isEmpty())
                        && live.runningProperty().get());
        interact(() -> {
            live.setScenario(pgbench, smallPgbench);
            live.key1Property().set("preemption");
            live.values1Property().set("none,lazy");
            assertTrue(live.start());
        });
        org.schedlab.ui.FxWait.untilOnFx("the pgbench sweep", 60, () -> !live.runningProperty().get());
        interact(() -> {
            assertEquals(p99, live.metricProperty().get(), "the pick came back with the runs that report it: "
                    + live.statusProperty().get());
            assertEquals("transaction p99", live.plotProperty().get().metricLabel());
        });
    }

    /**
     * A file that has a built-in's name, or the same file read again after an edit, is another
     * scenario: the tab names the two apart by where each came from.
     */
    @Test
    void scenariosOfOneNameAreNamedApartByWhereTheyCameFrom() {
        org.schedlab.sim.scenario.Scenario teach = LabFixtures.teach();
        Map<String, org.schedlab.sim.scenario.ParamDef> longer = new java.util.LinkedHashMap<>(teach.params());
        longer.put("sectionUs", longer.get("sectionUs").withValue("20000"));
        String path = "/home/me/teach-kernel-section.json";
        org.schedlab.sim.scenario.Scenario file = new org.schedlab.sim.scenario.Scenario(teach.name(), teach.title(),
                teach.workload(), teach.description(), teach.notes(), longer, path);
        Map<String, org.schedlab.sim.scenario.ParamDef> longest = new java.util.LinkedHashMap<>(teach.params());
        longest.put("sectionUs", longest.get("sectionUs").withValue("40000"));
        org.schedlab.sim.scenario.Scenario edited = new org.schedlab.sim.scenario.Scenario(teach.name(), teach.title(),
                teach.workload(), teach.description(), teach.notes(), longest, path);

        assertEquals("teach-kernel-section (built-in)", SweepViewModel.named(teach, file, true));
        assertEquals("teach-kernel-section (" + path + ")", SweepViewModel.named(file, teach, false));
        assertEquals("teach-kernel-section (" + path + ", as read before)", SweepViewModel.named(file, edited, true));
        assertEquals("teach-kernel-section (" + path + ", as read now)", SweepViewModel.named(edited, file, false));
        assertEquals("teach-kernel-section", SweepViewModel.named(teach, new org.schedlab.sim.scenario.Scenario(
                "teach-fair-share", "", teach.workload(), "", List.of(), teach.params(), path), true));

        // the sweep of the built-in, then the file open: the tab says the plot is not of it
        interact(() -> {
            vm.key1Property().set("preemption");
            vm.values1Property().set("none,full");
            assertTrue(vm.start());
        });
        interact(() -> { });
        interact(() -> vm.setScenario(file, Map.of("durationMs", "200")));
        assertEquals("teach-kernel-section (built-in)", vm.previousScenarioProperty().get());
        assertEquals("teach-kernel-section (" + path + ")", vm.scenarioName());
        interact(() -> vm.setScenario(LabFixtures.teach(), Map.of("durationMs", "200")));
        assertEquals("", vm.previousScenarioProperty().get(), "the built-in read again is the one swept");
        assertEquals("teach-kernel-section", vm.scenarioName());
    }

    /**
     * The plot's own title names the swept scenario as the caption under an exported plot does:
     * a sweep of the built-in, with a file of its name open since, said "teach-kernel-section:
     * throughput and ..." over a caption of "teach-kernel-section (built-in) sweep".
     */
    @Test
    void thePlotsTitleNamesTheSweptScenarioAsTheCaptionDoes() {
        org.schedlab.sim.scenario.Scenario teach = LabFixtures.teach();
        org.schedlab.sim.scenario.Scenario file = new org.schedlab.sim.scenario.Scenario(teach.name(), teach.title(),
                teach.workload(), teach.description(), teach.notes(), teach.params(), "/home/me/teach-kernel-section.json");
        interact(() -> {
            vm.key1Property().set("preemption");
            vm.values1Property().set("none,full");
            assertTrue(vm.start());
        });
        interact(() -> { });
        assertTrue(vm.plotProperty().get().title().startsWith("teach-kernel-section: throughput and "),
                vm.plotProperty().get().title());

        interact(() -> vm.setScenario(file, Map.of("durationMs", "200")));
        SweepViewModel.Result r = vm.result().orElseThrow();
        assertEquals("teach-kernel-section (built-in)", r.scenarioName());
        assertTrue(r.plot().title().startsWith(r.scenarioName() + ": throughput and "), r.plot().title());
        assertTrue(LabViewSources.sweepSubject(r).startsWith(r.scenarioName() + " sweep"), LabViewSources.sweepSubject(r));

        interact(() -> vm.setScenario(teach, Map.of("durationMs", "200")));
        assertTrue(vm.plotProperty().get().title().startsWith("teach-kernel-section: throughput and "),
                "the built-in open again is the one swept: " + vm.plotProperty().get().title());
    }

    /**
     * A varied parameter that changes nothing at any point (the textbook scenario steals no time,
     * so the steal bursts' length is never used) drew two flat lines without a word, where
     * {@code schedlab sweep} notes "every value of --vary stealBurstUs gives the same run".
     */
    @Test
    void aVariedParameterThatChangesNothingAtAnyPointIsSaidOnTheStatusLine() {
        interact(() -> {
            vm.key1Property().set("stealBurstUs");
            vm.values1Property().set("120,250");
            assertTrue(vm.start());
        });
        interact(() -> { });
        String status = vm.statusProperty().get();
        assertTrue(status.startsWith("done: 2 runs. stealBurstUs takes effect only with stealPct"), status);
        assertTrue(status.endsWith(": every value of stealBurstUs gives the same run."), status);

        // with the steal on the bursts count: nothing to say
        interact(() -> {
            vm.setScenario(LabFixtures.teach(), Map.of("durationMs", "200", "stealPct", "10"));
            assertTrue(vm.start());
        });
        interact(() -> { });
        assertEquals("done: 2 runs", vm.statusProperty().get());
    }

    private double[] shares() {
        return vm.plotProperty().get().series().get(0).points().stream().mapToDouble(SweepPlotData.Point::metricMean)
                .toArray();
    }

    @Test
    void resultsAreForExportOnlyOnceTheSweepIsDoneOrCancelledAndACancelledOneSaysWhatItLeftOut() throws Exception {
        SweepViewModel live = new SweepViewModel(t -> new Thread(t, "sweep-test").start(),
                javafx.application.Platform::runLater);
        interact(() -> {
            assertTrue(live.result().isEmpty());
            assertEquals("no sweep has finished a run yet (Run sweep first)", live.noResultReason());
            // an hour simulated per run (about half a second each): still running at the first result
            live.setScenario(LabFixtures.teach(), Map.of("durationMs", "3600000"));
            live.key1Property().set("preemption");
            live.values1Property().set("none,full,lazy,voluntary");
            live.threadsProperty().set(1);
            assertTrue(live.start());
        });
        org.schedlab.ui.FxWait.untilOnFx("a first run", 60, () -> !live.rows().isEmpty());
        interact(() -> {
            assertTrue(live.runningProperty().get());
            assertTrue(live.result().isEmpty(), "a curve still growing is not exported");
            assertFalse(live.resultReady().get());
            assertTrue(live.noResultReason().startsWith("the sweep is still running"), live.noResultReason());
            live.cancel();
            SweepViewModel.Result r = live.result().orElseThrow();
            assertTrue(live.resultReady().get());
            assertFalse(r.complete());
            assertEquals(live.rows().size(), r.rows().size());
            assertTrue(LabViewSources.sweepNotes(r).contains("cancelled after " + r.rows().size()
                    + " of 4 runs; the points drawn are of the runs that finished"), LabViewSources.sweepNotes(r).toString());
            assertTrue(LabViewSources.sweepText(r).contains("\nruns      cancelled after " + r.rows().size() + " of 4;"),
                    LabViewSources.sweepText(r));
        });
    }

    @Test
    void aSweepTheExecutorRefusesEndsNotRunningAndSaysSo() {
        LabTaskExecutor closed = new LabTaskExecutor();
        closed.shutdown(); // the window closing: the pool cancels what it is handed
        SweepViewModel refused = new SweepViewModel(closed, Runnable::run);
        interact(() -> {
            refused.setScenario(LabFixtures.teach(), Map.of("durationMs", "200"));
            refused.key1Property().set("preemption");
            refused.values1Property().set("none,full");
            refused.start();
        });
        assertFalse(refused.runningProperty().get(), "a sweep that never starts does not hold the look-ahead back");
        assertTrue(refused.statusProperty().get().startsWith("not run"), refused.statusProperty().get());
    }

    @Test
    void anInvalidFormIsAnInlineProblemAndRunsNothing() {
        interact(() -> {
            vm.key1Property().set("sectionUs");
            vm.values1Property().set("10,abc");
            assertFalse(vm.start());
        });
        assertTrue(vm.problemProperty().get().contains("sectionUs=abc"), vm.problemProperty().get());
        assertTrue(vm.rows().isEmpty());
        assertFalse(vm.runningProperty().get());
    }

    @Test
    void aParameterTheLivePanelChangedIsVariedNotRefusedAsAConflict() {
        List<Map<String, String>> opened = new ArrayList<>();
        vm.setScenario(LabFixtures.teach(), Map.of("durationMs", "200", "sectionUs", "3000"));
        vm.addOpenPointListener((s, o) -> opened.add(o));
        interact(() -> {
            vm.key1Property().set("sectionUs");
            vm.values1Property().set("1000,5000");
            assertTrue(vm.start(), vm.problemProperty().get());
        });
        interact(() -> { });
        assertEquals(2, vm.rows().size());
        interact(() -> vm.openPoint(1));
        assertEquals(List.of(Map.of("durationMs", "200", "sectionUs", "5000")), opened);
        assertEquals("3000", vm.base().get("sectionUs"), "the live panel's value is kept for the next sweep");
    }

    @Test
    void formProblemsAreWordedForTheFormNotForTheCommandLine() {
        interact(() -> {
            vm.key1Property().set("sectionUs");
            vm.values1Property().set("1000,2000,1000");
            assertFalse(vm.start());
        });
        assertEquals("sectionUs: 1000 is listed twice in 1000,2000,1000", vm.problemProperty().get());
        interact(() -> {
            vm.values1Property().set("1000,2000");
            vm.key2Property().set("sectionUs");
            vm.values2Property().set("3000");
            assertFalse(vm.start());
        });
        assertEquals("sectionUs is picked twice: vary two different parameters, or only the first",
                vm.problemProperty().get());
        interact(() -> {
            vm.key1Property().set("");
            vm.key2Property().set("");
            assertFalse(vm.start());
        });
        assertEquals("pick a parameter to vary", vm.problemProperty().get());
        assertTrue(vm.rows().isEmpty());
    }

    @Test
    void aRefusalClearsOnceTheFormIsEdited() {
        interact(() -> assertFalse(vm.start()));
        assertEquals("pick a parameter to vary", vm.problemProperty().get());
        // picking the parameter answers the message: it must not stay beside the picked one
        interact(() -> vm.key1Property().set("sectionUs"));
        assertEquals("", vm.problemProperty().get());
        interact(() -> {
            vm.values1Property().set("1000,abc");
            assertFalse(vm.start());
        });
        assertFalse(vm.problemProperty().get().isEmpty());
        interact(() -> vm.values1Property().set("1000,2000"));
        assertEquals("", vm.problemProperty().get());
    }

    @Test
    void clickingAPointAsksForItsRunWithThePointsValues() {
        List<Map<String, String>> opened = new ArrayList<>();
        vm.addOpenPointListener((s, o) -> opened.add(o));
        interact(() -> {
            vm.key1Property().set("sectionUs");
            vm.values1Property().set("1000,5000");
            vm.start();
        });
        interact(() -> vm.openPoint(1));
        assertEquals(List.of(Map.of("durationMs", "200", "sectionUs", "5000")), opened);
    }

    /**
     * A point opened as A or B carries the sweep's run and its base without the varied values: the
     * other side's values when A/B opens the swept scenario anew (the Live panel's sectionUs=3000 is
     * varied, not part of it).
     */
    @Test
    void aPointOpenedAsASideCarriesItsRunAndTheSweepsBaseWithoutTheVariedValues() {
        List<CompareViewModel.Side> sides = new ArrayList<>();
        List<SweepViewModel.PointRun> runs = new ArrayList<>();
        vm.setScenario(LabFixtures.teach(), Map.of("durationMs", "200", "sectionUs", "3000"));
        vm.addOpenAsListener((side, r) -> {
            sides.add(side);
            runs.add(r);
        });
        interact(() -> {
            vm.key1Property().set("sectionUs");
            vm.values1Property().set("1000,5000");
            assertTrue(vm.start(), vm.problemProperty().get());
        });
        interact(() -> vm.openPointAs(1, CompareViewModel.Side.A));
        assertEquals(List.of(CompareViewModel.Side.A), sides);
        SweepViewModel.PointRun r = runs.get(0);
        assertEquals(LabFixtures.TEACH, r.scenario().name());
        assertEquals(Map.of("durationMs", "200", "sectionUs", "5000"), r.overrides());
        assertEquals(Map.of("durationMs", "200"), r.base());
        assertEquals("sectionUs=5000", r.label());
        assertEquals(java.util.Optional.of(r), vm.pickedPointProperty().get(), "the Simulate menu's point now");
    }

    /** An index the plot has no point for opens nothing, not the point picked before it. */
    @Test
    void anIndexThePlotHasNotOpensNothingNotThePointPickedBefore() {
        List<Map<String, String>> opened = new ArrayList<>();
        List<CompareViewModel.Side> openedAs = new ArrayList<>();
        vm.addOpenPointListener((s, o) -> opened.add(o));
        vm.addOpenAsListener((side, r) -> openedAs.add(side));
        interact(() -> {
            vm.key1Property().set("sectionUs");
            vm.values1Property().set("1000,5000");
            vm.start();
        });
        interact(() -> vm.openPoint(1));
        interact(() -> {
            vm.openPoint(7);
            vm.openPoint(2); // one past the last
            vm.openPointAs(-1, CompareViewModel.Side.B);
            vm.openPointAs(2, CompareViewModel.Side.A);
        });
        assertEquals(List.of(Map.of("durationMs", "200", "sectionUs", "5000")), opened);
        assertEquals(List.of(), openedAs);
    }

    /**
     * condReschedUs is 0 (off) in teach-kernel-section, over 0..1,000,000 us: the suggestions were
     * the range's quarters, 0,250000,500000,1000000, every one longer than the 20 ms section, so
     * the sweep drew flat lines where a cond_resched() every 100 us or 1 ms cuts B's p99 from 8 ms.
     * A range the slider lays out in decades is suggested in decades; not from 0, which the plot
     * cannot place on an axis in decades (0, 100 and 1000 sat on one spot of a linear one).
     */
    @Test
    void anOffValueOverAWideRangeIsSuggestedInDecades() {
        assertEquals(List.of("100", "1000", "10000", "100000", "1000000"), vm.suggestedValues("condReschedUs"));
        // auto over 100..100,000 us: its decades from the low end, which is not 0
        assertEquals(List.of("100", "1000", "10000", "100000"), vm.suggestedValues("baseSliceUs"));
    }

    @Test
    void suggestionsAreTheChoicesOrValuesAroundTheScenariosInsideTheRange() {
        assertEquals(List.of("none", "voluntary", "full", "lazy"), vm.suggestedValues("preemption"));
        assertEquals(List.of("2500", "5000", "10000", "20000", "40000"), vm.suggestedValues("sectionUs"));
        assertEquals(List.of("1", "2", "4"), vm.suggestedValues("cpus"), "1 CPU: a quarter and a half clamp to 1");
    }

    /**
     * A sweep over {@code preemption} whose results wait in {@code pending} instead of reaching the
     * FX thread, started and let run until its first result is in. An hour simulated per run (about
     * half a second each): the sweep is still running then.
     */
    private SweepViewModel heldUntilARunIsIn(List<Runnable> pending, String values, int seeds) throws Exception {
        SweepViewModel held = new SweepViewModel(t -> new Thread(t).start(), pending::add);
        interact(() -> {
            held.setScenario(LabFixtures.teach(), Map.of("durationMs", "3600000"));
            held.key1Property().set("preemption");
            held.values1Property().set(values);
            held.seedsProperty().set(seeds);
            held.threadsProperty().set(1);
            assertTrue(held.start());
        });
        long until = System.nanoTime() + 60_000_000_000L;
        while (pending.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertFalse(pending.isEmpty(), "a run finished");
        return held;
    }
}
