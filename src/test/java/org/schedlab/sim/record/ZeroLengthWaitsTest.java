package org.schedlab.sim.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.model.Dataset;
import org.schedlab.model.LockLane;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * A saved run counts what the run's own summary counts: a reader whose slow path took the rwsem at
 * once, and a task that got a CPU the instant it became runnable, are a contended acquisition with
 * a 0 ns wait and a 0 us run-queue latency sample. The recorder dropped both (nothing to draw), so
 * {@code table} on case B's saved run said 34,218 contended against {@code simulate}'s 43,227.
 */
class ZeroLengthWaitsTest {
    @Test
    void aRecordedWholeRunHasTheSummarysContendedAcquisitionsAndRunQueueSamples() throws Exception {
        RunResult r = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"),
                Map.of("durationMs", "100", "warmupMs", "20"), Simulation.Options.recording(100), () -> false);
        Dataset d = r.dataset().orElseThrow();
        RunSummary s = r.summary();
        JsonNode table = DatasetSummary.of(d);

        LockLane mmap = d.locks().stream().filter(l -> l.name().equals("mmap_lock")).findFirst().orElseThrow();
        long zeroWaits = 0;
        for (int i = 0; i < mmap.waits().size(); i++) {
            zeroWaits += mmap.waits().startNs(i) == mmap.waits().endNs(i) ? 1 : 0;
        }
        assertTrue(zeroWaits > 0, "the run has slow paths that took the lock at once");
        assertEquals(s.locks().get(0).contended(), table.path("locks").get(0).path("contended").asLong(),
                "contended acquisitions, the summary's against the saved run's");
        assertEquals(s.runqlatUs().get("_all").count(), table.path("runqlatUs").path("_all").path("count").asLong(),
                "run-queue latency samples, the summary's against the saved run's");
    }
}
