package org.schedlab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.model.Dataset;
import org.schedlab.render.HighlightIndex;
import org.schedlab.render.Java2dSurface;
import org.schedlab.render.PaintOptions;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TimelineRenderer;
import org.schedlab.render.TrackSpec;
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
 * Java2D image). Two latencies, as the workbench shows them: slider to timeline (the recorded
 * window is final once simulated, so the dataset is built and painted then, on another thread
 * like the FX thread, while the run goes on) and slider to table (the whole run, summarized and
 * compared). The "slider" alternates the preemption model between none and lazy, so each
 * run differs from the one before, as in A/B mode. Three warm-up changes, then N measured: by the
 * time a user can move a slider the workbench has run A, B and the Live run and the runs ahead
 * ({@code Lookahead}), so the JIT has compiled the recording path; with one warm-up the first two
 * or three measured changes still pay for compiling ({@code -Dwarmups=1} shows it).
 *
 * <p>Run: {@code java -cp target/test-classes:target/classes:DEPS org.schedlab.bench.LiveSliderLatency
 * [scenario] [changes] [KEY=VALUE...]} (the overrides apply to every run, e.g. a shorter durationMs).
 * {@code -Dwarmups=N} sets the number of unmeasured changes first (default 3).
 */
public final class LiveSliderLatency {
    private LiveSliderLatency() {
    }

    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "pgbench-graviton4";
        int changes = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int warmups = Integer.getInteger("warmups", 3);
        Scenario s = ScenarioCatalog.builtIn(name);
        Map<String, String> fixed = Scenario.parseAssignments(List.of(args).subList(Math.min(2, args.length), args.length));
        String[] names = {"simulate to the window's end", "build dataset", "hand-over + fold + paint",
                "= slider to timeline", "simulate (whole run)", "aggregate (summary, rows)", "= slider to table"};
        long[][] ms = new long[names.length][changes];
        JsonNode previous = null;
        TimelineRenderer renderer = new TimelineRenderer();
        long events = 0;
        long slices = 0;
        // the FX thread's part: the workbench paints the early dataset while the simulator runs on
        ExecutorService fx = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "paint");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int i = -warmups; i < changes; i++) {
                Map<String, String> overrides = new java.util.LinkedHashMap<>(fixed);
                overrides.put("preemption", (i & 1) == 0 ? "none" : "lazy");
                long t0 = System.nanoTime();
                List<Future<Long>> painted = new ArrayList<>();
                RunResult.Timings[] early = new RunResult.Timings[1];
                long[] handedAt = new long[1];
                RunResult r = Simulation.run(s, overrides,
                        new Simulation.Options(RunViewModel.RECORD_MS, Recorder.DEFAULT_MAX_TASK_LANES, false),
                        new Simulation.Monitor() {
                            @Override
                            public boolean isCancelled() {
                                return false;
                            }

                            @Override
                            public void simulated(long nowNs, long endNs) {
                                // no progress bar here
                            }

                            @Override
                            public void recorded(Dataset d, RunResult.Timings timings) {
                                early[0] = timings;
                                handedAt[0] = System.nanoTime();
                                painted.add(fx.submit(() -> {
                                    // as the card does: the quick form of the dataset (the lock index
                                    // and pyramid are built beside it and swapped in later), folded
                                    // and painted
                                    Java2dSurface.paint(1400, 700, surface -> renderer.render(TimelineData.of(d),
                                            new Viewport(d.startNs(), d.endNs(), 1400, 700), TrackSpec.DEFAULT,
                                            HighlightIndex.NONE, PaintOptions.DEFAULT, surface));
                                    return System.nanoTime();
                                }));
                            }
                        });
                long tRun = System.nanoTime();
                JsonNode tree = SummaryJson.tree(r.summary());
                List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(previous == null ? tree : previous),
                        List.of(tree));
                long tAgg = System.nanoTime();
                long tPaint = painted.get(0).get();
                previous = tree;
                if (i < 0 || rows.isEmpty()) {
                    continue;
                }
                ms[0][i] = Math.round(early[0].simulateNs() / 1e6);
                ms[1][i] = Math.round(early[0].datasetNs() / 1e6);
                ms[2][i] = Math.round((tPaint - handedAt[0]) / 1e6);
                ms[3][i] = Math.round((tPaint - t0) / 1e6);
                ms[4][i] = Math.round(r.timings().simulateNs() / 1e6);
                ms[5][i] = Math.round((r.timings().summarizeNs() + (tAgg - tRun)) / 1e6);
                ms[6][i] = Math.round((tAgg - t0) / 1e6);
                events = r.summary().events();
                slices = r.dataset().orElseThrow().sliceCount();
            }
        } finally {
            fx.shutdownNow();
        }
        System.out.printf(Locale.ROOT, "scenario %s %s: %d changes after %d warm-up changes, record window %d ms, %,d events"
                + " per run, %,d slices recorded%n", s.name(), fixed, changes, warmups, RunViewModel.RECORD_MS, events, slices);
        System.out.printf(Locale.ROOT, "%-30s %8s %8s %8s%n", "phase", "min ms", "median", "max");
        for (int p = 0; p < names.length; p++) {
            long[] v = ms[p].clone();
            Arrays.sort(v);
            System.out.printf(Locale.ROOT, "%-30s %8d %8d %8d%n", names[p], v[0], v[v.length / 2], v[v.length - 1]);
        }
        for (int p : new int[] {3, 6}) {
            List<String> raw = new ArrayList<>();
            for (int i = 0; i < changes; i++) {
                raw.add(ms[p][i] + "");
            }
            System.out.println(names[p].substring(2) + " ms: " + String.join(" ", raw));
        }
    }
}
