package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * In the window: 500 seeds typed into the Sweep tab (which offers 1..100) or the A/B tab is
 * refused with a message naming the range; the sweep does not run with the old value, and the
 * A/B sides do not rerun.
 */
@ExtendWith(ApplicationExtension.class)
class LabCountsWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private LabViewModel lab;
    private Lab labUi;

    @Start
    void start(Stage stage) {
        window.show(stage);
        lab = window.lab;
        labUi = window.ui;
    }

    @SuppressWarnings("unchecked")
    private void type(String spinnerId, String text) {
        Spinner<Integer> s = lookup("#" + spinnerId).query();
        interact(() -> {
            s.getEditor().requestFocus();
            s.getEditor().setText(text);
        });
        clickOn(s.getEditor()).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Label label(String id) {
        return lookup("#" + id).queryAs(Label.class);
    }

    @Test
    void fiveHundredSweepSeedsAreRefusedAndTheSweepDoesNotRun() throws Exception {
        interact(() -> {
            lab.openLive(LabFixtures.teach(), Map.of("durationMs", "500"));
            labUi.showSweep();
        });
        FxWait.untilOnFx("the live run", 30, () -> lab.live().outcome().isPresent());
        interact(() -> {
            lab.sweep().key1Property().set("sectionUs");
            lab.sweep().values1Property().set("2000,10000");
        });
        type("sweep-seeds", "500");
        assertEquals(1, lab.sweep().seedsProperty().get(), "not clamped to 100");
        assertTrue(label("sweep-seeds-error").isVisible());
        assertTrue(label("sweep-seeds-error").getText().contains("1..100"), label("sweep-seeds-error").getText());
        Button run = FxWait.onFx(() -> lookup("#sweep-run").queryButton());
        assertTrue(run.isDisabled(), "Run sweep waits for a count it can take");
        interact(run::fire);
        assertFalse(lab.sweep().runningProperty().get(), "no sweep with a seed count the user did not ask for");

        type("sweep-threads", "abc");
        assertTrue(label("sweep-threads-error").isVisible(), "garbage is not ignored silently");
        type("sweep-seeds", "2");
        type("sweep-threads", "1");
        assertEquals(2, lab.sweep().seedsProperty().get());
        assertEquals(1, lab.sweep().threadsProperty().get());
        assertFalse(run.isDisabled());
    }

    @Test
    void fiveHundredAbSeedsAreRefusedAndNothingReruns() throws Exception {
        interact(() -> {
            lab.openCompare(LabFixtures.teach());
            labUi.showCompare();
        });
        FxWait.untilOnFx("both sides", 30, () -> lab.compare().side(CompareViewModel.Side.A).outcome().isPresent()
                && lab.compare().side(CompareViewModel.Side.B).outcome().isPresent()
                && !lab.compare().side(CompareViewModel.Side.A).busyProperty().get()
                && !lab.compare().side(CompareViewModel.Side.B).busyProperty().get());
        var before = lab.compare().side(CompareViewModel.Side.A).outcome().orElseThrow();
        type("ab-seeds", "500");
        assertEquals(1, lab.compare().seedsProperty().get(), "not clamped to the maximum");
        assertTrue(label("ab-seeds-error").isVisible());
        assertTrue(label("ab-seeds-error").getText().contains("1.." + CompareViewModel.MAX_SEEDS),
                label("ab-seeds-error").getText());
        assertFalse(lab.compare().side(CompareViewModel.Side.A).busyProperty().get(), "no rerun");
        assertEquals(before, lab.compare().side(CompareViewModel.Side.A).outcome().orElseThrow());
    }
}
