package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListCell;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.analysis.SweepMetric;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Plot chooser took the width of its longest item: about 215 px with its prompt, about 390
 * once a sweep of case A listed "page fault (holding buffer_strategy_lock) share", and the status
 * beside it moved along the row as the runs came in. Its width stays; a long item reads whole in
 * the popup, and a long pick whole in its tooltip.
 */
@ExtendWith(ApplicationExtension.class)
class SweepMetricWidthWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void theChooserKeepsItsWidthWhenLongSiteNamesArrive() throws Exception {
        SweepViewModel vm = window.lab.sweep();
        org.schedlab.sim.scenario.Scenario pgbench = ScenarioCatalog.builtIn("pgbench-graviton4");
        interact(() -> {
            window.lab.openLive(pgbench, Map.of("warmupMs", "0", "durationMs", "20"));
            window.ui.showSweep();
        });
        FxWait.untilOnFx("the sweep has the live scenario", 30, () -> vm.scenario().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        ComboBox<SweepMetric> chooser = FxWait.onFx(() -> lookup("#sweep-metric").queryComboBox());
        Labeled status = FxWait.onFx(() -> lookup("#sweep-status").queryLabeled());
        double width = FxWait.onFx(chooser::getWidth);
        double statusX = FxWait.onFx(() -> status.localToScene(0, 0).getX());
        interact(() -> {
            vm.key1Property().set("hz");
            vm.values1Property().set("100,1000");
            vm.threadsProperty().set(2);
        });
        clickOn("#sweep-run");
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get()
                && vm.statusProperty().get().startsWith("done"));
        WaitForAsyncUtils.waitForFxEvents();
        String longest = FxWait.onFx(() -> vm.metrics().stream().map(SweepMetric::label)
                .max(java.util.Comparator.comparingInt(String::length)).orElseThrow());
        assertTrue(longest.length() >= 40, "a long item to show: " + longest);

        assertEquals(width, FxWait.onFx(chooser::getWidth), 0.5, "the chooser's width with " + longest + " listed");
        assertEquals(statusX, FxWait.onFx(() -> status.localToScene(0, 0).getX()), 0.5, "the status stays put");

        // the popup is as wide as its longest item: it reads whole there
        clickOn(chooser);
        ListCell<?> cell = (ListCell<?>) FxWait.onFx(() -> lookup((Node n) -> n instanceof ListCell<?> c
                && longest.equals(c.getText()) && n.isVisible()).query());
        WaitForAsyncUtils.waitForFxEvents();
        String drawn = org.schedlab.ui.ShownText.of(cell);
        assertEquals(longest, drawn, "not cut short in the popup");
        clickOn(cell);
        assertEquals(longest, FxWait.onFx(() -> chooser.getValue().label()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(width, FxWait.onFx(chooser::getWidth), 0.5, "nor with it picked");
        assertTrue(FxWait.onFx(chooser::getAccessibleHelp).startsWith("Plotted: " + longest + "\n"),
                "the tooltip names the pick whole: " + FxWait.onFx(chooser::getAccessibleHelp));
    }
}
