package org.schedlab.ui;

import java.util.List;
import java.util.Optional;

import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.stage.Screen;

/**
 * Where a hover readout goes (the timeline's, the Sweep plot's): right of and below the pointer, flipped to its left or
 * above it where it would not fit, and shifted in where it fits neither way. "Fit" is within the
 * part of the timeline that is on the screen: a window taller than the screen, or moved partly off
 * it, put the readout under a pointer near the screen's bottom edge below that edge, cut off.
 */
public final class HoverPlacement {
    /** From the pointer to the readout's near corner, right/below and left/above. */
    static final double RIGHT_GAP_PX = 16;
    static final double LEFT_GAP_PX = 12;
    static final double BELOW_GAP_PX = 18;
    static final double ABOVE_GAP_PX = 8;

    private HoverPlacement() {
    }

    /**
     * The readout's top-left corner for a {@code w} x {@code h} readout and the pointer at
     * ({@code x}, {@code y}), all in one node's coordinates; {@code room}: where it may be.
     */
    public static Point2D place(double x, double y, double w, double h, Bounds room) {
        return new Point2D(along(x, w, RIGHT_GAP_PX, LEFT_GAP_PX, room.getMinX(), room.getMaxX()),
                along(y, h, BELOW_GAP_PX, ABOVE_GAP_PX, room.getMinY(), room.getMaxY()));
    }

    /** One axis: after the pointer if it fits, else before it if that fits, else as far in as it goes. */
    private static double along(double p, double size, double afterGap, double beforeGap, double min, double max) {
        double after = p + afterGap;
        if (after + size <= max) {
            return after;
        }
        double before = p - beforeGap - size;
        if (before >= min) {
            return before;
        }
        // fits neither side: against the far edge, or the near one when it is wider than the room
        return Math.max(min, max - size);
    }

    /**
     * The part of {@code local} (a node's bounds, in its own coordinates) that {@code screen} (the
     * visual bounds of a screen, in the same coordinates) shows; {@code local} itself where they
     * do not meet (the node is off every screen: nothing better to go by).
     */
    static Bounds room(Bounds local, Optional<Bounds> screen) {
        if (screen.isEmpty()) {
            return local;
        }
        Bounds s = screen.get();
        double minX = Math.max(local.getMinX(), s.getMinX());
        double minY = Math.max(local.getMinY(), s.getMinY());
        double maxX = Math.min(local.getMaxX(), s.getMaxX());
        double maxY = Math.min(local.getMaxY(), s.getMaxY());
        if (maxX <= minX || maxY <= minY) {
            return local;
        }
        return new BoundingBox(minX, minY, maxX - minX, maxY - minY);
    }

    /**
     * Where over {@code node} a readout may go: its bounds, less what is off the screen the pointer
     * at ({@code x}, {@code y}) is on (the window's screen, else the primary), taskbars left out.
     */
    public static Bounds roomIn(Node node, double x, double y) {
        Bounds local = new BoundingBox(0, 0, node.getLayoutBounds().getWidth(), node.getLayoutBounds().getHeight());
        Point2D p = node.localToScreen(x, y);
        if (p == null) {
            return local; // not on a window yet
        }
        List<Screen> screens = Screen.getScreensForRectangle(p.getX(), p.getY(), 1, 1);
        if (screens.isEmpty() && node.getScene() != null && node.getScene().getWindow() != null) {
            var w = node.getScene().getWindow();
            screens = Screen.getScreensForRectangle(w.getX(), w.getY(), w.getWidth(), w.getHeight());
        }
        Screen screen = screens.isEmpty() ? Screen.getPrimary() : screens.get(0);
        javafx.geometry.Rectangle2D v = screen.getVisualBounds();
        return room(local, Optional.ofNullable(node.screenToLocal(
                new BoundingBox(v.getMinX(), v.getMinY(), v.getWidth(), v.getHeight()))));
    }
}
