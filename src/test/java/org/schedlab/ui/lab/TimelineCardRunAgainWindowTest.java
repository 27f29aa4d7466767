package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A side whose first run was cancelled before its timeline: the card showed the empty view's
 * "Nothing is open: File > Open (Ctrl+O)" (which opens into the Dataset tab, not this side), and
 * nothing but changing a value brought a run back. Now it says the run was cancelled and offers
 * Run again, which runs the same parameters.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineCardRunAgainWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private boolean visible(String id) {
        return FxWait.onFx(() -> lookup(id).query().isVisible());
    }

    @Test
    void aFirstRunCancelledSaysSoAndRunsAgainOnRequest() throws Exception {
        RunViewModel a = window.lab.compare().side(CompareViewModel.Side.A);
        interact(() -> {
            window.lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none", "durationMs", "300"),
                    Map.of("preemption", "full", "durationMs", "300"));
            window.ui.showCompare();
            // on the FX thread, in the same turn as the run's start: it cannot be in yet
            lookup("#ab-a-cancel").queryButton().fire();
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(a.busyProperty().get());
        assertEquals(TimelineViewModel.NO_DATASET, a.timeline().dataset(), "cancelled before its timeline");
        assertTrue(visible("#ab-a-first"), "the card's message covers the empty view");
        assertEquals(TimelineCard.CANCELLED, FxWait.onFx(() -> lookup("#ab-a-first").queryAs(Label.class).getText()));
        assertTrue(visible("#ab-a-run-again"));
        assertFalse(visible("#ab-b-run-again"), "B was not cancelled");
        String pending = FxWait.onFx(() -> window.lab.compare().rowsPendingProperty().get());
        assertTrue(pending.contains("A: cancelled (Run again on its header)"), "what the table waits for: " + pending);

        Button again = FxWait.onFx(() -> lookup("#ab-a-run-again").queryButton());
        interact(again::fire);
        assertFalse(visible("#ab-a-run-again"), "a run is under way");
        FxWait.untilOnFx("A's run, painted", 60, () -> !a.busyProperty().get()
                && a.timeline().dataset() != TimelineViewModel.NO_DATASET && !lookup("#ab-a-first").query().isVisible());
        assertNotSame(TimelineViewModel.NO_DATASET, a.timeline().dataset());
        assertEquals("none", a.timeline().dataset().metadata().parameters().get("preemption"), "the same parameters");
        assertEquals("300", a.timeline().dataset().metadata().parameters().get("durationMs"));
        assertTrue(a.outcome().isPresent());
        assertFalse(visible("#ab-a-run-again"));
    }
}
