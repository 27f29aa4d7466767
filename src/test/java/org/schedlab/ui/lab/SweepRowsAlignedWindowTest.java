package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import javafx.scene.Node;
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
 * The Sweep tab's "Vary" and "and" rows: their parameter choosers and values fields line up, and
 * stay where they are when a parameter is picked. Each chooser took its pick's width and each row
 * name its own, so the two rows' fields were at different places and the first moved right as
 * "preemption" was picked.
 */
@ExtendWith(ApplicationExtension.class)
class SweepRowsAlignedWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    @Test
    void theTwoRowsLineUpWhateverIsPicked() throws Exception {
        SweepViewModel vm = window.lab.sweep();
        org.schedlab.sim.scenario.Scenario teach = ScenarioCatalog.builtIn("teach-kernel-section");
        interact(() -> {
            window.lab.openLive(teach, Map.of());
            window.ui.showSweep();
        });
        FxWait.untilOnFx("the sweep has the live scenario", 30, () -> vm.scenario().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        double[] before = positions();
        assertEquals(before[0], before[2], 0.5, "the choosers' left edges");
        assertEquals(before[1], before[3], 0.5, "the values fields' left edges");

        interact(() -> vm.key1Property().set("preemption"));
        interact(() -> vm.key2Property().set("sectionUs"));
        WaitForAsyncUtils.waitForFxEvents();
        double[] after = positions();
        assertEquals(after[0], after[2], 0.5, "the choosers' left edges with keys picked");
        assertEquals(after[1], after[3], 0.5, "the values fields' left edges with keys picked");
        assertEquals(before[1], after[1], 0.5, "the first values field stays where it was");
    }

    /** Scene x of: the first chooser, the first values field, the second chooser, the second values field. */
    private double[] positions() throws Exception {
        return FxWait.onFx(() -> new double[] {x("#sweep-key1"), x("#sweep-values1"), x("#sweep-key2"),
                x("#sweep-values2")});
    }

    private double x(String id) {
        Node n = lookup(id).query();
        n.getScene().getRoot().applyCss();
        n.getScene().getRoot().layout();
        return n.localToScene(n.getLayoutBounds()).getMinX();
    }
}
