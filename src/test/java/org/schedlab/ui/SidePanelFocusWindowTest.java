package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Supplier;

import javafx.scene.Node;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Tab from the step bar goes on to the side panel: its tab strip, then its tables. The theme shows
 * neither having the keyboard (a table only by a selected row, which a new one has not), so after
 * the step bar's last button five or more presses of Tab showed nothing until the toolbar's open
 * button lit up. The tab strip's selected tab and the table that has the keyboard say so.
 */
@ExtendWith(ApplicationExtension.class)
class SidePanelFocusWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void theSidePanelsTabStripAndTablesShowTheyHaveTheKeyboard() throws Exception {
        interact(() -> window.vm.openExample());
        FxWait.untilOnFx("the example's summary", 30, () -> window.vm.timeline().summary().summary().isPresent()
                && !lookup("#step-first").query().isDisabled());
        TabPane tabs = lookup("#side-tabs").queryAs(TabPane.class);
        Supplier<Region> selectedTab = () -> (Region) tabs.lookupAll(".tab").stream()
                .filter(n -> n.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("selected")))
                .findFirst().orElseThrow();
        String tabUnfocused = FxWait.onFx(() -> look(selectedTab.get()));
        interact(() -> lookup(n -> n instanceof TimelineView).query().requestFocus());
        for (int i = 0; i < 20 && !FxWait.onFx(tabs::isFocused); i++) {
            type(KeyCode.TAB);
        }
        assertTrue(FxWait.onFx(() -> tabs.isFocused() && tabs.isFocusVisible()), "Tab reaches the side panel's tabs");
        String tabFocused = FxWait.onFx(() -> look(selectedTab.get()));
        assertNotEquals(tabUnfocused, tabFocused, "the selected tab shows the strip has the keyboard");

        type(KeyCode.TAB);
        Node next = FxWait.onFx(() -> tabs.getScene().getFocusOwner());
        for (int i = 0; i < 5 && !(next instanceof TableView<?>); i++) {
            type(KeyCode.TAB);
            next = FxWait.onFx(() -> tabs.getScene().getFocusOwner());
        }
        assertTrue(next instanceof TableView<?>, "Tab reaches a table: " + next);
        TableView<?> table = (TableView<?>) next;
        assertTrue(FxWait.onFx(table.getSelectionModel()::isEmpty), "no row selected to show it");
        String tableFocused = FxWait.onFx(() -> look(table));
        type(KeyCode.TAB);
        FxWait.untilOnFx("the focus leaves the table", 60, () -> !table.isFocused());
        assertNotEquals(FxWait.onFx(() -> look(table)), tableFocused, "the table showed it had the keyboard");
        assertTrue(FxWait.onFx(() -> look(selectedTab.get())).equals(tabUnfocused), "and the tab strip no longer does");
    }

    /** What a region's border and background paint, after the style sheets are applied. */
    private static String look(Region r) {
        r.applyCss();
        StringBuilder s = new StringBuilder();
        if (r.getBorder() != null) {
            r.getBorder().getStrokes().forEach(b -> s.append(b.getTopStroke()).append(' '));
        }
        if (r.getBackground() != null) {
            r.getBackground().getFills().forEach(f -> s.append(f.getFill()).append(' '));
        }
        return s.toString();
    }
}
