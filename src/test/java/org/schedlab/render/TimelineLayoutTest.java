package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimelineLayoutTest {

    @Test
    void timeAndPixelsConvertBothWays() {
        TimelineLayout l = TimelineLayout.of(new Viewport(1_000, 2_000, TimelineLayout.LABEL_WIDTH_PX + 500, 400), 2);
        assertEquals(2.0, l.nsPerPx());
        assertEquals(TimelineLayout.LABEL_WIDTH_PX, l.xOf(1_000));
        assertEquals(TimelineLayout.LABEL_WIDTH_PX + 250, l.xOf(1_500));
        assertEquals(1_500, l.timeAt(l.xOf(1_500)));
    }

    @Test
    void hitTestingFindsTheLaneThatWasDrawnThereAndNothingInTheGaps() {
        TimelineLayout l = TimelineLayout.of(new Viewport(0, 1000, 600, 400), 3);
        for (int i = 0; i < 3; i++) {
            LaneRow row = l.lane(i);
            assertEquals(i, l.laneAt(row.topPx()).orElseThrow().index());
            assertEquals(i, l.laneAt(row.bottomPx() - 0.01).orElseThrow().cpu());
            assertTrue(l.laneAt(row.bottomPx() + TimelineLayout.LANE_GAP_PX / 2).isEmpty(), "gap below lane " + i);
        }
        assertTrue(l.laneAt(5).isEmpty(), "the axis is no lane");
        assertTrue(l.laneAt(399).isEmpty(), "the legend is no lane");
    }

    @Test
    void fewLanesGrowToAComfortableHeightAndManyLanesScroll() {
        TimelineLayout few = TimelineLayout.of(new Viewport(0, 1000, 600, 800), 2);
        assertEquals(TimelineLayout.MAX_LANE_HEIGHT_PX, few.laneHeightPx());
        assertEquals(0, few.maxScrollPx());

        TimelineLayout many = TimelineLayout.of(new Viewport(0, 1000, 600, 400, 1e9), 96);
        assertEquals(TimelineLayout.MIN_LANE_HEIGHT_PX, many.laneHeightPx());
        assertTrue(many.maxScrollPx() > 0);
        assertEquals(many.maxScrollPx(), many.scrollPx(), "scroll stops at the last lane");
        LaneRow last = many.lane(95);
        assertTrue(last.bottomPx() <= many.lanesBottomPx() && last.bottomPx() > many.lanesBottomPx() - 10,
                "last lane sits at the bottom when scrolled to the end");
        assertEquals(95, many.laneAt(last.topPx() + 1).orElseThrow().index());
    }
}
