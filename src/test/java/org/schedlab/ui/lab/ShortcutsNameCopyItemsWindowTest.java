package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.GridPane;
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
 * Help > Keyboard shortcuts says where the other copies are beside Ctrl+Shift+C's summary: it
 * named the Edit menu's A/B and TCP tables and not its sweep table, so the sweep's text for a mail
 * looked like the Sweep tab's button alone. Each table the Edit menu copies is named.
 */
@ExtendWith(ApplicationExtension.class)
class ShortcutsNameCopyItemsWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void theCopyShortcutsLineNamesEveryTableTheEditMenuCopies() throws Exception {
        List<String> tables = new ArrayList<>();
        interact(() -> {
            MenuBar bar = lookup(".menu-bar").queryAs(MenuBar.class);
            for (Menu m : bar.getMenus()) {
                if (org.schedlab.ui.MenuText.of(m).equals("Edit")) {
                    for (MenuItem i : m.getItems()) {
                        // "Copy A/B table as text" -> "A/B"; the summary is the shortcut's own
                        String text = org.schedlab.ui.MenuText.of(i);
                        if (text != null && text.startsWith("Copy ") && text.contains(" table")) {
                            tables.add(text.substring("Copy ".length()).split(" ")[0]);
                        }
                    }
                }
            }
        });
        assertFalse(tables.isEmpty(), "the Edit menu's tables");
        clickOn("Help");
        clickOn("Keyboard shortcuts");
        FxWait.untilOnFx("the shortcuts dialog", 60, () -> lookup("#shortcuts-grid").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        String copy = FxWait.onFx(() -> {
            GridPane grid = lookup("#shortcuts-grid").queryAs(GridPane.class);
            for (Node n : grid.getChildren()) {
                if (GridPane.getColumnIndex(n) == 0 && ((Label) n).getText().equals("Ctrl + Shift + C")) {
                    int row = GridPane.getRowIndex(n);
                    for (Node d : grid.getChildren()) {
                        if (GridPane.getColumnIndex(d) == 1 && GridPane.getRowIndex(d) == row) {
                            return ((Label) d).getText();
                        }
                    }
                }
            }
            return "";
        });
        for (String t : tables) {
            assertTrue(copy.contains(t), "'" + copy + "' names the " + t + " table");
        }
    }
}
