package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.Dataset;

/**
 * Two benchmark outputs put side by side compare on the benchmark's own latency, not on their
 * throughput alone: pgbench's "latency average" and "stddev", YCSB's per-operation mean and
 * percentiles.
 */
class ClientLatencyTest {
    private static final Path YCSB = Path.of("src/test/resources/public/ycsb/depdx_LOG8430_outputRun_workloada.txt");
    private static final Path PGBENCH_A = Path.of("src/test/resources/real/pgbench-local/runA_pgbench.txt");

    private static Dataset read(String name, String text) throws Exception {
        return Importer.standard().importFile(RecordingSource.ofBytes(name, text.getBytes(StandardCharsets.UTF_8)))
                .dataset();
    }

    private static String ycsb() throws Exception {
        return Files.readString(YCSB);
    }

    /** The same pgbench run, with another latency average and tps. */
    private static String pgbench(String latencyMs, String tps) {
        return "pgbench (16.4)\n"
                + "transaction type: <builtin: TPC-B (sort of)>\n"
                + "scaling factor: 10\n"
                + "query mode: simple\n"
                + "number of clients: 16\n"
                + "number of threads: 2\n"
                + "duration: 8 s\n"
                + "number of transactions actually processed: 20716\n"
                + "latency average = " + latencyMs + " ms\n"
                + "latency stddev = 3.901 ms\n"
                + "tps = " + tps + " (without initial connection time)\n";
    }

    @Test
    void ycsbKeepsEachOperationsCountMeanAndPercentilesButNotItsCleanup() throws Exception {
        Map<String, Map<String, Double>> ops = ClientLatency.of(read("ycsb.txt", ycsb()).metadata().parameters());
        assertEquals(List.of("READ", "UPDATE"), List.copyOf(ops.keySet()), "CLEANUP is each thread's teardown");
        Map<String, Double> read = ops.get("READ");
        assertEquals(473.0, read.get("count"));
        assertEquals(235.8076109936575, read.get("mean"), 1e-9);
        assertEquals(319.0, read.get("p95"));
        assertEquals(508.0, read.get("p99"));
        assertEquals(79.0, read.get("min"));
        assertEquals(26527.0, read.get("max"));
        assertEquals(1253.0, ops.get("UPDATE").get("p99"));
    }

    @Test
    void anOlderYcsbsMillisecondsBecomeMicroseconds() throws Exception {
        // YCSB 0.1.x printed its latencies in ms
        String old = "[OVERALL], RunTime(ms), 10000\n[OVERALL], Throughput(ops/sec), 500.0\n"
                + "[UPDATE], Operations, 5000\n[UPDATE], AverageLatency(ms), 1.5\n"
                + "[UPDATE], 95thPercentileLatency(ms), 3\n[UPDATE], 99thPercentileLatency(ms), 7\n";
        Map<String, Double> update = ClientLatency.of(read("old.txt", old).metadata().parameters()).get("UPDATE");
        assertEquals(1500.0, update.get("mean"), 1e-9);
        assertEquals(3000.0, update.get("p95"));
        assertEquals(7000.0, update.get("p99"));
    }

    @Test
    void hdrHistogramsOrdinalPercentileNamesAreReadAsTheirPercentiles() throws Exception {
        // hdrhistogram.percentiles=1,50,99.9: YCSB names them with their English ordinal, a fraction bare;
        // only the "th" form was read, so a p1 and a p99.9 never reached the summary or an A/B table
        String hdr = "[OVERALL], RunTime(ms), 10000\n[OVERALL], Throughput(ops/sec), 500.0\n"
                + "[READ], Operations, 5000\n[READ], AverageLatency(us), 400.5\n"
                + "[READ], 1stPercentileLatency(us), 120\n[READ], 50thPercentileLatency(us), 380\n"
                + "[READ], 99.9PercentileLatency(us), 9100\n[READ], 22ndPercentileLatency(us), 250\n";
        Map<String, Double> r = ClientLatency.of(read("hdr.txt", hdr).metadata().parameters()).get("READ");
        assertEquals(120.0, r.get("p1"));
        assertEquals(380.0, r.get("p50"));
        assertEquals(9100.0, r.get("p99.9"));
        assertEquals(250.0, r.get("p22"));
    }

    @Test
    void pgbenchsAverageAndStddevInMicroseconds() throws Exception {
        Dataset d = Importer.standard().importFile(RecordingSource.of(PGBENCH_A)).dataset();
        JsonNode s = DatasetSummary.of(d).path("latencyUs").path(ClientLatency.TRANSACTION);
        assertEquals(20716, s.path("count").asLong());
        assertEquals(5955.0, s.path("mean").asDouble(), 1e-9);
        assertEquals(3901.0, s.path("stddev").asDouble(), 1e-9);
        assertFalse(s.has("p99"), "pgbench prints no percentiles");
    }

    @Test
    void twoPgbenchOutputsCompareOnTheirLatencyToo() throws Exception {
        JsonNode a = DatasetSummary.of(read("a.txt", pgbench("5.955", "2599.6")));
        JsonNode b = DatasetSummary.of(read("b.txt", pgbench("11.910", "1300.1")));
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(a), List.of(b));
        assertEquals("throughput", rows.get(0).metric());
        SummaryComparison.Row mean = rows.get(1);
        assertEquals("latencyUs.transaction.mean", mean.metric(), "right under the throughput");
        assertEquals(5955.0, mean.base(), 1e-9);
        assertEquals(11910.0, mean.test(), 1e-9);
        assertEquals(2.0, mean.ratio().getAsDouble(), 1e-9);
        assertEquals("latencyUs.transaction.stddev", rows.get(2).metric());
        assertTrue(rows.stream().noneMatch(r -> r.metric().endsWith(".count")), "a count follows the run's length");
    }

    @Test
    void aSideWithoutTheOperationReadsNotApplicable() throws Exception {
        JsonNode pg = DatasetSummary.of(read("a.txt", pgbench("5.955", "2599.6")));
        JsonNode y = DatasetSummary.of(read("ycsb.txt", ycsb()));
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(pg), List.of(y));
        SummaryComparison.Row tx = rows.stream().filter(r -> r.metric().equals("latencyUs.transaction.mean"))
                .findFirst().orElseThrow();
        assertTrue(Double.isNaN(tx.test()));
        assertTrue(tx.ratio().isEmpty());
        SummaryComparison.Row read = rows.stream().filter(r -> r.metric().equals("latencyUs.READ.p99"))
                .findFirst().orElseThrow();
        assertTrue(Double.isNaN(read.base()));
        assertEquals(508.0, read.test());
    }

    @Test
    void theSummaryTextListsEachOperation() throws Exception {
        String r = SummaryReport.render(DatasetSummary.of(read("ycsb.txt", ycsb())));
        // the spread columns are the ones the tool printed: YCSB's p95 and p99, no stddev
        // the count a column of 9 wide, for YCSB's 5,000,000 grouped; figures from 1000 grouped
        assertTrue(r.contains("latency us            count     mean      p95      p99      max\n"
                + "  READ                  473    235.8    319.0    508.0   26,527\n"
                + "  UPDATE                527    505.5    755.0    1,253   11,287\n"), r);
        String pg = SummaryReport.render(DatasetSummary.of(read("a.txt", pgbench("5.955", "2599.6"))));
        assertTrue(pg.contains("latency us            count     mean   stddev      max\n"
                + "  transaction        20,716    5,955    3,901        -\n"), pg);
        assertTrue(r.lines().allMatch(l -> l.length() <= PlainText.WIDTH), r);
    }
}
