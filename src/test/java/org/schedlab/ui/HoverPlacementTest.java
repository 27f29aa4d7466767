package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;

import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;

import org.junit.jupiter.api.Test;

/**
 * The timeline's hover readout near the screen's edges: a window taller than the screen (or moved
 * partly off it) put the readout for a pointer near the screen's bottom below the pointer, where
 * the timeline went on but the screen did not, and it was cut off. It goes above the pointer (left
 * of it at the right edge) where it would not fit on the screen.
 */
class HoverPlacementTest {
    /** A 1000 x 800 timeline whose window runs 200 px past the screen's bottom and 100 past its right. */
    private final Bounds view = new BoundingBox(0, 0, 1000, 800);
    private final Bounds room = HoverPlacement.room(view, Optional.of(new BoundingBox(-300, -100, 1200, 700)));

    @Test
    void theRoomIsThePartOfTheTimelineOnTheScreen() {
        assertEquals(new BoundingBox(0, 0, 900, 600), room);
        assertEquals(view, HoverPlacement.room(view, Optional.empty()), "not on a window yet");
        assertEquals(view, HoverPlacement.room(view, Optional.of(new BoundingBox(2000, 0, 100, 100))),
                "off every screen: the timeline's own bounds");
    }

    @Test
    void nearTheScreensBottomItGoesAboveThePointer() {
        // below would end at 658, inside the timeline but past the screen's 600
        assertEquals(new Point2D(116, 580 - 8 - 60), HoverPlacement.place(100, 580, 200, 60, room));
    }

    @Test
    void nearTheScreensRightEdgeItGoesLeftOfThePointer() {
        assertEquals(new Point2D(750 - 12 - 200, 118), HoverPlacement.place(750, 100, 200, 60, room),
                "right would end at 966, inside the timeline but past the screen's 900");
    }

    @Test
    void withRoomItStaysRightOfAndBelowThePointer() {
        assertEquals(new Point2D(116, 118), HoverPlacement.place(100, 100, 200, 60, room));
        assertEquals(new Point2D(684 + 16, 118), HoverPlacement.place(684, 100, 200, 60, room),
                "ending right at the edge fits");
    }

    @Test
    void whereItFitsNeitherSideItIsShiftedIn() {
        Bounds shallow = new BoundingBox(0, 0, 400, 150);
        assertEquals(50, HoverPlacement.place(10, 60, 100, 100, shallow).getY(), "against the bottom edge");
        assertEquals(0, HoverPlacement.place(10, 60, 100, 200, shallow).getY(), "taller than the room: from its top");
        assertEquals(0, HoverPlacement.place(200, 10, 500, 20, shallow).getX(), "wider than the room: from its left");
    }
}
