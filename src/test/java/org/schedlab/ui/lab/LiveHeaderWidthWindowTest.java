package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.control.Labeled;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A teacher moving five of teach-kernel-section's sliders on a laptop (1280 x 720): the live
 * timeline's header named them all, whole ("aUserUs=55 condReschedUs=500 mightReschedUs=300
 * preemption=full sectionUs=700"), and pushed the Explain panel and the summary off the window's
 * right edge to a 35-pixel strip, where they stayed after Reset all.
 */
@ExtendWith(ApplicationExtension.class)
class LiveHeaderWidthWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    private double explainWidth() {
        return FxWait.onFx(() -> lookup("#live-side-split").query().getBoundsInLocal().getWidth());
    }

    @Test
    void manyChangedValuesInTheHeaderLeaveTheExplainPanelItsRoom() throws Exception {
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of());
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live run", 60, () -> window.lab.live().outcome().isPresent());
        double before = explainWidth();
        Map<String, String> five = Map.of("preemption", "full", "sectionUs", "700", "condReschedUs", "500",
                "mightReschedUs", "300", "aUserUs", "55");
        interact(() -> window.lab.openLive(LabFixtures.teach(), five));
        FxWait.untilOnFx("the header names the five", 60, () -> !window.lab.live().busyProperty().get()
                && lookup("#live-label").queryLabeled().getText().contains("sectionUs=700"));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, explainWidth(), 1, "the Explain panel's width");
        interact(() -> {
            Labeled label = lookup("#live-label").queryLabeled();
            String shown = ShownText.of(label);
            assertTrue(shown.startsWith("aUserUs=55 condReschedUs=500"), "the header's start is read: " + shown);
            assertTrue(label.getAccessibleHelp() != null && label.getAccessibleHelp().contains(label.getText()),
                    "the tooltip has the whole of it: " + label.getAccessibleHelp());
            Labeled status = lookup("#live-status").queryLabeled();
            assertEquals(status.getText(), ShownText.of(status), "the status beside it is read whole");
        });
    }
}
