package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A teacher stepping through teach-kernel-section in the Live tab on a laptop (1280 x 720). Past
 * the first event the position ("3 of 20 events  +10.322 ms  preemption") took the row's room: the
 * bar's title read "S..." then "...", and at the last preemption P's "no preemption after this
 * point" was cut to "preemp..." - P seemed to do nothing. L, in a run without a lock-holder
 * preemption, did nothing at all.
 */
@ExtendWith(ApplicationExtension.class)
class StepBarLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    private Labeled labeled(String id) {
        return lookup(id).queryLabeled();
    }

    /** The label drawn whole (wrapped or not) and inside the window. */
    private void assertWhole(String id) {
        interact(() -> {
            Labeled l = labeled(id);
            assertEquals(l.getText(), ShownText.of(l), id + " as drawn");
            javafx.geometry.Bounds b = l.localToScene(l.getLayoutBounds());
            assertTrue(b.getMaxY() <= stage.get().getScene().getHeight() + 0.5, id + " below the window: " + b);
        });
    }

    @Test
    void theStepBarsTitleAndPositionAreReadWholeToTheLastPreemptionAndLSaysThereIsNone() throws Exception {
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of());
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live run", 60, () -> window.lab.live().outcome().isPresent()
                && window.lab.live().timeline().dataset().marks().size() > 0);
        for (int i = 0; i < 60 && !FxWait.onFx(() -> labeled("#live-step-position").getText())
                .contains("no preemption after this point"); i++) {
            clickOn("#live-step-next-preemption");
            WaitForAsyncUtils.waitForFxEvents();
            assertWhole("#live-step-title");
            assertWhole("#live-step-position");
        }
        assertTrue(FxWait.onFx(() -> labeled("#live-step-position").getText()).contains("no preemption after this point"),
                "P stepped to the last preemption");
        assertWhole("#live-step-title");
        assertWhole("#live-step-position");

        interact(() -> window.ui.livePane().card().timelineView().requestFocus());
        type(KeyCode.L);
        WaitForAsyncUtils.waitForFxEvents();
        String position = FxWait.onFx(() -> labeled("#live-step-position").getText());
        assertTrue(position.endsWith("\u2014 no lock-holder preemption or handoff stall in this run"), position);
        assertWhole("#live-step-position");
        assertTrue(FxWait.onFx(() -> labeled("#live-step-next-lhp").getAccessibleHelp()).endsWith("(L)"),
                "the lock button's tooltip names its key as the others do");
    }
}
