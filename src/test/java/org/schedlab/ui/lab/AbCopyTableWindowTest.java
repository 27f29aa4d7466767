package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The A/B bar's Copy table put the delta table on the clipboard and said nothing: at 1280 px an
 * icon whose click changed nothing on screen, it read as a button that did nothing, while the
 * Sweep tab's Copy table and Edit > Copy said in the status bar what they copied. It says so too.
 */
@ExtendWith(ApplicationExtension.class)
class AbCopyTableWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void copyTableSaysInTheStatusBarWhatItCopied() throws Exception {
        window.openS390FullVsLazy(this);
        FxWait.untilOnFx("the delta table", 60, () -> !window.lab.compare().rows().isEmpty()
                && !window.lab.compare().side(CompareViewModel.Side.A).busyProperty().get()
                && !window.lab.compare().side(CompareViewModel.Side.B).busyProperty().get());
        interact(() -> Clipboard.getSystemClipboard().clear());
        clickOn("#ab-copy");
        FxWait.untilOnFx("the table is copied", 30, () -> Clipboard.getSystemClipboard().hasString());
        String copied = FxWait.onFx(() -> Clipboard.getSystemClipboard().getString());
        assertEquals(FxWait.onFx(() -> window.lab.compare().tableText()), copied);
        long lines = copied.lines().count();
        FxWait.untilOnFx("the status bar says so", 60, () -> lookup("#status-export").queryAs(Label.class).getText()
                .startsWith("Copied the A/B delta and TCP tables"));
        String said = FxWait.onFx(() -> lookup("#status-export").queryAs(Label.class).getText());
        assertTrue(said.contains(lines + " lines"), said);
    }
}
