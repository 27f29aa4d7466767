package org.schedlab.render;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

import org.schedlab.bench.BenchData;
import org.schedlab.model.Dataset;

/**
 * The timeline benchmark's frame (96 CPU lanes, 10 million slices, 1600 x 1000 px) timed by the
 * calling thread's CPU time rather than the wall clock: on a machine shared with other work the
 * wall clock mostly measures the neighbours. Per zoom: fold alone, paint alone (raster, counting
 * surface); median and minimum of {@code runs} after warm-up. A dear fold runs in two halves,
 * the second on a helper thread ({@link CpuLanesFold}): the helper's CPU time is reported too,
 * and the longer of the two halves is what the fold takes on two otherwise idle cores. Usage: {@code FoldCpuTime [runs] [zooms...]}.
 */
public final class FoldCpuTime {
    private FoldCpuTime() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int[] zooms = args.length > 1 ? Arrays.stream(args).skip(1).mapToInt(Integer::parseInt).toArray()
                : new int[] {1, 10, 100, 1000};
        long t0 = System.nanoTime();
        Dataset d = BenchData.recording(TimelineRenderBenchmark.SLICES, TimelineRenderBenchmark.CPUS, 1000, 42);
        TimelineData prepared = TimelineData.prepare(d, () -> false);
        System.out.printf(Locale.ROOT, "dataset and pyramid ready in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        // -Dfold.serial=true: the whole fold on this thread (CPU time of the one-thread fold)
        long parallelMinCost = Boolean.getBoolean("fold.serial") ? Long.MAX_VALUE : CpuLanesFold.PARALLEL_MIN_COST;
        TimelineRenderer renderer = new TimelineRenderer();
        TimelineRenderBenchmark.CountingSurface surface = new TimelineRenderBenchmark.CountingSurface(true);
        for (int zoom : zooms) {
            long span = d.spanNs() / zoom;
            long start = d.startNs() + (d.spanNs() - span) / 2;
            Viewport viewport = new Viewport(start, start + span, TimelineRenderBenchmark.WIDTH,
                    TimelineRenderBenchmark.HEIGHT);
            TimelineLayout layout = TimelineLayout.of(viewport, d, TrackSpec.DEFAULT);
            FrameRequest request = FrameRequest.of(layout, TrackSpec.DEFAULT, HighlightIndex.NONE);
            FrameColumns cols = null;
            for (int i = 0; i < 10; i++) {
                cols = FrameAggregator.aggregate(prepared, request, () -> false, parallelMinCost);
                renderer.paint(prepared, cols, viewport, TrackSpec.DEFAULT, PaintOptions.DEFAULT, surface);
            }
            long[] foldCpu = new long[runs];
            long[] foldWall = new long[runs];
            long[] paintCpu = new long[runs];
            long[] helperCpu = new long[runs];
            long helper = helperThreadId();
            for (int i = 0; i < runs; i++) {
                long h0 = helper < 0 ? 0 : mx.getThreadCpuTime(helper);
                long c0 = mx.getCurrentThreadCpuTime();
                long w0 = System.nanoTime();
                cols = FrameAggregator.aggregate(prepared, request, () -> false, parallelMinCost);
                foldWall[i] = System.nanoTime() - w0;
                long c1 = mx.getCurrentThreadCpuTime();
                helperCpu[i] = helper < 0 ? 0 : mx.getThreadCpuTime(helper) - h0;
                renderer.paint(prepared, cols, viewport, TrackSpec.DEFAULT, PaintOptions.DEFAULT, surface);
                long c2 = mx.getCurrentThreadCpuTime();
                foldCpu[i] = c1 - c0;
                paintCpu[i] = c2 - c1;
            }
            long[] longer = new long[runs];
            for (int i = 0; i < runs; i++) {
                longer[i] = Math.max(foldCpu[i], helperCpu[i]);
            }
            System.out.printf(Locale.ROOT, "zoom %5dx  fold cpu %6.2f ms (min %6.2f) + helper %6.2f, longer half %6.2f"
                            + "  wall %6.2f ms (min %6.2f)  paint cpu %5.2f ms (min %5.2f)  slices %d buckets %d%n",
                    zoom, median(foldCpu), min(foldCpu), median(helperCpu), median(longer), median(foldWall),
                    min(foldWall), median(paintCpu), min(paintCpu), cols.slicesVisited(), cols.bucketsVisited());
        }
    }

    /** The fold's helper thread (started by the first two-thread fold), or -1. */
    private static long helperThreadId() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("schedlab-fold-helper")) {
                return t.getId();
            }
        }
        return -1;
    }

    private static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2] / 1e6;
    }

    private static double min(long[] v) {
        return Arrays.stream(v).min().orElse(0) / 1e6;
    }
}
