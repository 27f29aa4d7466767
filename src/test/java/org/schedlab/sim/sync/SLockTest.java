package org.schedlab.sim.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.sim.sync.LockTestRig.MS;
import static org.schedlab.sim.sync.LockTestRig.US;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.SpinDelay;

class SLockTest {
    private static SLock lock(LockTestRig rig) {
        return new SLock(rig.kernel, "test_lock", SpinDelay.ISB, 50, new SpinsPerDelayTable(100));
    }

    private static LockTestRig.SLockUser user(LockTestRig rig, SLock l, int cpu, long start, long hold, long gap, int n) {
        Site site = rig.kernel.site("s_lock (test)");
        LockTestRig.SLockUser u = new LockTestRig.SLockUser(l, site, start, hold, gap, n);
        u.self = rig.spawn(cpu, u);
        return u;
    }

    @Test
    void waiterSpinsOneRoundThenSleepsOneMillisecondWhileTheLockIsHeld() {
        LockTestRig rig = new LockTestRig(2, SpinDelay.ISB, 50);
        SLock l = lock(rig);
        user(rig, l, 0, 1, 20 * MS, 0, 1);
        LockTestRig.SLockUser waiter = user(rig, l, 1, 100 * US, 1 * US, 0, 1);
        rig.runUntil(100 * US + 2 * US);
        assertEquals(1, l.stats().waiters(), "the waiter is in s_lock");
        // A round is spins_per_delay (100) x 12 ns of ISB; then pg_usleep(1 ms).
        rig.runUntil(100 * US + 5 * US);
        assertEquals(1, waiter.sleeps);
        rig.runUntil(100 * MS);
        assertTrue(waiter.acquiredAtNs >= 20 * MS, "no acquisition while held");
        assertTrue(waiter.acquiredAtNs < 20 * MS + 20 * MS, "the growing sleeps end within one more sleep");
        assertEquals(2, l.stats().acquisitions() + 0 * waiter.sleeps);
        assertEquals(1, l.stats().contended());
        assertTrue(waiter.sleeps >= 4 && waiter.sleeps <= 9, "1, 1-2, ... ms sleeps in 20 ms: " + waiter.sleeps);
        assertEquals(99, l.spinsPerDelay().of(waiter.self.id()).value(), "slept: spins_per_delay - 1");
    }

    @Test
    void spinnerOnACpuTakesTheLockWithinLineTransfersOfTheRelease() {
        LockTestRig rig = new LockTestRig(2, SpinDelay.ISB, 50);
        SLock l = lock(rig);
        LockTestRig.SLockUser holder = user(rig, l, 0, 1, 500, 0, 1);
        LockTestRig.SLockUser waiter = user(rig, l, 1, 200, 100, 0, 1);
        rig.runUntil(1 * MS);
        long releaseAt = holder.acquiredAtNs + 500;
        assertTrue(waiter.acquiredAtNs > releaseAt, "after the release");
        assertTrue(waiter.acquiredAtNs < releaseAt + 500, "within a few line transfers: "
            + (waiter.acquiredAtNs - releaseAt));
        assertEquals(0, waiter.sleeps);
        assertEquals(200, l.spinsPerDelay().of(waiter.self.id()).value(), "no sleep: spins_per_delay + 100");
    }

    @Test
    void spinningIsSimulatedAsIntervalsNotIterations() {
        LockTestRig rig = new LockTestRig(8, SpinDelay.NONE, 50);
        SLock l = lock(rig);
        user(rig, l, 0, 1, 200 * MS, 0, 1);
        for (int cpu = 1; cpu < 8; cpu++) {
            user(rig, l, cpu, 10 * US, 1 * US, 0, 1);
        }
        rig.runUntil(400 * MS);
        assertEquals(8, l.stats().acquisitions());
        // 7 waiters x ~13 rounds of 100 iterations = ~9000 iterations; a handful of events per round.
        assertTrue(rig.engine.eventCount() < 3_000, "events: " + rig.engine.eventCount());
    }

    @Test
    void stuckSpinlockAfterAThousandSleepsEndsTheRun() {
        LockTestRig rig = new LockTestRig(2, SpinDelay.ISB, 50);
        SLock l = lock(rig);
        user(rig, l, 0, 1, 3_600_000 * MS, 0, 1);
        user(rig, l, 1, 10 * US, 1 * US, 0, 1);
        StuckSpinlockException e = assertThrows(StuckSpinlockException.class, () -> rig.runUntil(3_600_000 * MS));
        assertTrue(e.getMessage().startsWith("stuck spinlock detected at test_lock"), e.getMessage());
        assertTrue(rig.kernel.nowNs() > 60_000 * MS && rig.kernel.nowNs() < 1_000_000 * MS,
            "PostgreSQL: 'usually take 2 or so minutes', was " + rig.kernel.nowNs() / MS + " ms");
    }

    @Test
    void aSleepersReadsOfTheLineArePaidInItsSpinsNotInItsLaterHold() {
        // the waiter sleeps 4-9 times while the lock is held for 20 ms; each time back from
        // pg_usleep it reads the line (50 ns) before TAS_SPIN: spinning time, not its 1 us hold
        LockTestRig rig = new LockTestRig(2, SpinDelay.ISB, 50);
        SLock l = lock(rig);
        user(rig, l, 0, 1, 20 * MS, 0, 1);
        LockTestRig.SLockUser waiter = user(rig, l, 1, 100 * US, 1 * US, 0, 1);
        rig.runUntil(100 * MS);
        assertTrue(waiter.sleeps >= 4, "sleeps: " + waiter.sleeps);
        long hold = l.stats().holdNs().getMinValue();
        // its hold: 1 us of work, the last read and its TAS (2 x 50 ns), the two release writes
        assertTrue(hold <= 1 * US + 4 * 50, "the waiter held the lock " + hold + " ns");
    }
}
