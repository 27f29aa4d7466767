package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Button;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.paint.Color;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Tab from the timeline walks the step bar's and the toolbar's buttons, and the one that has the
 * keyboard shows it. These are the theme's flat buttons, whose focus border is drawn in their own
 * transparent background colour: Tab moved the focus and nothing on screen said where it went, so
 * Space pressed a button the user could not see.
 */
@ExtendWith(ApplicationExtension.class)
class FlatButtonFocusWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void aFlatButtonReachedByTabShowsItHasTheKeyboard() throws Exception {
        interact(() -> window.vm.openExample());
        Button first = lookup("#step-first").queryAs(Button.class);
        FxWait.untilOnFx("the example's events can be stepped through", 30, () -> !first.isDisabled());
        interact(() -> lookup(n -> n instanceof TimelineView).query().requestFocus());
        type(KeyCode.TAB);
        FxWait.untilOnFx("Tab reaches the step bar", 60, first::isFocused);
        assertTrue(FxWait.onFx(first::isFocusVisible));
        assertTrue(FxWait.onFx(() -> hasVisibleEdge(first)), "the focused step button shows a focus border");

        Button zoomIn = lookup("#tool-zoom-in").queryAs(Button.class);
        for (int i = 0; i < 30 && !FxWait.onFx(zoomIn::isFocused); i++) {
            type(KeyCode.TAB);
        }
        assertTrue(FxWait.onFx(zoomIn::isFocused), "Tab reaches the toolbar's zoom in");
        assertTrue(FxWait.onFx(() -> hasVisibleEdge(zoomIn)), "the focused zoom button shows a focus border");
        assertTrue(FxWait.onFx(() -> !hasVisibleEdge(first)), "the step button it left shows none");
    }

    /** Whether the outermost background fill, the theme's border ring, is painted at all. */
    private static boolean hasVisibleEdge(Button b) {
        b.applyCss();
        if (b.getBackground() == null || b.getBackground().getFills().isEmpty()) {
            return false;
        }
        BackgroundFill edge = b.getBackground().getFills().get(0);
        return edge.getFill() instanceof Color c && c.getOpacity() > 0.5;
    }
}
