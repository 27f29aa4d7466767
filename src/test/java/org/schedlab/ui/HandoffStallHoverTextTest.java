package org.schedlab.ui;

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
        assertTrue(text.contains("\nfree: HANDOFF reserves it for " + d.task(m.task(stall)).label() + "\n"), text);
        assertTrue(text.contains("\nhandoff stall since +"), text);

        // the lane's empty top says so too
        String lane = HoverText.of(d, new TrackHit.LockFreeHit(lock, inside, TrackHit.LockFreeHit.NONE,
                TrackHit.LockFreeHit.NONE));
        assertTrue(lane.contains(" free, nobody holds it\n"), lane);
        assertTrue(lane.contains("\nHANDOFF reserves it for " + d.task(m.task(stall)).label() + "\n"), lane);

        // where a reader or writer holds the lock the band's readout stays as it was
        long taken = LockStatistics.handoffTakenNs(d, stall).getAsLong();
        String held = HoverText.of(d, new TrackHit.LockWaitersHit(lock, taken + 1_000, 3, 100));
        assertFalse(held.contains("free"), held);
    }
}
