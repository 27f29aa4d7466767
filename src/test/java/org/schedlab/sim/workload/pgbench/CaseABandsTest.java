package org.schedlab.sim.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * SIMULATOR.md "Case A" bands on the shipped pgbench-graviton4 scenario, on short windows
 * (100 ms warm-up, 100 ms measured) so the suite stays fast. The six runs go two at a time.
 */
class CaseABandsTest {
    private static final String SITE = "s_lock (StrategyGetBuffer)";
    private static final Map<String, RunSummary> RUNS = new LinkedHashMap<>();
    private static ExecutorService pool;

    @BeforeAll
    static void runAll() throws Exception {
        Scenario sc = ScenarioCatalog.builtIn("pgbench-graviton4");
        pool = Executors.newFixedThreadPool(2);
        Map<String, Future<RunSummary>> f = new LinkedHashMap<>();
        for (String page : new String[] {"2m", "4k"}) {
            for (String model : new String[] {"none", "voluntary", "full", "lazy"}) {
                if (page.equals("2m") && (model.equals("voluntary") || model.equals("full"))) {
                    continue;
                }
                Map<String, String> o = Map.of("pageSize", page, "preemption", model, "warmupMs", "100",
                    "durationMs", "100");
                f.put(page + " " + model, pool.submit(() ->
                    Simulation.run(sc, o, Simulation.Options.summaryOnly(), () -> false).summary()));
            }
        }
        for (Map.Entry<String, Future<RunSummary>> e : f.entrySet()) {
            RUNS.put(e.getKey(), e.getValue().get());
        }
    }

    @AfterAll
    static void stop() {
        pool.shutdownNow();
    }

    private static double share(String run) {
        return RUNS.get(run).profile().stream().filter(s -> s.site().equals(SITE)).mapToDouble(s -> s.share())
            .findFirst().orElse(0);
    }

    private static double tps(String run) {
        return RUNS.get(run).throughput().value();
    }

    @Test
    void hugePagesLeaveTheSpinlockUncontendedAndTheModelsEqual() {
        assertTrue(share("2m none") < 0.02, "2m none s_lock share " + share("2m none"));
        assertTrue(share("2m lazy") < 0.02, "2m lazy s_lock share " + share("2m lazy"));
        double ratio = tps("2m lazy") / tps("2m none");
        assertTrue(Math.abs(ratio - 1) <= 0.05, "2m lazy/none " + ratio);
    }

    @Test
    void fourKPagesMakeTheSpinlockHeavilyContendedUnderEveryModel() {
        double hugeShare = Math.max(share("2m none"), share("2m lazy"));
        for (String model : new String[] {"none", "voluntary", "full", "lazy"}) {
            double s = share("4k " + model);
            assertTrue(s >= 0.10, model + ": s_lock share " + s);
            assertTrue(s >= 5 * hugeShare, model + ": " + s + " vs 2m " + hugeShare);
        }
    }

    @Test
    void fourKPagesCostMostOfTheThroughput() {
        for (String model : new String[] {"none", "lazy"}) {
            double r = tps("4k " + model) / tps("2m " + model);
            assertTrue(r < 0.8, model + ": 4k/2m throughput " + r);
        }
    }

    @Test
    void lazyIsNeverBetterThanNoneBeyondNoise() {
        for (String page : new String[] {"2m", "4k"}) {
            double r = tps(page + " lazy") / tps(page + " none");
            assertTrue(r <= 1.03, page + " lazy/none " + r);
        }
    }
}
