package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.beans.property.SimpleObjectProperty;
import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.render.Caption;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.ui.export.ViewSource;
import org.schedlab.ui.lab.RunViewModel.Phase;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The Live tab's picture and the file name offered for it, while a new run's timeline is on screen
 * ahead of its summary: after the scenario changed, the name offered named the run summarized before
 * (the old scenario) with the new run's values. Name, caption subject and parameters all describe
 * the run in the picture. Same-thread executor on the FX thread, manual clock.
 */
@ExtendWith(ApplicationExtension.class)
class LiveExportRunAheadTest extends FxRobot {
    private final Scenario teach = LabFixtures.teach();
    /** Another scenario: teach's workload under another name, as a scenario file of one's own is. */
    private final Scenario other = new Scenario("my-section", teach.title(), teach.workload(), teach.description(),
            teach.notes(), teach.params(), teach.origin());

    /** What the export offers at each TIMELINE_READY of {@code run}: the name, the caption's subject and parameters. */
    private static List<String> offeredWhenTimelineReady(RunViewModel run, ViewSource source) {
        List<String> seen = new ArrayList<>();
        run.phaseProperty().addListener((obs, was, now) -> {
            if (now == Phase.TIMELINE_READY) {
                Caption c = source.figure().orElseThrow().caption();
                seen.add(source.fileStem() + " | " + c.subject() + " | " + c.parameterLines());
            }
        });
        return seen;
    }

    @Test
    void aNewScenariosRunAheadOfItsSummaryIsNamedByItsOwnScenarioAndValues() {
        RunViewModel run = new RunViewModel(Task::run, new ManualScheduler(), Simulation::run);
        ViewSource[] source = new ViewSource[1];
        interact(() -> source[0] = LabViewSources.live(run,
                new TimelineCard("live-card", "Live", run, new SimpleObjectProperty<>(Optional.empty()))));
        interact(() -> run.runNow(teach, Map.of("preemption", "full"), 1));
        assertEquals("teach-kernel-section", run.outcome().orElseThrow().scenarioName());
        assertEquals("teach-kernel-section-preemption-full-live", source[0].fileStem());

        List<String> seen = offeredWhenTimelineReady(run, source[0]);
        interact(() -> run.runNow(other, Map.of("preemption", "lazy"), 1));
        assertEquals(1, seen.size(), "the new run's timeline came before its summary: " + seen);
        String atTimelineReady = seen.get(0);
        assertTrue(atTimelineReady.startsWith("my-section-preemption-lazy-live | my-section (simulation, seed "),
                atTimelineReady);
        assertTrue(atTimelineReady.endsWith("| [differs from defaults: preemption=lazy]"), atTimelineReady);
        assertFalse(atTimelineReady.contains("teach-kernel-section"), "the run summarized before: " + atTimelineReady);
        assertEquals("my-section-preemption-lazy-live", source[0].fileStem(), "and once its summary is in");
    }

    @Test
    void anOpenedFileAheadOfItsSummaryIsNotNamedAfterTheRunBeforeIt() {
        RunViewModel run = new RunViewModel(Task::run, new ManualScheduler(), Simulation::run);
        ViewSource[] source = new ViewSource[1];
        interact(() -> source[0] = LabViewSources.live(run,
                new TimelineCard("live-card", "Live", run, new SimpleObjectProperty<>(Optional.empty()))));
        interact(() -> run.runNow(teach, Map.of("preemption", "full"), 1));
        org.schedlab.model.Dataset opened = org.schedlab.fixtures.LockHolderPreemption.dataset();
        String name = opened.metadata().source();
        List<String> seen = offeredWhenTimelineReady(run, source[0]);
        interact(() -> run.showDataset(opened, name));
        assertEquals(1, seen.size(), seen.toString());
        assertEquals(org.schedlab.ui.export.TimelineSnapshot.stem(name) + "-live | " + name + " | []", seen.get(0));
    }
}
