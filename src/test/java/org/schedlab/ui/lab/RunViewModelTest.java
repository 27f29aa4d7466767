package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.beans.Observable;
import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.schedlab.render.Bookmark;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.HeldExecutor;
import org.schedlab.ui.TimelineViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Rerun rules of one live run: debounce, cancel in flight, stale results dropped (never reaching
 * the timeline, so never painted), the picture kept and marked stale until the new one is in,
 * the time window kept across the swap, invalid combinations reported inline. Tasks run on the
 * FX thread (same-thread executor, or held back and released by the test); the clock is manual.
 */
@ExtendWith(ApplicationExtension.class)
class RunViewModelTest extends FxRobot {
    private final Scenario teach = LabFixtures.teach();
    private final ManualScheduler clock = new ManualScheduler();
    private final LabFixtures.CountingRunner runner = new LabFixtures.CountingRunner();
    private final List<Dataset> shown = new ArrayList<>();

    private RunViewModel vm(org.schedlab.ui.TaskExecutor executor) {
        RunViewModel vm = new RunViewModel(executor, clock, runner);
        vm.timeline().datasetProperty().addListener((Observable o) -> shown.add(vm.timeline().dataset()));
        return vm;
    }

    private static Map<String, String> model(String m) {
        return Map.of("preemption", m);
    }

    @Test
    void aBurstOfChangesRunsOnceWithTheLastValuesAfterTheDebounce() {
        RunViewModel vm = vm(Task::run);
        interact(() -> {
            vm.request(teach, model("full"), 1);
            clock.advance(40);
            vm.request(teach, model("lazy"), 1);
            clock.advance(40);
            vm.request(teach, model("voluntary"), 1);
            clock.advance(RunViewModel.DEBOUNCE_MS - 1);
        });
        assertTrue(runner.calls.isEmpty(), "no run while the parameters are still moving");
        assertTrue(vm.busyProperty().get());
        interact(() -> clock.advance(1));
        assertEquals(1, runner.calls.size());
        assertEquals("voluntary", runner.calls.get(0).get("preemption"));
        assertEquals("voluntary", vm.timeline().dataset().metadata().parameters().get("preemption"));
        assertFalse(vm.busyProperty().get());
        assertFalse(vm.staleProperty().get());
    }

    @Test
    void settlingAfterABurstRunsTheLastValuesAtOnceInsteadOfAfterTheDebounce() {
        RunViewModel vm = vm(Task::run);
        interact(() -> {
            vm.request(teach, model("full"), 1);
            clock.advance(40);
            vm.request(teach, model("lazy"), 1);
            clock.advance(10);
            vm.settle();
        });
        assertEquals(1, runner.calls.size(), "released: the run starts without waiting out the debounce");
        assertEquals("lazy", runner.calls.get(0).get("preemption"));
        interact(() -> {
            clock.advance(RunViewModel.DEBOUNCE_MS * 3);
            vm.settle();
        });
        assertEquals(1, runner.calls.size(), "neither the old delay nor a second settle runs it again");
        assertFalse(vm.busyProperty().get());
    }

    @Test
    void aNewChangeCancelsTheRunInFlightAndTheOldPictureStaysMarkedStale() {
        HeldExecutor held = new HeldExecutor();
        RunViewModel vm = vm(held);
        interact(() -> {
            vm.runNow(teach, model("none"), 1);
            held.last().run();
        });
        Dataset first = vm.timeline().dataset();
        interact(() -> {
            vm.request(teach, model("full"), 1);
            clock.advance(RunViewModel.DEBOUNCE_MS);
        });
        Task<?> full = held.last();
        assertTrue(vm.staleProperty().get(), "the picture shows 'none' while 'full' is computed");
        assertSame(first, vm.timeline().dataset());
        interact(() -> vm.request(teach, model("lazy"), 1));
        assertTrue(full.isCancelled(), "the run that became stale is cancelled at once");
        interact(() -> {
            full.run(); // a cancelled task does not run
            clock.advance(RunViewModel.DEBOUNCE_MS);
            held.last().run();
        });
        assertEquals(List.of(Map.of("preemption", "none", "seed", "1"), Map.of("preemption", "lazy", "seed", "1")),
                runner.calls);
        assertEquals("lazy", vm.timeline().dataset().metadata().parameters().get("preemption"));
        assertFalse(vm.staleProperty().get());
    }

    @Test
    void aResultThatArrivesAfterANewerRequestIsDroppedAndNeverReachesTheTimeline() throws Exception {
        HeldExecutor held = new HeldExecutor();
        RunViewModel vm = vm(held);
        interact(() -> vm.runNow(teach, model("full"), 1));
        Task<?> old = held.last();
        interact(() -> {
            // the old run finishes on a worker while the FX thread is busy with a newer request:
            // its success is queued behind this block and must not be shown
            Thread worker = new Thread(old);
            worker.start();
            try {
                worker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            vm.request(teach, model("voluntary"), 1);
        });
        assertTrue(old.isDone());
        assertTrue(shown.isEmpty(), "the stale 'full' run never reached the timeline");
        assertTrue(vm.outcome().isEmpty());
        interact(() -> {
            clock.advance(RunViewModel.DEBOUNCE_MS);
            held.last().run();
        });
        assertEquals(1, shown.size());
        assertEquals("voluntary", shown.get(0).metadata().parameters().get("preemption"));
    }

    @Test
    void theNewRunIsSwappedInKeepingTheTimeWindow() {
        RunViewModel vm = vm(Task::run);
        interact(() -> vm.runNow(teach, model("none"), 1));
        Dataset first = vm.timeline().dataset();
        long from = first.startNs() + 20_000_000;
        interact(() -> vm.timeline().setWindow(from, from + 5_000_000));
        interact(() -> {
            vm.request(teach, model("full"), 1);
            clock.advance(RunViewModel.DEBOUNCE_MS);
        });
        Dataset second = vm.timeline().dataset();
        assertNotSame(first, second);
        assertEquals(second.startNs() + 20_000_000, vm.timeline().startNs());
        assertEquals(5_000_000, vm.timeline().spanNs());
    }

    @Test
    void theUsersBookmarksStayAtTheSameMomentsAcrossARerunOfTheScenario() {
        RunViewModel vm = vm(Task::run);
        interact(() -> vm.runNow(teach, model("none"), 1));
        Dataset first = vm.timeline().dataset();
        interact(() -> {
            vm.timeline().bookmarks().add(first.startNs() + 20_000_000, "handoff stall");
            vm.timeline().bookmarks().add(first.startNs() + 35_000_000, "");
        });
        interact(() -> {
            vm.request(teach, Map.of("preemption", "full", "warmupMs", "20"), 1); // a slider moved
            clock.advance(RunViewModel.DEBOUNCE_MS);
        });
        Dataset second = vm.timeline().dataset();
        assertNotSame(first, second);
        assertEquals(List.of(new Bookmark(second.startNs() + 20_000_000, "handoff stall"),
                new Bookmark(second.startNs() + 35_000_000, "")), vm.timeline().bookmarks().bookmarks(),
                "each at the same time since the run's start");
    }

    @Test
    void aRunOfAnotherScenarioDropsTheBookmarks() throws Exception {
        RunViewModel vm = vm(Task::run);
        interact(() -> vm.runNow(teach, model("none"), 1));
        interact(() -> vm.timeline().bookmarks().add(vm.timeline().dataset().startNs() + 1_000_000, "mine"));
        Scenario fair = ScenarioCatalog.builtIn("teach-fair-share");
        interact(() -> vm.runNow(fair, Map.of(), 1));
        assertEquals(List.of(), vm.timeline().bookmarks().bookmarks(), "the moment means nothing there");
    }

    @Test
    void aRunOfAnotherScenarioOpensFittedNotAtTheOldMoment() throws Exception {
        // the moment zoomed into (a handoff stall at 21-29 ms, say) means nothing in another scenario
        Scenario fair = ScenarioCatalog.builtIn("teach-fair-share");
        RunViewModel vm = vm(Task::run);
        interact(() -> vm.runNow(teach, model("none"), 1));
        Dataset first = vm.timeline().dataset();
        long from = first.startNs() + 20_000_000;
        interact(() -> vm.timeline().setWindow(from, from + 5_000_000));
        interact(() -> vm.runNow(fair, Map.of(), 1));
        assertEquals("teach-fair-share", vm.timeline().dataset().metadata().source());
        assertEquals(vm.timeline().boundStartNs(), vm.timeline().startNs());
        assertEquals(vm.timeline().boundEndNs(), vm.timeline().endNs());
    }

    @Test
    void aRunShowingTheWholeDatasetShowsTheWholeNewOne() {
        RunViewModel vm = vm(Task::run);
        interact(() -> vm.runNow(teach, Map.of("durationMs", "50"), 1));
        interact(() -> vm.runNow(teach, Map.of("durationMs", "300"), 1));
        assertEquals(vm.timeline().boundStartNs(), vm.timeline().startNs());
        assertEquals(vm.timeline().boundEndNs(), vm.timeline().endNs());
    }

    @Test
    void cancelStopsThePendingRunAndKeepsThePicture() {
        HeldExecutor held = new HeldExecutor();
        RunViewModel vm = vm(held);
        interact(() -> {
            vm.runNow(teach, model("none"), 1);
            held.last().run();
        });
        interact(() -> {
            vm.request(teach, model("full"), 1);
            vm.cancel();
            clock.advance(1000);
        });
        assertEquals(1, held.held.size(), "the debounced run never started");
        assertFalse(vm.busyProperty().get());
        assertTrue(vm.staleProperty().get(), "the picture still shows 'none', not what the panel says");
        assertTrue(vm.statusProperty().get().startsWith("cancelled"), vm.statusProperty().get());
        assertEquals("none", vm.timeline().dataset().metadata().parameters().get("preemption"));

        // Run again runs what was asked for last ('full'), not what is on screen
        assertTrue(vm.canRunAgainProperty().get());
        interact(() -> {
            vm.runAgain();
            held.last().run();
        });
        assertEquals(2, held.held.size(), "one run more");
        assertFalse(vm.canRunAgainProperty().get());
        assertEquals("full", vm.timeline().dataset().metadata().parameters().get("preemption"));
    }

    @Test
    void aRunTheExecutorRefusesEndsNotBusyAndSaysSo() {
        LabTaskExecutor closed = new LabTaskExecutor();
        closed.shutdown(); // the window closing: the pool takes no more work and cancels what it is handed
        RunViewModel vm = vm(closed);
        interact(() -> vm.runNow(teach, model("none"), 1));
        assertTrue(runner.calls.isEmpty());
        assertFalse(vm.busyProperty().get(), "no spinner, no disabled buttons for a run that never starts");
        assertEquals(RunViewModel.Phase.IDLE, vm.phaseProperty().get());
        assertEquals(-1, vm.progressProperty().get());
        assertTrue(vm.statusProperty().get().startsWith("not run"), vm.statusProperty().get());
    }

    @Test
    void aDatasetSummaryTheExecutorRefusesEndsNotBusyAndSaysSo() {
        RunViewModel ran = vm(Task::run);
        interact(() -> ran.runNow(teach, model("none"), 1));
        Dataset opened = ran.outcome().orElseThrow().dataset().orElseThrow();
        LabTaskExecutor closed = new LabTaskExecutor();
        closed.shutdown();
        RunViewModel vm = vm(closed);
        interact(() -> vm.showDataset(opened, "saved.json"));
        assertSame(opened, vm.timeline().dataset(), "the timeline needs no worker");
        assertFalse(vm.busyProperty().get());
        assertEquals(RunViewModel.Phase.IDLE, vm.phaseProperty().get());
        assertTrue(vm.statusProperty().get().startsWith("summary not computed"), vm.statusProperty().get());
    }

    @Test
    void severalSeedsRunInTurnAndOnlyTheFirstIsRecorded() {
        RunViewModel vm = vm(Task::run);
        interact(() -> vm.runNow(teach, Map.of("durationMs", "200"), 3));
        RunOutcome o = vm.outcome().orElseThrow();
        assertEquals(3, o.summaries().size());
        assertEquals(List.of(1L, 2L, 3L), o.summaries().stream().map(s -> s.seed()).toList());
        assertEquals(1L, vm.timeline().dataset().metadata().seed().getAsLong());
        assertTrue(o.phases().simulateNs() > 0);
    }

    @Test
    void anOpenedDatasetIsOnTheTimelineAtOnceAndItsSummaryIsComputedOnTheWorker() {
        HeldExecutor held = new HeldExecutor();
        RunViewModel vm = vm(held);
        interact(() -> {
            vm.runNow(teach, model("none"), 1);
            held.last().run();
        });
        RunOutcome run = vm.outcome().orElseThrow();
        Dataset opened = run.dataset().orElseThrow();
        interact(() -> vm.runNow(teach, model("full"), 1));
        Task<?> full = held.last();
        interact(() -> vm.showDataset(opened, "saved.json"));
        assertTrue(full.isCancelled(), "the data replaces the run in flight");
        assertSame(opened, vm.timeline().dataset(), "the timeline does not wait for the summary");
        assertSame(run, vm.outcome().orElseThrow(), "the FX thread did not compute the summary");
        assertTrue(vm.busyProperty().get());
        assertTrue(vm.staleProperty().get());
        assertEquals("summary: computing saved.json", vm.statusProperty().get());
        Task<?> summary = held.last();
        interact(summary::run);
        assertEquals("saved.json", vm.outcome().orElseThrow().label());
        assertFalse(vm.busyProperty().get());
        assertFalse(vm.staleProperty().get());
        assertEquals(RunViewModel.Phase.IDLE, vm.phaseProperty().get());
    }

    @Test
    void anOpenedDatasetOpensWithTheLanesItCameWithOrTheWorkersNotOnesTheFxThreadChose() {
        HeldExecutor held = new HeldExecutor();
        RunViewModel vm = vm(held);
        Dataset[] runs = new Dataset[2];
        int i = 0;
        for (String model : List.of("none", "full")) {
            interact(() -> {
                vm.runNow(teach, model(model), 1);
                held.last().run();
            });
            runs[i++] = vm.outcome().orElseThrow().dataset().orElseThrow();
        }
        Dataset none = runs[0];
        Dataset full = runs[1];
        assertSame(full, vm.timeline().dataset());

        // from the Dataset tab: the lanes it shows, at once, and kept
        List<Integer> given = List.of(none.tasks().size() - 1);
        interact(() -> vm.showDataset(none, "given.json", given));
        assertEquals(given, lanes(vm));
        interact(held.last()::run);
        assertEquals(given, lanes(vm), "not replaced by the default ones");

        // no lanes given: none at first (the FX thread does not walk the slices), then the worker's
        interact(() -> vm.showDataset(full, "restored.json", null));
        assertEquals(List.of(), lanes(vm));
        interact(held.last()::run);
        List<Integer> chosen = TimelineViewModel.defaultTaskLanes(full);
        assertFalse(chosen.isEmpty());
        assertEquals(chosen, lanes(vm));

        // ... unless the user picked some meanwhile
        interact(() -> vm.showDataset(none, "picked.json", null));
        interact(() -> vm.timeline().setTaskLanes(List.of(0)));
        interact(held.last()::run);
        assertEquals(List.of(0), lanes(vm), "a pick made while the summary was computed stays");
    }

    private static List<Integer> lanes(RunViewModel vm) {
        return vm.timeline().trackSpecProperty().get().taskLanes();
    }

    @Test
    void aCombinationTheWorkloadRejectsIsAnInlineProblemAndTheOldPictureStays() throws Exception {
        Scenario pg = ScenarioCatalog.builtIn("pgbench-graviton4");
        RunViewModel vm = vm(Task::run);
        interact(() -> vm.showDataset(vm.timeline().dataset(), "nothing"));
        Dataset before = vm.timeline().dataset();
        interact(() -> vm.runNow(pg, Map.of("clients", "50", "pgbenchThreads", "96"), 1));
        assertTrue(vm.problemProperty().get().contains("pgbenchThreads"), vm.problemProperty().get());
        assertSame(before, vm.timeline().dataset());
        assertFalse(vm.busyProperty().get());
    }

    @Test
    void theLatencyOfAChangeIsSplitIntoItsPhasesOnceTheNewPictureIsPainted() {
        RunViewModel vm = vm(Task::run);
        interact(() -> vm.runNow(teach, model("full"), 1));
        assertTrue(vm.latencyProperty().get().isEmpty(), "not painted yet");
        interact(() -> vm.painted(vm.timeline().dataset()));
        Latency l = vm.latencyProperty().get().orElseThrow();
        assertTrue(l.simulateNs() > 0 && l.totalNs() >= l.simulateNs());
        assertTrue(l.text().startsWith("change to picture"), l.text());
    }

    @Test
    void withATimelineExecutorTheNewRunsDatasetIsPreparedThereNotOnTheFxThread() {
        HeldExecutor timelineWork = new HeldExecutor();
        RunViewModel vm = new RunViewModel(Task::run, clock, runner, java.util.Optional.of(timelineWork));
        interact(() -> vm.runNow(teach, model("none"), 1));
        Dataset shown = vm.timeline().dataset();
        assertEquals("none", shown.metadata().parameters().get("preemption"));
        assertFalse(vm.timeline().data().isPrepared(), "on screen at once in its quick form");
        assertFalse(timelineWork.held.isEmpty(), "the lock index and pyramid are built on the timeline's executor");
        interact(() -> timelineWork.held.forEach(Task::run));
        assertTrue(vm.timeline().data().isPrepared());
        assertSame(shown, vm.timeline().data().dataset());
    }
}
