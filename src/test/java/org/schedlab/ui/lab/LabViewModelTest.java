package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.schedlab.sim.scenario.Scenario;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The lab remembers finished runs across its workspaces: B moved away from a setting and back
 * shows the earlier picture without simulating, and the live run opened on what a side already
 * ran reuses that run. Same-thread executor, manual clock.
 */
@ExtendWith(ApplicationExtension.class)
class LabViewModelTest extends FxRobot {
    private final ManualScheduler clock = new ManualScheduler();
    private final LabFixtures.CountingRunner runner = new LabFixtures.CountingRunner();
    private final LabViewModel lab = new LabViewModel(Task::run, clock, runner, Runnable::run);
    private final Scenario teach = LabFixtures.teach();

    private static Map<String, String> with(String model) {
        return Map.of("durationMs", "200", "preemption", model);
    }

    @Test
    void aSettingVisitedBeforeIsShownWithoutSimulatingAgain() {
        interact(() -> lab.compare().open(teach, with("none"), with("full")));
        Dataset fullPicture = lab.compare().side(CompareViewModel.Side.B).timeline().dataset();
        assertEquals(2, runner.calls.size());

        interact(() -> {
            lab.compare().panel(CompareViewModel.Side.B).apply(with("lazy"));
            clock.advance(RunViewModel.DEBOUNCE_MS);
        });
        assertEquals(3, runner.calls.size(), "a new setting is simulated");
        interact(() -> {
            lab.compare().panel(CompareViewModel.Side.B).apply(with("full"));
            clock.advance(RunViewModel.DEBOUNCE_MS);
        });

        assertEquals(3, runner.calls.size(), "back to full: kept, not simulated");
        RunViewModel b = lab.compare().side(CompareViewModel.Side.B);
        assertSame(fullPicture, b.timeline().dataset());
        assertEquals("full", b.outcome().orElseThrow().summaries().get(0).params().get("preemption"));
        interact(() -> b.painted(fullPicture));
        assertTrue(b.timelineLatencyProperty().get().orElseThrow().timelineText().contains("not simulated again"),
                b.timelineLatencyProperty().get().orElseThrow().timelineText());
    }

    @Test
    void aScenarioOpensInABOnThePairItsFileNamesAndOnNoneAgainstLazyWithoutOne() {
        Scenario t = teach;
        Scenario named = new Scenario(t.name(), t.title(), t.workload(), t.description(), t.notes(), t.params(),
                t.origin(), t.explain(), t.lookAt(), java.util.Optional.of(
                        new org.schedlab.sim.scenario.Comparison(with("voluntary"), with("full"))));
        Scenario unnamed = new Scenario(t.name(), t.title(), t.workload(), t.description(), t.notes(), t.params(),
                t.origin(), t.explain(), t.lookAt(), java.util.Optional.empty());
        interact(() -> lab.openCompare(named));
        assertEquals("voluntary", lab.compare().panel(CompareViewModel.Side.A).resolvedValue("preemption").orElseThrow());
        assertEquals("full", lab.compare().panel(CompareViewModel.Side.B).resolvedValue("preemption").orElseThrow());
        assertEquals(java.util.List.of("voluntary", "full"),
                runner.calls.stream().map(c -> c.get("preemption")).toList(), "A and B simulated as named");

        interact(() -> lab.openCompare(unnamed));
        assertEquals("none", lab.compare().panel(CompareViewModel.Side.A).resolvedValue("preemption").orElseThrow());
        assertEquals("lazy", lab.compare().panel(CompareViewModel.Side.B).resolvedValue("preemption").orElseThrow());
    }

    @Test
    void theLiveRunReusesWhatASideAlreadyRan() {
        interact(() -> lab.compare().open(teach, with("voluntary"), with("full")));
        interact(() -> lab.openLive(teach, with("full")));

        assertEquals(2, runner.calls.size(), "the live run is B's run");
        assertSame(lab.compare().side(CompareViewModel.Side.B).timeline().dataset(), lab.live().timeline().dataset());
    }

    @Test
    void movedAwayAndBackWithinTheDebounceTheSamePictureStaysAndTheRunReportsItsLatency() {
        interact(() -> lab.compare().open(teach, with("none"), with("full")));
        RunViewModel b = lab.compare().side(CompareViewModel.Side.B);
        Dataset fullPicture = b.timeline().dataset();
        interact(() -> {
            lab.compare().panel(CompareViewModel.Side.B).apply(with("lazy"));
            clock.advance(RunViewModel.DEBOUNCE_MS / 2);
            lab.compare().panel(CompareViewModel.Side.B).apply(with("full"));
            clock.advance(RunViewModel.DEBOUNCE_MS);
        });

        assertEquals(2, runner.calls.size(), "nothing simulated: the setting shown is kept");
        assertSame(fullPicture, b.timeline().dataset());
        assertTrue(b.timelineLatencyProperty().get().isPresent(), "the frame on screen is this run's: no paint awaited");
        assertTrue(b.latencyProperty().get().isPresent());
        assertEquals(RunViewModel.Phase.IDLE, b.phaseProperty().get());
        assertFalse(b.timelineStaleProperty().get());
    }
}
