package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code simulate --out run.json} then {@code table run.json}: the saved run's summary has the
 * "latency us" section simulate printed, with the same counts; {@code info} says what it holds.
 */
class SavedRunLatencyCliTest {
    @TempDir
    Path dir;

    private static final Pattern TRANSACTION = Pattern.compile("(?m)^  transaction\\s+([\\d,]+)\\s"); // grouped: 1,234

    private static String transactions(String text) {
        Matcher m = TRANSACTION.matcher(text);
        assertTrue(m.find(), "a transaction row under 'latency us' in:\n" + text);
        return m.group(1);
    }

    @Test
    void tableOfASavedRunListsTheLatencySimulatePrinted() throws Exception {
        Path run = dir.resolve("run.json");
        CliRun sim = CliRun.of("simulate", "--scenario", "pgbench-graviton4", "--set", "cpus=8", "--set", "clients=64",
                "--set", "pgbenchThreads=8", "--warmup-ms", "20", "--duration-ms", "50", "--summary", "text",
                "--out", run.toString());
        assertEquals(0, sim.exitCode(), sim.err());
        CliRun table = CliRun.of("table", run.toString());
        assertEquals(0, table.exitCode(), table.err());
        assertTrue(table.out().contains("latency us"), table.out());
        String count = transactions(sim.out());
        assertEquals(count, transactions(table.out()), "every transaction of the measured run");

        CliRun info = CliRun.of("info", run.toString());
        assertTrue(info.out().contains("operations  1 (transaction " + count + ")"), info.out());
        JsonNode json = new ObjectMapper().readTree(CliRun.of("info", run.toString(), "--json").out());
        assertEquals(Long.parseLong(count.replace(",", "")), json.path("operations").path(0).path("samples").asLong());
    }
}
