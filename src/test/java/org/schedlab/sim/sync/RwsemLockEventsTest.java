package org.schedlab.sim.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.sim.sync.RwsemRig.MS;
import static org.schedlab.sim.sync.RwsemRig.US;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.kernel.PreemptionModel;
import org.schedlab.sim.sync.RwsemEvents.Event;

/**
 * The rwsem's lock event counts follow the kernel's lockevent_inc() sites, and are named as the
 * modelled kernel names them (lock_events_list.h of v5.10, and after the 2023 series).
 */
class RwsemLockEventsTest {
    private static RwsemEvents events(RwsemRig rig) {
        return rig.sem.stats().rwsemEvents();
    }

    /** A writer holds the lock 10..210 us on CPU 0; a reader wants it at 50 us on CPU 1. */
    private static RwsemRig writerThenReader(boolean readerSpinning) {
        RwsemRig rig = new RwsemRig(2, readerSpinning, PreemptionModel.VOLUNTARY, 10 * MS);
        rig.writer(10 * US, 200 * US, 0, 1).start(0);
        rig.reader(50 * US, 5 * US, 0, 1).start(1);
        rig.runUntil(1 * MS);
        return rig;
    }

    @Test
    void aSpinningReaderCountsAnOptimisticReadLockAndNoSleep() {
        RwsemRig rig = writerThenReader(true);
        RwsemEvents ev = events(rig);
        assertEquals(1, ev.count(Event.OPT_RLOCK));
        assertEquals(0, ev.count(Event.RLOCK));
        assertEquals(0, ev.count(Event.SLEEP_READER));
        assertEquals(0, ev.count(Event.OPT_FAIL));
        assertEquals(0, ev.count(Event.WLOCK), "the writer's fast path is not a lock event");
        assertEquals(1, ev.readPhases());
        assertEquals(1, ev.readAcquisitions());
        rig.finish();
    }

    @Test
    void aReaderSpinningBehindARunningWriterSpendsItsCpuWhileAWriterOwnsTheLock() {
        // the reader spins from ~50 us until the writer's release at 210 us
        RwsemRig rig = writerThenReader(true);
        java.util.Map<RwsemEvents.SpinWhile, Long> spin = events(rig).spinNs();
        long w = spin.get(RwsemEvents.SpinWhile.WRITER);
        assertTrue(w > 140 * US && w < 165 * US, "spun while the writer owned it: " + w + " ns");
        // the take is modelled at the instant the head decides; the spin's last observe-and-take
        // time (~0.2 us) is then spent on a lock its spinner already holds for read
        assertTrue(spin.get(RwsemEvents.SpinWhile.READERS) < 1 * US, spin.toString());
        assertEquals(0, spin.get(RwsemEvents.SpinWhile.HANDOFF));
        assertEquals(0, spin.get(RwsemEvents.SpinWhile.FREE));
        rig.finish();
    }

    @Test
    void withoutReaderSpinningTheReaderSleepsIsWokenAndCountsAReadLock() {
        RwsemRig rig = writerThenReader(false);
        RwsemEvents ev = events(rig);
        assertEquals(1, ev.count(Event.SLEEP_READER));
        assertEquals(1, ev.count(Event.WAKE_READER));
        assertEquals(1, ev.count(Event.RLOCK));
        assertEquals(0, ev.count(Event.OPT_RLOCK));
        assertEquals(0, ev.count(Event.RLOCK_STEAL), "the writer held it: nothing to steal");
        rig.finish();
    }

    @Test
    void aWritersReleaseGrantsTheQueuedReadersAsOneReadPhase() {
        RwsemRig rig = new RwsemRig(12, false, PreemptionModel.VOLUNTARY, 10 * MS);
        rig.writer(10 * US, 300 * US, 0, 1).start(0);
        for (int i = 0; i < 8; i++) {
            rig.reader((50 + 5 * i) * US, 20 * US, 0, 1).start(1 + i);
        }
        rig.runUntil(1 * MS);
        RwsemEvents ev = events(rig);
        assertEquals(1, ev.count(Event.WAKE_READER), "one rwsem_mark_wake() grants all eight: counted once");
        assertEquals(8, ev.count(Event.RLOCK));
        assertEquals(8, ev.count(Event.SLEEP_READER));
        assertEquals(1, ev.readPhases());
        assertEquals(8, ev.readAcquisitions());
        rig.finish();
    }

    @Test
    void readersArrivingOneByOneOnAFreeLockAreAPhaseEach() {
        RwsemRig rig = new RwsemRig(2, false, PreemptionModel.VOLUNTARY, 10 * MS);
        rig.reader(10 * US, 5 * US, 100 * US, 3).start(0);
        rig.runUntil(1 * MS);
        RwsemEvents ev = events(rig);
        assertEquals(3, ev.readPhases());
        assertEquals(3, ev.readAcquisitions());
        assertEquals(0, ev.count(Event.RLOCK), "fast path each time: no lock event");
        rig.finish();
    }

    @Test
    void adaptiveDisablingCountsTheWritersTimeoutAndTheRdBitSetThenCarriedIntoTheNextReadPhase() {
        // r1 reads 10..210 us; w spins on it from 22 us, times out at ~32.5 us (rwsem_opt_nospin,
        // both nonspinnable bits), queues and, holding the lock at 210 us, sets the RD bit
        // (rwsem_opt_norspin); r2 enters at 100 us, may not spin (rwsem_opt_fail), sleeps, and the
        // grant at w's release carries its RD bit into the new reader phase (rwsem_opt_norspin)
        RwsemRig rig = new RwsemRig(4, true, PreemptionModel.VOLUNTARY, 10 * MS);
        rig.reader(10 * US, 200 * US, 0, 1).start(0);
        rig.writer(20 * US, 50 * US, 0, 1).start(1);
        rig.reader(100 * US, 10 * US, 0, 1).start(2);
        rig.runUntil(2 * MS);
        RwsemEvents ev = events(rig);
        assertEquals(1, ev.count(Event.OPT_NOSPIN));
        assertEquals(2, ev.count(Event.OPT_NORSPIN));
        assertEquals(2, ev.count(Event.OPT_FAIL), "the writer's failed spin, the reader's refused one");
        assertEquals(1, ev.count(Event.WAKE_WRITER));
        assertEquals(1, ev.count(Event.SLEEP_WRITER));
        assertEquals(1, ev.count(Event.WLOCK));
        assertEquals(1, ev.count(Event.WAKE_READER));
        assertEquals(1, ev.count(Event.SLEEP_READER));
        assertEquals(1, ev.count(Event.RLOCK));
        assertEquals(0, ev.count(Event.OPT_RLOCK));
        assertEquals(2, ev.readPhases());
        rig.finish();
    }

    @Test
    void anRtWriterStopsSpinningOnReadersAtOnceAndSetsNoNonspinnableBits() {
        // as in the adaptive-disabling scene, but the writer is SCHED_FIFO: rwsem_optimistic_spin()
        // lets an RT task spin only on a writer owner, so it queues at once, without the time
        // limit; with no nonspinnable bits set, the later reader may spin, and takes the lock
        RwsemRig rig = new RwsemRig(4, true, PreemptionModel.VOLUNTARY, 10 * MS);
        rig.reader(10 * US, 200 * US, 0, 1).start(0);
        RwsemRig.User w = rig.writer(20 * US, 50 * US, 0, 1);
        w.startFifo(1, 10);
        rig.reader(100 * US, 10 * US, 0, 1).start(2);
        rig.runUntil(2 * MS);
        RwsemEvents ev = events(rig);
        assertEquals(0, ev.count(Event.OPT_NOSPIN));
        assertEquals(0, ev.count(Event.OPT_NORSPIN));
        assertEquals(1, ev.count(Event.OPT_FAIL), "the RT writer's spin");
        assertEquals(1, ev.count(Event.OPT_RLOCK), "the later reader spins on the reader-owned lock and takes it");
        assertEquals(1, w.sleeps);
        assertTrue(w.spinEndedAtNs.get(0) < 25 * US, "stopped at once, not after ~10.5 us: " + w.spinEndedAtNs.get(0));
        rig.finish();
    }

    @Test
    void countersCarryTheNamesOfTheModelledKernel() {
        RwsemEvents v510 = new RwsemEvents(true, () -> { });
        RwsemEvents series = new RwsemEvents(false, () -> { });
        assertEquals(List.of("rwsem_sleep_reader", "rwsem_sleep_writer", "rwsem_wake_reader", "rwsem_wake_writer",
                "rwsem_opt_rlock", "rwsem_opt_wlock", "rwsem_opt_fail", "rwsem_opt_nospin", "rwsem_opt_norspin",
                "rwsem_opt_rlock2", "rwsem_rlock", "rwsem_rlock_fast", "rwsem_rlock_handoff", "rwsem_wlock",
                "rwsem_wlock_handoff"), List.copyOf(v510.byName().keySet()));
        assertEquals(List.of("rwsem_sleep_reader", "rwsem_sleep_writer", "rwsem_wake_reader", "rwsem_wake_writer",
                "rwsem_opt_lock", "rwsem_opt_fail", "rwsem_opt_nospin", "rwsem_rlock", "rwsem_rlock_steal",
                "rwsem_rlock_fast", "rwsem_rlock_handoff", "rwsem_wlock", "rwsem_wlock_handoff"),
                List.copyOf(series.byName().keySet()));
        assertNull(Event.RLOCK_STEAL.name(true), "v5.10 has no reader lock stealing");
        assertFalse(series.byName().containsKey("rwsem_opt_rlock"));
    }

    @Test
    void theCountsRestartWithTheLocksOtherStatistics() {
        RwsemRig rig = writerThenReader(false);
        rig.sem.stats().reset();
        RwsemEvents ev = events(rig);
        for (Event e : Event.values()) {
            assertEquals(0, ev.count(e), e.name());
        }
        assertEquals(0, ev.readPhases());
        rig.finish();
    }
}
