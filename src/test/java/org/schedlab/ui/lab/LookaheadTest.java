package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import javafx.concurrent.Task;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Settings likely to be asked for next run while nothing else does, so that asking for one
 * shows it without simulating: a run ahead yields to every request (stopped by one for another
 * setting, joined by one for the same), never starts while a request runs, stops when turned
 * off, and runs at most {@value Lookahead#MAX_AHEAD} runs per change. Which settings:
 * {@link LikelyNextTest}.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(60)
class LookaheadTest extends FxRobot {
    private final Scenario teach = LabFixtures.teach();
    private final Simulation.Options recording = Simulation.Options.recording(RunViewModel.RECORD_MS);
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    /** Each run holds until released or cancelled (as the engine sees a cancel); remembers who ran. */
    private static final class GateRunner implements SimRunner {
        final List<String> runs = java.util.Collections.synchronizedList(new ArrayList<>());
        final List<String> stopped = java.util.Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch started = new CountDownLatch(1);
        final CompletableFuture<Void> release = new CompletableFuture<>();

        @Override
        public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                             Simulation.Monitor monitor) throws ScenarioException {
            String model = overrides.getOrDefault("preemption", "default");
            runs.add(model);
            RunResult real = Simulation.run(scenario, overrides, options, () -> false);
            real.dataset().ifPresent(d -> monitor.recorded(d, real.timings()));
            started.countDown();
            while (!release.isDone()) {
                if (monitor.isCancelled()) {
                    stopped.add(model);
                    throw new java.util.concurrent.CancellationException("stopped");
                }
                Thread.onSpinWait();
            }
            return real;
        }
    }

    /** The real simulator, remembering the overrides of every run that finished (not the stopped ones). */
    private static final class FinishedRunner implements SimRunner {
        final List<Map<String, String>> finished = java.util.Collections.synchronizedList(new ArrayList<>());

        @Override
        public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                             Simulation.Monitor monitor) throws ScenarioException {
            RunResult r = Simulation.run(scenario, overrides, options, monitor);
            finished.add(Map.copyOf(overrides));
            return r;
        }
    }

    private static final class Watch implements Simulation.Monitor {
        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public void simulated(long nowNs, long endNs) {
            // not watched
        }
    }

    @Test
    void aSettingRunAheadIsKeptAndAskingForItSimulatesNothing() throws Exception {
        LabFixtures.CountingRunner counting = new LabFixtures.CountingRunner();
        RunCache cache = new RunCache(counting);
        assertEquals(RunCache.Ahead.KEPT, cache.runAhead(teach, Map.of("preemption", "full"), recording, () -> false));
        assertTrue(cache.isKept(teach, Map.of("preemption", "full"), recording));

        RunResult asked = cache.run(teach, Map.of("preemption", "full"), recording, new Watch());
        assertEquals(1, counting.calls.size(), "simulated once, ahead");
        assertEquals(0, asked.timings().simulateNs(), "the request simulated nothing");
        assertEquals(RunCache.Ahead.KEPT, cache.runAhead(teach, Map.of("preemption", "full"), recording, () -> false));
        assertEquals(1, counting.calls.size(), "a kept setting is not run ahead again");
    }

    @Test
    void aRequestForAnotherSettingStopsTheRunAheadAndNothingOfItIsKept() throws Exception {
        GateRunner gate = new GateRunner();
        RunCache cache = new RunCache(gate);
        Future<RunCache.Ahead> ahead = threads.submit(
                () -> cache.runAhead(teach, Map.of("preemption", "full"), recording, () -> false));
        assertTrue(gate.started.await(20, TimeUnit.SECONDS));

        Future<RunResult> asked = threads.submit(() -> cache.run(teach, Map.of("preemption", "lazy"), recording, new Watch()));
        assertEquals(RunCache.Ahead.STOPPED, ahead.get(20, TimeUnit.SECONDS));
        assertEquals(List.of("full"), gate.stopped);
        gate.release.complete(null);
        asked.get(20, TimeUnit.SECONDS);
        assertFalse(cache.isKept(teach, Map.of("preemption", "full"), recording), "a stopped run is not kept");
        assertTrue(cache.isKept(teach, Map.of("preemption", "lazy"), recording));
    }

    @Test
    void aRequestForTheSameSettingJoinsTheRunAhead() throws Exception {
        GateRunner gate = new GateRunner();
        RunCache cache = new RunCache(gate);
        Future<RunCache.Ahead> ahead = threads.submit(
                () -> cache.runAhead(teach, Map.of("preemption", "full"), recording, () -> false));
        assertTrue(gate.started.await(20, TimeUnit.SECONDS));
        Future<RunResult> asked = threads.submit(() -> cache.run(teach, Map.of("preemption", "full"), recording, new Watch()));
        Thread.sleep(100);
        assertFalse(asked.isDone(), "it waits for the run ahead");
        gate.release.complete(null);

        assertEquals(RunCache.Ahead.KEPT, ahead.get(20, TimeUnit.SECONDS));
        assertEquals("full", asked.get(20, TimeUnit.SECONDS).summary().params().get("preemption"));
        assertEquals(List.of("full"), gate.runs, "simulated once");
        assertEquals(List.of(), gate.stopped);
    }

    @Test
    void nothingStartsAheadWhileARequestRuns() throws Exception {
        GateRunner gate = new GateRunner();
        RunCache cache = new RunCache(gate);
        Future<RunResult> asked = threads.submit(() -> cache.run(teach, Map.of("preemption", "lazy"), recording, new Watch()));
        assertTrue(gate.started.await(20, TimeUnit.SECONDS));

        assertEquals(RunCache.Ahead.STOPPED, cache.runAhead(teach, Map.of("preemption", "full"), recording, () -> false));
        assertEquals(List.of("lazy"), gate.runs);
        gate.release.complete(null);
        asked.get(20, TimeUnit.SECONDS);
        assertTrue(cache.awaitNoRequests());
    }

    @Test
    void runningAheadNeverPushesOutARunARequestUsed() throws Exception {
        LabFixtures.CountingRunner counting = new LabFixtures.CountingRunner();
        RunCache cache = new RunCache(counting);
        Simulation.Options summary = Simulation.Options.summaryOnly();
        for (int seed = 1; seed <= RunCache.CAPACITY; seed++) {
            cache.run(teach, Map.of("seed", Integer.toString(seed)), summary, new Watch());
        }
        for (int seed = 101; seed <= 101 + RunCache.AHEAD_CAPACITY; seed++) { // one more than fits
            assertEquals(RunCache.Ahead.KEPT, cache.runAhead(teach, Map.of("seed", Integer.toString(seed)), summary,
                    () -> false));
        }
        for (int seed = 1; seed <= RunCache.CAPACITY; seed++) {
            assertTrue(cache.isKept(teach, Map.of("seed", Integer.toString(seed)), summary), "used run " + seed);
        }
        assertFalse(cache.isKept(teach, Map.of("seed", "101"), summary), "the oldest made ahead made room");
        assertTrue(cache.isKept(teach, Map.of("seed", "102"), summary));

        cache.run(teach, Map.of("seed", "102"), summary, new Watch()); // asked for: a used run now
        assertEquals(RunCache.CAPACITY + RunCache.AHEAD_CAPACITY + 1, counting.calls.size(), "the request simulated nothing");
        assertFalse(cache.isKept(teach, Map.of("seed", "1"), summary), "and like any used run it pushes out the oldest");
    }

    @Test
    void aSettingTheScenarioRefusesIsReportedAsRefused() {
        RunCache cache = new RunCache(new LabFixtures.CountingRunner());
        assertEquals(RunCache.Ahead.REFUSED, cache.runAhead(teach, Map.of("cpus", "0"), recording, () -> false));
    }

    @Test
    void whenOnItRunsThePlannedSettingsInTheBackgroundAtMostThreePerChange() throws Exception {
        LabFixtures.CountingRunner counting = new LabFixtures.CountingRunner();
        RunCache cache = new RunCache(counting);
        Lookahead ahead = new Lookahead(cache, RunViewModel.RECORD_MS);
        List<Lookahead.Candidate> five = new ArrayList<>(otherModels(1));
        five.add(new Lookahead.Candidate(teach, Map.of("cpus", "2"), 1, "cpus=2"));
        five.add(new Lookahead.Candidate(teach, Map.of("cpus", "3"), 2, "cpus=3"));
        try {
            ahead.plan(new Lookahead.Candidate(teach, Map.of(), 1, "current"), five);
            Thread.sleep(200);
            assertEquals(0, counting.calls.size(), "off: nothing runs");

            ahead.setEnabled(true);
            for (String model : List.of("voluntary", "full", "lazy")) {
                waitFor(() -> cache.isKept(teach, Map.of("preemption", model, "seed", "1"), recording));
            }
            Thread.sleep(200);
            assertEquals(3, counting.calls.size(), "the first three, in order: " + counting.calls);
            assertEquals("voluntary", counting.calls.get(0).get("preemption"));

            RunResult asked = cache.run(teach, Map.of("preemption", "full", "seed", "1"), recording, new Watch());
            assertEquals(0, asked.timings().simulateNs(), "asking for one of them simulates nothing");
            assertEquals(3, counting.calls.size());

            // two seeds: the recorded run and a summary-only one
            ahead.plan(new Lookahead.Candidate(teach, Map.of(), 1, "current"), List.of(five.get(4)));
            waitFor(() -> cache.isKept(teach, Map.of("cpus", "3", "seed", "2"), Simulation.Options.summaryOnly()));
            assertTrue(cache.isKept(teach, Map.of("cpus", "3", "seed", "1"), recording));
            assertEquals(5, counting.calls.size());
        } finally {
            ahead.shutdown();
        }
    }

    @Test
    void aWindowOfSettingsWithSeveralSeedsRunsOnceAndThenRests() throws Exception {
        // three candidates of two seeds are six runs, more than the cache keeps of runs made ahead:
        // the first ones are pushed out by the last ones, and must not be run again and again
        LabFixtures.CountingRunner counting = new LabFixtures.CountingRunner();
        RunCache cache = new RunCache(counting);
        Lookahead ahead = runningAhead(cache, 2, otherModels(2));
        try {
            waitFor(() -> counting.calls.size() >= 2);
            assertItRests(counting, 6, "each seed of each setting at most once per plan: ");
        } finally {
            ahead.shutdown();
        }
    }

    @Test
    void withSeveralSeedsTheWindowIsCountedInRunsSoTheMostLikelySettingIsNotPushedOut() throws Exception {
        LabFixtures.CountingRunner counting = new LabFixtures.CountingRunner();
        RunCache cache = new RunCache(counting);
        Lookahead ahead = runningAhead(cache, 2, otherModels(2));
        try {
            waitFor(() -> cache.isKept(teach, Map.of("preemption", "voluntary", "seed", "2"),
                    Simulation.Options.summaryOnly()));
            Thread.sleep(300);
            assertTrue(cache.isKept(teach, Map.of("preemption", "voluntary", "seed", "1"), recording),
                    "the most likely setting's recorded run stays: " + counting.calls);
            assertTrue(cache.isKept(teach, Map.of("preemption", "voluntary", "seed", "2"), Simulation.Options.summaryOnly()),
                    "and its second seed: " + counting.calls);
            assertEquals(2, counting.calls.size(), "only what the cache keeps ahead (three runs) is run: " + counting.calls);
        } finally {
            ahead.shutdown();
        }
    }

    @Test
    void aSettingMadeAheadForTheLastPlanThatTheNewPlanStillWantsIsNotPushedOutAndRunAgain() throws Exception {
        // B picks another model: the models not picked stay likely next, so the new plan's window
        // holds a run made for the last plan - the oldest run made ahead, yet the last to push out
        LabFixtures.CountingRunner counting = new LabFixtures.CountingRunner();
        RunCache cache = new RunCache(counting);
        Lookahead ahead = new Lookahead(cache, RunViewModel.RECORD_MS);
        Lookahead.Candidate current = new Lookahead.Candidate(teach, Map.of(), 1, "current");
        try {
            ahead.setEnabled(true);
            ahead.plan(current, List.of(candidate("preemption", "voluntary"), candidate("preemption", "full"),
                    candidate("preemption", "lazy")));
            waitFor(() -> counting.calls.size() == 3);
            ahead.plan(current, List.of(candidate("preemption", "voluntary"), candidate("cpus", "2"),
                    candidate("cpus", "3")));
            waitFor(() -> cache.isKept(teach, Map.of("cpus", "3", "seed", "1"), recording));
            Thread.sleep(300);
            assertEquals(5, counting.calls.size(), "voluntary ran once: " + counting.calls);
            assertTrue(cache.isKept(teach, Map.of("preemption", "voluntary", "seed", "1"), recording));
        } finally {
            ahead.shutdown();
        }
    }

    private Lookahead.Candidate candidate(String key, String value) {
        return new Lookahead.Candidate(teach, Map.of(key, value), 1, key + "=" + value);
    }

    @Test
    void runsAheadThatDoNotAllFitTheSliceBudgetRunOnceAndThenRest() throws Exception {
        LabFixtures.CountingRunner counting = new LabFixtures.CountingRunner();
        long oneWindow = Simulation.run(teach, Map.of(), recording, () -> false).dataset().orElseThrow().sliceCount();
        RunCache cache = new RunCache(counting, 2 * (2 * oneWindow + oneWindow / 2)); // two of three fit ahead
        Lookahead ahead = runningAhead(cache, 1, otherModels(1));
        try {
            waitFor(() -> counting.calls.size() >= 3);
            assertItRests(counting, 3, "each setting at most once per plan: ");
        } finally {
            ahead.shutdown();
        }
    }

    @Test
    void nothingStartsAheadUntilThePlansHaveBeenQuietAWhileAsDuringADrag() throws Exception {
        // a drag committing a new value every 100 ms: a loaded machine can hold the test's thread
        // past the quiet time between two of them, and then what it played was no drag (the plan
        // before the pause rightly ran ahead). Such a drag is played again, on a fresh run-ahead;
        // what is asserted is about a drag whose plans all came within the quiet time
        for (int attempt = 1; ; attempt++) {
            List<Long> startedAtNs = java.util.Collections.synchronizedList(new ArrayList<>());
            RunCache cache = new RunCache((scenario, overrides, options, monitor) -> {
                startedAtNs.add(System.nanoTime());
                return Simulation.run(scenario, overrides, options, monitor);
            });
            Lookahead ahead = new Lookahead(cache, RunViewModel.RECORD_MS);
            try {
                ahead.setEnabled(true);
                long lastPlanNs = 0;
                long longestGapNs = 0;
                for (int tick = 1; tick <= 5; tick++) {
                    long now = System.nanoTime();
                    if (tick > 1) {
                        longestGapNs = Math.max(longestGapNs, now - lastPlanNs);
                    }
                    lastPlanNs = now;
                    ahead.plan(new Lookahead.Candidate(teach, Map.of("ctxSwitchUs", Integer.toString(tick)), 1, "now"),
                            List.of(new Lookahead.Candidate(teach, Map.of("ctxSwitchUs", Integer.toString(tick),
                                    "preemption", "full"), 1, "full")));
                    Thread.sleep(100);
                }
                waitFor(() -> !startedAtNs.isEmpty());
                Thread.sleep(200);
                if (longestGapNs >= (Lookahead.QUIET_MS - 50) * 1_000_000 && attempt < 5) {
                    continue; // not a drag: the thread was held between two plans
                }
                assertTrue(longestGapNs < Lookahead.QUIET_MS * 1_000_000,
                        "five drags in a row held for " + longestGapNs / 1_000_000 + " ms between two plans");
                assertEquals(1, startedAtNs.size(), "only the last position's plan ran ahead");
                assertTrue(startedAtNs.get(0) - lastPlanNs >= Lookahead.QUIET_MS * 1_000_000 - 1_000_000,
                        "not before the quiet time: " + (startedAtNs.get(0) - lastPlanNs) / 1_000_000 + " ms");
                assertTrue(cache.isKept(teach, Map.of("ctxSwitchUs", "5", "preemption", "full", "seed", "1"), recording));
                return;
            } finally {
                ahead.shutdown();
            }
        }
    }

    @Test
    void afterShutdownItCannotBeTurnedOnAgain() throws Exception {
        LabFixtures.CountingRunner counting = new LabFixtures.CountingRunner();
        Lookahead ahead = new Lookahead(new RunCache(counting), RunViewModel.RECORD_MS);
        ahead.shutdown();
        ahead.setEnabled(true);
        ahead.plan(new Lookahead.Candidate(teach, Map.of(), 1, "now"),
                List.of(new Lookahead.Candidate(teach, Map.of("preemption", "full"), 1, "full")));
        Thread.sleep(Lookahead.QUIET_MS + 300);
        assertEquals(0, counting.calls.size());
        assertFalse(ahead.isEnabled());
    }

    @Test
    void turnedOffTheRunAheadStops() throws Exception {
        GateRunner gate = new GateRunner();
        RunCache cache = new RunCache(gate);
        Lookahead ahead = new Lookahead(cache, RunViewModel.RECORD_MS);
        try {
            ahead.setEnabled(true);
            ahead.plan(new Lookahead.Candidate(teach, Map.of(), 1, "current"),
                    List.of(new Lookahead.Candidate(teach, Map.of("preemption", "full"), 1, "full")));
            assertTrue(gate.started.await(20, TimeUnit.SECONDS));
            ahead.setEnabled(false);
            waitFor(() -> gate.stopped.equals(List.of("full")));
            assertFalse(cache.isKept(teach, Map.of("preemption", "full", "seed", "1"), recording));
        } finally {
            ahead.shutdown();
        }
    }

    @Test
    void pickingTheSettingThatRunsAheadLetsItRunOnForItsRequestToJoin() throws Exception {
        GateRunner gate = new GateRunner();
        RunCache cache = new RunCache(gate);
        Lookahead ahead = new Lookahead(cache, RunViewModel.RECORD_MS);
        try {
            ahead.setEnabled(true);
            ahead.plan(new Lookahead.Candidate(teach, Map.of(), 1, "current"), List.of(candidate("preemption", "full")));
            assertTrue(gate.started.await(20, TimeUnit.SECONDS));
            // the user picks full while it runs ahead: the panel plans at once, the request follows
            // after the debounce
            ahead.plan(candidate("preemption", "full"), List.of(candidate("preemption", "lazy")));
            Thread.sleep(RunViewModel.DEBOUNCE_MS);
            Future<RunResult> asked = threads.submit(
                    () -> cache.run(teach, Map.of("preemption", "full", "seed", "1"), recording, new Watch()));
            Thread.sleep(100);
            gate.release.complete(null);
            assertEquals("full", asked.get(20, TimeUnit.SECONDS).summary().params().get("preemption"));
            assertEquals(List.of(), gate.stopped, "the run made ahead went on for the request");
            assertEquals(1, gate.runs.stream().filter("full"::equals).count(), "full simulated once: " + gate.runs);
        } finally {
            ahead.shutdown();
        }
    }

    @Test
    void aNewPlanThatStillWantsTheSettingRunningAheadLetsItRunOn() throws Exception {
        // swap, or a change of A while B's alternatives run ahead: the new plan's window starts with
        // the very setting that runs
        GateRunner gate = new GateRunner();
        RunCache cache = new RunCache(gate);
        Lookahead ahead = new Lookahead(cache, RunViewModel.RECORD_MS);
        Lookahead.Candidate current = new Lookahead.Candidate(teach, Map.of(), 1, "current");
        try {
            ahead.setEnabled(true);
            ahead.plan(current, List.of(candidate("preemption", "full"), candidate("preemption", "lazy")));
            assertTrue(gate.started.await(20, TimeUnit.SECONDS));
            ahead.plan(current, List.of(candidate("preemption", "full"), candidate("cpus", "2")));
            Thread.sleep(100);
            gate.release.complete(null);
            waitFor(() -> cache.isKept(teach, Map.of("cpus", "2", "seed", "1"), recording));
            assertEquals(List.of(), gate.stopped, "the run ahead went on");
            assertEquals(List.of("full", "default"), gate.runs, "full simulated once");
        } finally {
            ahead.shutdown();
        }
    }

    @Test
    void whileARequestStoppedTheRunAheadTheStatusSaysNothingRunsAhead() throws Exception {
        GateRunner gate = new GateRunner();
        RunCache cache = new RunCache(gate);
        Lookahead ahead = new Lookahead(cache, RunViewModel.RECORD_MS);
        java.util.concurrent.atomic.AtomicReference<String> status = new java.util.concurrent.atomic.AtomicReference<>("");
        ahead.onStatus(status::set);
        try {
            ahead.setEnabled(true);
            ahead.plan(new Lookahead.Candidate(teach, Map.of(), 1, "current"), List.of(candidate("preemption", "full")));
            assertTrue(gate.started.await(20, TimeUnit.SECONDS));
            assertEquals("looking ahead: preemption=full", status.get());
            Future<RunResult> asked = threads.submit(
                    () -> cache.run(teach, Map.of("preemption", "lazy", "seed", "1"), recording, new Watch()));
            waitFor(() -> gate.stopped.equals(List.of("full")));
            try {
                waitFor(() -> status.get().isEmpty());
            } catch (AssertionError e) {
                throw new AssertionError("the request runs, nothing ahead, yet the status says: " + status.get());
            }
            gate.release.complete(null);
            asked.get(20, TimeUnit.SECONDS);
        } finally {
            ahead.shutdown();
        }
    }

    @Test
    void inTheLabPickingAnotherPreemptionModelForBShowsARunMadeAhead() throws Exception {
        LabRunningAhead l = labOnNoneVsFullRunningAhead();
        LabViewModel lab = l.lab();
        ManualScheduler clock = l.clock();
        List<Map<String, String>> finished = l.finished();
        try {
            // B changed last: its other preemption models run ahead (none is A's, kept already), then
            // the workload's first choice (bClass) before the machine's (arch), three in all
            try {
                waitFor(() -> finished.size() == 5);
            } catch (AssertionError e) {
                throw new AssertionError("finished " + finished + " status " + lab.lookaheadStatusProperty().get());
            }
            Thread.sleep(200);
            assertEquals(5, finished.size(), "A, B, then three ahead: " + finished);
            assertEquals(List.of("none", "full"), finished.subList(0, 2).stream()
                    .map(o -> o.getOrDefault("preemption", "none")).toList(), "A and B first");
            assertEquals(List.of("voluntary", "lazy", "full"), finished.subList(2, 5).stream()
                    .map(o -> o.getOrDefault("preemption", "none")).toList());
            assertEquals("fifo", finished.get(4).get("bClass"), "the scenario's knob before the machine's");

            interact(() -> {
                lab.compare().panel(CompareViewModel.Side.B).apply(with(SHORT_RUN, "lazy"));
                clock.advance(RunViewModel.DEBOUNCE_MS);
            });
            RunViewModel b = lab.compare().side(CompareViewModel.Side.B);
            assertEquals("lazy", b.outcome().orElseThrow().summaries().get(0).params().get("preemption"));
            interact(() -> b.painted(b.timeline().dataset()));
            assertTrue(b.timelineLatencyProperty().get().orElseThrow().reused(), "shown without simulating");
        } finally {
            lab.shutdown();
        }
    }

    @Test
    void inTheLabChangingTheSeedsRunsTheLikelyNextSettingsWithTheNewSeeds() throws Exception {
        LabRunningAhead l = labOnNoneVsFullRunningAhead();
        LabViewModel lab = l.lab();
        ManualScheduler clock = l.clock();
        List<Map<String, String>> finished = l.finished();
        try {
            waitFor(() -> finished.size() == 5);
            interact(() -> lab.compare().seedsProperty().set(2)); // both sides run their second seed
            try {
                waitFor(() -> finished.stream().anyMatch(
                        o -> "voluntary".equals(o.get("preemption")) && "2".equals(o.get("seed"))));
            } catch (AssertionError e) {
                throw new AssertionError("the likely next setting's second seed never ran ahead: " + finished);
            }
            interact(() -> {
                lab.compare().panel(CompareViewModel.Side.B).apply(with(SHORT_RUN, "voluntary"));
                clock.advance(RunViewModel.DEBOUNCE_MS);
            });
            RunViewModel b = lab.compare().side(CompareViewModel.Side.B);
            assertEquals(2, b.outcome().orElseThrow().summaries().size());
            assertEquals(2, finished.stream().filter(o -> "voluntary".equals(o.get("preemption"))).count(),
                    "both seeds were kept, made ahead: picking simulated neither again " + finished);
        } finally {
            lab.shutdown();
        }
    }

    private static final Map<String, String> SHORT_RUN = Map.of("durationMs", "200");

    /** A lab (same-thread runs, manual clock) and the overrides of every run that finished, in order. */
    private record LabRunningAhead(LabViewModel lab, ManualScheduler clock, List<Map<String, String>> finished) {
    }

    /** A/B on teach, none against full, both run; then running ahead turned on, so the order is known. */
    private LabRunningAhead labOnNoneVsFullRunningAhead() {
        FinishedRunner runner = new FinishedRunner();
        ManualScheduler clock = new ManualScheduler();
        LabViewModel lab = new LabViewModel(Task::run, clock, runner, Runnable::run);
        interact(() -> lab.compare().open(teach, with(SHORT_RUN, "none"), with(SHORT_RUN, "full")));
        interact(() -> lab.lookaheadProperty().set(true));
        return new LabRunningAhead(lab, clock, runner.finished);
    }

    private static Map<String, String> with(Map<String, String> base, String model) {
        Map<String, String> m = new java.util.HashMap<>(base);
        m.put("preemption", model);
        return m;
    }

    /** A lookahead on {@code cache}, turned on, with {@code plan} (the setting picked: the scenario's values). */
    private Lookahead runningAhead(RunCache cache, int seeds, List<Lookahead.Candidate> plan) {
        Lookahead ahead = new Lookahead(cache, RunViewModel.RECORD_MS);
        ahead.setEnabled(true);
        ahead.plan(new Lookahead.Candidate(teach, Map.of(), seeds, "current"), plan);
        return ahead;
    }

    /** voluntary, full and lazy, each with {@code seeds} seeds. */
    private List<Lookahead.Candidate> otherModels(int seeds) {
        List<Lookahead.Candidate> out = new ArrayList<>();
        for (String model : List.of("voluntary", "full", "lazy")) {
            out.add(new Lookahead.Candidate(teach, Map.of("preemption", model), seeds, model));
        }
        return out;
    }

    /** The worker has stopped simulating, after at most {@code atMost} runs. */
    private static void assertItRests(LabFixtures.CountingRunner counting, int atMost, String what)
            throws InterruptedException {
        Thread.sleep(300);
        int settled = counting.calls.size();
        Thread.sleep(300);
        assertEquals(settled, counting.calls.size(), "the worker rests once the plan ran: " + counting.calls.size());
        assertTrue(settled <= atMost, what + settled);
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out");
            }
            Thread.sleep(5);
        }
    }
}
