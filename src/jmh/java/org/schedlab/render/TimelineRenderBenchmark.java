package org.schedlab.render;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.schedlab.bench.BenchData;
import org.schedlab.model.Dataset;

/**
 * One timeline frame of 96 CPU lanes and 10 million slices (about 104,000 per lane, 1-200 us
 * each, 10 % idle, 1,000 tasks) at 1600 x 1000 px, at full zoom-out and zoomed 10x, 100x and
 * 1000x into the middle. {@code frameRaster}: the whole frame (aggregation + painting, dense
 * lanes through the pixel raster) through a surface that only counts calls - the renderer's own
 * cost; {@code frameVector}: the same with a rectangle per column run; {@code frameJava2d}: the
 * raster frame into a real Java2D image (the PNG path, real pixels); {@code aggregate} /
 * {@code aggregateWithoutPyramid}: the folding half alone, with and without the level-of-detail
 * pyramid; {@code aggregateOneThread}: the fold without its helper thread; {@code paintRaster}: the painting half alone, from columns folded before (what the
 * FX thread does while a dear window folds in the background).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "-Djava.awt.headless=true"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class TimelineRenderBenchmark {
    static final int SLICES = 10_000_000;
    static final int CPUS = 96;
    static final double WIDTH = 1600;
    static final double HEIGHT = 1000;

    @Param({"1", "10", "100", "1000"})
    public int zoom;

    private TimelineData prepared;
    private TimelineData raw;
    private Viewport viewport;
    private FrameRequest request;
    private FrameColumns columns;
    private final TimelineRenderer renderer = new TimelineRenderer();
    private final CountingSurface vector = new CountingSurface(false);
    private final CountingSurface raster = new CountingSurface(true);
    private BufferedImage image;
    private Graphics2D graphics;
    private Java2dSurface java2d;

    @Setup(Level.Trial)
    public void setUp() {
        Dataset d = BenchData.recording(SLICES, CPUS, 1000, 42);
        prepared = TimelineData.prepare(d, () -> false);
        raw = TimelineData.of(d);
        long span = d.spanNs() / zoom;
        long start = d.startNs() + (d.spanNs() - span) / 2;
        viewport = new Viewport(start, start + span, WIDTH, HEIGHT);
        TimelineLayout layout = TimelineLayout.of(viewport, d, TrackSpec.DEFAULT);
        request = FrameRequest.of(layout, TrackSpec.DEFAULT, HighlightIndex.NONE);
        columns = FrameAggregator.aggregate(prepared, request, () -> false);
        image = new BufferedImage((int) WIDTH, (int) HEIGHT, BufferedImage.TYPE_INT_RGB);
        graphics = image.createGraphics();
        java2d = new Java2dSurface(graphics);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        graphics.dispose();
    }

    @Benchmark
    public long frameRaster() {
        raster.calls = 0;
        return renderer.render(prepared, viewport, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT, raster)
                .bucketsVisited() + raster.calls;
    }

    @Benchmark
    public long frameVector() {
        vector.calls = 0;
        return renderer.render(prepared, viewport, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT, vector)
                .sliceRects() + vector.calls;
    }

    @Benchmark
    public long frameJava2d() {
        return renderer.render(prepared, viewport, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT, java2d)
                .slicesVisited();
    }

    @Benchmark
    public long aggregate() {
        return FrameAggregator.aggregate(prepared, request, () -> false).slicesVisited();
    }

    @Benchmark
    public long aggregateOneThread() {
        return FrameAggregator.aggregate(prepared, request, () -> false, Long.MAX_VALUE).slicesVisited();
    }

    @Benchmark
    public long aggregateWithoutPyramid() {
        return FrameAggregator.aggregate(raw, request, () -> false).slicesVisited();
    }

    @Benchmark
    public long paintRaster() {
        raster.calls = 0;
        return renderer.paint(prepared, columns, viewport, TrackSpec.DEFAULT, PaintOptions.DEFAULT, raster)
                .sliceRects() + raster.calls;
    }

    /** Swallows drawing, counts calls (and raster pixels), measures text like the recording surface. */
    static final class CountingSurface implements DrawSurface {
        private final boolean prefersRaster;
        long calls;

        CountingSurface(boolean prefersRaster) {
            this.prefersRaster = prefersRaster;
        }

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

        @Override
        public boolean prefersRaster() {
            return prefersRaster;
        }

        @Override
        public void drawRaster(PixelRaster r, double x, double y) {
            calls += r.pixels()[r.widthPx() * r.heightPx() / 2] & 1; // touch it, as a blit would
        }
    }
}
