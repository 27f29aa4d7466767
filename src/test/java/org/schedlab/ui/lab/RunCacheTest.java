package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;

/**
 * Going back to a setting shows the kept run instead of simulating it again - the same summary
 * and the very same dataset, handed to the monitor like a fresh run's - while anything that
 * could change the result (a parameter, the seed, the record window, the scenario) runs anew,
 * and a cancelled run is never kept.
 */
class RunCacheTest {
    private final Scenario teach = LabFixtures.teach();
    private final LabFixtures.CountingRunner counting = new LabFixtures.CountingRunner();
    private final RunCache cache = new RunCache(counting);
    private final Simulation.Options recording = Simulation.Options.recording(50);

    /** Records what the run hands out before it returns. */
    private static final class Watch implements Simulation.Monitor {
        final List<Dataset> recorded = new ArrayList<>();
        volatile boolean cancelled;

        @Override
        public boolean isCancelled() {
            return cancelled;
        }

        @Override
        public void simulated(long nowNs, long endNs) {
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
}
