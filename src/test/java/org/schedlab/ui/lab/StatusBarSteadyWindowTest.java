package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.geometry.Bounds;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
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
 * The window's content holds still when the status bar says something on a lab tab: there the
 * bar shows nothing of the Dataset tab's, and it was a few pixels tall until "looking ahead:
 * bClass=fifo" came and went after each change, moving the timeline, step line and Explain panel
 * up and back down.
 */
@ExtendWith(ApplicationExtension.class)
class StatusBarSteadyWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    private Bounds sceneBounds(String query) {
        return FxWait.onFx(() -> {
            var n = lookup(query).query();
            return n.localToScene(n.getLayoutBounds());
        });
    }

    @Test
    void aMessageOnTheLiveTabMovesNothingAboveTheStatusBar() throws Exception {
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of());
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live run", 60, () -> window.lab.live().outcome().isPresent());
        Label message = new Label();
        interact(() -> window.workbench.addStatusItem(message));
        WaitForAsyncUtils.waitForFxEvents();
        Bounds bar = sceneBounds(".status-bar");
        Bounds explain = sceneBounds("#live-side-split");
        Bounds steps = sceneBounds("#live-step-bar");
        interact(() -> message.setText("looking ahead: bClass=fifo"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(bar, sceneBounds(".status-bar"), "the status bar");
        assertEquals(explain, sceneBounds("#live-side-split"), "the Explain panel and summary");
        assertEquals(steps, sceneBounds("#live-step-bar"), "the step bar");
        Bounds shown = sceneBounds(".status-bar");
        Bounds text = FxWait.onFx(() -> message.localToScene(message.getLayoutBounds()));
        assertTrue(text.getMinY() >= shown.getMinY() - 0.5 && text.getMaxY() <= shown.getMaxY() + 0.5
                && text.getHeight() >= FxWait.onFx(() -> message.prefHeight(-1)) - 0.5,
                "the message is read whole inside the bar: " + text + " in " + shown);
        interact(() -> message.setText(""));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(bar, sceneBounds(".status-bar"), "the status bar once the message is gone");
        assertTrue(FxWait.onFx(() -> ((Region) lookup(".status-bar").query()).getHeight()) > 0);
    }
}
