package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

import javafx.scene.control.DialogPane;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A file the workbench refuses is named in a dialog with its line and column and what was
 * expected: the words a bug report or a mail to the list needs. The dialog's message is a label,
 * which selects nothing, so it had to be typed out again; its Copy button and Ctrl+C put it on the
 * clipboard and leave the dialog open; OK (Enter) closes it as before.
 */
@ExtendWith(ApplicationExtension.class)
class RefusalCopyWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void aFileThatCannotBeOpenedIsCopiedByCtrlCAndByTheDialogsCopyButton() throws Exception {
        Path bad = Files.writeString(dir.resolve("broken.json"),
                "{\n  \"format\": \"schedlab-dataset\",\n  \"version\": 1,\n  \"tasks\": [{\"tid\": \"x\"}]\n}\n");
        window.pick(bad);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the refusal", 20, () -> lookup("#load-error-dialog").tryQuery().isPresent());
        String message = FxWait.onFx(() -> lookup("#load-error-dialog").queryAs(DialogPane.class).getContentText());
        assertTrue(message.matches(".*broken\\.json:\\d+:\\d+: .+"), message);

        clearClipboard();
        press(KeyCode.CONTROL).press(KeyCode.C).release(KeyCode.C).release(KeyCode.CONTROL);
        assertEquals(message, clipboard(), "Ctrl+C puts the message on the clipboard");

        clearClipboard();
        clickOn("#dialog-copy");
        assertEquals(message, clipboard(), "so does Copy");
        javafx.scene.control.Button copy = lookup("#dialog-copy").queryAs(javafx.scene.control.Button.class);
        FxWait.untilOnFx("the button says what it copied", 5, () -> copy.getText().startsWith("Copied"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(FxWait.onFx(copy::getText), FxWait.onFx(() -> ((javafx.scene.text.Text) copy.lookup(".text")).getText()),
                "and is wide enough to say it whole");
        assertTrue(FxWait.onFx(() -> lookup("#load-error-dialog").tryQuery().isPresent()), "and leaves the dialog open");
        clickOn("OK");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(FxWait.onFx(() -> lookup("#load-error-dialog").tryQuery().isPresent()), "OK closes it");
    }

    @Test
    void aWorkspaceThatCannotBeOpenedIsCopiedByTheDialogsCopyButton() throws Exception {
        Path ws = Files.writeString(dir.resolve("study.schedlab"), "{\"schedlabWorkspace\": 1,\n  \"sead\": 3}\n");
        interact(() -> window.workbench.workspace().open(ws));
        FxWait.untilOnFx("the refusal", 20, () -> lookup("#workspace-problem-dialog").tryQuery().isPresent());
        String message = FxWait.onFx(() -> lookup("#workspace-problem-dialog").queryAs(DialogPane.class)
                .getContentText());
        assertTrue(message.contains("study.schedlab"), message);

        clearClipboard();
        clickOn("#dialog-copy");
        assertEquals(message, clipboard());
        assertTrue(FxWait.onFx(() -> lookup("#workspace-problem-dialog").tryQuery().isPresent()), "the dialog stays");
        clickOn("OK");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(FxWait.onFx(() -> lookup("#workspace-problem-dialog").tryQuery().isPresent()), "OK closes it");
    }

    @Test
    void enterStillClosesTheRefusalAfterCtrlC() throws Exception {
        Path ws = Files.writeString(dir.resolve("study.schedlab"), "{\"schedlabWorkspace\": 1,\n  \"sead\": 3}\n");
        interact(() -> window.workbench.workspace().open(ws));
        FxWait.untilOnFx("the refusal", 20, () -> lookup("#workspace-problem-dialog").tryQuery().isPresent());
        clearClipboard();
        press(KeyCode.CONTROL).press(KeyCode.C).release(KeyCode.C).release(KeyCode.CONTROL);
        assertTrue(clipboard().contains("study.schedlab"), "Ctrl+C copies the workspace's refusal");
        type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(FxWait.onFx(() -> lookup("#workspace-problem-dialog").tryQuery().isPresent()), "Enter closes it");
    }

    private void clearClipboard() {
        interact(() -> Clipboard.getSystemClipboard().clear());
    }

    private String clipboard() {
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<String> text = new AtomicReference<>();
        interact(() -> text.set(Clipboard.getSystemClipboard().getString()));
        return text.get();
    }
}
