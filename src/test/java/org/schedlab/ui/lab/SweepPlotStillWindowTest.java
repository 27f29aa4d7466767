package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.Node;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The sweep's plot stays where it is while a sweep runs, in a 1024 x 768 window: the status
 * ("0 of 40 runs on 2 threads") wrapped to two lines in its narrow column and the progress bar
 * came in under it, so the form grew and the plot jumped down as a sweep started, and back up
 * as it ended.
 */
@ExtendWith(ApplicationExtension.class)
class SweepPlotStillWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    private double plotY() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Node plot = FxWait.onFx(() -> ((SweepPane) lookup("#sweep-pane").query()).plotView());
        FxWait.pulse(plot.getScene());
        return FxWait.onFx(() -> plot.localToScene(plot.getLayoutBounds()).getMinY());
    }

    @Test
    void thePlotDoesNotMoveWhenASweepStartsOrEnds() throws Exception {
        SweepViewModel vm = window.lab.sweep();
        org.schedlab.sim.scenario.Scenario pgbench = ScenarioCatalog.builtIn("pgbench-graviton4");
        interact(() -> {
            window.lab.openLive(pgbench, Map.of("durationMs", "20", "warmupMs", "10"));
            window.ui.showSweep();
        });
        FxWait.untilOnFx("the sweep has the live scenario", 30, () -> vm.scenario().isPresent());
        interact(() -> {
            vm.key1Property().set("preemption");
            vm.values1Property().set("none,voluntary,full,lazy");
            vm.key2Property().set("pageSize");
            vm.values2Property().set("4k,2m");
            vm.seedsProperty().set(5);
            vm.threadsProperty().set(2);
        });
        double before = plotY();
        clickOn("#sweep-run");
        FxWait.untilOnFx("the sweep runs", 30, () -> vm.runningProperty().get());
        double during;
        try {
            String status = ShownText.of(lookup("#sweep-status").queryLabeled());
            during = plotY();
            assertTrue(status.contains("of 40 runs"), status);
        } finally {
            FxWait.untilOnFx("the sweep ends", 60, () -> !vm.runningProperty().get());
        }
        double after = plotY();
        assertEquals(before, during, 0.5, "the plot's top while the sweep runs");
        assertEquals(before, after, 0.5, "the plot's top once the sweep is done");
    }
}
