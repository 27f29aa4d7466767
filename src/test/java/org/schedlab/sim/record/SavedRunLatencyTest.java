package org.schedlab.sim.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.LatencyStats;
import org.schedlab.analysis.OperationLatency;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.io.CsvExport;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.model.OperationSamples;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * A saved simulated run keeps each operation that ended in its recorded window (end time and
 * latency), so {@code table run.json} and an A/B side from the file report the workload's latency
 * as the live run did, and a window of the run reports that of the operations ending in it.
 */
class SavedRunLatencyTest {
    @TempDir
    Path dir;

    private static RunResult run(String scenario, Map<String, String> params, long recordMs) throws Exception {
        return Simulation.run(ScenarioCatalog.builtIn(scenario), params, Simulation.Options.recording(recordMs),
                () -> false);
    }

    private static Map<String, String> smallPgbench() {
        Map<String, String> p = new HashMap<>();
        p.put("cpus", "8");
        p.put("clients", "64");
        p.put("pgbenchThreads", "8");
        p.put("warmupMs", "20");
        p.put("durationMs", "100");
        return p;
    }

    private static Map<String, String> shortYcsb() {
        Map<String, String> p = new HashMap<>();
        p.put("warmupMs", "20");
        p.put("durationMs", "200");
        return p;
    }

    /** The saved figures equal the live ones: same count, the rest within HdrHistogram's 3 digits. */
    private static void assertSameAsLive(RunResult r, JsonNode saved) {
        Map<String, RunSummary.Latency> live = r.summary().latencyUs();
        assertFalse(live.isEmpty(), "the workload times its operations");
        JsonNode l = saved.path("latencyUs");
        assertEquals(List.copyOf(live.keySet()), fieldNames(l), "the same operations, in the same order");
        live.forEach((op, want) -> {
            JsonNode got = l.path(op);
            assertTrue(want.count() > 100, op + " ran: " + want.count());
            assertEquals(want.count(), got.path("count").asLong(), op + ": every operation of the measured run");
            close(op + " mean", want.mean(), got.path("mean").asDouble());
            close(op + " p50", want.p50(), got.path("p50").asDouble());
            close(op + " p99", want.p99(), got.path("p99").asDouble());
            close(op + " max", want.max(), got.path("max").asDouble());
        });
    }

    private static void close(String what, double want, double got) {
        // 3 significant digits (0.1 %), plus the 0.001 us the summaries round to
        assertEquals(want, got, want * 1e-3 + 1e-3, what);
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> out = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    private Dataset roundTrip(Dataset d, String name) throws Exception {
        Path f = dir.resolve(name);
        DatasetJson.write(d, f);
        return DatasetJson.read(f);
    }

    @Test
    void aSavedYcsbRunReportsTheLiveRunsLatencyPerOperation() throws Exception {
        RunResult r = run("mongodb-ycsb-a", shortYcsb(), 200); // the window is the whole measured run
        Dataset d = r.dataset().orElseThrow();
        assertEquals(List.of("READ (server)", "UPDATE (server)"),
                d.operations().stream().map(OperationSamples::name).toList());
        assertSameAsLive(r, DatasetSummary.of(d));
        Dataset read = roundTrip(d, "ycsb.json");
        assertEquals(d.operations(), read.operations(), "the JSON file keeps every sample");
        assertSameAsLive(r, DatasetSummary.of(read));
        String table = SummaryReport.render(DatasetSummary.of(read));
        assertTrue(table.contains("latency us") && table.contains("READ (server)"), table);
    }

    @Test
    void aSavedPgbenchRunReportsTheLiveRunsTransactionLatency() throws Exception {
        RunResult r = run("pgbench-graviton4", smallPgbench(), 100);
        Dataset read = roundTrip(r.dataset().orElseThrow(), "pgbench.json.gz");
        assertEquals(List.of("transaction"), read.operations().stream().map(OperationSamples::name).toList());
        assertSameAsLive(r, DatasetSummary.of(read));
    }

    @Test
    void aWindowCountsTheOperationsThatEndInItAndNoOther() throws Exception {
        Map<String, String> p = smallPgbench();
        Dataset whole = run("pgbench-graviton4", p, 100).dataset().orElseThrow();
        Dataset window = run("pgbench-graviton4", p, 30).dataset().orElseThrow(); // 20..50 ms of the run
        long from = 20_000_000L;
        long to = 50_000_000L;
        OperationSamples all = whole.operations().get(0);
        OperationSamples part = window.operations().get(0);
        int first = all.firstEndingAtOrAfter(from);
        int end = all.firstEndingAtOrAfter(to);
        assertTrue(first > 0 || all.endNs(0) >= from, "nothing before the window is recorded");
        assertTrue(end < all.size() && part.size() > 100, "the window has some, the run more after it");
        assertEquals(end - first, part.size(), "exactly the transactions that ended in [20, 50) ms");
        for (int i = 0; i < part.size(); i++) {
            assertEquals(all.endNs(first + i), part.endNs(i));
            assertEquals(all.latencyNs(first + i), part.latencyNs(i));
        }
        // a transaction that began before the window and ended in it counts with its whole latency
        boolean startedBefore = false;
        for (int i = 0; i < part.size(); i++) {
            startedBefore |= part.endNs(i) - part.latencyNs(i) < from;
        }
        assertTrue(startedBefore, "some transaction was already running at the window's start");
        // the range of the whole run gives the saved window's figures
        LatencyStats ranged = OperationLatency.of(whole, from, to).get("transaction");
        JsonNode saved = DatasetSummary.of(window).path("latencyUs").path("transaction");
        assertEquals(part.size(), ranged.count());
        assertEquals(saved.path("count").asLong(), ranged.count());
        assertEquals(saved.path("mean").asDouble(), ranged.meanUs());
        assertEquals(saved.path("p99").asDouble(), ranged.p99Us());
        assertEquals(saved.path("max").asDouble(), ranged.maxUs());
        LatencyStats wholeFigures = OperationLatency.of(whole).get("transaction");
        assertTrue(wholeFigures.count() > ranged.count());
        assertEquals(0, OperationLatency.of(whole, to, to).get("transaction").count(), "an empty range has none");
    }

    @Test
    void theSameSeedSavesTheSameSamplesAndAnOperationThatRanNoneSaysSo() throws Exception {
        Map<String, String> p = shortYcsb();
        p.put("readPct", "100");
        p.put("durationMs", "60");
        Dataset a = run("mongodb-ycsb-a", p, 60).dataset().orElseThrow();
        Dataset b = run("mongodb-ycsb-a", p, 60).dataset().orElseThrow();
        assertEquals(a.operations(), b.operations());
        OperationSamples update = a.operations().get(1);
        assertEquals("UPDATE (server)", update.name());
        assertEquals(0, update.size(), "readPct=100: no update ran");
        JsonNode l = DatasetSummary.of(roundTrip(a, "reads.json")).path("latencyUs");
        assertEquals(0, l.path("UPDATE (server)").path("count").asLong(), "kept as none ran, as the live summary has it");
        assertTrue(l.path("READ (server)").path("count").asLong() > 0);
    }

    @Test
    void operationsCsvHasOneRowPerOperation() throws Exception {
        Map<String, String> p = smallPgbench();
        p.put("durationMs", "20");
        Dataset d = run("pgbench-graviton4", p, 20).dataset().orElseThrow();
        CsvExport.write(d, dir);
        List<String> lines = Files.readAllLines(dir.resolve("operations.csv"));
        OperationSamples tx = d.operations().get(0);
        assertEquals("op,endNs,latencyNs", lines.get(0));
        assertEquals(tx.size() + 1, lines.size());
        assertEquals("transaction," + tx.endNs(0) + "," + tx.latencyNs(0), lines.get(1));
    }
}
