package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/**
 * The renderer reuses its raster between frames without clearing it up front (rows a CPU lane
 * rewrites whole are written once): a frame painted after another one, of another window,
 * size or color mode, has exactly the pixels of the same frame painted by a fresh renderer -
 * nothing of the earlier frame shows through idle gaps, task, lock or empty rows. Many lanes are
 * painted by two threads into the same pixels.
 */
class RasterReuseTest {

    static Dataset dataset(SplittableRandom r) {
        return dataset(r, 1 + r.nextInt(5));
    }

    static Dataset dataset(SplittableRandom r, int cpus) {
        DatasetBuilder b = Dataset.builder(Metadata.of("reuse", "test"));
        int tasks = 1 + r.nextInt(6);
        for (int t = 0; t < tasks; t++) {
            b.addTask(100 + t, 100 + t, "t" + t);
        }
        SliceState[] states = SliceState.values();
        for (int c = 0; c < cpus; c++) {
            long at = r.nextLong(1_000);
            int n = r.nextInt(200);
            for (int i = 0; i < n; i++) {
                long dur = 1 + r.nextLong(r.nextBoolean() ? 50 : 5_000);
                SliceState s = states[r.nextInt(states.length)];
                b.slice(c, at, at + dur, s.allowsNoTask() ? Intervals.NO_TASK : r.nextInt(tasks), s);
                at += dur + (r.nextInt(3) == 0 ? r.nextLong(3_000) : 0);
            }
        }
        b.cpuCount(cpus);
        long at = 0;
        for (int i = 0; i < 30; i++) {
            long dur = 1 + r.nextLong(4_000);
            b.taskState(0, at, at + dur, TaskState.values()[r.nextInt(TaskState.values().length)]);
            at += dur;
        }
        if (r.nextBoolean()) {
            DatasetBuilder.LockBuilder lock = b.lock("lock", "mutex", false);
            long t = 0;
            for (int i = 0; i < 20; i++) {
                long dur = 1 + r.nextLong(3_000);
                lock.hold(t, t + dur, r.nextInt(tasks));
                lock.waitFor(t, t + dur, r.nextInt(tasks), r.nextBoolean() ? WaitMode.SPIN : WaitMode.SLEEP);
                t += dur + r.nextLong(2_000);
            }
        }
        return RenderFixtures.build(b);
    }

    static Viewport window(SplittableRandom r, Dataset d) {
        long span = Math.max(2, d.spanNs());
        long width = Math.max(2, (long) (span * Math.pow(10, -2 * r.nextDouble())));
        long start = d.startNs() + (long) ((span - width) * r.nextDouble());
        return new Viewport(start, start + width, 300 + r.nextInt(900), 200 + r.nextInt(700));
    }

    static RecordingSurface.Pixels paint(TimelineRenderer renderer, TimelineData data, Viewport v, TrackSpec spec,
                                         PaintOptions options) {
        RecordingSurface s = new RecordingSurface(true);
        renderer.render(data, v, spec, HighlightIndex.NONE, options, s);
        List<RecordingSurface.Pixels> drawn = s.pixels();
        assertEquals(1, drawn.size(), "one raster per frame");
        return drawn.get(0);
    }

    @Property(tries = 60)
    void aFrameAfterAnotherHasTheFreshFramesPixels(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int before) {
        SplittableRandom r = new SplittableRandom(seed);
        Dataset d = dataset(r);
        TimelineData data = TimelineData.prepare(d, () -> false);
        TrackSpec spec = TrackSpec.DEFAULT.withTaskLanes(List.of(0));
        TimelineRenderer reused = new TimelineRenderer();
        for (int i = 0; i < before; i++) {
            PaintOptions o = r.nextBoolean() ? PaintOptions.DEFAULT
                    : PaintOptions.DEFAULT.withColorMode(ColorMode.BY_STATE);
            paint(reused, data, window(r, d), r.nextBoolean() ? spec : TrackSpec.DEFAULT, o);
        }
        Viewport v = window(r, d);
        RecordingSurface.Pixels again = paint(reused, data, v, spec, PaintOptions.DEFAULT);
        RecordingSurface.Pixels fresh = paint(new TimelineRenderer(), data, v, spec, PaintOptions.DEFAULT);
        assertEquals(fresh.widthPx(), again.widthPx());
        assertEquals(fresh.heightPx(), again.heightPx());
        assertArrayEquals(fresh.argb(), again.argb());
    }

    /** Many CPU lanes: their bands are painted by two threads, into the same pixels one thread paints. */
    @Property(tries = 30)
    void twoThreadsPaintTheLanesOneThreadPaints(@ForAll long seed, @ForAll @IntRange(min = 16, max = 60) int cpus) {
        SplittableRandom r = new SplittableRandom(seed);
        Dataset d = dataset(r, cpus);
        TimelineData data = TimelineData.prepare(d, () -> false);
        TrackSpec spec = TrackSpec.DEFAULT.withTaskLanes(List.of(0));
        TimelineRenderer two = new TimelineRenderer();
        TimelineRenderer one = new TimelineRenderer().oneThread();
        for (int i = 0; i < 3; i++) {
            Viewport v = window(r, d);
            PaintOptions o = r.nextBoolean() ? PaintOptions.DEFAULT : PaintOptions.DEFAULT.withColorMode(ColorMode.BY_STATE);
            assertArrayEquals(paint(one, data, v, spec, o).argb(), paint(two, data, v, spec, o).argb());
        }
    }
}
