package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Help > Keyboard shortcuts is where a user on the keyboard looks for the ways in: it listed the
 * one-key commands only, not Tab, not the toolbar's "&gt;&gt;" (the only way to the task lanes list
 * and the search in a 1024 px window) nor how a Live parameter's slider or choice is moved; nor
 * the Alt letters that open the menus and pick their items.
 */
@ExtendWith(ApplicationExtension.class)
class ShortcutsKeyboardRoutesWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window.show(stage);
    }

    @Test
    void theShortcutsNameTheKeyboardsWaysIn() throws Exception {
        interact(() -> Dialogs.shortcuts(stage));
        FxWait.untilOnFx("the shortcuts dialog", 60, () -> lookup("#shortcuts-dialog").tryQuery().isPresent());
        List<String> keys = FxWait.onFx(() -> lookup("#shortcuts-grid").queryAll().stream()
                .flatMap(g -> g.lookupAll(".label").stream()).map(l -> ShownText.of(l)).toList());
        String all = String.join("\n", keys);
        for (String route : List.of("Tab / Shift + Tab", ">>", "Enter, Space or Down", "on a slider", "F4",
                "Alt + F / E / V / S / H", "Alt held, then a letter", "Alt letters")) {
            assertTrue(all.contains(route), "the shortcuts name " + route + ":\n" + all);
        }
        interact(() -> lookup("#shortcuts-dialog").query().getScene().getWindow().hide());
    }
}
