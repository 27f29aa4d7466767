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
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.ui.lab.RunViewModel.Phase;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The timeline comes first: a run's recorded window is swapped in as soon as it is simulated,
 * the summary when the whole run is done, and the rerun rules hold for the early step too (a
 * cancelled or superseded run never paints). Same-thread executor on the FX thread, manual clock.
 */
@ExtendWith(ApplicationExtension.class)
class RunViewModelEarlyTimelineTest extends FxRobot {
    private final Scenario teach = LabFixtures.teach();
    private final ManualScheduler clock = new ManualScheduler();
    private final List<Dataset> shown = new ArrayList<>();
    private final List<Phase> phases = new ArrayList<>();
    /** Runs right after the simulator handed the window to the view model (a user acting then). */
    private Runnable afterRecorded = () -> { };
    /** Runs right before the simulator hands the window over (a user acting just before). */
    private Runnable beforeRecorded = () -> { };

    private final SimRunner runner = (scenario, overrides, options, monitor) ->
            Simulation.run(scenario, overrides, options, new RecordedHook(monitor, () -> beforeRecorded.run(), () -> {
                afterRecorded.run();
                // a cancel interrupts the task's thread - here the FX thread the test waits on
                // (in the app a worker): clear it, the run still sees the cancel flag
                Thread.interrupted();
            }));

    private RunViewModel vm() {
        RunViewModel vm = new RunViewModel(Task::run, clock, runner);
        vm.timeline().datasetProperty().addListener((Observable o) -> shown.add(vm.timeline().dataset()));
        vm.phaseProperty().addListener((obs, o, n) -> phases.add(n));
        return vm;
    }

    private static Map<String, String> model(String m) {
        return Map.of("preemption", m);
    }

    private static String preemption(Dataset d) {
        return d.metadata().parameters().get("preemption");
    }

    @Test
    void aSummaryWaitingForAnotherRunsTimelineSaysSoInsteadOfAStillBar() {
        List<String> statuses = new ArrayList<>();
        SimRunner waiting = (scenario, overrides, options, monitor) ->
                Simulation.run(scenario, overrides, options, new RecordedHook(monitor, () -> { }, () -> {
                    // as RunCache does while another request simulates toward its window
                    ((RunCache.WindowWait) monitor).waitingForWindows(true);
                    ((RunCache.WindowWait) monitor).waitingForWindows(false);
                }));
        RunViewModel w = new RunViewModel(Task::run, clock, waiting);
        w.statusProperty().addListener((obs, o, n) -> statuses.add(n));
        interact(() -> w.runNow(teach, model("full"), 1));
        assertTrue(statuses.contains("summary: waiting while another run simulates its timeline"), statuses.toString());
    }

    @Test
    void theNewTimelineIsOnScreenWhileTheSummaryIsStillSimulatedThenBoth() {
        RunViewModel vm = vm();
        interact(() -> vm.runNow(teach, model("none"), 1));
        RunOutcome before = vm.outcome().orElseThrow();
        List<String> atTimelineReady = new ArrayList<>();
        vm.phaseProperty().addListener((obs, o, n) -> {
            if (n == Phase.TIMELINE_READY) {
                atTimelineReady.add(preemption(vm.timeline().dataset()) + " / summary of "
                        + vm.outcome().orElseThrow().overrides().get("preemption") + " / stale " + vm.staleProperty().get()
                        + " / timeline stale " + vm.timelineStaleProperty().get() + " / " + vm.statusProperty().get());
            }
        });
        phases.clear();
        interact(() -> {
            vm.request(teach, model("full"), 1);
            clock.advance(RunViewModel.DEBOUNCE_MS);
        });
        assertEquals(List.of(Phase.WAITING, Phase.SIMULATING, Phase.TIMELINE_READY, Phase.IDLE), phases);
        assertEquals(List.of("full / summary of none / stale true / timeline stale false / summary: simulating"),
                atTimelineReady, "timeline first, the summary still the old run's");
        RunOutcome after = vm.outcome().orElseThrow();
        assertNotSame(before, after);
        assertSame(after.dataset().orElseThrow(), vm.timeline().dataset(), "the summary's run is the one on screen");
        assertEquals(2, shown.size(), "swapped once per run: the early swap, none at the end");
        assertFalse(vm.staleProperty().get());
        assertFalse(vm.timelineStaleProperty().get());
    }

    @Test
    void theEarlyTimelineKeepsTheTimeWindow() {
        RunViewModel vm = vm();
        interact(() -> vm.runNow(teach, model("none"), 1));
        Dataset first = vm.timeline().dataset();
        interact(() -> vm.timeline().setWindow(first.startNs() + 5_000_000, first.startNs() + 8_000_000));
        long[] windowAtTimelineReady = new long[2];
        vm.phaseProperty().addListener((obs, o, n) -> {
            if (n == Phase.TIMELINE_READY) {
                windowAtTimelineReady[0] = vm.timeline().startNs() - vm.timeline().dataset().startNs();
                windowAtTimelineReady[1] = vm.timeline().spanNs();
            }
        });
        interact(() -> vm.runNow(teach, model("full"), 1));
        assertEquals(5_000_000, windowAtTimelineReady[0]);
        assertEquals(3_000_000, windowAtTimelineReady[1]);
        assertEquals(5_000_000, vm.timeline().startNs() - vm.timeline().dataset().startNs());
    }

    @Test
    void aRunSupersededBeforeItsWindowIsHandedOverNeverPaints() {
        RunViewModel vm = vm();
        interact(() -> vm.runNow(teach, model("none"), 1));
        shown.clear();
        boolean[] once = {true};
        beforeRecorded = () -> {
            if (once[0]) {
                once[0] = false;
                vm.request(teach, model("voluntary"), 1); // the slider moved again meanwhile
            }
        };
        interact(() -> vm.runNow(teach, model("full"), 1));
        assertTrue(shown.isEmpty(), "the superseded 'full' run reached the timeline: " + shown);
        assertEquals("none", vm.outcome().orElseThrow().overrides().get("preemption"));
        assertTrue(vm.timelineStaleProperty().get());
        interact(() -> clock.advance(RunViewModel.DEBOUNCE_MS));
        assertEquals(1, shown.size());
        assertEquals("voluntary", preemption(shown.get(0)));
    }

    @Test
    void aRunSupersededAfterItsTimelineKeepsItsTimelineButNeverItsSummary() {
        RunViewModel vm = vm();
        interact(() -> vm.runNow(teach, model("none"), 1));
        boolean[] once = {true};
        afterRecorded = () -> {
            if (once[0]) {
                once[0] = false;
                vm.request(teach, model("voluntary"), 1);
            }
        };
        interact(() -> vm.runNow(teach, model("full"), 1));
        assertEquals("full", preemption(vm.timeline().dataset()), "painted while it was the newest");
        assertEquals("none", vm.outcome().orElseThrow().overrides().get("preemption"), "its summary never came");
        assertTrue(vm.staleProperty().get());
        assertTrue(vm.timelineStaleProperty().get(), "a newer request is due again");
        assertEquals(Phase.WAITING, vm.phaseProperty().get());
        interact(() -> clock.advance(RunViewModel.DEBOUNCE_MS));
        assertEquals("voluntary", preemption(vm.timeline().dataset()));
        assertEquals("voluntary", vm.outcome().orElseThrow().overrides().get("preemption"));
        assertEquals(Phase.IDLE, vm.phaseProperty().get());
    }

    @Test
    void cancelWhileTheSummaryRunsKeepsTheNewTimelineAndSaysTheSummaryIsOld() {
        RunViewModel vm = vm();
        interact(() -> vm.runNow(teach, model("none"), 1));
        afterRecorded = vm::cancel;
        interact(() -> vm.runNow(teach, model("full"), 1));
        assertEquals("full", preemption(vm.timeline().dataset()));
        assertEquals("none", vm.outcome().orElseThrow().overrides().get("preemption"));
        assertTrue(vm.staleProperty().get());
        assertFalse(vm.timelineStaleProperty().get());
        assertFalse(vm.busyProperty().get());
        assertEquals(Phase.IDLE, vm.phaseProperty().get());
        assertTrue(vm.statusProperty().get().contains("the summary shows the previous parameters"),
                vm.statusProperty().get());
    }

    @Test
    void bothLatenciesOnceTheEarlyTimelineIsPainted() {
        RunViewModel vm = vm();
        interact(() -> vm.runNow(teach, model("full"), 1));
        assertTrue(vm.timelineLatencyProperty().get().isEmpty(), "not painted yet");
        assertTrue(vm.latencyProperty().get().isEmpty(), "not painted yet");
        interact(() -> vm.painted(vm.timeline().dataset()));
        Latency timeline = vm.timelineLatencyProperty().get().orElseThrow();
        Latency whole = vm.latencyProperty().get().orElseThrow();
        assertTrue(timeline.simulateNs() > 0 && timeline.simulateNs() <= whole.simulateNs(),
                timeline.simulateNs() + " vs " + whole.simulateNs());
        assertEquals(0, timeline.aggregateNs(), "the summary is not part of the timeline's latency");
        assertTrue(timeline.timelineText().startsWith("timeline in "), timeline.timelineText());
    }
}
