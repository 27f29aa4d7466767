package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.fixtures.HandoffStall;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.render.TrackHit;

/**
 * A window cut from a saved run ({@code table --from-ms}, a selection's summary) that starts
 * inside a handoff stall or a lock-holder preemption marks it at its start, as the recorder does
 * for its own window: the mark lay before the cut and was dropped, so the cut's waiter band read
 * "free: nobody holds it" over the spinners.
 */
class HolderEpisodeCropTest {
    private static final long US = 1000;

    @Test
    void aCutInsideAHandoffStallMarksItAtItsStartAndHoversAsTheStall() {
        // mmap_lock free from 100 to 300 us, reserved for conn2 while two readers spin
        Dataset d = HandoffStall.dataset();
        Dataset c = d.crop(LockHolderPreemption.us(150), d.endNs());
        String text = HoverText.of(c, new TrackHit.LockWaitersHit(0, LockHolderPreemption.us(200), 2, 0));
        assertFalse(text.contains("nobody holds it"), text);
        assertTrue(text.endsWith("\nfree: HANDOFF reserves it for " + c.task(HandoffStall.WAITER).label()
                + "\nwoken, waiting to run on CPU 1 to take it\nhandoff stall since +0 ns (L steps to it)"), text);
        Marks m = c.marks();
        assertEquals(1, m.size());
        assertEquals(MarkKind.LOCK_HANDOFF, m.kind(0));
        assertEquals(c.startNs(), m.tNs(0));
        assertEquals(HandoffStall.WAITER, m.task(0));
        assertEquals(1, m.cpu(0));
        assertEquals("mmap_lock free for 150 us with HANDOFF set, up to 2 CPUs spinning on it"
                + " (from the window's start; HANDOFF set 50 us before it)", m.note(0));
        assertEquals(LockHolderPreemption.us(300), org.schedlab.analysis.LockStatistics.handoffEndNs(c, 0));
    }

    @Test
    void aCutInsideALockHolderPreemptionMarksItAtItsStartAndCountsIt() {
        // the holder of buffer_strategy_lock is off CPU 0 from 150 to 350 us, eight backends spinning
        Dataset d = LockHolderPreemption.dataset();
        Dataset c = d.crop(LockHolderPreemption.us(200), d.endNs());
        Marks m = c.marks();
        int lhp = -1;
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION) {
                lhp = i;
            }
        }
        assertTrue(lhp >= 0, "the holder preempted at 150 us is marked in the cut from 200 us");
        assertEquals(c.startNs(), m.tNs(lhp));
        assertEquals(LockHolderPreemption.HOLDER, m.task(lhp));
        assertEquals(0, m.cpu(lhp));
        assertEquals(LockHolderPreemption.LOCK + " holder preempted for 150 us, 8 waiting"
                + " (from the window's start; off CPU 50 us before it)", m.note(lhp));
        assertEquals(1, DatasetSummary.of(c).path("locks").get(0).path("holderPreemptions").asLong(),
                "the window's summary counts it");
        // a cut of the cut says how long before its own start the holder went off CPU
        Dataset cc = c.crop(LockHolderPreemption.us(250), c.endNs());
        assertEquals(LockHolderPreemption.LOCK + " holder preempted for 100 us, 8 waiting"
                + " (from the window's start; off CPU 100 us before it)", cc.marks().note(0));
        // one from the moment it ends has none
        Dataset after = d.crop(LockHolderPreemption.us(350), d.endNs());
        for (int i = 0; i < after.marks().size(); i++) {
            assertFalse(after.marks().kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION, after.marks().note(i));
        }
    }
}
