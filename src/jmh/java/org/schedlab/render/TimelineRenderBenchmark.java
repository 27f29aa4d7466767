package org.schedlab.render;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * One timeline frame of a million-slice, 8-CPU dataset at 1600 px, through a surface that only
 * counts calls: the renderer's own cost (walking and folding slices, axis, legend) without any
 * toolkit's. {@code zoom} divides the window: 1 = everything visible (the folding case).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class TimelineRenderBenchmark {
    @Param({"1", "100", "10000"})
    public int zoom;

    private Dataset dataset;
    private Viewport viewport;
    private final TimelineRenderer renderer = new TimelineRenderer();
    private final CountingSurface surface = new CountingSurface();

    @Setup
    public void setUp() throws InvalidDatasetException {
        SplittableRandom rnd = new SplittableRandom(1);
        DatasetBuilder b = Dataset.builder(Metadata.of("bench", "bench"));
        for (int t = 0; t < 200; t++) {
            b.addTask(1000 + t, 1000, "worker");
        }
        for (int cpu = 0; cpu < 8; cpu++) {
            long t = 0;
            for (int i = 0; i < 125_000; i++) {
                long d = 1_000 + rnd.nextLong(80_000);
                b.slice(cpu, t, t + d, rnd.nextInt(200), SliceState.USER);
                t += d;
            }
        }
        dataset = b.build();
        long span = dataset.spanNs() / zoom;
        long start = dataset.startNs() + (dataset.spanNs() - span) / 2;
        viewport = new Viewport(start, start + span, 1600, 1000);
    }

    @Benchmark
    public int frame() {
        surface.calls = 0;
        return renderer.render(dataset, viewport, surface).sliceRects() + surface.calls;
    }

    /** Swallows drawing, counts calls, measures text like the recording surface. */
    static final class CountingSurface implements DrawSurface {
        int calls;

        @Override
        public void setColor(int argb) {
            calls++;
        }

        @Override
        public void fillRect(double x, double y, double w, double h) {
            calls++;
        }

        @Override
        public void strokeLine(double x1, double y1, double x2, double y2) {
            calls++;
        }

        @Override
        public void fillText(String text, double x, double y, double size) {
            calls++;
        }

        @Override
        public double textWidthPx(String text, double size) {
            return text.length() * size * 0.6;
        }

        @Override
        public void pushClip(double x, double y, double w, double h) {
            calls++;
        }

        @Override
        public void popClip() {
            calls++;
        }
    }
}
