package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File > Export and Edit > Copy over a view with nothing of their kind: "Export sweep points as
 * CSV", "Copy sweep table" and "Copy TCP counters table" were enabled on the Dataset tab and answered
 * with an error dialog, "Could not export or copy". They are greyed out, as a desktop application's
 * menu is, checked as the menu opens and as a shortcut is pressed; the dialog is for real failures.
 */
@ExtendWith(ApplicationExtension.class)
class ExportMenusGreyedOutWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    /** Opens {@code menu} by a click, as a user does, and reads which of its items are enabled; then closes it. */
    private Map<String, Boolean> enabled(String menuId, String title) {
        clickOn(title);
        WaitForAsyncUtils.waitForFxEvents();
        Map<String, Boolean> items = new LinkedHashMap<>();
        interact(() -> {
            Menu menu = lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                    .filter(m -> menuId.equals(m.getId())).findFirst().orElseThrow();
            assertTrue(menu.isShowing(), title + " is open");
            for (MenuItem i : menu.getItems()) {
                if (i.getId() != null && (i.getId().startsWith("menu-export-") || i.getId().startsWith("menu-copy-"))) {
                    items.put(i.getId(), !i.isDisable());
                }
            }
        });
        push(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        return items;
    }

    private boolean errorDialogShown() {
        return FxWait.onFx(() -> lookup("#export-error-dialog").tryQuery().isPresent());
    }

    @Test
    void itemsWithNothingToActOnAreGreyedOutAndTheirShortcutsDoNothing() throws Exception {
        // nothing open: nothing to export or copy
        Map<String, Boolean> file = enabled("menu-file", "File");
        assertEquals(List.of("menu-export-png", "menu-export-png-2x", "menu-export-svg", "menu-export-chrome",
                "menu-export-csv", "menu-export-sweep-csv"), List.copyOf(file.keySet()));
        assertFalse(file.containsValue(true), "nothing open: " + file);
        Map<String, Boolean> edit = enabled("menu-edit", "Edit");
        assertEquals(List.of("menu-copy-summary", "menu-copy-deltas", "menu-copy-tcp", "menu-copy-sweep", "menu-copy-note"),
                List.copyOf(edit.keySet()));
        assertFalse(edit.containsValue(true), "nothing open: " + edit);
        // the shortcuts of greyed-out items do nothing either: no dialog, no message
        push(KeyCode.CONTROL, KeyCode.E);
        push(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.C);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(errorDialogShown(), "a shortcut with nothing to act on");
        assertEquals("", FxWait.onFx(() -> window.workbench.exports().messageProperty().get()));

        interact(() -> window.vm.openExample());
        FxWait.untilOnFx("the example is open", 30, () -> window.vm.sourceNameProperty().get().endsWith(".json")
                && window.workbench.timelineView().lastPaintedViewport().isPresent());
        // its summary's shortcut, pressed before any menu opened again: checked as it is pressed
        push(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.C);
        FxWait.untilOnFx("the summary is copied", 30, () -> window.workbench.exports().messageProperty().get()
                .startsWith("Copied the "));

        file = enabled("menu-file", "File");
        assertEquals(Map.of("menu-export-png", true, "menu-export-png-2x", true, "menu-export-svg", true,
                "menu-export-chrome", true, "menu-export-csv", true, "menu-export-sweep-csv", false), file,
                "a dataset's view and data, but no sweep points");
        edit = enabled("menu-edit", "Edit");
        assertTrue(edit.get("menu-copy-summary"), edit.toString());
        assertFalse(edit.get("menu-copy-deltas"), "no A/B table on the Dataset tab: " + edit);
        assertFalse(edit.get("menu-copy-sweep"), "no sweep table on the Dataset tab: " + edit);
        assertFalse(edit.get("menu-copy-note"), "the note is no command");
        assertFalse(errorDialogShown());
    }

    /**
     * Opening File or Edit over a timeline builds no figure on the FX thread: whether Export view
     * is enabled was answered by building the view's whole figure (lanes laid out, caption) each
     * time a menu opened, a cost that grew with the dataset. The items are enabled all the same.
     */
    @Test
    void openingTheMenusBuildsNoFigureOnTheFxThread() throws Exception {
        interact(() -> window.vm.openExample());
        FxWait.untilOnFx("the example is open", 30, () -> window.vm.sourceNameProperty().get().endsWith(".json")
                && window.workbench.timelineView().lastPaintedViewport().isPresent());
        int before = FxWait.onFx(org.schedlab.ui.export.TimelineSnapshot::takenOnThisThread);
        Map<String, Boolean> file = enabled("menu-file", "File");
        Map<String, Boolean> edit = enabled("menu-edit", "Edit");
        int built = FxWait.onFx(org.schedlab.ui.export.TimelineSnapshot::takenOnThisThread) - before;
        assertEquals(0, built, "timeline figures built on the FX thread as File and Edit opened");
        assertTrue(file.get("menu-export-png") && file.get("menu-export-png-2x") && file.get("menu-export-svg"),
                "a painted timeline has a picture: " + file);
        assertTrue(edit.get("menu-copy-summary"), edit.toString());
        // the export itself still takes the view as on screen
        assertTrue(FxWait.onFx(() -> window.workbench.exports().current().figure().isPresent()));
    }
}
