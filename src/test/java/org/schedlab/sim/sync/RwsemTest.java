package org.schedlab.sim.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.sim.sync.RwsemRig.MS;
import static org.schedlab.sim.sync.RwsemRig.US;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.LockLane;
import org.schedlab.model.SliceState;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.kernel.PreemptionModel;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.kernel.TaskSpec;

/** The rwsem's rules, one small scene each, under the checking recorder. */
class RwsemTest {
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void readersHoldTogether(boolean readerSpinning) {
        RwsemRig rig = new RwsemRig(4, readerSpinning, PreemptionModel.VOLUNTARY, 10 * MS);
        List<RwsemRig.User> readers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            RwsemRig.User r = rig.reader(10 * US, 50 * US, 0, 1);
            r.start(i);
            readers.add(r);
        }
        rig.runUntil(30 * US);
        assertEquals(3, rig.sem.readers(), "three readers inside at once");
        rig.runUntil(1 * MS);
        for (RwsemRig.User r : readers) {
            // 10 us of user work after the first context switch (2 us)
            assertEquals(12 * US, r.acquiredAtNs.get(0), 1 * US, "no reader waited");
            assertEquals(0, r.spins + r.sleeps);
        }
        Dataset d = rig.finish();
        LockLane lane = d.locks().get(0);
        assertTrue(lane.shared());
        assertEquals(3, lane.holds().size());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aWriterWaitsForTheReadersAndLaterReadersForTheWriter(boolean readerSpinning) {
        RwsemRig rig = new RwsemRig(4, readerSpinning, PreemptionModel.VOLUNTARY, 10 * MS);
        RwsemRig.User r1 = rig.reader(10 * US, 100 * US, 0, 1);
        RwsemRig.User w = rig.writer(20 * US, 50 * US, 0, 1);
        RwsemRig.User r2 = rig.reader(40 * US, 10 * US, 0, 1);
        r1.start(0);
        w.start(1);
        r2.start(2);
        rig.runUntil(2 * MS);
        assertTrue(w.acquiredAtNs.get(0) >= r1.releasedAtNs.get(0), "writer after the reader");
        assertTrue(r2.acquiredAtNs.get(0) >= w.releasedAtNs.get(0), "the later reader queued behind the writer");
        rig.finish(); // the checking recorder saw no writer overlapping another hold
    }

    @Test
    void withReaderSpinningAReaderSpinsOnTheRunningWriterAndGetsTheLockAtOnce() {
        RwsemRig rig = new RwsemRig(2, true, PreemptionModel.VOLUNTARY, 10 * MS);
        RwsemRig.User w = rig.writer(10 * US, 200 * US, 0, 1);
        RwsemRig.User r = rig.reader(50 * US, 5 * US, 0, 1);
        w.start(0);
        r.start(1);
        rig.runUntil(1 * MS);
        assertTrue(r.spins >= 1, "spin steps (one per 100 us budget)");
        assertEquals(0, r.sleeps);
        long afterRelease = r.acquiredAtNs.get(0) - w.releasedAtNs.get(0);
        assertTrue(afterRelease >= 0 && afterRelease < 1 * US, "a spinner sees the release at once: " + afterRelease);
        long spinNs = rig.kernel.stats().stateNs(SliceState.SPINNING);
        assertTrue(spinNs > 150 * US, "the reader burned the writer's remaining hold spinning: " + spinNs);
        rig.finish();
    }

    @Test
    void withoutReaderSpinningTheReaderSleepsAndIsWokenThroughTheScheduler() {
        RwsemRig rig = new RwsemRig(2, false, PreemptionModel.VOLUNTARY, 10 * MS);
        RwsemRig.User w = rig.writer(10 * US, 200 * US, 0, 1);
        RwsemRig.User r = rig.reader(50 * US, 5 * US, 0, 1);
        w.start(0);
        r.start(1);
        rig.runUntil(1 * MS);
        assertEquals(0, r.spins);
        assertEquals(1, r.sleeps);
        long afterRelease = r.acquiredAtNs.get(0) - w.releasedAtNs.get(0);
        // idle CPU 1: wake-up IPI (3 us) and the context switch (2 us)
        assertTrue(afterRelease >= 5 * US, "woken through the wake-up path: " + afterRelease);
        assertEquals(0, rig.kernel.stats().stateNs(SliceState.SPINNING));
        rig.finish();
    }

    @Test
    void aWritersReleaseGrantsEveryQueuedReaderAtOnceEvenBehindAQueuedWriter() {
        RwsemRig rig = new RwsemRig(12, false, PreemptionModel.VOLUNTARY, 10 * MS);
        RwsemRig.User w = rig.writer(10 * US, 300 * US, 0, 1);
        w.start(0);
        List<RwsemRig.User> readers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            RwsemRig.User r = rig.reader((50 + 5 * i) * US, 20 * US, 0, 1);
            r.start(1 + i);
            readers.add(r);
        }
        RwsemRig.User w2 = rig.writer(62 * US, 10 * US, 0, 1);
        w2.start(9);
        rig.runUntil(200 * US);
        assertEquals(8, rig.sem.waiting(), "eight readers queued, the second writer spins on the running owner");
        rig.runUntil(1 * MS);
        long release = w.releasedAtNs.get(0);
        for (RwsemRig.User r : readers) {
            assertTrue(r.acquiredAtNs.get(0) >= release && r.acquiredAtNs.get(0) < release + 20 * US,
                    "granted at the writer's release, running after the wake-up");
        }
        long lastReader = readers.stream().mapToLong(r -> r.releasedAtNs.get(0)).max().orElseThrow();
        assertTrue(w2.acquiredAtNs.get(0) >= lastReader, "the second writer waits for the whole reader group");
        rig.finish();
    }

    @Test
    void oneWakeUpGrantsAtMostMaxReadersWakeup() {
        RwsemRig rig = new RwsemRig(16, false, PreemptionModel.VOLUNTARY, 0);
        RwsemRig.User w = rig.writer(10 * US, 3 * MS, 0, 1);
        w.start(0);
        int n = Rwsem.MAX_READERS_WAKEUP + 20;
        for (int i = 0; i < n; i++) {
            rig.reader(20 * US, 2 * MS, 0, 1).start(1 + i % 15);
        }
        rig.runUntil(2 * MS);
        assertEquals(n, rig.sem.waiting());
        rig.runUntil(w.self == null ? 0 : 3 * MS + 50 * US);
        assertEquals(1, w.releasedAtNs.size());
        assertEquals(Rwsem.MAX_READERS_WAKEUP, rig.sem.readers(), "one mark_wake grants 0x100 readers");
        assertEquals(20, rig.sem.waiting());
    }

    @Test
    void aWriterSpinsOnReadersForTenPlusReadersHalfMicrosecondsThenSleepsAndTurnsReaderSpinningOff() {
        RwsemRig rig = new RwsemRig(4, true, PreemptionModel.VOLUNTARY, 10 * MS);
        RwsemRig.User r1 = rig.reader(10 * US, 200 * US, 0, 1);
        RwsemRig.User w = rig.writer(20 * US, 50 * US, 0, 1);
        RwsemRig.User r2 = rig.reader(100 * US, 10 * US, 0, 1);
        r1.start(0);
        w.start(1);
        r2.start(2);
        rig.runUntil(2 * MS);
        // rwsem_rspin_threshold(): (20 + 1 reader) / 2 = 10.5 us, from the attempt at 22 us
        long spun = w.spinEndedAtNs.get(0) - 22 * US;
        assertEquals(10_500, spun, 500, "writer's spin on a reader-owned lock");
        assertEquals(1, w.sleeps);
        assertEquals(0, r2.spins, "the nonspinnable bits stop reader spinning");
        assertEquals(1, r2.sleeps);
        rig.finish();
    }

    @Test
    void spinnersStopWhenTheWriterIsPreempted() {
        RwsemRig rig = new RwsemRig(2, true, PreemptionModel.FULL, 10 * MS);
        RwsemRig.User w = rig.writer(10 * US, 500 * US, 0, 1);
        RwsemRig.User r = rig.reader(50 * US, 5 * US, 0, 1);
        w.start(0);
        r.start(1);
        rig.kernel.createTask(TaskSpec.fifo(900, 900, "rt", 50).onCpu(0), new Program() {
            private int step;

            @Override
            public void step(TaskContext ctx) {
                switch (step++) {
                    case 0:
                        ctx.sleep(100 * US, rig.kernel.site("rt"));
                        return;
                    case 1:
                        ctx.user(200 * US, rig.kernel.site("rt"));
                        return;
                    default:
                        ctx.exit();
                }
            }
        });
        rig.runUntil(2 * MS);
        assertEquals(1, r.spins);
        assertTrue(r.spinEndedAtNs.get(0) < 110 * US, "spin ended when the owner left its CPU: "
                + r.spinEndedAtNs.get(0));
        assertEquals(1, r.sleeps);
        assertTrue(rig.sem.stats().holderPreemptions() >= 1);
        rig.finish();
    }

    /** An RT task that sleeps until {@code wakeNs} on {@code cpu}, then computes for 200 us. */
    private static void rtWakingAt(RwsemRig rig, int cpu, long wakeNs) {
        rig.kernel.createTask(TaskSpec.fifo(900 + cpu, 900 + cpu, "rt", 50).onCpu(cpu), new Program() {
            private int step;

            @Override
            public void step(TaskContext ctx) {
                switch (step++) {
                    case 0:
                        ctx.sleep(wakeNs, rig.kernel.site("rt"));
                        return;
                    case 1:
                        ctx.user(200 * US, rig.kernel.site("rt"));
                        return;
                    default:
                        ctx.exit();
                }
            }
        });
    }

    @Test
    void aReaderWaitingInTheOsqBehindTheHeadAlsoLeavesWhenTheWriterIsPreempted() {
        RwsemRig rig = new RwsemRig(3, true, PreemptionModel.FULL, 10 * MS);
        RwsemRig.User w = rig.writer(10 * US, 500 * US, 0, 1);
        RwsemRig.User head = rig.reader(50 * US, 5 * US, 0, 1);
        RwsemRig.User next = rig.reader(60 * US, 5 * US, 0, 1);
        // bound to CPU 0: when the head sleeps, its idle CPU must not pull the writer back on
        w.startPinned(0);
        head.start(1);
        next.start(2);
        rtWakingAt(rig, 0, 100 * US);
        rig.runUntil(2 * MS);
        // osq_lock -> the head's rwsem_spin_on_owner() sees the owner off CPU and leaves; the
        // node passes to the next reader, which sees the same and leaves too: both queue
        for (RwsemRig.User r : new RwsemRig.User[] {head, next}) {
            assertEquals(1, r.spins);
            assertTrue(r.spinEndedAtNs.get(0) >= 100 * US && r.spinEndedAtNs.get(0) < 110 * US,
                    "spin ended when the owner left its CPU: " + r.spinEndedAtNs.get(0));
            assertEquals(1, r.sleeps);
            assertTrue(r.acquiredAtNs.get(0) >= w.releasedAtNs.get(0), "granted after the writer left");
        }
        rig.finish();
    }

    @Test
    void aSpinningReaderLeavesWhenNeedReschedIsSetOnItsOwnCpu() {
        RwsemRig rig = new RwsemRig(2, true, PreemptionModel.VOLUNTARY, 10 * MS);
        RwsemRig.User w = rig.writer(10 * US, 400 * US, 0, 1);
        RwsemRig.User r = rig.reader(50 * US, 5 * US, 0, 1);
        w.start(0);
        r.start(1);
        // an RT wake-up on the spinner's CPU sets NEED_RESCHED: rwsem_spin_on_owner() checks it
        rtWakingAt(rig, 1, 100 * US);
        rig.runUntil(2 * MS);
        assertEquals(1, r.spins);
        assertTrue(r.spinEndedAtNs.get(0) >= 100 * US && r.spinEndedAtNs.get(0) < 105 * US,
                "spin ended at the wake-up: " + r.spinEndedAtNs.get(0));
        assertEquals(1, r.sleeps, "a failed spin on a write-owned lock queues the reader");
        assertTrue(r.acquiredAtNs.get(0) >= w.releasedAtNs.get(0));
        rig.finish();
    }

    /** OSQ exits behind a stolen spinner, on 4 vCPUs with 30 % steal in 50 us bursts. */
    private static long osqExitsWithSteal(boolean seesPreemptedVcpu) {
        MachineConfig cfg = MachineConfig.defaults(4, PreemptionModel.VOLUNTARY).withSteal(0.3, 50 * US);
        RwsemRig rig = new RwsemRig(cfg, true, seesPreemptedVcpu, 50 * MS);
        rig.writer(10 * US, 100 * US, 30 * US, 300).start(0);
        for (int cpu = 1; cpu < 4; cpu++) {
            rig.reader(20 * US + cpu * US, 2 * US, 20 * US, 2000).start(cpu);
        }
        rig.runUntil(50 * MS);
        rig.finish(); // the checking recorder: never a writer beside readers
        return rig.sem.osqPreemptedExits();
    }

    @Test
    void onX86OsqWaitersBehindAStolenSpinnerLeaveOnArm64TheyWaitForIt() {
        assertTrue(osqExitsWithSteal(true) > 0, "vcpu_is_preempted(prev) in osq_lock");
        assertEquals(0, osqExitsWithSteal(false), "no vcpu_is_preempted on arm64 5.10");
    }

    @Test
    void withoutReaderSpinningStealingReadersMakeTheWriterHandOffAfterTheWaitTimeout() {
        RwsemRig rig = new RwsemRig(2, false, PreemptionModel.VOLUNTARY, 20 * MS);
        // one reader re-taking the lock 1 us after each release: the lock is free when it
        // comes back, so it steals it before the woken writer runs
        RwsemRig.User r = rig.reader(10 * US, 30 * US, 1 * US, 1000);
        RwsemRig.User w = rig.writer(20 * US, 10 * US, 0, 1);
        r.start(1);
        w.start(0);
        rig.runUntil(20 * MS);
        long waited = w.acquiredAtNs.get(0) - 20 * US;
        // queued in jiffy 0, RWSEM_WAIT_TIMEOUT = 1 jiffy: handoff once jiffies > 1, i.e. at 8 ms
        assertTrue(waited >= 8 * MS && waited < 8 * MS + 100 * US, "writer waited " + waited);
        assertEquals(1, rig.sem.handoffs());
        assertTrue(rig.sem.steals() > 200, "steals " + rig.sem.steals());
        assertTrue(r.sleeps >= 1, "the handoff bit stopped the stealing");
        rig.finish();
    }

    @Test
    void withReaderSpinningTheWritersTimeoutTurnsTheReaderAwayAtOnce() {
        RwsemRig rig = new RwsemRig(2, true, PreemptionModel.VOLUNTARY, 20 * MS);
        RwsemRig.User r = rig.reader(10 * US, 30 * US, 1 * US, 1000);
        RwsemRig.User w = rig.writer(20 * US, 10 * US, 0, 1);
        r.start(1);
        w.start(0);
        rig.runUntil(20 * MS);
        long waited = w.acquiredAtNs.get(0) - 20 * US;
        assertTrue(waited < 100 * US, "adaptive disabling queues the reader behind the writer: " + waited);
        assertEquals(0, rig.sem.handoffs());
        rig.finish();
    }

    @Test
    void lockStatsRefusesAWriterBesideReadersAndReadersBesideAWriter() {
        RwsemRig rig = new RwsemRig(2, false, PreemptionModel.VOLUNTARY, 0);
        var a = rig.spawn(0, ctx -> ctx.exit());
        var b = rig.spawn(1, ctx -> ctx.exit());
        LockStats shared = new LockStats(rig.kernel, "plain", "rwsem", true);
        shared.acquired(a, false, 0, false);
        shared.acquired(b, false, 0, false);
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> shared.acquired(rig.spawn(0, ctx -> ctx.exit()), false, 0, true));
        assertTrue(e.getMessage().contains("exclusively"), e.getMessage());
        shared.released(a);
        shared.released(b);
        shared.acquired(a, false, 0, true);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> shared.acquired(b, false, 0, false));
    }

    /** The cost reader spinning trades against wake-ups: a spinner keeps runnable work off its CPU. */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aSpinningReaderKeepsARunnableTaskOffItsCpuASleepingReaderDoesNot(boolean readerSpinning) {
        RwsemRig rig = new RwsemRig(2, readerSpinning, PreemptionModel.VOLUNTARY, 10 * MS);
        RwsemRig.User w = rig.writer(10 * US, 400 * US, 0, 1);
        RwsemRig.User r = rig.reader(50 * US, 5 * US, 0, 1);
        w.start(0);
        r.start(1);
        var hogSite = rig.kernel.site("hog");
        rig.kernel.createTask(TaskSpec.fair(950, 950, "hog").onCpu(1), ctx -> ctx.user(20 * US, hogSite));
        rig.runUntil(420 * US);
        long hogNs = rig.kernel.stats().siteNs(hogSite.id());
        if (readerSpinning) {
            assertTrue(hogNs < 150 * US, "the spinner held CPU 1 with preemption off: hog ran " + hogNs);
        } else {
            assertTrue(hogNs > 300 * US, "the sleeping reader left CPU 1 to the hog: " + hogNs);
        }
    }
}

