package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.analysis.LockStatistics;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.render.TrackHit;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * In a case B handoff stall the mmap_lock lane is empty and its waiter band full of spinners:
 * pointing at the band read "16 spinning, 200 sleeping", as if someone held the lock they spun
 * on. A teacher explaining HANDOFF had nothing on screen that said the lock was free and for whom.
 * The band's readout says so where nobody holds the lock, and names the reserved waiter in a stall.
 */
class HandoffStallHoverTextTest {
    @Test
    void theWaiterBandInAHandoffStallSaysTheLockIsFreeAndForWhom() throws Exception {
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), Map.of(),
                Simulation.Options.recording(100), () -> false).dataset().orElseThrow();
        Marks m = d.marks();
        int stall = -1;
        for (int i = 0; i < m.size() && stall < 0; i++) {
            if (m.kind(i) == MarkKind.LOCK_HANDOFF && LockStatistics.handoffTakenNs(d, i).isPresent()
                    && LockStatistics.handoffEndNs(d, i) - m.tNs(i) > 1_000_000) {
                stall = i;
            }
        }
        assertTrue(stall >= 0, "case B's first 100 ms have a handoff stall over 1 ms");
        int lock = 0;
        long inside = m.tNs(stall) + 500_000;
        String text = HoverText.of(d, new TrackHit.LockWaitersHit(lock, inside, 16, 200));
        assertTrue(text.endsWith("\n16 spinning, 200 sleeping\nfree: HANDOFF reserves it for "
                + d.task(m.task(stall)).label() + "\nwoken, waiting to run on CPU " + m.cpu(stall)
                + " to take it\nhandoff stall since +" + org.schedlab.render.TimeFormat.offset(m.tNs(stall) - d.startNs())
                + " (L steps to it)"), text);

        // the lane's empty top says so too
        String lane = HoverText.of(d, new TrackHit.LockFreeHit(lock, inside, TrackHit.LockFreeHit.NONE,
                TrackHit.LockFreeHit.NONE));
        assertTrue(lane.contains(" free, nobody holds it\n"), lane);
        assertTrue(lane.contains("\nHANDOFF reserves it for " + d.task(m.task(stall)).label() + "\n"), lane);

        // where a reader or writer holds the lock the band's readout stays as it was
        long taken = LockStatistics.handoffTakenNs(d, stall).getAsLong();
        String held = HoverText.of(d, new TrackHit.LockWaitersHit(lock, taken + 1_000, 3, 100));
        assertFalse(held.contains("free"), held);

        // where nobody holds it after a stall has ended (the waiter took the lock and let it go),
        // the readout says the lock is free, not that HANDOFF still reserves it
        org.schedlab.model.Intervals holds = d.locks().get(lock).holds();
        int checked = 0;
        for (int h = 0; h + 1 < holds.size() && checked < 20; h++) {
            long gap = holds.endNs(h) + 1;
            if (holds.startNs(h + 1) <= gap || covered(holds, h, gap)) {
                continue;
            }
            int last = m.firstAtOrAfter(gap + 1) - 1;
            while (last >= 0 && m.kind(last) != MarkKind.LOCK_HANDOFF) {
                last--;
            }
            if (last < 0 || gap - m.tNs(last) > HoverText.HANDOFF_LOOKBACK_NS || LockStatistics.handoffEndNs(d, last) > gap) {
                continue; // no stall before it in the look-back, or one still going on
            }
            String free = HoverText.of(d, new TrackHit.LockWaitersHit(lock, gap, 2, 5));
            assertTrue(free.endsWith("\n2 spinning, 5 sleeping\nfree: nobody holds it"), free);
            checked++;
        }
        assertTrue(checked > 0, "case B's first 100 ms have the lock free after a stall ended");
    }

    @Test
    void aWindowThatStartsInsideAHandoffStallHoversAsTheStallNotAsAFreeLock() throws Exception {
        // case B's default run: a stall that began in the warm-up goes on 4 ms into the record
        // window; its holds were clipped to the window but its mark (at the stall's start) was
        // dropped, so the band read "16 spinning, 193 sleeping" on a lock "nobody holds"
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), Map.of("durationMs", "20"),
                Simulation.Options.recording(10), () -> false).dataset().orElseThrow();
        int lock = 0;
        org.schedlab.model.Intervals holds = d.locks().get(lock).holds();
        long firstTake = Long.MAX_VALUE;
        for (int h = 0; h < holds.size(); h++) {
            firstTake = Math.min(firstTake, holds.startNs(h));
        }
        long inside = d.startNs() + 1_000_000;
        assertTrue(firstTake > inside, "nobody holds mmap_lock in the window's first ms: " + firstTake);
        int waiting = 0;
        org.schedlab.model.Intervals waits = d.locks().get(lock).waits();
        for (int w = 0; w < waits.size(); w++) {
            waiting += waits.startNs(w) <= inside && waits.endNs(w) > inside ? 1 : 0;
        }
        assertTrue(waiting > 16, "yet tasks wait on it there: " + waiting);
        String text = HoverText.of(d, new TrackHit.LockWaitersHit(lock, inside, 16, 193));
        assertFalse(text.contains("nobody holds it"), text);

        Marks m = d.marks();
        int stall = -1;
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == MarkKind.LOCK_HANDOFF && m.tNs(i) == d.startNs()) {
                stall = i;
            }
        }
        assertTrue(stall >= 0, "the stall going on at the window's start is marked there");
        assertEquals(firstTake, LockStatistics.handoffTakenNs(d, stall).getAsLong(), "its waiter takes the lock first");
        assertTrue(m.note(stall).contains("before it)"), m.note(stall));

        assertTrue(text.endsWith("\n16 spinning, 193 sleeping\nfree: HANDOFF reserves it for "
                + d.task(m.task(stall)).label() + "\nwoken, waiting to run on CPU " + m.cpu(stall)
                + " to take it\nhandoff stall since +" + org.schedlab.render.TimeFormat.offset(0)
                + " (L steps to it)"), text);
    }

    /** Whether an earlier hold than {@code h + 1} (readers overlap) still holds the lock at {@code t}. */
    private static boolean covered(org.schedlab.model.Intervals holds, int h, long t) {
        for (int i = 0; i <= h; i++) {
            if (holds.startNs(i) <= t && holds.endNs(i) > t) {
                return true;
            }
        }
        return false;
    }
}
