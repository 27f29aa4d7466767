package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import javafx.scene.Node;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Run sweep greys out while its sweep runs, which hands the keyboard on to Cancel; once the sweep
 * ended the keyboard sat on the Plot chooser, so Enter or Space no longer ran the next sweep. The
 * keyboard goes back to Run sweep.
 */
@ExtendWith(ApplicationExtension.class)
class SweepRunFocusWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private String focused() {
        return FxWait.onFx(() -> {
            Node n = lookup("#sweep-run").query().getScene().getFocusOwner();
            return n == null ? "nothing" : String.valueOf(n.getId());
        });
    }

    @Test
    void theKeyboardIsBackOnRunSweepOnceTheSweepEnds() throws Exception {
        SweepViewModel vm = window.sweepOver(this, LabFixtures.teach(), Map.of("durationMs", "200"), "preemption",
                "none,full", 1);
        clickOn("#sweep-run");
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get()
                && vm.statusProperty().get().startsWith("done"));
        assertEquals("sweep-run", focused(), "Enter runs the next sweep");
    }

    /**
     * Enter in a values field did nothing: a keyboard user typing the values went four Tabs on to
     * Run sweep. It runs the sweep, as Run sweep would (and not while one runs).
     */
    @Test
    void enterInAValuesFieldRunsTheSweep() throws Exception {
        SweepViewModel vm = window.sweepOver(this, LabFixtures.teach(), Map.of("durationMs", "200"), "preemption",
                "none,full", 1);
        clickOn("#sweep-values1");
        type(javafx.scene.input.KeyCode.END);
        write(",lazy");
        type(javafx.scene.input.KeyCode.ENTER);
        FxWait.untilOnFx("the sweep is done", 30, () -> !vm.runningProperty().get()
                && vm.statusProperty().get().startsWith("done"));
        assertEquals(3, FxWait.onFx(() -> vm.rows().size()), "the values typed are the sweep's");
        assertEquals("sweep-values1", focused(), "the keyboard stays where the user typed");
    }
}
