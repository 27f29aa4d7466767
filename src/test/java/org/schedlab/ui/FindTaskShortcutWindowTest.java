package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Ctrl+F puts the keyboard in the task search, as in every trace viewer and browser: a kernel
 * engineer reading a recording with the keyboard had to Tab through the step bar, the side panel's
 * tables and eleven toolbar controls to type a task's name.
 */
@ExtendWith(ApplicationExtension.class)
class FindTaskShortcutWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void ctrlFPutsTheKeyboardInTheTaskSearch() throws Exception {
        interact(() -> window.vm.openExample());
        FxWait.untilOnFx("the example is shown", 30, () -> window.vm.timeline().dataset().cpuCount() == 2);
        interact(() -> window.workbench.timelineView().requestFocus());
        press(KeyCode.CONTROL).type(KeyCode.F).release(KeyCode.CONTROL);
        TextField search = lookup("#task-search").queryAs(TextField.class);
        FxWait.untilOnFx("the search field has the keyboard", 60, search::isFocused);
        write("pgbench");
        assertEquals("pgbench", FxWait.onFx(search::getText), "what is typed goes into the search");
        assertTrue(Arrays.stream(Dialogs.SHORTCUTS).anyMatch(r -> r[0].equals("Ctrl + F")), "Help lists it");
    }
}
