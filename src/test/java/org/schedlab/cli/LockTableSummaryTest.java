package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.Fixtures;

/** A lock contention table alone: no fake run-queue latency in import's JSON, no 30 KB line from info. */
class LockTableSummaryTest {
    @TempDir
    Path dir;

    private static final String LOCKS = Fixtures.path("real/pgbench-local/runC_lock_contention.txt").toString();

    @Test
    void importJsonOfADatasetWithoutWakeUpsHasAnEmptyRunqlatNotAnAllOfCountZero() throws Exception {
        CliRun r = CliRun.of("import", LOCKS, "--summary", "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertTrue(j.get("runqlatUs").isObject(), "CLI.md's field is kept: " + r.out());
        assertEquals(0, j.get("runqlatUs").size(), j.get("runqlatUs").toString());
        // "locks" (lock lanes) stays empty: the table's rows are in "lockTable", as the tool printed them
        JsonNode first = j.get("lockTable").get("rows").get(0);
        assertEquals("perf lock contention", j.get("lockTable").get("tool").asText());
        assertEquals(135, j.get("lockTable").get("rows").size());
        assertEquals("wake_up_q+0x33", first.get("name").asText());
        assertEquals("207", first.get("contended").asText());
    }

    @Test
    void infoSaysTheLockTableSizeInsteadOfPrintingItsRowsAsParameters() throws Exception {
        Path saved = dir.resolve("locks.json");
        assertEquals(0, CliRun.of("import", LOCKS, "--out", saved.toString()).exitCode());
        CliRun r = CliRun.of("info", saved.toString());
        assertEquals(0, r.exitCode(), r.err());
        r.out().lines().forEach(l -> assertTrue(l.length() < 200, () -> "a line of " + l.length() + " chars: "
                + l.substring(0, 100)));
        assertTrue(r.out().contains("lock table  perf lock contention, 135 rows of 5 fields (schedlab table "), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("parameters  ") && !l.contains("wake_up_q")), r.out());
    }
}
