package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.OperationSamples;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * The workload's completed operations (a simulated pgbench's transactions, YCSB's reads and
 * updates) in the Chrome trace export: one complete event each from the operation's start to its
 * end on rows that Perfetto draws (slices of one thread never overlap), with the operation and
 * its latency in args, and read back by SchedLab's own Chrome reader into the same samples.
 */
class ChromeTraceOperationsTest {
    private static final ObjectMapper JSON = ChromeTraceWriterTest.JSON;

    @TempDir
    Path dir;

    private static byte[] export(Dataset d) throws IOException {
        return ChromeTraceWriterTest.export(d);
    }

    private static Dataset reimport(String name, byte[] json) throws Exception {
        ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes(name, json));
        assertEquals("chrome-trace", r.report().format());
        assertTrue(r.report().warnings().isEmpty(), r.report().warnings().toString());
        return r.dataset();
    }

    private static Dataset simulate(String scenario, Map<String, String> params) throws Exception {
        // without task lanes: the Chrome reader leaves out a task's zero-length states (a wake-up
        // that ran at once), which has nothing to do with operations
        return Simulation.run(ScenarioCatalog.builtIn(scenario), params, new Simulation.Options(60, 0, false),
                () -> false).dataset().orElseThrow();
    }

    private static BigDecimal micros(long ns) {
        return BigDecimal.valueOf(ns).movePointLeft(3);
    }

    private static void assertSameNumber(BigDecimal expected, JsonNode actual) {
        assertEquals(0, expected.compareTo(actual.decimalValue()), "expected " + expected + ", was " + actual);
    }

    @Test
    void aSimulatedPgbenchRunsTransactionsAreCompleteEventsOnRowsPerfettoDraws() throws Exception {
        Dataset a = simulate("pgbench-graviton4", Map.of("cpus", "8", "clients", "64", "pgbenchThreads", "8",
                "warmupMs", "20", "durationMs", "60"));
        OperationSamples tx = a.operations().get(0);
        assertEquals("transaction", tx.name());
        assertTrue(tx.size() > 100, tx.toString());
        byte[] json = export(a);
        JsonNode root = JSON.readTree(json);
        Map<String, String> threadNames = new HashMap<>();
        Map<Long, String> processNames = new HashMap<>();
        Map<String, List<JsonNode>> byThread = new HashMap<>();
        int events = 0;
        for (JsonNode e : root.get("traceEvents")) {
            String thread = e.get("pid").asLong() + ":" + e.get("tid").asLong();
            if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("thread_name")) {
                threadNames.put(thread, e.get("args").get("name").asText());
            }
            if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("process_name")) {
                processNames.put(e.get("pid").asLong(), e.get("args").get("name").asText());
            }
            if (!e.get("ph").asText().equals("X") || !e.get("cat").asText().equals("operation")) {
                continue;
            }
            assertEquals("operations", processNames.get(e.get("pid").asLong()), "a process of their own");
            assertEquals("transaction", e.get("name").asText());
            assertEquals("transaction", e.get("args").get("operation").asText());
            // what a Perfetto user reads off the slice: it ends when the sample ends and lasts its latency
            assertSameNumber(micros(tx.latencyNs(events)), e.get("dur"));
            assertSameNumber(micros(tx.latencyNs(events)), e.get("args").get("latency_us"));
            assertSameNumber(micros(tx.endNs(events) - tx.latencyNs(events)), e.get("ts"));
            byThread.computeIfAbsent(thread, x -> new ArrayList<>()).add(e);
            events++;
        }
        assertEquals(tx.size(), events, "one complete event per transaction, in order of end");
        assertTrue(byThread.size() > 1, "transactions of 64 clients overlap, so they take several rows");
        assertEquals(mostInFlight(tx), byThread.size(), "as many rows as transactions were in flight at once");
        for (Map.Entry<String, List<JsonNode>> row : byThread.entrySet()) {
            assertTrue(threadNames.getOrDefault(row.getKey(), "").startsWith("transaction"),
                    "row " + row.getKey() + " is named after its operation: " + threadNames.get(row.getKey()));
            BigDecimal lastEnd = null;
            for (JsonNode e : row.getValue()) {
                BigDecimal start = e.get("ts").decimalValue();
                // Perfetto drops an X event that overlaps the one before it on its thread without nesting
                assertTrue(lastEnd == null || start.compareTo(lastEnd) >= 0, "row " + threadNames.get(row.getKey())
                        + ": a transaction starts at " + start + " before the one before it ends at " + lastEnd);
                lastEnd = start.add(e.get("dur").decimalValue());
            }
        }
        assertEquals("transaction", root.get("otherData").get("schedlab").get("operations").get(0).asText());

        Dataset b = reimport("pgbench.trace.json", json);
        assertEquals(a.operations(), b.operations(), "every transaction's end and latency read back exactly");
        ChromeTraceWriterTest.assertSameLanes(a, b);
    }

    /** The most operations in flight at one time (one ending as another starts: not both). */
    private static int mostInFlight(OperationSamples op) {
        long[] ev = new long[2 * op.size()];
        for (int i = 0; i < op.size(); i++) {
            ev[2 * i] = (op.endNs(i) - op.latencyNs(i)) * 2 + 1; // a start sorts after an end at the same time
            ev[2 * i + 1] = op.endNs(i) * 2;
        }
        java.util.Arrays.sort(ev);
        int now = 0;
        int most = 0;
        for (long e : ev) {
            now += (e & 1) == 1 ? 1 : -1;
            most = Math.max(most, now);
        }
        return most;
    }

    @Test
    void aYcsbRunKeepsBothOperationsInTheirOrderThroughTheChromeFile() throws Exception {
        Dataset a = simulate("mongodb-ycsb-a", Map.of("warmupMs", "20", "durationMs", "60"));
        assertEquals(2, a.operations().size(), a.operations().toString());
        assertTrue(a.operations().stream().allMatch(o -> o.size() > 0), a.operations().toString());
        Path file = dir.resolve("ycsb.trace.json.gz");
        ChromeTraceWriter.write(a, file);
        Dataset b = Importer.standard().importFile(RecordingSource.of(file)).dataset();
        assertEquals(a.operations(), b.operations());
    }

    @Test
    void anOperationWithoutSamplesAndOperationsOnlyDatasetsReadBack() throws Exception {
        DatasetBuilder db = Dataset.builder(Metadata.of("hand", "test"));
        db.operation("READ (server)").add(2_000_500, 1_500).add(2_000_500, 0).add(9_000_001, 8_999_001);
        db.operation("UPDATE (server)"); // the workload has it, none ended in the window
        Dataset a = db.build();
        Dataset b = reimport("ops.trace.json", export(a));
        assertEquals(a.operations(), b.operations(),
                "names in order, the empty one kept, equal end times and a zero latency as given");
    }

    @Test
    void anotherToolsTraceGivesOperationsFromSpansWithAnOperationArgInAnyOrder() throws Exception {
        String trace = "{\"traceEvents\": [\n"
                + "{\"ph\":\"X\",\"name\":\"q\",\"pid\":7,\"tid\":1,\"ts\":50,\"dur\":25.5,\"args\":{\"operation\":\"query\"}},\n"
                + "{\"ph\":\"B\",\"name\":\"q\",\"pid\":7,\"tid\":2,\"ts\":10,\"args\":{}},\n"
                + "{\"ph\":\"E\",\"pid\":7,\"tid\":2,\"ts\":30,\"args\":{\"operation\":\"query\"}},\n"
                + "{\"ph\":\"X\",\"name\":\"work\",\"pid\":7,\"tid\":3,\"ts\":0,\"dur\":100}\n"
                + "]}";
        Dataset d = reimport("other.json", trace.getBytes(StandardCharsets.UTF_8));
        assertEquals(1, d.operations().size());
        OperationSamples q = d.operations().get(0);
        assertEquals("query", q.name());
        assertEquals(2, q.size());
        assertEquals(30_000, q.endNs(0), "sorted by end time");
        assertEquals(20_000, q.latencyNs(0));
        assertEquals(75_500, q.endNs(1));
        assertEquals(25_500, q.latencyNs(1));
        assertEquals(1, d.taskLanes().size(), "the span without an operation arg stays a task's");
    }

    @Test
    void anImportedPgbenchLogReadsBackWithItsSeriesAndFiguresAndNoInventedOperations() throws Exception {
        Dataset a = Importer.standard().importFile(RecordingSource.of(
                Path.of("example-data/recordings/pgbench-sandbox-2cpu/pgbench.txt"))).dataset();
        assertFalse(a.counters().isEmpty());
        Dataset b = reimport("pgbench.trace.json", export(a));
        ChromeTraceWriterTest.assertSameLanes(a, b);
        for (CounterSeries c : a.counters()) {
            assertEquals(c.unit(), b.counter(c.name()).orElseThrow().unit(), c.name());
        }
        assertEquals(a.metadata().parameters().get("pgbench.tps"), b.metadata().parameters().get("pgbench.tps"));
        assertEquals(a.operations(), b.operations(), "pgbench's output has no per-transaction samples");
    }
}
