package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.SliceState;

class SliceHitTest {
    private final Dataset d = RenderFixtures.twoCpus();
    private final TimelineLayout layout = TimelineRenderer.layout(d, new Viewport(0, 4000, TimelineLayout.LABEL_WIDTH_PX + 400, 300));

    private double midY(int lane) {
        return layout.cpuLane(lane).topPx() + layout.cpuLane(lane).heightPx() / 2;
    }

    @Test
    void findsTheSliceDrawnUnderThePoint() {
        SliceHit beta = SliceHit.at(d, layout, layout.xOf(2500), midY(0)).orElseThrow();
        assertEquals(0, beta.cpu());
        assertEquals(RenderFixtures.BETA, beta.task());
        assertEquals(SliceState.KERNEL, beta.state());
        assertEquals(2000, beta.startNs());
        assertEquals(2000, beta.durationNs());
        SliceHit stolen = SliceHit.at(d, layout, layout.xOf(100), midY(1)).orElseThrow();
        assertEquals(SliceState.STOLEN, stolen.state());
        assertEquals(SliceState.IDLE, SliceHit.at(d, layout, layout.xOf(1500), midY(0)).orElseThrow().state());
    }

    @Test
    void labelsAxisAndGapsHitNothing() {
        assertTrue(SliceHit.at(d, layout, 10, midY(0)).isEmpty(), "label column");
        assertTrue(SliceHit.at(d, layout, layout.xOf(500), 5).isEmpty(), "axis");
        assertTrue(SliceHit.at(d, layout, layout.xOf(500), layout.cpuLane(0).bottomPx() + 1).isEmpty(), "gap");
    }
}
