package org.schedlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * The recorded window is handed out as soon as it is simulated (the workbench paints it while
 * the run goes on for the summary): that early dataset is the run's final one, the same as an
 * unwatched run's, and closing the recording mid-run changes nothing in the summary.
 */
class EarlyDatasetTest {
    private static final Map<String, String> BUSY = Map.of("preemption", "lazy", "stealPct", "5",
            "rseqSliceExtUs", "10", "durationMs", "200");

    /** Remembers what a watcher sees, and cancels when told to. */
    private static final class Watcher implements Simulation.Monitor {
        final List<Dataset> recorded = new ArrayList<>();
        long lastNowNs = -1;
        long nowAtRecordedNs = -1;
        long endNs;
        boolean cancelAtStart;
        boolean cancelOnceRecorded;

        @Override
        public boolean isCancelled() {
            return cancelAtStart || (cancelOnceRecorded && !recorded.isEmpty());
        }

        @Override
        public void simulated(long nowNs, long endNs) {
            lastNowNs = nowNs;
            this.endNs = endNs;
        }

        @Override
        public void recorded(Dataset dataset, RunResult.Timings timings) {
            recorded.add(dataset);
            nowAtRecordedNs = lastNowNs;
            assertTrue(timings.simulateNs() > 0 && timings.datasetNs() > 0 && timings.summarizeNs() == 0);
        }
    }

    private static RunResult unwatched(Scenario s, Map<String, String> set, long recordMs) throws Exception {
        return Simulation.run(s, set, Simulation.Options.recording(recordMs), () -> false);
    }

    @Test
    void theEarlyDatasetIsTheFinalOneAndAnUnwatchedRunsToo() throws Exception {
        Watcher w = new Watcher();
        RunResult watched = Simulation.run(TestScenarios.syntheticLock(), BUSY, Simulation.Options.recording(50), w);
        assertEquals(1, w.recorded.size(), "handed out once");
        Dataset early = w.recorded.get(0);
        assertSame(early, watched.dataset().orElseThrow());
        RunResult plain = unwatched(TestScenarios.syntheticLock(), BUSY, 50);
        assertEquals(plain.dataset().orElseThrow(), early);
        assertEquals(plain.summary().withWallMs(0), watched.summary().withWallMs(0));
        assertEquals(early.startNs() + 50_000_000L, early.endNs(), "the whole window");
        assertTrue(w.nowAtRecordedNs <= early.endNs(), "handed out before the clock passed the window");
        assertTrue(w.lastNowNs > early.endNs(), "then the run went on past it");
    }

    /**
     * Closing the recording at the window's end accounts every CPU there, as a tick does: the
     * summary must be the one of a run that records nothing, bit for bit, on every built-in
     * scenario (lock holds, faults, steal, TCP in flight across the cut).
     */
    @Test
    void closingTheWindowMidRunLeavesEverySummaryAsARunThatRecordsNothing() throws Exception {
        for (Scenario s : ScenarioCatalog.all()) {
            assertRecordingChangesNoSummary(s, Map.of());
            assertRecordingChangesNoSummary(s, Map.of("preemption", "lazy", "stealPct", "5", "rseqSliceExtUs", "10"));
        }
    }

    /**
     * With SMT (case B on x86) a task's progress is scaled: the recording's close accounts every
     * CPU at an instant no tick does, and a rounding per accounted piece made the run differ
     * from one that records nothing (the A/B table then differed from the CLI's compare).
     */
    @Test
    void withSmtTheRecordingsCloseChangesNoSummaryEither() throws Exception {
        Scenario s = ScenarioCatalog.builtIn("mongodb-ycsb-a");
        Map<String, String> set = Map.of("arch", "x86", "smt", "on", "warmupMs", "100", "durationMs", "200");
        RunResult bare = Simulation.run(s, set, Simulation.Options.summaryOnly(), () -> false);
        for (long recordMs : new long[] {50, 77, 120}) {
            assertEquals(bare.summary().withWallMs(0), unwatched(s, set, recordMs).summary().withWallMs(0),
                    "recording " + recordMs + " ms");
        }
    }

    private static void assertRecordingChangesNoSummary(Scenario s, Map<String, String> extra) throws Exception {
        Map<String, String> set = new LinkedHashMap<>(extra);
        set.put("warmupMs", "20");
        set.put("durationMs", "60");
        RunResult bare = Simulation.run(s, set, Simulation.Options.summaryOnly(), () -> false);
        for (long recordMs : new long[] {7, 30}) {
            RunResult recorded = unwatched(s, set, recordMs);
            assertEquals(bare.summary().withWallMs(0), recorded.summary().withWallMs(0),
                    s.name() + " " + extra + " recording " + recordMs + " ms");
            assertEquals(20_000_000L + recordMs * 1_000_000L, recorded.dataset().orElseThrow().endNs(), s.name());
        }
    }

    @Test
    void aWindowLongerThanTheRunIsHandedOutAtTheEndAndCoversTheRun() throws Exception {
        Watcher w = new Watcher();
        RunResult r = Simulation.run(TestScenarios.syntheticLock(), BUSY, Simulation.Options.recording(5_000), w);
        assertEquals(1, w.recorded.size());
        Dataset d = r.dataset().orElseThrow();
        assertSame(d, w.recorded.get(0));
        assertEquals(200_000_000L, d.endNs() - d.startNs(), "clipped to the 200 ms run");
        assertEquals(unwatched(TestScenarios.syntheticLock(), BUSY, 5_000).dataset().orElseThrow(), d);
    }

    @Test
    void aRunThatRecordsNothingHandsOutNothing() throws Exception {
        Watcher w = new Watcher();
        RunResult r = Simulation.run(TestScenarios.syntheticLock(), BUSY, Simulation.Options.summaryOnly(), w);
        assertTrue(w.recorded.isEmpty());
        assertTrue(r.dataset().isEmpty());
    }

    @Test
    void cancelBeforeTheWindowEndsHandsOutNothing() {
        Watcher w = new Watcher();
        w.cancelAtStart = true;
        assertThrows(CancellationException.class, () ->
                Simulation.run(TestScenarios.syntheticLock(), BUSY, Simulation.Options.recording(50), w));
        assertTrue(w.recorded.isEmpty());
    }

    @Test
    void cancelAfterTheWindowStopsTheSummaryPart() {
        Watcher w = new Watcher();
        w.cancelOnceRecorded = true;
        assertThrows(CancellationException.class, () ->
                Simulation.run(TestScenarios.syntheticLock(), BUSY, Simulation.Options.recording(50), w));
        assertEquals(1, w.recorded.size(), "the window was handed out");
        assertTrue(w.lastNowNs < w.endNs, "stopped before the end");
    }
}
