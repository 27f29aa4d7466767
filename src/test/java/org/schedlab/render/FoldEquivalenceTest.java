package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;

/**
 * The tuned fold and resample give exactly the columns, legend times, labels and counts of the
 * straightforward ones ({@link ReferenceFold}) - on random lanes (back to back, with gaps,
 * overlapping like shared lock holds), random windows and random column widths, from far below
 * a slice per column to hundreds per column.
 */
class FoldEquivalenceTest {
    static final int TASKS = 40;

    /** A random lane: mostly back-to-back slices, some gaps, some idle and stolen; overlapping when asked. */
    static Intervals lane(SplittableRandom r, int n, long maxDurNs, boolean overlapping) {
        long[] s = new long[n];
        long[] e = new long[n];
        int[] task = new int[n];
        byte[] code = new byte[n];
        long at = r.nextLong(-5_000, 5_000);
        SliceState[] states = SliceState.values();
        for (int i = 0; i < n; i++) {
            long dur = r.nextInt(10) == 0 ? 0 : 1 + r.nextLong(maxDurNs);
            s[i] = at;
            e[i] = at + dur;
            SliceState st = states[r.nextInt(states.length)];
            code[i] = st.code();
            task[i] = st.allowsNoTask() && r.nextBoolean() ? Intervals.NO_TASK : r.nextInt(TASKS);
            at = overlapping ? at + r.nextLong(maxDurNs / 2 + 1) : e[i] + (r.nextInt(4) == 0 ? r.nextLong(maxDurNs) : 0);
        }
        return Intervals.of(s, e, task, code);
    }

    @Property(tries = 300)
    void foldMatchesTheStraightforwardFold(@ForAll long seed, @ForAll @IntRange(min = 0, max = 600) int slices,
                                           @ForAll @IntRange(min = 1, max = 500) int columns,
                                           @ForAll boolean overlapping) {
        SplittableRandom r = new SplittableRandom(seed);
        long maxDur = 1 + r.nextLong(r.nextBoolean() ? 50 : 20_000);
        Intervals lane = lane(r, slices, maxDur, overlapping);
        long first = lane.isEmpty() ? 0 : lane.startNs(0);
        long last = lane.isEmpty() ? 1000 : lane.endNs(lane.size() - 1);
        long start = first - 100 + r.nextLong(Math.max(1, last - first + 200));
        double nsPerCol = r.nextInt(5) == 0 ? 1 + r.nextInt(50) : Math.max(0.01, (last - first) * r.nextDouble() / columns);

        CpuColumns want = new CpuColumns(columns);
        long[] wantRun = new long[TASKS];
        long[] wantState = new long[SliceState.values().length];
        List<CpuFolder.LabelRun> wantLabels = new ArrayList<>();
        ReferenceFold ref = new ReferenceFold(TASKS);
        ref.fold(3, lane, start, nsPerCol, want, wantRun, wantState, wantLabels);

        CpuColumns got = new CpuColumns(columns);
        long[] gotRun = new long[TASKS];
        long[] gotState = new long[SliceState.values().length];
        List<CpuFolder.LabelRun> gotLabels = new ArrayList<>();
        CpuFolder folder = new CpuFolder(TASKS);
        folder.fold(3, lane, start, nsPerCol, got, gotRun, gotState, gotLabels);

        assertSameColumns(want, got);
        assertArrayEquals(wantRun, gotRun, "run time per task");
        assertArrayEquals(wantState, gotState, "time per state");
        assertEquals(wantLabels, gotLabels, "label runs");
        assertEquals(ref.slicesVisited(), folder.slicesVisited(), "slices visited");
    }

    @Property(tries = 300)
    void resampleMatchesTheStraightforwardResample(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3000) int srcColumns,
                                                   @ForAll @IntRange(min = 1, max = 400) int dstColumns) {
        SplittableRandom r = new SplittableRandom(seed);
        CpuColumns src = new CpuColumns(srcColumns);
        for (int j = 0; j < srcColumns; j++) {
            int roll = r.nextInt(10);
            if (roll == 0) {
                continue; // empty bucket
            }
            src.key[j] = roll == 1 ? CpuColumns.KEY_STOLEN : r.nextInt(TASKS);
            src.keyShare[j] = (byte) r.nextInt(256);
            src.state[j] = r.nextInt(6) == 0 ? CpuColumns.NO_STATE : (byte) r.nextInt(SliceState.values().length);
            src.stateShare[j] = (byte) r.nextInt(256);
            src.busy[j] = (byte) (1 + r.nextInt(255));
            src.flags[j] = (byte) r.nextInt(8);
        }
        long srcStart = r.nextLong(-1_000_000, 1_000_000);
        double srcNsPerCol = r.nextBoolean() ? 1L << r.nextInt(20) : 1 + r.nextDouble() * 5000;
        long dstStart = srcStart + (long) ((r.nextDouble() * 1.2 - 0.1) * srcColumns * srcNsPerCol);
        double dstNsPerCol = srcNsPerCol * (r.nextBoolean() ? 0.5 + r.nextDouble() * 4 : 1 + r.nextDouble() * 40);

        CpuColumns want = new CpuColumns(dstColumns);
        long wantRead = ReferenceFold.resample(src, srcStart, srcNsPerCol, want, dstStart, dstNsPerCol,
                new ReferenceFold.RefTally(TASKS));
        CpuColumns got = new CpuColumns(dstColumns);
        long gotRead = CpuColumns.resample(src, srcStart, srcNsPerCol, got, dstStart, dstNsPerCol,
                new CpuColumns.Tally(TASKS));
        assertSameColumns(want, got);
        assertEquals(wantRead, gotRead, "buckets read");
    }

    @Property(tries = 2000)
    void shareLevelsRoundLikeMathRound(@ForAll double any, @ForAll @IntRange(min = 0, max = 255) int k,
                                       @ForAll @IntRange(min = -3, max = 3) int ulps) {
        // arbitrary doubles, and values a few ulps around each k + 1/2 (in 0..255 units)
        double near = (k + 0.5) / 255;
        for (int i = 0; i < Math.abs(ulps); i++) {
            near = ulps < 0 ? Math.nextDown(near) : Math.nextUp(near);
        }
        for (double f : new double[] {any, near, any / 1e300, 0.49999999999999994 / 255, Double.NaN, -0.0, 1.0,
                Math.nextUp(1.0), Math.nextDown(1.0)}) {
            assertEquals(ReferenceFold.level(f), CpuColumns.level(f), "level of " + f);
        }
    }

    @net.jqwik.api.Example
    void shareLevelsRoundLikeMathRoundAroundEveryHalf() {
        for (int k = -1; k <= 256; k++) {
            double f = (k + 0.5) / 255;
            for (int i = 0; i < 16; i++) {
                f = Math.nextDown(f);
            }
            for (int i = 0; i < 33; i++, f = Math.nextUp(f)) {
                assertEquals(ReferenceFold.level(f), CpuColumns.level(f), "level of " + f);
            }
        }
    }

    static void assertSameColumns(CpuColumns want, CpuColumns got) {
        assertEquals(want.columns, got.columns, "columns");
        assertArrayEquals(want.key, got.key, "dominant key");
        assertArrayEquals(want.keyShare, got.keyShare, "key share");
        assertArrayEquals(want.state, got.state, "dominant state");
        assertArrayEquals(want.stateShare, got.stateShare, "state share");
        assertArrayEquals(want.busy, got.busy, "busy");
        assertArrayEquals(want.flags, got.flags, "flags");
    }
}
