package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.LockLane;
import org.schedlab.model.Metadata;

/** How the lane of a lock that readers hold together is drawn: one longest-standing holder at a time. */
class SharedHoldsTest {
    private static LockLane rwsem(long[][] holds) throws InvalidDatasetException {
        DatasetBuilder b = Dataset.builder(Metadata.of("readers", "test"));
        int tasks = 0;
        for (long[] h : holds) {
            tasks = Math.max(tasks, (int) h[2] + 1);
        }
        for (int t = 0; t < tasks; t++) {
            b.addTask(100 + t, 100, "reader" + t);
        }
        DatasetBuilder.LockBuilder l = b.lock("mmap_lock", "rwsem", true);
        for (long[] h : holds) {
            l.hold(h[0], h[1], (int) h[2]);
        }
        return b.build().locks().get(0);
    }

    @Test
    void theLaneShowsTheLongestStandingReaderUntilItLetsGo() throws Exception {
        LockLane l = rwsem(new long[][] {{0, 100, 0}, {20, 60, 1}, {50, 150, 2}, {200, 250, 3}, {210, 220, 4}});
        Intervals v = SharedHolds.laneView(l);
        assertEquals(3, v.size(), v.toString());
        assertSegment(v, 0, 0, 100, 0);
        assertSegment(v, 1, 100, 150, 2);
        assertSegment(v, 2, 200, 250, 3);
        assertEquals(3, SharedHolds.countAt(l, 55));
        assertEquals(1, SharedHolds.countAt(l, 120));
        assertEquals(0, SharedHolds.countAt(l, 150), "ends are exclusive");
        assertEquals(2, SharedHolds.countAt(l, 215));
    }

    @Test
    void aHolderThatTakesItAgainAtOnceStaysOneSegment() throws Exception {
        LockLane l = rwsem(new long[][] {{0, 50, 0}, {50, 80, 0}, {60, 200, 1}});
        Intervals v = SharedHolds.laneView(l);
        assertEquals(2, v.size(), v.toString());
        assertSegment(v, 0, 0, 80, 0);
        assertSegment(v, 1, 80, 200, 1);
        // taken again while an older reader holds: that one has stood longer
        Intervals w = SharedHolds.laneView(rwsem(new long[][] {{0, 50, 0}, {10, 200, 1}, {50, 80, 0}}));
        assertSegment(w, 0, 0, 50, 0);
        assertSegment(w, 1, 50, 200, 1);
    }

    @Test
    void anExclusiveLockIsDrawnFromItsOwnHolds() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("mutex", "test"));
        int a = b.addTask(1, 1, "a");
        b.lock("buffer_strategy_lock", "spin", false).hold(0, 10, a).hold(20, 30, a);
        LockLane l = b.build().locks().get(0);
        assertSame(l.holds(), SharedHolds.laneView(l));
        assertEquals(1, SharedHolds.countAt(l, 25));
    }

    @Test
    void theLaneCoversExactlyTheTimeSomebodyHoldsItWithoutOverlaps() throws Exception {
        Random rnd = new Random(42);
        for (int round = 0; round < 50; round++) {
            int n = 1 + rnd.nextInt(60);
            long[][] holds = new long[n][];
            long t = 0;
            for (int i = 0; i < n; i++) {
                t += rnd.nextInt(30);
                holds[i] = new long[] {t, t + rnd.nextInt(200), i}; // zero-length holds too
            }
            LockLane l = rwsem(holds);
            Intervals v = SharedHolds.laneView(l);
            for (int i = 1; i < v.size(); i++) {
                assertTrue(v.startNs(i) >= v.endNs(i - 1), "segments do not overlap: " + v);
            }
            for (long at = 0; at < t + 200; at++) {
                int count = SharedHolds.countAt(l, at);
                int drawn = -1;
                for (int i = 0; i < v.size(); i++) {
                    if (v.startNs(i) <= at && at < v.endNs(i)) {
                        drawn = v.task(i);
                    }
                }
                assertEquals(count > 0, drawn >= 0, "covered exactly while held, at " + at);
                if (count > 0) {
                    assertEquals(longestStanding(holds, at), drawn, "the longest-standing holder at " + at);
                }
            }
        }
    }

    /** The task of the earliest-started hold that covers {@code at} (ties: the first listed). */
    private static int longestStanding(long[][] holds, long at) {
        for (long[] h : holds) {
            if (h[0] <= at && at < h[1]) {
                return (int) h[2];
            }
        }
        return -1;
    }

    private static void assertSegment(Intervals v, int i, long start, long end, int task) {
        assertEquals(start, v.startNs(i), "start of " + i + ": " + v);
        assertEquals(end, v.endNs(i), "end of " + i + ": " + v);
        assertEquals(task, v.task(i), "holder of " + i + ": " + v);
    }
}
