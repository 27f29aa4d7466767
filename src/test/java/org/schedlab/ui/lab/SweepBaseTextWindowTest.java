package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertFalse;
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

    /**
     * The first line named the base "the live workspace's values": the window has no such place,
     * and a workspace is what File > Save workspace writes. It names the tab the values are on.
     */
    @Test
    void theBaseIsNamedAfterTheTabItIsOn() throws Exception {
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of("durationMs", "200"));
            window.ui.showSweep();
        });
        String header = text();
        assertTrue(header.contains("with the Live run tab's values as the base"), header);
        assertFalse(header.contains("workspace"), header);
        FxWait.untilOnFx("the live run", 30, () -> !window.lab.live().busyProperty().get());
    }

    /**
     * A sweep, then a base value changed in the Live panel: the header named the new base above
     * the plot of the sweep over the old one, as if that plot were over the new. It says which base
     * the plot was swept over while the two differ, and nothing more once they agree again.
     */
    @Test
    void theHeaderSaysTheShownSweepWasOverAnotherBaseOnceTheLiveValuesChange() throws Exception {
        SweepViewModel vm = window.sweepOver(this, LabFixtures.teach(), Map.of("durationMs", "200"), "preemption",
                "none,full", 2);
        clickOn("#sweep-run");
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get()
                && vm.statusProperty().get().startsWith("done"));
        String swept = text();
        assertFalse(swept.contains("swept over"), "the plot is over the base named: " + swept);

        interact(() -> window.lab.livePanelProperty().get().param("bClass").orElseThrow().set("fifo"));
        String changed = text();
        assertTrue(changed.contains("bClass=fifo"), "the base Run sweep would take: " + changed);
        assertTrue(changed.contains("The plot below was swept over durationMs=200, before the base changed;"),
                "the base of the sweep shown: " + changed);

        // the varied parameter's own slider changes no point of the sweep: not a base change
        interact(() -> window.lab.livePanelProperty().get().param("bClass").orElseThrow().set("fair"));
        interact(() -> window.lab.livePanelProperty().get().param("preemption").orElseThrow().set("lazy"));
        assertFalse(text().contains("swept over"), text());

        // a sweep over the base of now: nothing to say
        interact(() -> window.lab.livePanelProperty().get().param("bClass").orElseThrow().set("fifo"));
        assertTrue(text().contains("swept over"), text());
        clickOn("#sweep-run");
        assertFalse(text().contains("swept over"), "the plot is the new sweep's: " + text());
        FxWait.untilOnFx("the new sweep is done", 120, () -> !vm.runningProperty().get());
    }

    private String text() {
        return FxWait.onFx(() -> lookup("#sweep-scenario").queryAs(Label.class).getText());
    }
}
