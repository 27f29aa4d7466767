package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A teacher who scrolled the Explain panel down to a later step of one scenario and then picks
 * another in the Scenario box: the new tour opened where the old one had been scrolled to, in a
 * projector's 1024 x 768 window its last step and "What happens", its title and step 1 (the
 * step the scenario's own values show, highlighted) out of view. Another scenario's tour opens
 * at its top.
 */
@ExtendWith(ApplicationExtension.class)
class ExplainPanelNewScenarioWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    @Test
    void anotherScenariosTourOpensAtItsTop() throws Exception {
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of());
            window.ui.showLive();
        });
        FxWait.untilOnFx("the first live run", 60, () -> window.lab.live().outcome().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        ScrollPane panel = FxWait.onFx(() -> lookup("#explain-panel").queryAs(ScrollPane.class));
        assertTrue(FxWait.onFx(() -> panel.getContent().getBoundsInLocal().getHeight()
                > panel.getViewportBounds().getHeight()), "the tour is taller than the panel: the case this is about");
        // the user scrolls down the tour, to its end (the robot's wheel does not reach a headless panel)
        interact(() -> panel.setVvalue(panel.getVmax()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(panel.getVmax(), FxWait.onFx(panel::getVvalue), 1e-9, "scrolled to the end");

        var remote = ScenarioCatalog.builtIn("teach-remote-wakeup");
        interact(() -> window.lab.openLive(remote, Map.of()));
        FxWait.untilOnFx("the new scenario's tour", 30, () -> lookup("#explain-title").tryQuery()
                .map(n -> ((Label) n).getText().startsWith("Lazy vs full")).orElse(false));
        FxWait.untilOnFx("its run", 60, () -> window.lab.live().outcome()
                .map(o -> o.scenarioName().equals("teach-remote-wakeup")).orElse(false));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(panel.getVmin(), FxWait.onFx(panel::getVvalue), 1e-9, "the new tour at its top");
        for (String id : new String[] {"#explain-title", "#explain-step-1"}) {
            boolean inView = FxWait.onFx(() -> {
                Node n = lookup(id).query();
                Bounds b = n.localToScene(n.getBoundsInLocal());
                Bounds view = panel.localToScene(panel.getBoundsInLocal());
                return b.getMinY() >= view.getMinY() - 0.5 && b.getMinY() < view.getMaxY();
            });
            assertTrue(inView, id + " in the panel's view");
        }
        assertTrue(FxWait.onFx(() -> lookup("#explain-step-1").query().getStyle()).contains("accent"),
                "step 1 (lazy, the scenario's value) is the one highlighted");
    }
}
