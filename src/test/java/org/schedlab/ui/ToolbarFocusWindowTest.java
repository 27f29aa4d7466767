package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.scene.Node;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Tab walks the toolbar's buttons and toggle buttons, and the one that has the keyboard is drawn
 * edged in the accent colour. The theme paints a toolbar button's border and background both edge
 * to edge, so the focus colour lay under the background (a few corner pixels changed), and its
 * toggle buttons have no focus colour at all: eleven presses of Tab showed nothing on screen. The
 * test looks at the pixels drawn, not at the style: the first fill was the accent colour all along.
 */
@ExtendWith(ApplicationExtension.class)
class ToolbarFocusWindowTest extends FxRobot {
    /** The toolbar's controls, in Tab order: buttons, the colour-mode pair, then toggle buttons. */
    private static final List<String> TOOLS = List.of("#tool-open", "#tool-zoom-in", "#tool-zoom-out",
            "#tool-fit-all", "#tool-fit-selection", "#tool-next-lhp", "#tool-help", "#color-by-task",
            "#color-by-state", "#counter-lines", "#fit-cpu-lanes");

    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void eachToolbarControlReachedByTabIsEdgedInTheAccentColour() throws Exception {
        interact(() -> window.vm.openExample());
        FxWait.untilOnFx("the example's events can be stepped through", 30,
                () -> !lookup("#step-first").query().isDisabled());
        for (String id : TOOLS) {
            Node tool = lookup(id).query();
            assertFalse(FxWait.onFx(() -> accentEdge(tool)), id + " is not edged before it has the keyboard");
        }
        interact(() -> lookup(n -> n instanceof TimelineView).query().requestFocus());
        for (String id : TOOLS) {
            Node tool = lookup(id).query();
            for (int i = 0; i < 30 && !FxWait.onFx(tool::isFocused); i++) {
                type(KeyCode.TAB);
            }
            assertTrue(FxWait.onFx(() -> tool.isFocused() && tool.isFocusVisible()), "Tab reaches " + id);
            assertTrue(FxWait.onFx(() -> accentEdge(tool)), id + " shows it has the keyboard: its edge is drawn"
                    + " in the accent colour");
        }
        Node last = lookup(TOOLS.get(TOOLS.size() - 1)).query();
        type(KeyCode.TAB);
        FxWait.untilOnFx("the keyboard leaves the toolbar's last toggle", 5, () -> !last.isFocused());
        assertFalse(FxWait.onFx(() -> accentEdge(last)), "the control the keyboard left is no longer edged");
    }

    /**
     * Whether the middle of the control's left edge and of its top edge are drawn in the accent
     * colour (the theme's #0969da: blue, not the toolbar's grey or the selected toggle's grey).
     */
    static boolean accentEdge(Node n) {
        n.applyCss();
        WritableImage shot = n.snapshot(null, null);
        PixelReader px = shot.getPixelReader();
        int w = (int) shot.getWidth();
        int h = (int) shot.getHeight();
        return accent(px.getColor(1, h / 2)) && accent(px.getColor(w / 2, 1));
    }

    private static boolean accent(Color c) {
        return c.getBlue() - c.getRed() > 0.4;
    }
}
