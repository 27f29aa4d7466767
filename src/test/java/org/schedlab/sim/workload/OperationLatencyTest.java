package org.schedlab.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;
import org.schedlab.sim.summary.SummaryJson;

/**
 * A run's {@code latencyUs}: each operation's latency as its benchmark would time it, measured
 * from the simulated events (not derived from the throughput).
 */
class OperationLatencyTest {

    private static RunSummary run(String scenario, Map<String, String> params) throws Exception {
        return Simulation.run(ScenarioCatalog.builtIn(scenario), params, Simulation.Options.summaryOnly(), () -> false)
                .summary();
    }


    @Test
    void aLonelyYcsbReadTakesItsReceiveWorkAndSend() throws Exception {
        RunSummary s = run("mongodb-ycsb-a", LonelyYcsb.params("320"));
        RunSummary.Latency read = s.latencyUs().get("READ (server)");
        // every operation measured is one the throughput counted (give or take the one in flight)
        long ops = Math.round(s.throughput().value() * s.durationMs() / 1000.0);
        assertTrue(Math.abs(read.count() - ops) <= 1, read + " vs " + ops + " ops");
        assertEquals(0, s.latencyUs().get("UPDATE (server)").count(), "readPct=100");
        // recv 5 + read 320 (uniform +-50 %) + send 10 us, plus a wake-up and a switch
        assertTrue(read.mean() > 335 && read.mean() < 375, read.toString());
        assertTrue(read.max() > 480 && read.max() < 520, "the slowest read's 480 us of work: " + read);

        RunSummary slower = run("mongodb-ycsb-a", LonelyYcsb.params("1000"));
        double added = slower.latencyUs().get("READ (server)").mean() - read.mean();
        assertTrue(Math.abs(added - 680) < 40, "680 us more work per read: " + added);
    }

    @Test
    void pgbenchsLatencyAndThroughputKeepLittlesLaw() throws Exception {
        // a closed loop with no think time: clients = throughput x latency
        Map<String, String> p = Map.of("cpus", "8", "clients", "32", "pgbenchThreads", "4", "warmupMs", "50",
                "durationMs", "300");
        RunSummary s = run("pgbench-graviton4", p);
        RunSummary.Latency tx = s.latencyUs().get("transaction");
        double inFlight = s.throughput().value() * tx.mean() / 1e6;
        assertTrue(Math.abs(inFlight - 32) < 32 * 0.03, "throughput x latency = " + inFlight + " of 32 clients");
        assertTrue(tx.p50() <= tx.p99() && tx.p99() <= tx.max(), tx.toString());
    }

    @Test
    void theLatencySitsUnderTheThroughputInCompare() throws Exception {
        Map<String, String> p = new HashMap<>(LonelyYcsb.params("320"));
        RunSummary a = run("mongodb-ycsb-a", p);
        p.put("readUs", "640");
        RunSummary b = run("mongodb-ycsb-a", p);
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(SummaryJson.tree(a)),
                List.of(SummaryJson.tree(b)));
        assertEquals("latencyUs.READ (server).mean", rows.get(1).metric());
        assertTrue(rows.get(1).ratio().getAsDouble() > 1.8, rows.get(1).toString());
        assertEquals("latencyUs.READ (server).p50", rows.get(2).metric());
    }

    @Test
    void aWorkloadWithoutOperationsHasNoLatency() throws Exception {
        RunSummary s = run("teach-fair-share", Map.of("durationMs", "100"));
        assertNull(s.latencyUs());
        assertTrue(!SummaryJson.write(s).contains("latencyUs"));
    }
}
