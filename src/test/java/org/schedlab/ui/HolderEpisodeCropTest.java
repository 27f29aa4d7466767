package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.LockIndex;
import org.schedlab.analysis.LockStatistics;
import org.schedlab.fixtures.HandoffStall;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.WaitMode;
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

    /**
     * A stall that began at 100.4 us, mmap_lock free until its waiter takes it at 300 us, one
     * reader spinning on it from 100.4 to 180 us, a second from 180 to 190 us (never two at once),
     * another task on another lock meanwhile, and the waiter itself from 250 us (a writer spins for
     * the lock handed to it: not one of the others spinning): the note says 199 us (whole
     * microseconds).
     */
    private static Dataset stallSpunOutEarly() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("stall-spun-out", "test"));
        int reader = b.addTask(10, 10, "conn1");
        int waiter = b.addTask(11, 11, "conn2");
        int other = b.addTask(12, 12, "conn3");
        int reader2 = b.addTask(13, 13, "conn4");
        long t = LockHolderPreemption.us(100) + 400;
        b.slice(0, LockHolderPreemption.us(0), t, reader, SliceState.USER)
                .slice(0, t, LockHolderPreemption.us(180), reader, SliceState.SPINNING)
                .slice(0, LockHolderPreemption.us(180), LockHolderPreemption.us(400), reader, SliceState.USER);
        b.slice(1, LockHolderPreemption.us(250), LockHolderPreemption.us(300), waiter, SliceState.SPINNING)
                .slice(1, LockHolderPreemption.us(300), LockHolderPreemption.us(400), waiter, SliceState.KERNEL);
        b.slice(3, LockHolderPreemption.us(180), LockHolderPreemption.us(190), reader2, SliceState.SPINNING);
        b.slice(2, LockHolderPreemption.us(0), LockHolderPreemption.us(400), other, SliceState.SPINNING);
        var lock = b.lock("mmap_lock", "rwsem", true);
        lock.waitFor(t, LockHolderPreemption.us(180), reader, WaitMode.SPIN);
        lock.waitFor(LockHolderPreemption.us(180), LockHolderPreemption.us(190), reader2, WaitMode.SPIN);
        lock.waitFor(LockHolderPreemption.us(250), LockHolderPreemption.us(300), waiter, WaitMode.SPIN);
        lock.hold(LockHolderPreemption.us(300), LockHolderPreemption.us(320), waiter);
        b.lock("i_mmap_rwsem", "rwsem", true).waitFor(LockHolderPreemption.us(0), LockHolderPreemption.us(400), other,
                WaitMode.SPIN);
        b.mark(MarkKind.LOCK_HANDOFF, t, 1, waiter, "mmap_lock free for 199 us with HANDOFF set, up to 1 CPU spinning on it");
        return b.build();
    }

    @Test
    void aCutAfterTheStallsSpinnersStoppedHasNoStallAsARecordingFromThereHasNone() throws Exception {
        // the recorder marks a stall going on at its window's start only if someone spins on the
        // lock in the window; the cut carried it by its length alone, "up to 1 CPU spinning" on
        // a timeline that shows nobody spinning on mmap_lock (conn3 spins on another lock)
        Dataset d = stallSpunOutEarly();
        long from = LockHolderPreemption.us(200);
        Dataset c = d.crop(from, d.endNs());
        assertEquals(0, c.marks().count(MarkKind.LOCK_HANDOFF), "no stall in the cut");
        LockIndex index = LockIndex.of(d);
        assertEquals(0, LockStatistics.of(index, from, d.endNs()).get(0).handoffStallMarks(),
                "nor in the Locks tab's count for that range");
        assertTrue(HoverText.free(c, 0, LockHolderPreemption.us(250)).endsWith("free: nobody holds it"));
    }

    @Test
    void aCutWhileTheStallsSpinnersSpinCountsThoseAndTheTimeToTheWaitersTake() throws Exception {
        Dataset d = stallSpunOutEarly();
        long from = LockHolderPreemption.us(150);
        Dataset c = d.crop(from, d.endNs());
        assertEquals(1, c.marks().size());
        // 150 us to the take at 300 us, not 149 (100.4 + 199 us is the note's, truncated, end)
        assertEquals("mmap_lock free for 150 us with HANDOFF set, up to 1 CPU spinning on it"
                + " (from the window's start; HANDOFF set 49 us before it)", c.marks().note(0));
        assertEquals(1, LockStatistics.of(LockIndex.of(d), from, d.endNs()).get(0).handoffStallMarks());
        // a cut of the cut after the spinner stopped has none either
        assertEquals(0, c.crop(LockHolderPreemption.us(190), c.endNs()).marks().size());
    }

    @Test
    void aCutInsideAHolderPreemptionCountsItsTimeToTheHoldersNextSlice() throws Exception {
        // the holder off CPU 0 from 150.6 us to its next slice at 350 us: the note says 199 us
        DatasetBuilder b = Dataset.builder(Metadata.of("holder-off", "test"));
        int holder = b.addTask(1, 1, "postgres");
        int kworker = b.addTask(2, 2, "kworker/0:1");
        int backend = b.addTask(3, 3, "postgres");
        long t = LockHolderPreemption.us(150) + 600;
        b.slice(0, LockHolderPreemption.us(0), t, holder, SliceState.USER)
                .slice(0, t, LockHolderPreemption.us(350), kworker, SliceState.KERNEL)
                .slice(0, LockHolderPreemption.us(350), LockHolderPreemption.us(400), holder, SliceState.USER);
        b.slice(1, LockHolderPreemption.us(0), LockHolderPreemption.us(400), backend, SliceState.SPINNING);
        var lock = b.lock("l", "spinlock", false);
        lock.hold(LockHolderPreemption.us(100), LockHolderPreemption.us(380), holder);
        lock.waitFor(LockHolderPreemption.us(0), LockHolderPreemption.us(380), backend, WaitMode.SPIN);
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, t, 0, holder, "l holder preempted for 199 us, 1 waiting");
        Dataset d = b.build();
        Dataset c = d.crop(LockHolderPreemption.us(200), d.endNs());
        assertEquals("l holder preempted for 150 us, 1 waiting (from the window's start; off CPU 49 us before it)",
                c.marks().note(0));
        // and one from 349.7 us, past the end the note alone gives (349.6)
        long late = LockHolderPreemption.us(349) + 700;
        assertEquals(1, d.crop(late, d.endNs()).marks().size(), "still off CPU at 349.7 us");
        assertEquals(1, LockStatistics.of(LockIndex.of(d), late, d.endNs()).get(0).holderPreemptionMarks());
    }

    /**
     * A file's lock episodes marked at its first instant, their notes without "(from the window's
     * start; ...)": they began there, and the step bar does not say they began before the
     * recording; one whose note says so (a cut's, the recorder's) does.
     */
    @Test
    void onlyAnEpisodeWhoseNoteSaysSoBeganBeforeTheRecording() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("episodes-at-start", "test"));
        int holder = b.addTask(1, 1, "postgres");
        int waiter = b.addTask(2, 2, "conn2");
        long t0 = LockHolderPreemption.us(0);
        b.slice(0, t0, LockHolderPreemption.us(100), waiter, SliceState.USER);
        b.slice(1, t0, LockHolderPreemption.us(100), holder, SliceState.USER);
        b.lock("mmap_lock", "rwsem", true).hold(LockHolderPreemption.us(50), LockHolderPreemption.us(60), waiter);
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, t0, 1, holder, "mmap_lock holder stolen for 40 us, 2 waiting");
        b.mark(MarkKind.LOCK_HANDOFF, t0, 0, waiter, "mmap_lock free for 50 us with HANDOFF set, up to 2 CPUs spinning on it");
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, t0, 1, holder,
                "mmap_lock holder stolen for 40 us, 2 waiting (from the window's start; off CPU 7 us before it)");
        b.mark(MarkKind.LOCK_HANDOFF, t0, 0, waiter, "mmap_lock free for 50 us with HANDOFF set, up to 2 CPUs spinning"
                + " on it (from the window's start; HANDOFF set 9 us before it)");
        Dataset d = b.build();
        for (int i = 0; i < 4; i++) {
            String why = org.schedlab.analysis.MarkExplainer.explain(d, i);
            assertEquals(i >= 2, why.contains("It began before the recording"), why);
        }
    }
}
