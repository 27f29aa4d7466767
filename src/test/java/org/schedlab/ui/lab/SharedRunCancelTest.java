package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.LaneFixtures;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A run two views share ({@link RunCache}: the live run opened while B still simulates the same
 * values) is simulated on the thread of the request that started it. Cancelling that request -
 * the user moves B on - must leave the run whole for the view that joined it: its thread is not
 * interrupted, since the simulator's recorder hands its window over through a blocking queue that
 * an interrupt breaks ("recording interrupted"), which failed the joined view's run.
 */
@ExtendWith(ApplicationExtension.class)
class SharedRunCancelTest extends FxRobot {
    private static final Map<String, String> FULL = Map.of("preemption", "full");
    private final Scenario teach = LabFixtures.teach();
    /** The app's executor: a thread per run, as the views' runs get in the window. */
    private final LabTaskExecutor threads = new LabTaskExecutor();

    @AfterEach
    void stopThreads() {
        threads.shutdown();
    }

    /**
     * Stands in for the engine around its recorded window: it reports progress and looks at the
     * cancel flag (the only stop the engine knows; it never looks at interrupts) until the test lets
     * it reach the window's end, where it hands the last chunk to the recorder's thread as
     * {@code RecordPipe.handOver} does - a {@code put} an interrupt of the thread makes fail - then
     * hands out a real run's window and result.
     */
    private static final class RecorderHandOverRunner implements SimRunner {
        final CountDownLatch windowEnd = new CountDownLatch(1);
        final AtomicInteger runs = new AtomicInteger();
        private final RunResult real;

        RecorderHandOverRunner(RunResult real) {
            this.real = real;
        }

        @Override
        public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                             Simulation.Monitor monitor) {
            runs.incrementAndGet();
            boolean interrupted = false;
            while (true) {
                monitor.simulated(1_000_000, 4_000_000);
                if (monitor.isCancelled()) {
                    throw new CancellationException("simulation cancelled");
                }
                try {
                    if (windowEnd.await(5, TimeUnit.MILLISECONDS)) {
                        break;
                    }
                } catch (InterruptedException e) {
                    interrupted = true; // the engine does not see it; the recorder's queue will
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            try {
                new ArrayBlockingQueue<Object>(1).put(real.dataset().orElseThrow());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("recording interrupted", e);
            }
            monitor.recorded(real.dataset().orElseThrow(), real.timings());
            monitor.simulated(4_000_000, 4_000_000);
            return real;
        }
    }

    @Test
    @Timeout(60)
    void cancellingTheRequestThatStartedASharedRunLeavesItWholeForTheViewThatJoinedIt() throws Exception {
        RecorderHandOverRunner engine = new RecorderHandOverRunner(
                Simulation.run(teach, FULL, Simulation.Options.recording(RunViewModel.RECORD_MS), () -> false));
        RunCache shared = new RunCache(engine);
        ManualScheduler clock = new ManualScheduler();
        RunViewModel b = new RunViewModel(threads, clock, shared);
        RunViewModel live = new RunViewModel(threads, clock, shared);

        interact(() -> b.runNow(teach, FULL, 1));
        FxWait.untilOnFx("B's run reports its progress", 30, () -> b.statusProperty().get().contains(" ms (warm-up"));
        interact(() -> live.runNow(teach, FULL, 1));
        // progress reaches the live run only through the shared run: it joined
        FxWait.untilOnFx("the live run joined B's run", 30, () -> live.statusProperty().get().contains(" ms (warm-up"));
        interact(b::cancel); // B's user gives up on it; the live run still waits for the same run
        engine.windowEnd.countDown();

        FxWait.untilOnFx("the live run is done", 30, () -> live.phaseProperty().get() == RunViewModel.Phase.IDLE);
        assertEquals("", FxWait.onFx(() -> live.statusProperty().get()), "the live run did not fail");
        assertEquals("", FxWait.onFx(() -> live.problemProperty().get()));
        assertTrue(FxWait.onFx(() -> live.outcome().isPresent()), "its result is on screen");
        assertEquals(1, engine.runs.get(), "simulated once, for both");
    }
    @Test
    void aTaskCancelledWhileItsSharedRunWentOnAsksForNoFurtherSeed() throws Exception {
        RunResult real = Simulation.run(teach, FULL, Simulation.Options.summaryOnly(), () -> false);
        List<String> asked = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        RunTask[] task = new RunTask[1];
        // the cache hands the request that started a shared run its result, cancelled or not, when
        // another view joined it (the run went on for that view): here the user moves on during seed 1
        SimRunner shared = (scenario, overrides, options, monitor) -> {
            asked.add(overrides.get("seed"));
            task[0].cancel();
            return real;
        };
        task[0] = new RunTask(shared, teach, FULL, 3, RunViewModel.RECORD_MS);
        LaneFixtures.runOnAWorker(task[0], "test-worker");

        // seeds 2 and 3 were nobody's: each was a request that stopped the look-ahead's run and
        // built the scenario (which no cancel interrupts) only to stop at the engine's first check
        assertEquals(1, asked.size(), "seeds asked for: " + asked);
        assertTrue(task[0].isCancelled());
    }
}
