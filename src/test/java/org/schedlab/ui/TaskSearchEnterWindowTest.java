package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;

import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.render.SliceHit;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Enter in the task search while its suggestions are open goes to a task: the highlighted
 * suggestion's, or the typed text's when none is highlighted. The open popup took the key, so
 * Enter did nothing (or only filled in the suggestion) and the user had to press Escape, then Enter.
 */
@ExtendWith(ApplicationExtension.class)
class TaskSearchEnterWindowTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @BeforeEach
    void openTheFixture() throws Exception {
        window.openLockHolderPreemption(this, dir);
    }

    private static void waitUntil(String what, Callable<Boolean> condition) throws TimeoutException {
        FxWait.untilOnFx(what, 60, condition);
    }

    /** Whether the search's suggestion popup is on screen. */
    private static boolean suggestionsShown() {
        return Window.getWindows().stream().anyMatch(w -> w instanceof impl.org.controlsfx.skin.AutoCompletePopup<?>
                && w.isShowing());
    }

    private boolean kworkerSelected() {
        return window.vm.timeline().selection().item()
                .map(h -> h instanceof SliceHit s && s.task() == LockHolderPreemption.KWORKER).orElse(false);
    }

    @Test
    void enterWithNoSuggestionHighlightedGoesToTheTypedTask() throws Exception {
        clickOn("#task-search").write("kworker");
        waitUntil("the suggestions are open", TaskSearchEnterWindowTest::suggestionsShown);
        type(KeyCode.ENTER);
        waitUntil("Enter goes to the typed task's run", this::kworkerSelected);
    }

    @Test
    void enterOnAHighlightedSuggestionGoesToThatTask() throws Exception {
        clickOn("#task-search").write("kwo");
        waitUntil("the suggestions are open", TaskSearchEnterWindowTest::suggestionsShown);
        type(KeyCode.DOWN);
        type(KeyCode.ENTER);
        waitUntil("Enter goes to the suggestion's run", this::kworkerSelected);
        String searched = FxWait.onFx(() -> lookup("#task-search").queryAs(TextField.class).getText());
        assertTrue(searched.startsWith("kworker/0:1"), "the suggestion is what was searched: " + searched);
    }
}
