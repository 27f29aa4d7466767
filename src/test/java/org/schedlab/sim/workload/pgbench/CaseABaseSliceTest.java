package org.schedlab.sim.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * What case A's baseSliceUs says to a user moving it toward Qais Yousef's 5-6 ms: from the
 * default 2.8 ms up the run is the same event for event (no backend runs a whole slice), while a
 * shorter slice changes it. The scenario's explain and notes say so; this holds them to it.
 */
class CaseABaseSliceTest {
    private static RunSummary run(String slice) throws Exception {
        Scenario sc = ScenarioCatalog.builtIn("pgbench-graviton4");
        Map<String, String> o = Map.of("baseSliceUs", slice, "warmupMs", "30", "durationMs", "30");
        return Simulation.run(sc, o, Simulation.Options.summaryOnly(), () -> false).summary();
    }

    @Test
    void aSliceLongerThanTheDefaultGivesTheDefaultRunAndAShorterOneDoesNot() throws Exception {
        RunSummary auto = run("auto");
        RunSummary longer = run("6000");
        assertEquals(auto.events(), longer.events());
        assertEquals(auto.throughput().value(), longer.throughput().value());
        assertEquals(auto.preemptions(), longer.preemptions());
        assertNotEquals(auto.events(), run("700").events(), "a shorter slice does reach the run");
    }
}
