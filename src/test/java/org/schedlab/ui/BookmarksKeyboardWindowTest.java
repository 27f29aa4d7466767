package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Bookmarks tab without the mouse: Enter on a row goes to that bookmark, Delete removes it.
 * Going to one took a double-click, or Shift+Tab from the table back to "Go to" above it.
 */
@ExtendWith(ApplicationExtension.class)
class BookmarksKeyboardWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void enterGoesToTheRowsBookmarkAndDeleteRemovesIt() throws Exception {
        interact(() -> window.vm.openExample());
        FxWait.untilOnFx("the example is shown", 30, () -> window.vm.timeline().dataset().cpuCount() == 2);
        TimelineViewModel tl = window.vm.timeline();
        long start = FxWait.onFx(tl::startNs);
        long span = FxWait.onFx(tl::spanNs);
        long early = start + span / 10;
        long late = start + span * 9 / 10;
        interact(() -> {
            tl.bookmarks().add(early, "first");
            tl.bookmarks().add(late, "second");
            tl.setWindow(start, start + span / 20); // zoomed in at the start: neither is in the middle
            TabPane side = lookup("#side-tabs").queryAs(TabPane.class);
            side.getSelectionModel().select(side.getTabs().stream()
                    .filter(t -> t.getText().equals("Bookmarks")).findFirst().orElseThrow());
        });
        TableView<?> table = lookup("#bookmarks-table").queryAs(TableView.class);
        interact(() -> {
            table.requestFocus();
            table.getSelectionModel().select(1);
            table.getFocusModel().focus(1);
        });
        type(KeyCode.ENTER);
        long centre = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 2);
        assertEquals(late, centre, span / 1000.0, "Enter centres the view on the selected bookmark");

        type(KeyCode.DELETE);
        assertEquals(1, (int) FxWait.onFx(() -> tl.bookmarks().bookmarks().size()), "Delete removed one");
        assertEquals("first", FxWait.onFx(() -> tl.bookmarks().bookmarks().get(0).note()));
    }
}
