package org.schedlab.cli;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import org.schedlab.model.Dataset;
import org.schedlab.render.Java2dSurface;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TimelineRenderer;
import org.schedlab.render.Viewport;
import org.schedlab.render.FrameSummary;
import org.schedlab.render.HighlightIndex;
import org.schedlab.render.PaintOptions;
import org.schedlab.render.TrackSpec;

/**
 * The frame part of {@code bench}: one timeline frame of a whole dataset (full zoom-out, every
 * group open, as a newly opened run looks) painted off-screen through Java2D into a
 * {@value #WIDTH_PX}x{@value #HEIGHT_PX} image. The dataset is prepared once (the level-of-detail
 * pyramid the workbench also builds once per run); a frame is then folding the window into pixel
 * columns and painting them, which is what every pan, zoom and resize costs. It is timed twice:
 * with the lanes at their own heights (a 96-CPU run shows about 60 of its CPU lanes in 900 px)
 * and with "Fit CPU lanes" (every CPU lane in the frame, each a few pixels high).
 */
final class BenchFrame {
    static final int WIDTH_PX = 1600;
    static final int HEIGHT_PX = 900;

    private BenchFrame() {
    }

    /** One frame's times and the slices (or coarse buckets) it read. */
    record Frame(WallTimes wall, long slicesVisited) {
    }

    record Result(Frame lanes, Frame fitCpuLanes, double prepareMs) {
    }

    static Result measure(Dataset d, int runs) throws Exception {
        long t0 = System.nanoTime();
        TimelineData prepared = TimelineData.prepare(d, () -> false);
        double prepareMs = (System.nanoTime() - t0) / 1e6;
        return new Result(frame(d, prepared, TrackSpec.DEFAULT, runs),
                frame(d, prepared, TrackSpec.DEFAULT.withFitCpuLanes(true), runs), prepareMs);
    }

    private static Frame frame(Dataset d, TimelineData prepared, TrackSpec spec, int runs) throws Exception {
        Viewport whole = new Viewport(d.startNs(), Math.max(d.endNs(), d.startNs() + 1), WIDTH_PX, HEIGHT_PX);
        TimelineRenderer renderer = new TimelineRenderer();
        BufferedImage image = new BufferedImage(WIDTH_PX, HEIGHT_PX, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        long[] visited = new long[1];
        try {
            Java2dSurface surface = new Java2dSurface(g);
            WallTimes wall = WallTimes.measure(runs, () -> {
                FrameSummary f = renderer.render(prepared, whole, spec, HighlightIndex.NONE, PaintOptions.DEFAULT,
                        surface);
                visited[0] = f.slicesVisited();
            });
            return new Frame(wall, visited[0]);
        } finally {
            g.dispose();
        }
    }
}
