package org.schedlab.ui.lab;

import java.awt.image.BufferedImage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.schedlab.model.Dataset;
import org.schedlab.render.HighlightIndex;
import org.schedlab.render.Java2dSurface;
import org.schedlab.render.PaintOptions;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TrackGroup;
import org.schedlab.render.TrackSpec;
import org.schedlab.render.TimelineRenderer;
import org.schedlab.render.Viewport;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * A scenario's picture for the gallery: a short run of it with its own parameters (warm-up and
 * duration shortened, so even the 96-CPU scenario takes a fraction of a second), drawn off
 * screen by the same renderer as the workbench's timelines. No JavaFX: runs on any thread.
 */
final class ScenarioPicture {
    /** Simulated time drawn. */
    static final long DRAWN_MS = 30;
    /** Warm-up before it, at most (the scenario's own when shorter). */
    static final long MAX_WARMUP_MS = 50;
    /** Task state lanes drawn under the CPUs. */
    static final int MAX_TASK_LANES = 3;

    private ScenarioPicture() {
    }

    /** The run the picture shows: the scenario's values with a short warm-up and duration. */
    static Map<String, String> shortRun(Scenario s) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("durationMs", Long.toString(Math.min(DRAWN_MS, longValue(s, "durationMs", DRAWN_MS))));
        o.put("warmupMs", Long.toString(Math.min(MAX_WARMUP_MS, longValue(s, "warmupMs", MAX_WARMUP_MS))));
        return o;
    }

    private static long longValue(Scenario s, String key, long dflt) {
        ParamDef d = s.params().get(key);
        if (d == null) {
            return dflt;
        }
        try {
            return (long) Double.parseDouble(d.value());
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    /**
     * Runs {@code s} briefly and draws its timeline at {@code widthPx} x {@code heightPx}.
     *
     * @throws ScenarioException when the scenario cannot run
     * @throws java.util.concurrent.CancellationException when {@code cancelled} said so
     */
    static BufferedImage render(Scenario s, int widthPx, int heightPx, BooleanSupplier cancelled)
            throws ScenarioException {
        RunResult r = Simulation.run(s, shortRun(s), Simulation.Options.recording(DRAWN_MS), cancelled);
        if (cancelled.getAsBoolean()) {
            throw new java.util.concurrent.CancellationException("picture of " + s.name() + " cancelled");
        }
        Dataset d = r.dataset().orElseThrow(() -> new IllegalStateException("run of " + s.name() + " recorded nothing"));
        TimelineRenderer renderer = new TimelineRenderer();
        TimelineData data = TimelineData.prepare(d, cancelled);
        // the CPUs and the first few tasks' states tell the story; counters and operations would crowd a small picture
        java.util.List<Integer> tasks = new java.util.ArrayList<>();
        for (int i = 0; i < Math.min(MAX_TASK_LANES, d.taskLanes().size()); i++) {
            tasks.add(d.taskLanes().get(i).task());
        }
        TrackSpec spec = new TrackSpec(tasks, java.util.Set.of(TrackGroup.OPERATIONS, TrackGroup.COUNTERS));
        return Java2dSurface.paint(widthPx, heightPx, surface -> renderer.render(data,
                new Viewport(d.startNs(), d.endNs(), widthPx, heightPx), spec, HighlightIndex.NONE,
                PaintOptions.DEFAULT, surface));
    }
}
