package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Button;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Bookmarks tab's button and View > "Bookmark the middle" do one thing, and say it in the same
 * words: the button said "Add at center", and a reader looked for a difference between the two.
 */
@ExtendWith(ApplicationExtension.class)
class BookmarkWordingWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void theBookmarksTabsAddButtonNamesThePlaceAsTheViewMenuDoes() throws Exception {
        String[] texts = FxWait.onFx(() -> {
            String menu = "";
            for (Menu m : lookup(".menu-bar").queryAs(MenuBar.class).getMenus()) {
                for (MenuItem i : m.getItems()) {
                    if ("menu-bookmark".equals(i.getId())) {
                        menu = MenuText.of(i);
                    }
                }
            }
            return new String[] {lookup("#bookmarks-add").queryAs(Button.class).getText(), menu};
        });
        // "Add at the middle" and "Bookmark the middle  (B over the timeline: the pointer)"
        String place = texts[0].replaceFirst("^Add at ", "");
        assertTrue(texts[1].startsWith("Bookmark " + place), "'" + texts[0] + "' beside '" + texts[1] + "'");
    }
}
