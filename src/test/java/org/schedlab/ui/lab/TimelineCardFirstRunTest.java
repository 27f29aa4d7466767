package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
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
 * Before a side's first timeline, the card's message covers the whole timeline area: the empty
 * view behind it paints "This dataset has no CPU lanes" and an axis, which showed above and
 * below a message that was only as tall as its text.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineCardFirstRunTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
        interact(window.ui::showCompare);
    }

    @Test
    void theFirstRunMessageCoversTheEmptyTimelineOfEachCard() {
        WaitForAsyncUtils.waitForFxEvents();
        for (String id : new String[] {"#ab-a-first", "#ab-b-first", "#live-first"}) {
            Label first = lookup(id).queryAs(Label.class);
            StackPane body = (StackPane) first.getParent();
            if (body.getWidth() == 0) {
                continue; // a tab not shown has no layout yet
            }
            assertEquals(body.getWidth(), first.getWidth(), 0.5, id);
            assertEquals(body.getHeight(), first.getHeight(), 0.5, id);
        }
        Label a = FxWait.onFx(() -> lookup("#ab-a-first").queryAs(Label.class));
        assertEquals(true, ((StackPane) a.getParent()).getHeight() > 0, "the A/B tab is laid out");
    }
}
