package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.TimeUnit;

import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A lab count (A/B seeds per side, a sweep's seeds and threads) explains itself and its range in
 * a tooltip made on the first hover or focus, not with the tab: a screen reader has the text at
 * once, and a hover shows it as before.
 */
@ExtendWith(ApplicationExtension.class)
class CountSpinnerTooltipTest extends FxRobot {
    private ParamControl.Count count;
    private Button first;

    @Start
    void start(Stage s) {
        count = ParamControl.count("test-seeds", "seeds per side", 1, 20, new SimpleIntegerProperty(3),
                "Seeds per side: the table shows the mean and min..max");
        first = new Button("first");
        s.setScene(new Scene(new VBox(8, first, count.spinner(), count.error()), 420, 160));
        s.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        s.show();
    }

    private static String shownTooltip() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
                .filter(w -> w instanceof Tooltip && w.isShowing()).map(w -> ((Tooltip) w).getText())
                .findFirst().orElse("")).get(30, TimeUnit.SECONDS);
    }

    @Test
    void theRangeShowsOnHoverAndIsTheAccessibleHelpBeforeIt() throws Exception {
        String text = "Seeds per side: the table shows the mean and min..max (1..20)";
        assertNull(count.spinner().getTooltip(), "made before anything was hovered or focused");
        assertEquals(text, count.spinner().getAccessibleHelp());
        moveTo(first); // the pointer may sit where the spinner shows: it enters it from outside
        moveTo(count.spinner()).moveBy(2, 1);
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> shownTooltip().equals(text));
        } catch (java.util.concurrent.TimeoutException e) {
            // said by the assertion
        }
        assertEquals(text, shownTooltip());
        assertEquals(text, count.spinner().getTooltip().getText());
    }
}
