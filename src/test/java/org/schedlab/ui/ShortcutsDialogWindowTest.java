package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Help > Keyboard shortcuts as it opens, before anyone resizes it: under X (Xvfb, 1600 x 1000 and
 * 1280 x 720) it opened about 250 x 320 px, the key column alone in view and every description
 * past the dialog's right edge, because its size was taken from the list before the list had
 * been styled (a label not yet styled measures 0 px wide).
 */
@ExtendWith(ApplicationExtension.class)
class ShortcutsDialogWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void theShortcutsDialogOpensWideEnoughToReadEveryDescription() throws Exception {
        clickOn("Help");
        clickOn("Keyboard shortcuts");
        FxWait.untilOnFx("the shortcuts dialog", 60, () -> lookup("#shortcuts-dialog").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        ScrollPane scroll = FxWait.onFx(() -> lookup("#shortcuts-scroll").queryAs(ScrollPane.class));
        GridPane grid = FxWait.onFx(() -> lookup("#shortcuts-grid").queryAs(GridPane.class));
        Bounds viewport = scroll.localToScene(scroll.getViewportBounds());
        Bounds shown = scroll.localToScene(scroll.getLayoutBounds());
        assertTrue(shown.getWidth() >= grid.prefWidth(-1) - 0.5,
                "the list's width fits: " + shown.getWidth() + " px for " + grid.prefWidth(-1) + " px");
        assertTrue(shown.getHeight() >= 300, "at least 300 px of the list in view: " + shown.getHeight());
        int descriptions = 0;
        for (Node n : grid.getChildren()) {
            Label l = (Label) n;
            Bounds b = l.localToScene(l.getLayoutBounds());
            assertTrue(b.getMinX() >= viewport.getMinX() - 0.5 && b.getMaxX() <= scroll.localToScene(
                    scroll.getLayoutBounds()).getMaxX() + 0.5,
                    "'" + l.getText() + "' is in the dialog: x " + b.getMinX() + ".." + b.getMaxX() + ", dialog list "
                            + shown.getMinX() + ".." + shown.getMaxX());
            assertEquals(l.getText(), ShownText.of(l), "cut with an ellipsis");
            if (GridPane.getColumnIndex(l) == 1) {
                // a description wraps at 440 px; it was squeezed to a few pixels beside its key
                assertTrue(b.getWidth() >= Math.min(300, l.prefWidth(-1) - 0.5),
                        "'" + l.getText() + "' has room to be read: " + b.getWidth() + " px");
                descriptions++;
            }
        }
        assertEquals(Dialogs.SHORTCUTS.length + 1 + Dialogs.ALT_LETTERS.length, descriptions,
                "every description, the note under them and the Alt letters' descriptions");
        clickOn("OK");
    }
}
