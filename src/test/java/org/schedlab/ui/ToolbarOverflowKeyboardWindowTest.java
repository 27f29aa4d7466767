package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Node;
import javafx.scene.control.TextField;
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
 * In a 1024 x 768 window (a projector's) the toolbar is wider than the window and JavaFX moves the
 * task lanes list and the task search behind its "&gt;&gt;" overflow button. A user on the keyboard
 * reaches them: Ctrl+F types into the search there, and the overflow button, reached by Tab, opens
 * with Enter, Space or Down and gives the keyboard to its first control.
 */
@ExtendWith(ApplicationExtension.class)
class ToolbarOverflowKeyboardWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(st -> window.show(st), 1024, 768);
    }

    private void openExample() throws Exception {
        interact(() -> window.vm.openExample());
        FxWait.untilOnFx("the example is shown", 30, () -> window.vm.timeline().dataset().cpuCount() == 2);
        FxWait.untilOnFx("the search is behind the toolbar's overflow button", 30,
                () -> lookup(".tool-bar-overflow-button").tryQuery()
                        .map(b -> b.isVisible() && b.getLayoutBounds().getHeight() > 0).orElse(false));
        interact(() -> window.workbench.timelineView().requestFocus());
    }

    @Test
    void ctrlFTypesIntoTheSearchBehindTheOverflowButton() throws Exception {
        openExample();
        press(KeyCode.CONTROL).type(KeyCode.F).release(KeyCode.CONTROL);
        TextField search = FxWait.onFx(() -> window.workbench.timelineBar().search());
        FxWait.untilOnFx("the search field has the keyboard", 60, () -> search.isFocused() && search.getScene() != null);
        write("pgbench");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("pgbench", FxWait.onFx(search::getText), "what is typed goes into the search");
        FxWait.untilOnFx("the task is found", 30, () -> !window.vm.timeline().search().matchesProperty().get().isEmpty());
        escapeUntilClosed(search);
        interact(() -> window.workbench.timelineView().requestFocus());
        FxWait.untilOnFx("the popup is closed", 30, () -> search.getScene() == null || !search.getScene().getWindow().isShowing());
        press(KeyCode.CONTROL).type(KeyCode.F).release(KeyCode.CONTROL);
        FxWait.untilOnFx("Ctrl+F again: the search has the keyboard", 60, search::isFocused);
        write("x");
        assertEquals("x", FxWait.onFx(search::getText), "typing replaces the text selected");
    }

    @Test
    void tabReachesTheOverflowButtonAndDownOpensItWithTheKeyboardInside() throws Exception {
        org.schedlab.model.Dataset six = TaskLanesCountWindowTest.named("pgbench", 7377, "java", 7329, "postgres", 7386,
                "perf", 7396, "Xorg", 900, "postgres", 7383);
        interact(() -> window.vm.timeline().setDataset(six));
        FxWait.untilOnFx("the toolbar's controls behind its overflow button", 30,
                () -> lookup(".tool-bar-overflow-button").tryQuery().map(Node::isVisible).orElse(false)
                        && !window.workbench.timelineBar().taskLanes().isDisabled());
        interact(() -> window.workbench.timelineView().requestFocus());
        Node fit = lookup("#fit-cpu-lanes").query();
        Node button = lookup(".tool-bar-overflow-button").query();
        for (int i = 0; i < 30 && !FxWait.onFx(fit::isFocused); i++) {
            type(KeyCode.TAB);
        }
        type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(FxWait.onFx(() -> button.isFocused() && button.isFocusVisible()), "Tab reaches the overflow button");
        assertTrue(FxWait.onFx(() -> ToolbarFocusWindowTest.accentEdge(button)),
                "the overflow button shows it has the keyboard: its edge is drawn in the accent colour");

        type(KeyCode.DOWN);
        org.controlsfx.control.CheckComboBox<Integer> lanes = FxWait.onFx(() -> window.workbench.timelineBar().taskLanes());
        FxWait.untilOnFx("Down opens the overflow with the keyboard in the task lanes list", 30,
                () -> lanes.getScene() != null && lanes.isFocusWithin());
        type(KeyCode.SPACE);
        FxWait.untilOnFx("Space opens the task lanes list", 30, () -> inner(lanes).isShowing());
        java.util.List<Integer> before = FxWait.onFx(() -> java.util.List.copyOf(lanes.getCheckModel().getCheckedItems()));
        type(KeyCode.DOWN);
        type(KeyCode.SPACE);
        FxWait.untilOnFx("Down and Space check or uncheck a task", 30,
                () -> !lanes.getCheckModel().getCheckedItems().equals(before));
        type(KeyCode.ESCAPE);
        FxWait.untilOnFx("Escape closes the list, the keyboard still on it", 30,
                () -> !inner(lanes).isShowing() && lanes.isFocusWithin());

        type(KeyCode.TAB);
        TextField search = FxWait.onFx(() -> window.workbench.timelineBar().search());
        FxWait.untilOnFx("Tab goes on to the task search", 30, search::isFocused);
        write("java");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("java", FxWait.onFx(search::getText), "what is typed goes into the search");
        press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        FxWait.untilOnFx("Shift+Tab goes back to the task lanes list", 30, lanes::isFocusWithin);
    }

    @Test
    void escapeInTheSearchBehindTheOverflowButtonGivesTheKeyboardBackToTheButton() throws Exception {
        openExample();
        Node button = lookup(".tool-bar-overflow-button").query();
        TextField search = FxWait.onFx(() -> window.workbench.timelineBar().search());
        // reached by Ctrl+F from the timeline (the window's keyboard was on the timeline), typed in
        // until suggestions show, then by the button's Enter and Tab
        press(KeyCode.CONTROL).type(KeyCode.F).release(KeyCode.CONTROL);
        FxWait.untilOnFx("Ctrl+F: the search has the keyboard", 60, () -> search.isFocused() && search.getScene() != null);
        write("pg");
        WaitForAsyncUtils.waitForFxEvents();
        escapeUntilClosed(search);
        FxWait.untilOnFx("Escape closes the overflow and gives the keyboard back to >>", 30,
                () -> (search.getScene() == null || !search.getScene().getWindow().isShowing())
                        && button.getScene().getFocusOwner() == button);
        assertTrue(FxWait.onFx(() -> ToolbarFocusWindowTest.accentEdge(button)),
                ">> shows it has the keyboard: its edge is drawn in the accent colour");
        type(KeyCode.ENTER);
        FxWait.untilOnFx("Enter opens it again", 30, () -> search.getScene() != null
                && search.getScene().getWindow().isShowing());
        for (int i = 0; i < 3 && !FxWait.onFx(search::isFocused); i++) {
            type(KeyCode.TAB); // from the task lanes list, where it takes the keyboard
        }
        FxWait.untilOnFx("Tab goes on to the task search", 30, search::isFocused);
        escapeUntilClosed(search);
        FxWait.untilOnFx("Escape again: the keyboard back on >>", 30,
                () -> (search.getScene() == null || !search.getScene().getWindow().isShowing())
                        && button.getScene().getFocusOwner() == button);
        type(KeyCode.SPACE);
        FxWait.untilOnFx("and Space opens it from there", 30, () -> search.getScene() != null
                && search.getScene().getWindow().isShowing());
    }

    /** Escape, twice where the first closed only the search's suggestions (they come when they are found). */
    private void escapeUntilClosed(TextField search) throws Exception {
        for (int i = 0; i < 3 && FxWait.onFx(() -> search.getScene() != null && search.getScene().getWindow().isShowing()); i++) {
            type(KeyCode.ESCAPE);
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    /** The combo box inside the task lanes list: its popup is the list's. */
    private static javafx.scene.control.ComboBox<?> inner(org.controlsfx.control.CheckComboBox<?> lanes) {
        return (javafx.scene.control.ComboBox<?>) lanes.getChildrenUnmodifiable().stream()
                .filter(n -> n instanceof javafx.scene.control.ComboBox<?>).findFirst().orElseThrow();
    }
}
