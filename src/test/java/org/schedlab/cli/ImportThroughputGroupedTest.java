package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;

/**
 * import's throughput line read {@code 1481.48 ops/s} where every text table groups a number's
 * thousands ({@code table}'s {@code 1,481 ops/s}): its text groups them, decimals and unit as the
 * reader gave them; its JSON keeps the value as it was.
 */
class ImportThroughputGroupedTest {
    private static final String YCSB = Fixtures.path("public/ycsb/depdx_LOG8430_outputRun_workloada.txt").toString();
    private static final String PGBENCH = Fixtures.path("real/pgbench-log/rate/pgbench_output.txt").toString();

    @Test
    void theTextGroupsTheThousands() {
        CliRun ycsb = CliRun.of("import", YCSB);
        assertEquals(0, ycsb.exitCode(), ycsb.err());
        assertTrue(ycsb.out().contains("\nthroughput                       1,481.48 ops/s\n"), ycsb.out());
        CliRun pgbench = CliRun.of("import", PGBENCH);
        assertEquals(0, pgbench.exitCode(), pgbench.err());
        assertTrue(pgbench.out().matches("(?s).*\nthroughput {23}[0-9],[0-9]{3}\\.[0-9]{6} tps\n.*"), pgbench.out());
        // the other parameters as the file gave them: pgbench's own tps and counts, ungrouped
        assertTrue(pgbench.out().contains("\npgbench.tps                      1361.946037\n"), pgbench.out());
        assertTrue(pgbench.out().contains("\npgbench.numberOfTransactionsActuallyProcessed 2723\n"), pgbench.out());
    }

    @Test
    void theJsonKeepsTheValueAsItWas() throws Exception {
        CliRun r = CliRun.of("import", YCSB, "--summary", "json");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("1481.48 ops/s", new ObjectMapper().readTree(r.out()).get("parameters").get("throughput").asText());
    }
}
