package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.RecordedWindow.us;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.RecordedWindow;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.WaitMode;

/** The lock figures {@code import} and {@code table} share: a wait whole, and the waits neither counts. */
class LockWaitsTest {

    @Test
    void aWaitCountsOnceWholeAndOnlyWhenItTookTheLockAsTheDatasetSummaryCountsIt() {
        Dataset w = RecordedWindow.dataset();
        LockWaits s = LockWaits.of(w, w.locks().get(0));
        // by segment import counted 8 waits on s: C's spin-sleep-spin three times, E's spin-sleep twice,
        // and E, F, G though still waiting at the window's end
        assertTrue(s.holdsRecorded());
        assertEquals(3, s.acquired());
        assertEquals(2, s.contended(), "B and C");
        assertEquals(2, s.waitUs().count());
        assertEquals((1000 + 2500) / 2.0, s.waitUs().meanUs(), 1e-9);
        assertEquals(2500, s.waitUs().maxUs(), 1e-9, "C's wait whole");
        assertEquals(3, s.openWaits(), "E, F and G");
        assertEquals(0, s.abandonedWaits());
        JsonNode lock = DatasetSummary.of(w).path("locks").get(0);
        assertEquals(lock.path("contended").asLong(), s.contended());
        assertEquals(lock.path("waitUs").path("mean").asDouble(), s.waitUs().meanUs(), 1e-9);
    }

    @Test
    void aWaitThatEndedBeforeTheEndWithoutAHoldIsAbandonedNotOpen() {
        Dataset w = RecordedWindow.withAnAbandonedWait();
        LockWaits s = LockWaits.of(w, w.locks().get(0));
        assertEquals(2, s.contended());
        assertEquals(3, s.openWaits(), "E, F and G still wait at the end");
        assertEquals(1, s.abandonedWaits(), "H gave up at 6000, long before the end");
        assertEquals(4, s.unacquiredWaits());
    }

    @Test
    void aLaneWithWaitsOnlyCountsEveryWholeWait() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", "perf"));
        int a = b.addTask(1, 1, "postgres");
        int c = b.addTask(2, 2, "postgres");
        b.lock("l", "spinlock", false).waitFor(0, us(10), a, WaitMode.SPIN).waitFor(us(10), us(30), a, WaitMode.SLEEP)
                .waitFor(us(30), us(40), a, WaitMode.SPIN).waitFor(us(5), us(15), c, WaitMode.SPIN);
        Dataset d = b.build();
        LockWaits s = LockWaits.of(d, d.locks().get(0));
        assertFalse(s.holdsRecorded());
        assertEquals(0, s.acquired());
        assertEquals(2, s.contended(), "a's three pieces are one wait");
        assertEquals(40, s.waitUs().maxUs(), 1e-9);
        assertEquals(0, s.unacquiredWaits());
    }
}
