package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;

import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;

import org.schedlab.ui.FxWait;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Where a split pane's dividers are drawn once laid out, as fractions of its inside: the divider
 * nodes' centres, not the positions the split was asked for (a layout can move those).
 */
final class DividersOnScreen {
    /** Half a percent of the pane: a pixel or so either way after layout's rounding. */
    static final double CLOSE = 0.005;

    private DividersOnScreen() {
    }

    /** The dividers' centres after the pending layout, first divider first; call off the FX thread. */
    static double[] drawn(SplitPane split) {
        WaitForAsyncUtils.waitForFxEvents();
        return FxWait.onFx(() -> {
            List<Node> dividers = split.lookupAll(".split-pane-divider").stream()
                    .filter(n -> n.getParent() == split || n.getParent().getParent() == split).toList();
            boolean across = split.getOrientation() == Orientation.HORIZONTAL;
            Insets in = split.getInsets();
            double start = across ? in.getLeft() : in.getTop();
            double inside = across ? split.getWidth() - in.getLeft() - in.getRight()
                    : split.getHeight() - in.getTop() - in.getBottom();
            double[] at = new double[dividers.size()];
            for (int i = 0; i < at.length; i++) {
                Bounds b = split.sceneToLocal(dividers.get(i).localToScene(dividers.get(i).getLayoutBounds()));
                at[i] = ((across ? b.getCenterX() : b.getCenterY()) - start) / inside;
            }
            Arrays.sort(at);
            return at;
        });
    }

    /** Asserts that {@code split}'s dividers are drawn, and positioned, at {@code expected}. */
    static void assertAt(String what, SplitPane split, double... expected) {
        double[] drawn = drawn(split);
        double[] asked = FxWait.onFx(split::getDividerPositions);
        assertEquals(expected.length, drawn.length, what + ": dividers drawn at " + Arrays.toString(drawn));
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], drawn[i], CLOSE, what + ": divider " + i + " drawn at " + Arrays.toString(drawn)
                    + " (positions " + Arrays.toString(asked) + ")");
            assertEquals(expected[i], asked[i], CLOSE, what + ": divider " + i + " at " + Arrays.toString(asked));
        }
    }
}
