package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.scene.control.ComboBox;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Sweep tab's "Vary" list holds the parameters of the scenario open in the Live tab: it was
 * empty for the first scenario opened (the first screen's) and then showed the previous one's.
 */
@ExtendWith(ApplicationExtension.class)
class SweepKeysWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    /** The scenario's parameters but the seed and those its workload never reaches. */
    private static List<String> keysOf(Scenario s) {
        List<String> keys = new ArrayList<>(s.params().values().stream().filter(d -> !d.isUnused())
                .map(d -> d.key()).toList());
        keys.remove("seed");
        return keys;
    }

    /** The Sweep tab's first Vary box, {@code s} open in the Live tab (500 ms) and the tab shown. */
    private ComboBox<String> varyBoxOver(Scenario s) throws Exception {
        interact(() -> {
            window.lab.openLive(s, Map.of("durationMs", "500"));
            window.ui.showSweep();
        });
        WaitForAsyncUtils.waitForFxEvents();
        return FxWait.onFx(() -> lookup("#sweep-key1").queryComboBox());
    }

    @Test
    void theVaryListHoldsTheLiveScenariosParametersFromTheFirstOneOn() throws Exception {
        Scenario teach = LabFixtures.teach();
        ComboBox<String> key1 = varyBoxOver(teach);
        assertEquals(keysOf(teach), key1.getItems());
        assertTrue(key1.getItems().contains("sectionUs"));
        // nothing spins in this scenario: sweeping the spin delay would draw flat lines
        assertTrue(teach.params().get("spinDelay").isUnused());
        assertTrue(!key1.getItems().contains("spinDelay"), key1.getItems().toString());

        Scenario other = ScenarioCatalog.builtIn("teach-kernel-section");
        interact(() -> window.lab.openLive(other, Map.of("durationMs", "500")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(keysOf(other), key1.getItems(), "not the previous scenario's");
        // the run done before the window closes: a run cut short by the executors' shutdown has
        // follow-up work they would refuse
        org.schedlab.ui.FxWait.untilOnFx("the second scenario's run", 30, () -> window.lab.live().outcome()
                .map(o -> o.scenarioName().equals("teach-kernel-section")).orElse(false)
                && !window.lab.live().busyProperty().get());
    }

    /**
     * Another scenario opened in the Live tab clears the parameter picked to vary; the box then
     * showed nothing at all, not even its "parameter" prompt, as if it were broken.
     */
    @Test
    void theVaryBoxShowsItsPromptAgainAfterAnotherScenarioClearsThePick() throws Exception {
        Scenario teach = LabFixtures.teach();
        ComboBox<String> key1 = varyBoxOver(teach);
        interact(() -> key1.getSelectionModel().select("sectionUs")); // as a pick from its list
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("sectionUs", shown(key1));
        // the same scenario again (a point reopened, its run in the Live tab): the pick stays, shown
        interact(() -> window.lab.openLive(teach, Map.of("durationMs", "500", "sectionUs", "5000")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("sectionUs", window.lab.sweep().key1Property().get());
        assertEquals("sectionUs", shown(key1), "the kept pick, not a blank box");

        Scenario other = ScenarioCatalog.builtIn("teach-fair-share");
        interact(() -> window.lab.openLive(other, Map.of("durationMs", "500")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", window.lab.sweep().key1Property().get(), "the new scenario's sweep varies nothing yet");
        assertEquals("parameter", shown(key1), "the prompt, not a blank box");
        org.schedlab.ui.FxWait.untilOnFx("the second scenario's run", 30, () -> window.lab.live().outcome()
                .map(o -> o.scenarioName().equals("teach-fair-share")).orElse(false)
                && !window.lab.live().busyProperty().get());
    }

    /** The text the combo's button shows. */
    private static String shown(ComboBox<String> box) throws Exception {
        return FxWait.onFx(() -> {
            // the button cell is the combo's own child; lookup(".list-cell") may find its list's
            javafx.scene.control.ListCell<?> cell = box.getChildrenUnmodifiable().stream()
                    .filter(n -> n instanceof javafx.scene.control.ListCell<?>)
                    .map(n -> (javafx.scene.control.ListCell<?>) n).findFirst().orElseThrow();
            return cell.getText() == null ? "" : cell.getText();
        });
    }
}
