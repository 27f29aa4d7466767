package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The key to the mark on a changed value's name ("\u25CF changed from the scenario") was
 * shown with nothing changed, beside a greyed "Reset all (0)": it read as a status message, and the
 * "(0)" as a fault. The key shows while a value is changed, keeping its place (the rows do not move
 * as it comes and goes); the greyed button reads "Reset all", the count there once there is one.
 */
@ExtendWith(ApplicationExtension.class)
class ParamChangedKeyTest extends FxRobot {
    private final ParameterPanelViewModel vm = new ParameterPanelViewModel(LabFixtures.teach());

    @Start
    void start(Stage s) {
        LabFixtures.showPanel(s, vm);
    }

    @Test
    void theChangedMarksKeyShowsOnlyWhileAValueIsChanged() throws Exception {
        Label key = lookup("#param-changed-key").queryAs(Label.class);
        Button reset = lookup("#param-reset-all").queryAs(Button.class);
        double rowsTop = FxWait.onFx(() -> lookup(".parameter-panel > .scroll-pane").query().localToScene(0, 0).getY());
        assertFalse(FxWait.onFx(key::isVisible), "the key with nothing changed");
        assertTrue(FxWait.onFx(reset::isDisabled));
        assertEquals("Reset all", FxWait.onFx(reset::getText));

        ParamViewModel section = vm.param("sectionUs").orElseThrow();
        String other = section.defaultValue().equals("100") ? "200" : "100";
        interact(() -> assertTrue(section.set(other), "sectionUs=" + other));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(FxWait.onFx(key::isVisible), "the key with a value changed");
        assertTrue(FxWait.onFx(() -> key.getText().equals("marks a changed value")), key.getText());
        assertEquals("marks a changed value", FxWait.onFx(() -> org.schedlab.ui.ShownText.of(key)), "the key as drawn");
        assertFalse(FxWait.onFx(reset::isDisabled));
        assertEquals("Reset all (1)", FxWait.onFx(reset::getText));
        assertEquals(rowsTop, FxWait.onFx(() -> lookup(".parameter-panel > .scroll-pane").query().localToScene(0, 0).getY()), 0.5,
                "the rows start where they did");

        clickOn("#param-reset-all");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(FxWait.onFx(key::isVisible), "the key once every value is the scenario's again");
        assertEquals("Reset all", FxWait.onFx(reset::getText));
    }
}
