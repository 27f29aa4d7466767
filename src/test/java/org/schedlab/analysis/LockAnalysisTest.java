package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.WaitMode;

class LockAnalysisTest {
    private final Dataset d = LockHolderPreemption.dataset();

    @Test
    void readersHoldingTogetherAreLockedOnceNotAddedUp() throws Exception {
        // the Locks tab said mmap_lock was "held 36.2 s" in a 1 s run: 200 granted readers' holds added up
        DatasetBuilder b = Dataset.builder(Metadata.of("rwsem", "test"));
        int r1 = b.addTask(1, 1, "conn1");
        int r2 = b.addTask(2, 1, "conn2");
        b.slice(0, 0, 1_000, r1, SliceState.USER);
        b.slice(1, 0, 1_000, r2, SliceState.USER);
        b.lock("mmap_lock", "rwsem", true).hold(100, 600, r1, LockLane.HOLD_READ).hold(200, 700, r2, LockLane.HOLD_READ)
                .hold(800, 900, r1, LockLane.HOLD_WRITE);
        Dataset rw = b.build();
        LockStatistics.Row row = LockStatistics.of(LockIndex.of(rw), 0, 1_000).get(0);
        assertEquals(1_100, row.holdNs(), "the holds added up");
        assertEquals(700, row.lockedNs(), "100..700 and 800..900: the time anyone held it");
        assertEquals(400 + 50, LockStatistics.of(LockIndex.of(rw), 300, 850).get(0).lockedNs(), "cut at the scope");
    }

    @Test
    void aSavedRwsemsTableCountsReadPhasesFromItsReadHolds() throws Exception {
        // `table run.json.gz` of a saved case B run had no readersPerPhase row, which compare has
        DatasetBuilder b = Dataset.builder(Metadata.of("rwsem", "test"));
        int r1 = b.addTask(1, 1, "conn1");
        int r2 = b.addTask(2, 1, "conn2");
        int w = b.addTask(3, 1, "conn3");
        b.slice(0, 0, 100, r1, org.schedlab.model.SliceState.USER);
        b.lock("mmap_lock", "rwsem", true)
                .hold(0, 10, r1, LockLane.HOLD_READ).hold(5, 20, r2, LockLane.HOLD_READ) // one phase, two readers
                .hold(20, 30, r1, LockLane.HOLD_READ) // the count dropped to 0 at 20: a new phase
                .hold(30, 40, w, LockLane.HOLD_WRITE).hold(40, 50, w, LockLane.HOLD_READ); // downgrade: a phase
        com.fasterxml.jackson.databind.JsonNode rp = DatasetSummary.of(b.build()).path("locks").get(0)
                .path("readPhases");
        assertEquals(3, rp.path("count").asLong(), rp.toString());
        assertEquals(1.333, rp.path("readersPerPhase").asDouble(), 1e-9);
        DatasetBuilder old = Dataset.builder(Metadata.of("rwsem", "test"));
        int t = old.addTask(1, 1, "conn1");
        old.slice(0, 0, 100, t, org.schedlab.model.SliceState.USER);
        old.lock("mmap_lock", "rwsem", true).hold(0, 10, t);
        assertTrue(DatasetSummary.of(old.build()).path("locks").get(0).path("readPhases").isMissingNode(),
                "a lane that does not say read or write has no read phases, not 0");
    }

    @Test
    void holderOffCpuIsTheHoldMinusTheHoldersRunsOnAnyCpu() {
        List<Intervals> off = HolderOffCpu.of(d);
        assertEquals(1, off.size());
        Intervals s = off.get(0);
        assertEquals(1, s.size(), "only the preempted holder; the backends and the sleeper run while holding");
        assertEquals(us(150), s.startNs(0));
        assertEquals(us(350), s.endNs(0));
        assertEquals(LockHolderPreemption.HOLDER, s.task(0));
    }

    @Test
    void holderOnAnotherCpuCountsAsRunningAndStolenTimeDoesNot() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("migrating holder", "test"));
        int h = b.addTask(1, 1, "holder");
        b.slice(0, 0, 100, h, SliceState.USER)
                .slice(0, 100, 150, Intervals.NO_TASK, SliceState.IDLE)
                .slice(1, 150, 200, h, SliceState.KERNEL)   // migrated: still on a CPU
                .slice(1, 200, 260, h, SliceState.STOLEN)   // vCPU stolen while holding
                .slice(1, 260, 400, h, SliceState.USER);
        b.lock("l", "mutex", false).hold(50, 300, h);
        Intervals s = HolderOffCpu.of(b.build()).get(0);
        assertEquals(2, s.size());
        assertEquals(100, s.startNs(0));
        assertEquals(150, s.endNs(0));
        assertEquals(200, s.startNs(1));
        assertEquals(260, s.endNs(1));
        assertEquals(110, HolderOffCpu.nsWithin(s, 0, 1000));
        assertEquals(30 + 10, HolderOffCpu.nsWithin(s, 120, 210));
    }

    @Test
    void holdWithNoRunAtAllIsOffCpuWhole() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("asleep holder", "test"));
        int h = b.addTask(1, 1, "holder");
        int other = b.addTask(2, 2, "other");
        b.slice(0, 0, 1000, other, SliceState.USER);
        b.lock("rwsem", "rwsem", true).hold(100, 500, h).hold(200, 300, other);
        Intervals s = HolderOffCpu.of(b.build()).get(0);
        assertEquals(1, s.size());
        assertEquals(100, s.startNs(0));
        assertEquals(500, s.endNs(0));
    }

    @Test
    void waiterCountsStepUpAsBackendsStartSpinningAndSplitSpinFromSleep() {
        WaiterCounts w = WaiterCounts.of(d.locks().get(0));
        assertEquals(0, w.spinningAt(us(164)));
        assertEquals(1, w.spinningAt(us(165)));
        assertEquals(7, w.spinningAt(us(199)));
        assertEquals(8, w.spinningAt(us(200)));
        assertEquals(1, w.sleepingAt(us(200)));
        assertEquals(0, w.sleepingAt(us(199)));
        assertEquals(7, w.spinningAt(us(400)), "backend 1 stops waiting when it acquires at 400");
        assertEquals(0, w.spinningAt(us(470)));
        assertEquals(0, w.sleepingAt(us(480)));
        assertEquals(9, w.maxTotal());
    }

    @Test
    void waiterHandOverAtOneInstantDoesNotCountTwice() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("hand-over", "test"));
        int a = b.addTask(1, 1, "a");
        int c = b.addTask(2, 2, "c");
        b.lock("l", "spinlock", false).waitFor(0, 100, a, WaitMode.SPIN).waitFor(100, 200, c, WaitMode.SPIN);
        WaiterCounts w = WaiterCounts.of(b.build().locks().get(0));
        assertEquals(1, w.maxTotal());
        assertEquals(1, w.spinningAt(100));
        assertEquals(0, w.spinningAt(200));
    }

    @Test
    void aHandoffStallMarkCountsForItsLockNotAsAHolderPreemption() {
        var stall = org.schedlab.fixtures.HandoffStall.dataset();
        LockIndex index = LockIndex.of(stall);
        LockStatistics.Row all = LockStatistics.of(index, stall.startNs(), stall.endNs()).get(0);
        assertEquals(1, all.handoffStallMarks());
        assertEquals(0, all.holderPreemptionMarks());
        LockStatistics.Row after = LockStatistics.of(index, us(300), stall.endNs()).get(0);
        assertEquals(0, after.handoffStallMarks(), "the stall marked at 100 ended at 300");
    }

    /**
     * A range selected inside an episode (the holder off CPU from 150 to 350, the lock free for
     * its waiter from 100 to 300) counts it, as the window summary of that range does: its cut
     * marks the episode going on at its start. Counted by the marks' times, [300, 450) had no
     * holder preemption where its window summary had one.
     */
    @Test
    void aRangeStartingInsideAnEpisodeCountsItAsItsWindowSummaryDoes() {
        LockIndex index = LockIndex.of(d);
        long[][] ranges = {{us(300), us(450)}, {us(150), us(151)}, {us(349), us(600)}, {us(350), us(600)},
                {us(0), us(150)}, {us(200), d.endNs()}};
        long[] expected = {1, 1, 1, 0, 0, 1};
        for (int r = 0; r < ranges.length; r++) {
            long from = ranges[r][0];
            long to = ranges[r][1];
            String range = "[" + (from - us(0)) / 1000 + ", " + (to - us(0)) / 1000 + ") us";
            long marks = LockStatistics.of(index, from, to).get(0).holderPreemptionMarks();
            assertEquals(expected[r], marks, range);
            var summary = DatasetSummary.of(d.crop(from, to));
            assertEquals(summary.path("locks").get(0).path("holderPreemptions").asLong(), marks,
                    "the window summary of " + range);
        }
        var stall = org.schedlab.fixtures.HandoffStall.dataset();
        LockIndex stallIndex = LockIndex.of(stall);
        for (long fromUs : new long[] {150, 299, 300}) {
            long marks = LockStatistics.of(stallIndex, us(fromUs), stall.endNs()).get(0).handoffStallMarks();
            assertEquals(fromUs < 300 ? 1 : 0, marks, "from " + fromUs + " us");
            assertEquals(stall.crop(us(fromUs), stall.endNs()).marks().count(MarkKind.LOCK_HANDOFF), marks,
                    "its window from " + fromUs + " us");
        }
    }

    @Test
    void aWaitThatSpinsSleepsAndSpinsAgainIsOneWaitOfItsWholeLength() {
        Dataset w = org.schedlab.fixtures.RecordedWindow.dataset();
        LockStatistics.Row all = LockStatistics.of(LockIndex.of(w), w.startNs(), w.endNs()).get(0);
        // counted by segment, C's spin-sleep-spin wait was two spin waits and a sleep wait
        assertEquals(3, all.spinWaits(), "B, F and G only spun");
        assertEquals(2, all.sleepWaits(), "C and E slept at some point");
        // the distribution takes only waits the recording saw whole: B's began before it (cut at 0),
        // E's, F's and G's go on past its end (cut at 10 ms); only C's 2500 us is a measured length
        assertEquals(1, all.waitUs().count());
        assertEquals(2500, all.waitUs().meanUs(), 1e-9);
        assertEquals(2500, all.waitUs().maxUs(), 1e-9);

        assertEquals(org.schedlab.fixtures.RecordedWindow.us(1000 + 1000 + 500 + 1000 + 1000 + 1000),
                all.spinWaitNs(), "time spent spinning still by segment");
        assertEquals(org.schedlab.fixtures.RecordedWindow.us(1000 + 1000), all.sleepWaitNs());

        LockStatistics.Row late = LockStatistics.of(LockIndex.of(w), org.schedlab.fixtures.RecordedWindow.us(2600),
                org.schedlab.fixtures.RecordedWindow.us(3000)).get(0);
        assertEquals(0, late.spinWaits(), "C spins again in [2500, 3000), but its wait slept");
        assertEquals(1, late.sleepWaits());
        assertEquals(0, late.waitUs().count(), "C's wait began before the range");
    }

    @Test
    void perfLocksFirstWaitBeganWithTheRecordingAndCountsWhole() throws Exception {
        // perf lock record: the file's first event is a contention_begin, so the recording starts
        // with that wait; it was left out of the distribution as if cut, and the Locks tab's longest
        // wait read 2552 us against perf lock contention's 6.90 ms for the same recording
        org.schedlab.model.DatasetBuilder b = org.schedlab.model.Dataset.builder(
                org.schedlab.model.Metadata.of("runC_perf_lock_script.txt", "perf-script"));
        int pg = b.addTask(8127, 8127, "postgres");
        int bench = b.addTask(8124, 8124, "pgbench");
        b.lock("0xffff888627c2ba40", "spinlock", false)
                .waitFor(0, 6_896_000, pg, org.schedlab.model.WaitMode.SPIN)
                .waitFor(7_000_000, 7_020_000, bench, org.schedlab.model.WaitMode.SPIN)
                .waitFor(8_000_000, 9_000_000, bench, org.schedlab.model.WaitMode.SPIN);
        b.counter("x", "").add(0, 0).add(10_000_000, 0);
        org.schedlab.model.Dataset d = b.build();
        LockStatistics.Row all = LockStatistics.of(LockIndex.of(d), d.startNs(), d.endNs()).get(0);
        assertEquals(3, all.waits());
        assertEquals(3, all.waitUs().count(), "every wait began at a recorded contention_begin");
        assertEquals(6896.0, all.waitUs().maxUs(), 1e-9);
        assertEquals(LockWaits.of(d, d.locks().get(0)).waitUs().maxUs(), all.waitUs().maxUs(), 1e-9,
                "as import and table say");
    }

    @Test
    void theRealPerfLockRecordingsLongestWaitIsPerfLockContentionsMaxWait() throws Exception {
        // runC: perf lock contention prints wake_up_q+0x33 with max wait 6.90 ms; the recording's
        // first line is that wait's contention_begin
        org.schedlab.model.Dataset d = org.schedlab.io.read.Fixtures
                .importAll("real/pgbench-local/runC_perf_lock_script.txt").dataset();
        int lane = 0;
        while (!d.locks().get(lane).name().equals("0xffff888627c2ba40")) {
            lane++;
        }
        LockStatistics.Row row = LockStatistics.of(LockIndex.of(d), d.startNs(), d.endNs()).get(lane);
        assertEquals(6896.0, row.waitUs().maxUs(), 1e-9);
        assertEquals(997, row.waits());
    }

    @Test
    void theLongestHoldIsOneTheRecordingSawWhole() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("window", "test"));
        int h = b.addTask(1, 1, "holder");
        int o = b.addTask(2, 2, "other");
        b.slice(0, 0, 10_000, h, SliceState.USER).slice(1, 0, 10_000, o, SliceState.USER);
        // held since before the recording began, then 100 ns whole, then held past its end
        b.lock("l", "mutex", false).hold(0, 5_000, h).hold(6_000, 6_100, o).hold(9_000, 10_000, h);
        Dataset w = b.build();
        LockStatistics.Row all = LockStatistics.of(LockIndex.of(w), w.startNs(), w.endNs()).get(0);
        assertEquals(3, all.holds(), "every hold counts");
        assertEquals(100, all.maxHoldNs(), "not the 5,000 ns the recording cut at its start");
    }

    @Test
    void lockStatisticsOverTheWholeRunAndInsideARange() {
        LockIndex index = LockIndex.of(d);
        LockStatistics.Row all = LockStatistics.of(index, d.startNs(), d.endNs()).get(0);
        assertEquals(LockHolderPreemption.LOCK, all.name());
        assertEquals(10, all.holds());
        assertEquals(8, all.spinWaits());
        assertEquals(1, all.sleepWaits());
        assertEquals(9, all.maxWaiters());
        assertEquals(1, all.offCpuStretches());
        assertEquals(200_000, all.offCpuNs());
        assertEquals(1, all.holderPreemptionMarks());
        assertEquals(0, all.handoffStallMarks());
        assertEquals(300_000, all.maxHoldNs());
        long spinNs = 0;
        for (int k = 1; k <= 8; k++) {
            spinNs += (LockHolderPreemption.acquireUs(k) - LockHolderPreemption.spinStartUs(k)) * 1000;
        }
        assertEquals(spinNs, all.spinWaitNs());
        assertEquals(280_000, all.sleepWaitNs());
        assertEquals(9, all.waitUs().count());

        // [300, 450): the holder's hold and 5 backend holds touch it, stretch clipped to 50 us
        LockStatistics.Row part = LockStatistics.of(index, us(300), us(450)).get(0);
        assertEquals(6, part.holds());
        assertEquals(50_000, part.offCpuNs());
        assertEquals(1, part.holderPreemptionMarks(), "marked at 150, the holder is off CPU until 350");
        assertEquals(9, part.maxWaiters());
        assertEquals(0, part.waitUs().count(), "no wait started inside the range");
        assertTrue(part.spinWaits() == 8 && part.sleepWaits() == 1);
    }

    /**
     * Which episodes going on at a range's start are a lock's: with two locks, only those whose
     * note names it; with one, also a file's note that names none (as the marks inside the range
     * are counted). And a range to the data's end counts a mark at its last instant, as its cut has.
     */
    @Test
    void aRangeCountsOnlyItsLocksEpisodesGoingOnAndThoseAtTheDatasLastInstant() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("two-locks", "test"));
        int holder = b.addTask(1, 1, "postgres");
        b.slice(0, 0, 1_000_000, holder, SliceState.USER);
        b.lock("a", "spinlock", false).hold(0, 10, holder);
        b.lock("b", "spinlock", false).hold(0, 10, holder);
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 100_000, 0, holder, "b holder preempted for 500 us, 2 waiting");
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 1_000_000, 0, holder, "a holder preempted for 0 us, 1 waiting");
        Dataset two = b.build();
        List<LockStatistics.Row> rows = LockStatistics.of(LockIndex.of(two), 300_000, two.endNs());
        assertEquals(1, rows.get(0).holderPreemptionMarks(), "a's: the one at the data's last instant");
        assertEquals(1, rows.get(1).holderPreemptionMarks(), "b's: the one going on at 300 us");
        var summary = DatasetSummary.of(two.crop(300_000, two.endNs())).path("locks");
        assertEquals(1, summary.get(0).path("holderPreemptions").asLong(), "as the cut's summary counts");
        assertEquals(1, summary.get(1).path("holderPreemptions").asLong());

        DatasetBuilder one = Dataset.builder(Metadata.of("one-lock", "test"));
        int t = one.addTask(1, 1, "postgres");
        one.slice(0, 0, 1_000_000, t, SliceState.USER);
        one.lock("a", "spinlock", false).hold(0, 10, t);
        one.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 100_000, 0, t, "holder preempted for 500 us");
        Dataset single = one.build();
        LockIndex index = LockIndex.of(single);
        assertEquals(1, LockStatistics.of(index, 0, 200_000).get(0).holderPreemptionMarks(), "marked in the range");
        assertEquals(1, LockStatistics.of(index, 300_000, 400_000).get(0).holderPreemptionMarks(),
                "going on at its start");
    }
}
