package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import javafx.geometry.Bounds;
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
 * A sweep running in a 1024 x 768 window (a projector's; and its plot kept still, below): the progress bar took 140 px more on the
 * Seeds/Threads/Run row, which then no longer fitted, so the whole tab grew wider than the window.
 * The progress bar and "3 of 40 runs" were off its right edge, Copy table and the legend's second
 * series cut - progress was not shown at all while the user waited for it.
 */
@ExtendWith(ApplicationExtension.class)
class SweepProgressProjectorWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    @Test
    void aRunningSweepShowsItsProgressInsideTheWindow() throws Exception {
        // the scenario's own 1 s runs: the sweep is still running when looked at
        SweepViewModel vm = pgbenchSweepOf40(Map.of());
        clickOn("#sweep-run");
        FxWait.untilOnFx("the sweep runs", 30, () -> vm.runningProperty().get());
        try {
            WaitForAsyncUtils.waitForFxEvents();
            String status = ShownText.of(lookup("#sweep-status").queryLabeled());
            assertTrue(status.contains("of 40 runs"), "the status says how far the sweep is: " + status);
            double sceneWidth = FxWait.onFx(() -> lookup("#sweep-pane").query().getScene().getWidth());
            for (String id : List.of("#sweep-progress", "#sweep-status", "#sweep-copy", "#sweep-metric",
                    "#sweep-cancel")) {
                Bounds b = FxWait.onFx(() -> {
                    Node n = lookup(id).query();
                    return n.localToScene(n.getLayoutBounds());
                });
                assertTrue(FxWait.onFx(() -> lookup(id).query().isVisible()), id + " is shown");
                assertTrue(b.getMaxX() <= sceneWidth + 0.5 && b.getWidth() > 0,
                        id + " within the " + sceneWidth + " px window: " + b);
            }
            double paneWidth = FxWait.onFx(() -> ((javafx.scene.layout.Region) lookup("#sweep-pane").query()).getWidth());
            assertTrue(paneWidth <= sceneWidth + 0.5, "the tab is no wider than the window: " + paneWidth);
        } finally {
            interact(vm::cancel);
        }
    }

    /**
     * The sweep's plot stays where it is while a sweep runs, in a 1024 x 768 window: the status
     * ("0 of 40 runs on 2 threads") wrapped to two lines in its narrow column and the progress bar
     * came in under it, so the form grew and the plot jumped down as a sweep started, and back up
     * as it ended.
     */
    @Test
    void thePlotDoesNotMoveWhenASweepStartsOrEnds() throws Exception {
        SweepViewModel vm = pgbenchSweepOf40(Map.of("durationMs", "20", "warmupMs", "10"));
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

    /**
     * The Sweep tab set to run pgbench-graviton4 over preemption x pageSize, 5 seeds a point (40
     * runs) on 2 threads, the Live run's values {@code live} as its base; not started.
     */
    private SweepViewModel pgbenchSweepOf40(Map<String, String> live) throws Exception {
        SweepViewModel vm = window.lab.sweep();
        org.schedlab.sim.scenario.Scenario pgbench = ScenarioCatalog.builtIn("pgbench-graviton4");
        interact(() -> {
            window.lab.openLive(pgbench, live);
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
        return vm;
    }

    private double plotY() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Node plot = FxWait.onFx(() -> ((SweepPane) lookup("#sweep-pane").query()).plotView());
        FxWait.pulse(plot.getScene());
        return FxWait.onFx(() -> plot.localToScene(plot.getLayoutBounds()).getMinY());
    }
}
