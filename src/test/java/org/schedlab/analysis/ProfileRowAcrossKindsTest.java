package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.SummaryJson;

/**
 * The A/B table's profile row between a saved run (A <- dataset) and a simulated run: a saved
 * run's profile is by comm ("conn (user)"), a run's by code site ("mongod (user)"), so the row
 * read "profile: conn (user)  85.68%  0  0.00x" beside the simulated side's 93 % user time.
 */
class ProfileRowAcrossKindsTest {
    @Test
    void aSiteTheOtherSideCannotNameIsNotApplicableNotZero() throws Exception {
        RunResult run = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"),
                Map.of("warmupMs", "20", "durationMs", "40"), new Simulation.Options(40, 256, false), () -> false);
        Dataset saved = run.dataset().orElseThrow();
        JsonNode savedSummary = DatasetSummary.of(saved);
        JsonNode runSummary = SummaryJson.tree(run.summary());

        SummaryComparison.Row mixed = profileRow(SummaryComparison.rows(List.of(savedSummary), List.of(runSummary)));
        assertEquals("profile: conn (user)", mixed.metric());
        assertTrue(mixed.base() > 0.5, mixed.toString());
        assertTrue(Double.isNaN(mixed.test()), "the run names no comm: n/a, not 0: " + mixed);
        SummaryComparison.Row other = profileRow(SummaryComparison.rows(List.of(runSummary), List.of(savedSummary)));
        assertEquals("profile: mongod (user)", other.metric());
        assertTrue(Double.isNaN(other.test()), other.toString());

        // two of a kind still compare their site
        SummaryComparison.Row same = profileRow(SummaryComparison.rows(List.of(savedSummary), List.of(savedSummary)));
        assertEquals(same.base(), same.test());
        SummaryComparison.Row runs = profileRow(SummaryComparison.rows(List.of(runSummary), List.of(runSummary)));
        assertEquals(runs.base(), runs.test());
    }

    private static SummaryComparison.Row profileRow(List<SummaryComparison.Row> rows) {
        return rows.stream().filter(r -> r.metric().startsWith("profile: ")).findFirst().orElseThrow();
    }
}
