package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * A frame folded on two threads is the frame folded on one: the same columns for every lane,
 * legend times, label runs, counts and marks - whatever the lanes' sizes (some big enough for
 * the level-of-detail pyramid), the window and the width.
 */
class ParallelFoldTest {

    static Dataset randomDataset(SplittableRandom r, int cpus) {
        DatasetBuilder b = Dataset.builder(Metadata.of("random", "test"));
        int tasks = 1 + r.nextInt(30);
        for (int t = 0; t < tasks; t++) {
            b.addTask(100 + t, 100 + t, "t" + t);
        }
        SliceState[] states = SliceState.values();
        for (int c = 0; c < cpus; c++) {
            int n = r.nextInt(4) == 0 ? LodPyramid.MIN_SLICES + r.nextInt(2_000) : r.nextInt(400);
            long at = r.nextLong(10_000);
            for (int i = 0; i < n; i++) {
                long dur = 1 + r.nextLong(r.nextInt(20) == 0 ? 200_000 : 2_000);
                SliceState s = states[r.nextInt(states.length)];
                int task = s.allowsNoTask() ? Intervals.NO_TASK : r.nextInt(tasks);
                b.slice(c, at, at + dur, task, s);
                if (r.nextInt(50) == 0) {
                    b.mark(r.nextBoolean() ? MarkKind.PREEMPTION : MarkKind.LOCK_HOLDER_PREEMPTION, at, c,
                            task < 0 ? 0 : task, "");
                }
                at += dur + (r.nextInt(3) == 0 ? r.nextLong(1_000) : 0);
            }
        }
        b.cpuCount(cpus);
        return RenderFixtures.build(b);
    }

    @Property(tries = 40)
    void twoThreadsFoldTheSameFrameAsOne(@ForAll long seed, @ForAll @IntRange(min = 2, max = 9) int cpus,
                                         @ForAll @IntRange(min = 1, max = 1600) int columns) {
        SplittableRandom r = new SplittableRandom(seed);
        Dataset d = randomDataset(r, cpus);
        TimelineData data = r.nextBoolean() ? TimelineData.prepare(d, () -> false) : TimelineData.of(d);
        long span = Math.max(1, d.spanNs());
        long width = Math.max(1, (long) (span * Math.pow(10, -3 * r.nextDouble())));
        long start = d.startNs() + (long) ((span - width) * r.nextDouble());
        FrameRequest req = new FrameRequest(start, start + width, columns, TrackSpec.DEFAULT, HighlightIndex.NONE);

        FrameColumns one = FrameAggregator.aggregate(data, req, () -> false, Long.MAX_VALUE);
        FrameColumns two = FrameAggregator.aggregate(data, req, () -> false, 0);

        assertEquals(one.cpus.length, two.cpus.length);
        for (int c = 0; c < one.cpus.length; c++) {
            FoldEquivalenceTest.assertSameColumns(one.cpus[c], two.cpus[c]);
        }
        assertEquals(one.labels, two.labels, "label runs");
        assertArrayEquals(one.runNsByTask, two.runNsByTask, "run time per task");
        assertArrayEquals(one.nsByState, two.nsByState, "time per state");
        assertEquals(one.approximate, two.approximate, "approximate");
        assertEquals(one.slicesVisited, two.slicesVisited, "slices visited");
        assertEquals(one.bucketsVisited, two.bucketsVisited, "buckets visited");
        assertEquals(one.preemptionMarks, two.preemptionMarks, "preemption marks");
        assertEquals(one.sawLockHolderPreemption, two.sawLockHolderPreemption, "lock-holder preemption seen");
    }

    @Example
    void aCancelledFrameOnTwoThreadsGivesUp() {
        Dataset d = randomDataset(new SplittableRandom(7), 6);
        TimelineData data = TimelineData.prepare(d, () -> false);
        FrameRequest req = new FrameRequest(d.startNs(), d.endNs(), 800, TrackSpec.DEFAULT, HighlightIndex.NONE);
        assertThrows(CancellationException.class, () -> FrameAggregator.aggregate(data, req, () -> true, 0));
    }
}
