package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Sweep tab's first line names the base every point's run gets: the Live panel's values as
 * they are now. It was written anew only when a live run finished, so after a change whose run
 * was cancelled (or is still running) it said "(the scenario's own)" while the sweep would run
 * with the changed value.
 */
@ExtendWith(ApplicationExtension.class)
class SweepBaseTextWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void theBaseNamedIsTheLivePanelsAsSoonAsItChanges() throws Exception {
        org.schedlab.sim.scenario.Scenario teach = ScenarioCatalog.builtIn("teach-kernel-section");
        interact(() -> {
            window.lab.openLive(teach, Map.of("durationMs", "200"));
            window.ui.showSweep();
        });
        FxWait.untilOnFx("the live run", 30, () -> window.lab.live().outcome().isPresent()
                && !window.lab.live().busyProperty().get());
        String[] text = new String[2];
        interact(() -> {
            text[0] = lookup("#sweep-scenario").queryAs(Label.class).getText();
            // read in the same pass as the change: the run it starts cannot have finished yet
            window.lab.livePanelProperty().get().param("preemption").orElseThrow().set("full");
            text[1] = lookup("#sweep-scenario").queryAs(Label.class).getText();
        });
        assertTrue(!text[0].contains("preemption=full"), text[0]);
        assertTrue(text[1].contains("preemption=full"), "the base the sweep will run with: " + text[1]);
        FxWait.untilOnFx("the new run done", 30, () -> !window.lab.live().busyProperty().get());
    }
}
