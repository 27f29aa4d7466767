package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which profile sites the A/B table compares. Case A's question is the seed mail's "s_lock 55 %",
 * and s_lock (StrategyGetBuffer) ranks third behind the executor and tcp send: with the base's
 * top site only, compare and the A/B tab never showed it.
 */
class SummaryComparisonProfileTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode run(String profile) throws Exception {
        return JSON.readTree("{\"throughput\":{\"value\":160000,\"unit\":\"tps\"},\"cpu\":{\"user\":0.3,\"kernel\":0.3,"
                + "\"fault\":0.03,\"spin\":0.13,\"runnableWait\":0.02,\"idle\":0.22,\"steal\":0},\"profile\":["
                + profile + "]}");
    }

    private static String site(String name, double share) {
        return "{\"site\":\"" + name + "\",\"share\":" + share + "}";
    }

    @Test
    void theBasesThreeTopSitesAndTheTestsTopSiteAreCompared() throws Exception {
        JsonNode fourK = run(String.join(",", site("postgres (executor)", 0.2628), site("tcp send", 0.207),
                site("s_lock (StrategyGetBuffer)", 0.1328), site("pgbench", 0.066)));
        JsonNode twoM = run(String.join(",", site("tcp recv", 0.45), site("postgres (executor)", 0.41),
                site("tcp send", 0.34)));
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(fourK), List.of(twoM));
        List<String> sites = rows.stream().map(SummaryComparison.Row::metric).filter(m -> m.startsWith("profile: "))
                .toList();
        assertEquals(List.of("profile: postgres (executor)", "profile: tcp send", "profile: s_lock (StrategyGetBuffer)",
                "profile: tcp recv"), sites);
        SummaryComparison.Row sLock = rows.stream().filter(r -> r.metric().equals("profile: s_lock (StrategyGetBuffer)"))
                .findFirst().orElseThrow();
        assertEquals(0.1328, sLock.base(), 1e-12);
        assertEquals(0, sLock.test(), 1e-12, "a site the test never ran in: 0 % of its CPU time");
    }
}
