package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.beans.property.SimpleObjectProperty;
import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.ui.export.ViewSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A teacher exports the Live tab's picture of a textbook run for a slide: its caption says which
 * preemption model (and the scenario's other choices) the run had, even at the scenario's
 * defaults - "scenario defaults" did not tell a class that the picture was none - and names no
 * parameter the scenario does not use (its spin delay). Same-thread executor on the FX thread.
 */
@ExtendWith(ApplicationExtension.class)
class LiveCaptionChoicesTest extends FxRobot {
    private final Scenario teach = LabFixtures.teach();

    private List<String> parameterLines(Map<String, String> values) {
        RunViewModel run = new RunViewModel(Task::run, new ManualScheduler(), Simulation::run);
        ViewSource[] source = new ViewSource[1];
        interact(() -> source[0] = LabViewSources.live(run,
                new TimelineCard("live-card", "Live", run, new SimpleObjectProperty<>(Optional.empty())),
                () -> Optional.of(teach)));
        interact(() -> run.runNow(teach, values, 1));
        assertTrue(run.outcome().isPresent(), "the run is in");
        @SuppressWarnings("unchecked")
        List<String>[] lines = new List[1];
        interact(() -> lines[0] = source[0].figure().orElseThrow().caption().parameterLines());
        return lines[0];
    }

    @Test
    void aRunAtTheDefaultsNamesItsPreemptionModel() {
        List<String> lines = parameterLines(Map.of());
        assertEquals(1, lines.size(), lines.toString());
        String line = lines.get(0);
        assertTrue(line.startsWith("preemption=none "), line);
        assertTrue(line.contains(" arch=x86 ") && line.contains(" hz=250 ") && line.contains(" bClass=fair"), line);
        assertTrue(line.endsWith("; the rest scenario defaults"), line);
        assertFalse(line.contains("spinDelay"), "nothing in the textbook case spins: " + line);
    }

    @Test
    void aChangedValueIsNamedAfterTheChoices() {
        String line = parameterLines(Map.of("preemption", "full", "condReschedUs", "1000")).get(0);
        assertTrue(line.startsWith("preemption=full "), line);
        assertTrue(line.endsWith("; differs from defaults: condReschedUs=1000"), line);
    }
}
