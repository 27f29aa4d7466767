package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

class RunQueueLatencyTest {

    @Test
    void aSavedS390RunCountsTheKworkerWaitsItsSummaryCounts() throws Exception {
        // under full the irqfd kworker is woken onto the vhost thread's CPU and preempts it at
        // once: the saved run's table had no kworker row, the summary 84682 waits of 2 us
        for (String model : new String[] {"full", "lazy"}) {
            RunResult run = Simulation.run(ScenarioCatalog.builtIn("s390-uperf"),
                    Map.of("preemption", model, "durationMs", "200"), Simulation.Options.recording(200), () -> false);
            long fromSummary = run.summary().runqlatUs().get("kworker").count();
            Map<String, LatencyStats> fromLanes = RunQueueLatency.byCommGroup(run.dataset().orElseThrow());
            assertTrue(fromSummary > 1000, model + ": " + fromSummary);
            assertNotNull(fromLanes.get("kworker"), model + ": no kworker waits in " + fromLanes.keySet());
            // a wait whose context switch straddles the run's end is in one count only
            long n = fromLanes.get("kworker").count();
            assertTrue(Math.abs(n - fromSummary) <= 2, model + ": lanes " + n + ", summary " + fromSummary);
        }
    }
}
