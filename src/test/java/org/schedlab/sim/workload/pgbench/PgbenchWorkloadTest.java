package org.schedlab.sim.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.summary.RunSummary;

class PgbenchWorkloadTest {
    private static final Map<String, String> SHORT = Map.of("cpus", "16", "clients", "128", "pgbenchThreads", "16",
        "warmupMs", "20", "durationMs", "30");

    private static Scenario scenario() throws ScenarioException {
        return ScenarioCatalog.builtIn("pgbench-graviton4");
    }

    @Test
    void sameSeedGivesTheSameRun() throws Exception {
        RunSummary a = Simulation.run(scenario(), SHORT, Simulation.Options.summaryOnly(), () -> false).summary();
        RunSummary b = Simulation.run(scenario(), SHORT, Simulation.Options.summaryOnly(), () -> false).summary();
        assertEquals(a.events(), b.events());
        assertEquals(a.throughput(), b.throughput());
        assertEquals(a.locks(), b.locks());
        assertEquals(a.cpu(), b.cpu());
    }

    @Test
    void completesTransactionsAndReportsTheStrategyLock() throws Exception {
        RunSummary s = Simulation.run(scenario(), SHORT, Simulation.Options.summaryOnly(), () -> false).summary();
        assertTrue(s.throughput().value() > 1000, "tps " + s.throughput());
        assertEquals("tps", s.throughput().unit());
        assertEquals("buffer_strategy_lock", s.locks().get(0).name());
        assertEquals("spin", s.locks().get(0).kind());
        assertTrue(s.locks().get(0).acquisitions() > 0);
        assertTrue(s.comms().containsKey("postgres") && s.comms().containsKey("pgbench"));
        assertEquals(1, s.cpu().sum(), 1e-5);
    }

    @Test
    void futexLockKindRunsTheSameWorkloadOnAFutexMutex() throws Exception {
        Map<String, String> o = new java.util.HashMap<>(SHORT);
        o.put("lockKind", "futex");
        RunSummary s = Simulation.run(scenario(), o, Simulation.Options.summaryOnly(), () -> false).summary();
        assertEquals("futex", s.locks().get(0).kind());
        assertTrue(s.throughput().value() > 1000);
        assertTrue(s.cpu().spin() == 0, "a plain futex lock never spins: " + s.cpu().spin());
    }

    @Test
    void aFullBufferPoolTakesVictimsFromTheClockSweepWithoutTheSpinlock() throws Exception {
        Map<String, String> o = new java.util.HashMap<>(SHORT);
        o.put("poolFillPct", "100");
        RunSummary s = Simulation.run(scenario(), o, Simulation.Options.summaryOnly(), () -> false).summary();
        assertEquals(0, s.locks().get(0).acquisitions());
        assertTrue(s.throughput().value() > 1000);
    }

    @Test
    void morePgbenchThreadsThanClientsIsRejectedWithTheReason() {
        Map<String, String> o = Map.of("clients", "8", "pgbenchThreads", "16");
        ScenarioException e = assertThrows(ScenarioException.class,
            () -> Simulation.run(scenario(), o, Simulation.Options.summaryOnly(), () -> false));
        assertTrue(e.getMessage().contains("pgbenchThreads"), e.getMessage());
    }
}
