package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

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
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * What picking another preemption model costs when the lab ran it ahead, against simulating it,
 * on the first screen's B side of the default scenario (lazy): the lab's own {@link RunCache}
 * and {@link Lookahead} plan B's likely next settings as the panel does, run them in the
 * background, and then each pick asks the cache for its run (the window's dataset) and paints
 * the first frame of it (1400x700, the renderer the canvas uses, on a Java2D image) - the work
 * between the pick and the timeline on screen, without the FX thread's hand-over. For the other
 * half, the same picks simulated (a cache that keeps nothing). Picks alternate between the
 * settings run ahead; one warm-up round, then N.
 *
 * <p>Run: {@code java -cp target/test-classes:target/classes:DEPS org.schedlab.ui.lab.LookaheadLatency [picks]}.
 */
public final class LookaheadLatency {
    private LookaheadLatency() {
    }

    public static void main(String[] args) throws Exception {
        int picks = args.length > 0 ? Integer.parseInt(args[0]) : 6;
        Scenario s = ScenarioCatalog.builtIn(LabViewModel.DEFAULT_SCENARIO);
        ParameterPanelViewModel b = new ParameterPanelViewModel(s);
        b.apply(LabViewModel.DEFAULT_B);
        List<Lookahead.Candidate> likely = LikelyNext.of(b, Optional.empty(), 1);
        RunCache cache = new RunCache(SimRunner.simulator());
        Lookahead ahead = new Lookahead(cache, RunViewModel.RECORD_MS);
        ahead.setEnabled(true);
        ahead.plan(new Lookahead.Candidate(s, b.overrides(), 1, "B"), likely);
        List<Map<String, String>> madeAhead = new ArrayList<>();
        long t0 = System.nanoTime();
        for (Lookahead.Candidate c : likely.subList(0, Lookahead.MAX_AHEAD)) {
            Map<String, String> o = withSeed(s, c.overrides());
            while (!cache.isKept(s, o, Simulation.Options.recording(RunViewModel.RECORD_MS))) {
                Thread.sleep(20);
            }
            madeAhead.add(c.overrides());
        }
        long aheadMs = (System.nanoTime() - t0) / 1_000_000;
        ahead.shutdown();

        TimelineRenderer renderer = new TimelineRenderer();
        long[] kept = time(cache, s, madeAhead, picks, renderer);
        long[] simulated = time(SimRunner.simulator(), s, madeAhead, picks, renderer);
        System.out.printf(Locale.ROOT, "%s, B = %s; run ahead: %s (all three kept %d ms after the plan)%n",
                s.name(), LabViewModel.DEFAULT_B, madeAhead, aheadMs);
        System.out.printf(Locale.ROOT, "%-36s %8s %8s %8s%n", "pick to first frame", "min ms", "median", "max");
        print("run ahead (kept)", kept);
        print("not run ahead (simulated)", simulated);
    }

    /** The first seed's overrides, as the lab asks for them. */
    private static Map<String, String> withSeed(Scenario s, Map<String, String> o) throws Exception {
        return RunTask.seedOverrides(o, s.resolve(o).longValue("seed"), 0);
    }

    /** One warm-up round over the settings, then {@code picks} picks: ask for the run, paint its window. */
    private static long[] time(SimRunner runner, Scenario s, List<Map<String, String>> settings, int picks,
                               TimelineRenderer renderer) throws Exception {
        long[] ms = new long[picks];
        for (int i = -settings.size(); i < picks; i++) {
            Map<String, String> o = withSeed(s, settings.get(Math.floorMod(i, settings.size())));
            long t0 = System.nanoTime();
            Dataset[] window = new Dataset[1];
            try {
                runner.run(s, o, Simulation.Options.recording(RunViewModel.RECORD_MS), new Simulation.Monitor() {
                    @Override
                    public boolean isCancelled() {
                        return window[0] != null; // the timeline is what the pick waits for
                    }

                    @Override
                    public void simulated(long nowNs, long endNs) {
                        // no progress bar here
                    }

                    @Override
                    public void recorded(Dataset d, RunResult.Timings timings) {
                        window[0] = d;
                    }
                });
            } catch (java.util.concurrent.CancellationException windowIsIn) {
                // a simulated pick stops once its window is out: the summary is not timed here
            }
            Dataset d = window[0];
            Java2dSurface.paint(1400, 700, surface -> renderer.render(TimelineData.of(d),
                    new Viewport(d.startNs(), d.endNs(), 1400, 700), TrackSpec.DEFAULT, HighlightIndex.NONE,
                    PaintOptions.DEFAULT, surface));
            if (i >= 0) {
                ms[i] = (System.nanoTime() - t0) / 1_000_000;
            }
        }
        return ms;
    }

    private static void print(String name, long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        System.out.printf(Locale.ROOT, "%-36s %8d %8d %8d%n", name, s[0], s[s.length / 2], s[s.length - 1]);
    }
}
