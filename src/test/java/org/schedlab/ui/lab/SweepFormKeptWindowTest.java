package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.control.ComboBox;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Clicking a sweep point opens its run in the Live tab, whose panel then has the point's values.
 * Back on the Sweep tab, "and" had gone back to (none) and its values were gone: the form the
 * user had filled in swept one parameter on the next Run sweep. The panel's new values are the
 * base; the form stays as it was.
 */
@ExtendWith(ApplicationExtension.class)
class SweepFormKeptWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    @Test
    void openingAPointKeepsBothVariedParametersAndTheirValues() throws Exception {
        SweepViewModel vm = window.lab.sweep();
        Scenario teach = ScenarioCatalog.builtIn("teach-kernel-section");
        interact(() -> {
            window.lab.openLive(teach, Map.of("durationMs", "200"));
            window.ui.showSweep();
        });
        FxWait.untilOnFx("the sweep has the live scenario", 30, () -> vm.scenario().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            vm.key1Property().set("preemption");
            vm.values1Property().set("none,full");
            vm.key2Property().set("condReschedUs");
            vm.values2Property().set("0,1000");
            vm.threadsProperty().set(2);
        });
        clickOn("#sweep-run");
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get()
                && vm.statusProperty().get().startsWith("done"));

        // a click on the point (full, condReschedUs=1000) opens it in the Live tab
        interact(() -> vm.openPoint(3));
        FxWait.untilOnFx("the Live panel has the point's values", 30, () -> window.lab.livePanelProperty().get() != null
                && "full".equals(window.lab.sweep().base().get("preemption")));
        interact(window.ui::showSweep);
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("preemption", FxWait.onFx(() -> vm.key1Property().get()));
        assertEquals("none,full", FxWait.onFx(() -> vm.values1Property().get()));
        assertEquals("condReschedUs", FxWait.onFx(() -> vm.key2Property().get()), "'and' keeps its parameter");
        assertEquals("0,1000", FxWait.onFx(() -> vm.values2Property().get()), "and its values");
        ComboBox<?> key2 = FxWait.onFx(() -> lookup("#sweep-key2").queryComboBox());
        assertEquals("condReschedUs", FxWait.onFx(key2::getValue), "as the chooser shows it");

        // the user now picks (none) in "and": that is a one-parameter sweep, as before a point was opened
        @SuppressWarnings("unchecked")
        ComboBox<String> and = (ComboBox<String>) key2;
        interact(() -> and.getSelectionModel().select(SweepPane.NONE));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", FxWait.onFx(() -> vm.key2Property().get()), "(none) picked: no second parameter");
        assertEquals("", FxWait.onFx(() -> vm.values2Property().get()), "nor its values");
        assertEquals(SweepPane.NONE, FxWait.onFx(and::getValue));
        assertTrue(FxWait.onFx(() -> lookup("#sweep-values2").query().isDisabled()), "its values field greys out");
    }
}
