package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;

/**
 * Going back to a setting shows the kept run instead of simulating it again - the same summary
 * and the very same dataset, handed to the monitor like a fresh run's - while anything that
 * could change the result (a parameter, the seed, the record window, the scenario) runs anew,
 * a cancelled run is never kept, and a setting already being simulated is joined, not simulated
 * twice - until everyone waiting for it has cancelled.
 */
class RunCacheTest {
    private final Scenario teach = LabFixtures.teach();
    private final LabFixtures.CountingRunner counting = new LabFixtures.CountingRunner();
    private final RunCache cache = new RunCache(counting);
    private final Simulation.Options recording = Simulation.Options.recording(50);

    /** Records what the run hands out before it returns. */
    private static class Watch implements Simulation.Monitor {
        final List<Dataset> recorded = new ArrayList<>();
        volatile boolean cancelled;
        volatile long lastNowNs = -1;
        /** How often it was asked and said cancelled: who asks sees it stop. */
        final AtomicInteger seenCancelled = new AtomicInteger();

        @Override
        public boolean isCancelled() {
            if (cancelled) {
                seenCancelled.incrementAndGet();
            }
            return cancelled;
        }

        @Override
        public void simulated(long nowNs, long endNs) {
            lastNowNs = nowNs;
        }

        @Override
        public void recorded(Dataset dataset, RunResult.Timings timings) {
            recorded.add(dataset);
        }
    }

    @Test
    void theSameSettingAgainIsNotSimulatedAndGivesTheSameResult() throws Exception {
        Watch first = new Watch();
        RunResult a = cache.run(teach, Map.of("preemption", "full"), recording, first);
        Watch again = new Watch();
        RunResult b = cache.run(teach, Map.of("preemption", "full"), recording, again);

        assertEquals(1, counting.calls.size(), "simulated once");
        assertSame(a.summary(), b.summary());
        assertSame(a.dataset().orElseThrow(), b.dataset().orElseThrow());
        assertEquals(List.of(b.dataset().orElseThrow()), again.recorded, "the timeline is handed out as by a run");
        assertTrue(new Latency(0, b.timings().simulateNs(), b.timings().datasetNs(), 0, 0, 5_000_000).reused());
        assertTrue(a.timings().simulateNs() > 0, "a real run is timed, so it never reads as reused");
    }

    @Test
    void anythingThatChangesTheResultRunsAgain() throws Exception {
        cache.run(teach, Map.of("preemption", "full"), recording, new Watch());
        cache.run(teach, Map.of("preemption", "lazy"), recording, new Watch());
        cache.run(teach, Map.of("preemption", "full", "seed", "2"), recording, new Watch());
        cache.run(teach, Map.of("preemption", "full"), Simulation.Options.summaryOnly(), new Watch());
        Scenario other = LabFixtures.teach();
        assertEquals(teach, other, "the same scenario loaded again is the same key");
        cache.run(other, Map.of("preemption", "full"), recording, new Watch());

        assertEquals(4, counting.calls.size());
    }

    @Test
    void aCancelledRunIsNotKept() throws Exception {
        Watch cancelling = new Watch();
        cancelling.cancelled = true;
        try {
            cache.run(teach, Map.of("preemption", "none"), recording, cancelling);
        } catch (CancellationException expected) {
            // how a run may end when cancelled; either way nothing is kept
        }
        assertEquals(0, cache.size());
        cache.run(teach, Map.of("preemption", "none"), recording, new Watch());
        assertEquals(2, counting.calls.size(), "the cancelled setting runs again");
    }

    @Test
    void onlyTheNewestRunsAreKept() throws Exception {
        for (int seed = 1; seed <= RunCache.CAPACITY + 1; seed++) {
            cache.run(teach, Map.of("seed", Integer.toString(seed)), Simulation.Options.summaryOnly(), new Watch());
        }
        assertEquals(RunCache.CAPACITY, cache.size());
        cache.run(teach, Map.of("seed", "1"), Simulation.Options.summaryOnly(), new Watch());
        assertEquals(RunCache.CAPACITY + 2, counting.calls.size(), "the oldest was dropped and runs again");
    }

    @Test
    void bigRecordingsAreKeptWithinTheSliceBudgetTheNewestAlways() throws Exception {
        long perRun = cache.run(teach, Map.of(), recording, new Watch()).dataset().orElseThrow().sliceCount();
        assertTrue(perRun > 10);
        RunCache budget = new RunCache(counting, perRun * 5 / 2); // room for two such runs
        for (int seed = 1; seed <= 4; seed++) {
            budget.run(teach, Map.of("seed", Integer.toString(seed)), recording, new Watch());
        }
        assertEquals(2, budget.size(), "the two most recent fit");
        budget.run(teach, Map.of("seed", "4"), recording, new Watch());
        budget.run(teach, Map.of("seed", "1"), recording, new Watch());
        assertEquals(1 + 4 + 1, counting.calls.size(), "seed 4 was kept, seed 1 had been dropped");

        RunCache tiny = new RunCache(counting, 1);
        tiny.run(teach, Map.of(), recording, new Watch());
        assertEquals(1, tiny.size(), "the newest is kept whatever its size");
    }

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    /**
     * A run that reports its progress and recorded window, then holds until released (or until
     * its monitor says stop, as the engine would see it): the real simulator underneath.
     */
    private static final class HeldRunner implements SimRunner {
        final AtomicInteger runs = new AtomicInteger();
        final CountDownLatch started = new CountDownLatch(1);
        final CompletableFuture<Void> release = new CompletableFuture<>();
        volatile boolean stoppedByCancel;

        @Override
        public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                             Simulation.Monitor monitor) throws org.schedlab.sim.scenario.ScenarioException {
            runs.incrementAndGet();
            RunResult real = Simulation.run(scenario, overrides, options, () -> false);
            monitor.simulated(1, 2);
            monitor.recorded(real.dataset().orElseThrow(), real.timings());
            started.countDown();
            while (!release.isDone()) {
                monitor.simulated(2, 2); // the engine reports as it goes: joiners get it too
                if (monitor.isCancelled()) {
                    stoppedByCancel = true;
                    return real; // what a cancelled engine returns: a result nobody may keep
                }
                Thread.onSpinWait();
            }
            return real;
        }
    }

    @Test
    @Timeout(30)
    void aSecondRequestForASettingInFlightJoinsItInsteadOfSimulatingAgain() throws Exception {
        InFlight f = startAndJoin("full");
        assertSame(f.first.recorded.get(0), f.second.recorded.get(0), "the joiner gets the window already out");
        waitFor(() -> f.second.lastNowNs == 2); // and the run's progress from then on
        assertFalse(f.b.isDone());
        f.held.release.complete(null);

        assertSame(f.a.get().summary(), f.b.get().summary());
        assertEquals(1, f.held.runs.get(), "simulated once");
        assertEquals(0, f.b.get().timings().simulateNs(), "the joiner simulated nothing itself");
        assertEquals(1, f.shared.size(), "and the run is kept");
    }

    @Test
    @Timeout(30)
    void theRunGoesOnWhileAnyoneWaitsAndIsDroppedWhenEveryoneCancelled() throws Exception {
        InFlight f = startAndJoin("lazy");

        f.first.cancelled = true;
        // only the run asks the first request (it does not join): a second ask means the run looked
        // at the cancel and went on; a run that stops on it never asks again
        waitFor(() -> f.first.seenCancelled.get() >= 2 || f.held.stoppedByCancel);
        assertFalse(f.held.stoppedByCancel, "the second request still waits: the run goes on");
        f.second.cancelled = true;
        assertCancelled(f.b);
        f.a.get(10, TimeUnit.SECONDS);
        assertTrue(f.held.stoppedByCancel, "nobody waits any more: the run stops");
        assertEquals(0, f.shared.size(), "a stopped run is not kept");

        f.held.release.complete(null);
        f.shared.run(teach, Map.of("preemption", "lazy"), recording, new Watch());
        assertEquals(2, f.held.runs.get(), "the setting asked for again runs anew");
    }

    @Test
    @Timeout(30)
    void aLateJoinerTakesTheWindowWithoutHoldingTheCacheFromOthers() throws Exception {
        HeldRunner held = new HeldRunner();
        RunCache shared = new RunCache(held);
        Future<RunResult> a = threads.submit(() -> shared.run(teach, Map.of("preemption", "full"), recording, new Watch()));
        assertTrue(held.started.await(10, TimeUnit.SECONDS));
        // a joiner that takes its time over the window, as a run's task does (it chooses the
        // timeline's task lanes there, a pass over every slice: a million in the default window)
        CountDownLatch taking = new CountDownLatch(1);
        CountDownLatch taken = new CountDownLatch(1);
        Watch slow = new Watch() {
            @Override
            public void recorded(Dataset dataset, RunResult.Timings timings) {
                super.recorded(dataset, timings);
                taking.countDown();
                try {
                    taken.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        Future<RunResult> b = threads.submit(() -> shared.run(teach, Map.of("preemption", "full"), recording, slow));
        assertTrue(taking.await(10, TimeUnit.SECONDS));
        // meanwhile the FX thread asks the cache (every plan of the look-ahead marks its pick used):
        // it must not wait for that pass; the get's limit only guards against a hung test
        Future<?> pick = threads.submit(() -> shared.markUsed(teach, Map.of("preemption", "lazy"), recording));
        pick.get(10, TimeUnit.SECONDS);

        taken.countDown();
        held.release.complete(null);
        assertSame(a.get(10, TimeUnit.SECONDS).summary(), b.get(10, TimeUnit.SECONDS).summary());
        assertEquals(1, slow.recorded.size(), "the joiner got the window once");
    }

    /** A held run of {@code model} and a second request for it that joined (its window is out). */
    private record InFlight(HeldRunner held, RunCache shared, Watch first, Future<RunResult> a, Watch second,
                            Future<RunResult> b) {
    }

    private InFlight startAndJoin(String model) throws InterruptedException {
        HeldRunner held = new HeldRunner();
        RunCache shared = new RunCache(held);
        Watch first = new Watch();
        Future<RunResult> a = threads.submit(() -> shared.run(teach, Map.of("preemption", model), recording, first));
        assertTrue(held.started.await(10, TimeUnit.SECONDS));
        Watch second = new Watch();
        Future<RunResult> b = threads.submit(() -> shared.run(teach, Map.of("preemption", model), recording, second));
        waitFor(() -> second.recorded.size() == 1);
        return new InFlight(held, shared, first, a, second, b);
    }

    private static void assertCancelled(Future<RunResult> joined) {
        java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> joined.get(10, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof CancellationException, e.toString());
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out");
            }
            Thread.sleep(5);
        }
    }

    /**
     * Stands in for the engine: each run reports progress once before its window, hands out its
     * window (a real run's, made beforehand) when the test lets it, reports progress once after,
     * and notes what it got to.
     */
    private final class Stepped implements SimRunner {
        final List<String> events = java.util.Collections.synchronizedList(new ArrayList<>());
        final Map<String, CountDownLatch> started = Map.of("none", new CountDownLatch(1), "lazy", new CountDownLatch(1));
        final Map<String, CountDownLatch> windowAllowed = Map.of("none", new CountDownLatch(1), "lazy", new CountDownLatch(1));
        final Map<String, RunResult> real = new java.util.HashMap<>();

        Stepped() throws Exception {
            for (String m : List.of("none", "lazy")) {
                real.put(m, Simulation.run(teach, Map.of("preemption", m), recording, () -> false));
            }
        }

        @Override
        public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                             Simulation.Monitor monitor) {
            String m = overrides.get("preemption");
            monitor.simulated(1, 4);
            started.get(m).countDown();
            try {
                windowAllowed.get(m).await();
            } catch (InterruptedException e) {
                throw new CancellationException("interrupted");
            }
            // logged before the hand-over: the hand-over itself lets a waiting run go on, which
            // logged its summary ahead of this window's line now and then (CI, once)
            events.add(m + " window");
            monitor.recorded(real.get(m).dataset().orElseThrow(), real.get(m).timings());
            monitor.simulated(2, 4); // summary work from here on
            if (monitor.isCancelled()) {
                events.add(m + " stopped");
                throw new CancellationException("stopped");
            }
            events.add(m + " summary");
            return real.get(m);
        }
    }

    /** A watch told when its run waits for another run's window. */
    private static final class WaitWatch extends Watch implements RunCache.WindowWait {
        final List<Boolean> waits = java.util.Collections.synchronizedList(new ArrayList<>());

        @Override
        public void waitingForWindows(boolean waiting) {
            waits.add(waiting);
        }
    }

    @Test
    @Timeout(60)
    void aRunPastItsWindowWaitsWhileAnotherRequestStillSimulatesTowardItsWindow() throws Exception {
        Stepped engine = new Stepped();
        RunCache shared = new RunCache(engine);
        WaitWatch a = new WaitWatch();
        Watch b = new Watch();
        Future<RunResult> runB = threads.submit(() -> shared.run(teach, Map.of("preemption", "lazy"), recording, b));
        engine.started.get("lazy").await();
        Future<RunResult> runA = threads.submit(() -> shared.run(teach, Map.of("preemption", "none"), recording, a));
        engine.windowAllowed.get("none").countDown(); // A's window comes first, B still simulates toward its own
        // A's watcher is told as A starts to wait, so its view can say why: from then on A waits
        // until B's window is in (a run that did not wait would never tell it, and this times out)
        waitFor(() -> !a.waits.isEmpty());
        assertEquals(List.of(true), a.waits);
        assertEquals(List.of("none window"), engine.events, "A's timeline is out, its summary waits for B's window");

        engine.windowAllowed.get("lazy").countDown();
        runA.get(30, TimeUnit.SECONDS);
        runB.get(30, TimeUnit.SECONDS);
        assertEquals(List.of("none window", "lazy window"), engine.events.subList(0, 2), engine.events.toString());
        assertEquals(java.util.Set.of("none summary", "lazy summary"), java.util.Set.copyOf(engine.events.subList(2, 4)));
        assertEquals(List.of(engine.real.get("none").dataset().orElseThrow()), a.recorded);
        assertEquals(List.of(true, false), a.waits);
    }

    @Test
    @Timeout(60)
    void aRunWaitingForAnotherWindowStopsWhenCancelled() throws Exception {
        Stepped engine = new Stepped();
        RunCache shared = new RunCache(engine);
        Watch a = new Watch();
        threads.submit(() -> shared.run(teach, Map.of("preemption", "lazy"), recording, new Watch()));
        engine.started.get("lazy").await();
        Future<RunResult> runA = threads.submit(() -> shared.run(teach, Map.of("preemption", "none"), recording, a));
        engine.windowAllowed.get("none").countDown();
        while (a.recorded.isEmpty()) {
            Thread.sleep(5);
        }
        a.cancelled = true;
        java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> runA.get(30, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof CancellationException, e.toString());
        assertEquals(List.of("none window", "none stopped"), engine.events);
        engine.windowAllowed.get("lazy").countDown();
    }

    @Test
    void aRunThatWaitedForAnotherWindowGivesTheSameSummaryAndWindow() throws Exception {
        RunResult straight = Simulation.run(teach, Map.of("preemption", "full"), recording, () -> false);
        // the wait as the cache makes it: on the run's thread, in the engine's checks after the window
        boolean[] windowIn = new boolean[1];
        RunResult waited = Simulation.run(teach, Map.of("preemption", "full"), recording, new Simulation.Monitor() {
            @Override
            public boolean isCancelled() {
                return false;
            }

            @Override
            public void simulated(long nowNs, long endNs) {
                if (windowIn[0]) {
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }

            @Override
            public void recorded(Dataset dataset, RunResult.Timings timings) {
                windowIn[0] = true;
            }
        });
        assertTrue(windowIn[0]);
        com.fasterxml.jackson.databind.node.ObjectNode a =
                (com.fasterxml.jackson.databind.node.ObjectNode) org.schedlab.sim.summary.SummaryJson.tree(straight.summary());
        com.fasterxml.jackson.databind.node.ObjectNode b =
                (com.fasterxml.jackson.databind.node.ObjectNode) org.schedlab.sim.summary.SummaryJson.tree(waited.summary());
        a.remove("wallMs"); // the wall clock, the wait included
        b.remove("wallMs");
        assertEquals(a, b);
        assertEquals(straight.dataset().orElseThrow().sliceCount(), waited.dataset().orElseThrow().sliceCount());
    }
}
