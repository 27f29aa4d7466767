package org.schedlab.sim.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.model.Dataset;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * A recorded run keeps a task lane for every task of the built-in scenarios: case A's 1,024
 * backends and 96 pgbench threads all have one, so a saved run's run-queue latency covers pgbench
 * too (it read "not recorded: none of its 96 tasks has a task lane" with the first 256 only).
 */
class RecordedTaskLanesTest {
    @Test
    void caseAsSavedWindowHasALaneForEveryTaskAndRunQueueLatencyForEveryComm() throws Exception {
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"),
                Map.of("durationMs", "20", "warmupMs", "10"), Simulation.Options.recording(20), () -> false)
                .dataset().orElseThrow();
        assertEquals(1120, d.tasks().size());
        assertEquals(d.tasks().size(), d.taskLanes().size(), "every task has a lane");
        JsonNode s = DatasetSummary.of(d);
        assertFalse(s.has("runqlatTasks"), "no comm is left partly without lanes: " + s.path("runqlatTasks"));
        JsonNode pgbench = s.path("runqlatUs").path("pgbench");
        assertTrue(pgbench.path("count").asLong() > 0, "pgbench's wake-ups are measured: " + s.path("runqlatUs"));
    }
}
