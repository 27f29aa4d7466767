package org.schedlab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.model.Dataset;
import org.schedlab.render.Java2dSurface;
import org.schedlab.render.TimelineRenderer;
import org.schedlab.render.Viewport;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.record.Recorder;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.SummaryJson;
import org.schedlab.ui.lab.RunViewModel;

/**
 * What a slider release costs before the new timeline is on screen, phase by phase, for what the
 * live workspace does after its debounce: simulate with the timeline's record window
 * ({@link RunViewModel#RECORD_MS}), build the recorded dataset, aggregate (the run summary, its
 * JSON tree and the A/B rows against the previous run), paint the first frame of the new dataset
 * (the whole record window, 1400x700, through the same renderer the canvas uses, here on a
 * Java2D image). The "slider" alternates the preemption model between none and lazy, so each
 * run differs from the one before, as in A/B mode. One warm-up change, then N measured.
 *
 * <p>Run: {@code java -cp target/test-classes:target/classes:DEPS org.schedlab.bench.LiveSliderLatency
 * [scenario] [changes] [KEY=VALUE...]} (the overrides apply to every run, e.g. a shorter durationMs).
 */
public final class LiveSliderLatency {
    private LiveSliderLatency() {
    }

    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "pgbench-graviton4";
        int changes = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Scenario s = ScenarioCatalog.builtIn(name);
        Map<String, String> fixed = Scenario.parseAssignments(List.of(args).subList(Math.min(2, args.length), args.length));
        long[][] ms = new long[5][changes];
        JsonNode previous = null;
        TimelineRenderer renderer = new TimelineRenderer();
        long events = 0;
        long slices = 0;
        for (int i = -1; i < changes; i++) {
            Map<String, String> overrides = new java.util.LinkedHashMap<>(fixed);
            overrides.put("preemption", (i & 1) == 0 ? "none" : "lazy");
            long t0 = System.nanoTime();
            RunResult r = Simulation.run(s, overrides,
                    new Simulation.Options(RunViewModel.RECORD_MS, Recorder.DEFAULT_MAX_TASK_LANES, false), () -> false);
            long tRun = System.nanoTime();
            JsonNode tree = SummaryJson.tree(r.summary());
            List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(previous == null ? tree : previous),
                    List.of(tree));
            long tAgg = System.nanoTime();
            Dataset d = r.dataset().orElseThrow();
            Java2dSurface.paint(1400, 700, surface -> renderer.render(d,
                    new Viewport(d.startNs(), d.endNs(), 1400, 700), surface));
            long tPaint = System.nanoTime();
            previous = tree;
            if (i < 0 || rows.isEmpty()) {
                continue;
            }
            long simulate = r.timings().simulateNs();
            long dataset = r.timings().datasetNs();
            long aggregate = r.timings().summarizeNs() + (tAgg - tRun);
            ms[0][i] = Math.round(simulate / 1e6);
            ms[1][i] = Math.round(dataset / 1e6);
            ms[2][i] = Math.round(aggregate / 1e6);
            ms[3][i] = Math.round((tPaint - tAgg) / 1e6);
            ms[4][i] = Math.round((tPaint - t0) / 1e6);
            events = r.summary().events();
            slices = d.sliceCount();
        }
        System.out.printf(Locale.ROOT, "scenario %s %s: %d changes after one warm-up, record window %d ms, %,d events"
                + " per run, %,d slices recorded%n", s.name(), fixed, changes, RunViewModel.RECORD_MS, events, slices);
        String[] names = {"simulate", "build dataset", "aggregate", "paint (first frame)", "total"};
        System.out.printf(Locale.ROOT, "%-20s %8s %8s %8s%n", "phase", "min ms", "median", "max");
        for (int p = 0; p < names.length; p++) {
            long[] v = ms[p].clone();
            Arrays.sort(v);
            System.out.printf(Locale.ROOT, "%-20s %8d %8d %8d%n", names[p], v[0], v[v.length / 2], v[v.length - 1]);
        }
        List<String> raw = new ArrayList<>();
        for (int i = 0; i < changes; i++) {
            raw.add(ms[4][i] + "");
        }
        System.out.println("totals ms: " + String.join(" ", raw));
    }
}
