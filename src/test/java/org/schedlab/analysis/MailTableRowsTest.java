package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * The A/B table as a reply on a review thread reads it: the benchmark outputs' latency rows are
 * measurements (decimals, as their means), a throughput in tps beside one in ops/s has no
 * ratio, and two switch traces compare on their running time.
 */
class MailTableRowsTest {
    private static final Path PGBENCH_A = Path.of("src/test/resources/real/pgbench-local/runA_pgbench.txt");
    private static final Path PGBENCH_C = Path.of("src/test/resources/real/pgbench-local/runC_pgbench.txt");
    private static final Path YCSB = Path.of("src/test/resources/public/ycsb/depdx_LOG8430_outputRun_workloada.txt");

    private static JsonNode summary(Path file) throws Exception {
        return DatasetSummary.of(Importer.standard().importFile(RecordingSource.of(file)).dataset());
    }

    private static String line(String table, String start) {
        return table.lines().filter(l -> l.startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + start + " in\n" + table));
    }

    @Test
    void latencySpreadAndPercentilesReadAsMicrosecondsNotCounts() throws Exception {
        String pg = ComparisonTable.render("compare", SummaryComparison.rows(List.of(summary(PGBENCH_A)),
                List.of(summary(PGBENCH_C))), false);
        // pgbench's "latency stddev = 3.901 ms": 3901 us, a measurement like the mean above it,
        // whole from 1000 as 'table' prints both (not "3901" as a count beside "5955.000")
        assertEquals(List.of("latencyUs.transaction.stddev", "3,901", "3,886", "x1.00"),
                List.of(line(pg, "latencyUs.transaction.stddev").split(" +")), pg);
        assertEquals(List.of("latencyUs.transaction.mean", "5,955", "8,495", "x1.43"),
                List.of(line(pg, "latencyUs.transaction.mean").split(" +")), pg);

        JsonNode y = summary(YCSB);
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(y), List.of(y));
        String ycsb = ComparisonTable.render("compare", rows, false);
        // YCSB's whole-microsecond percentiles beside its fractional mean: measurements, one decimal
        assertEquals(List.of("latencyUs.READ.p95", "319.0", "319.0", "x1.00"),
                List.of(line(ycsb, "latencyUs.READ.p95").split(" +")), ycsb);
        assertEquals(List.of("latencyUs.UPDATE.p99", "1,253", "1,253", "x1.00"),
                List.of(line(ycsb, "latencyUs.UPDATE.p99").split(" +")), ycsb);
        // the figure's and the workbench's cells follow the same rule
        SummaryComparison.Row p95 = rows.stream().filter(r -> r.metric().equals("latencyUs.READ.p95")).findFirst()
                .orElseThrow();
        assertFalse(p95.counts());
        assertEquals("319.0", ComparisonTable.cells(List.of(p95)).get(0).get(1));
    }

    /**
     * A benchmark's latency figures read in 'compare' as 'table' prints them for the same file: the
     * mean was {@code 5955.000} beside table's {@code 5955}, YCSB's READ mean {@code 297.935}
     * beside {@code 297.9}.
     */
    @Test
    void latencyFiguresReadAsTheTableCommandPrintsThem() throws Exception {
        JsonNode a = summary(PGBENCH_A);
        JsonNode y = summary(YCSB);
        for (JsonNode s : List.of(a, y)) {
            String report = SummaryReport.render(s);
            String head = line(report, "latency us");
            List<String> columns = List.of(head.split(" +"));
            String compare = ComparisonTable.render("compare", SummaryComparison.rows(List.of(s), List.of(s)), false);
            for (java.util.Iterator<String> ops = s.path("latencyUs").fieldNames(); ops.hasNext(); ) {
                String op = ops.next();
                List<String> cells = List.of(line(report, "  " + op + " ").strip().split(" +"));
                // the report's row: name, count, then its columns from "mean" on (the head's third word)
                for (int c = 3; c < columns.size() - 1; c++) {
                    String figure = columns.get(c);
                    String printed = cells.get(c - 1);
                    if (printed.equals("-")) {
                        continue;
                    }
                    List<String> row = List.of(line(compare, "latencyUs." + op + "." + figure + " ").split(" +"));
                    assertEquals(printed, row.get(1), figure + " of " + op + ": 'table' prints " + printed + "\n"
                            + compare + report);
                }
            }
        }
        String pg = ComparisonTable.render("compare", SummaryComparison.rows(List.of(a), List.of(a)), false);
        assertEquals(List.of("latencyUs.transaction.mean", "5,955", "5,955", "x1.00"),
                List.of(line(pg, "latencyUs.transaction.mean").split(" +")), pg);
    }

    @Test
    void tpsBesideOpsPerSecondHasNoRatio() throws Exception {
        JsonNode pg = summary(PGBENCH_A);
        JsonNode ycsb = summary(YCSB);
        SummaryComparison.Row tp = SummaryComparison.rows(List.of(pg), List.of(ycsb)).get(0);
        assertEquals(SummaryComparison.THROUGHPUT, tp.metric());
        assertTrue(tp.ratio().isEmpty(), "transactions and operations are not one measurement: " + tp);
        assertEquals("throughput (tps vs ops/s)", tp.label());
        String table = ComparisonTable.render("compare", List.of(tp), false);
        assertEquals(List.of("throughput", "(tps", "vs", "ops/s)", "2,599.6", "1,481.5", "n/a"),
                List.of(line(table, "throughput").split(" +")), table);

        SummaryComparison.Row same = SummaryComparison.rows(List.of(pg), List.of(summary(PGBENCH_C))).get(0);
        assertEquals("throughput (tps)", same.label());
        assertEquals("x1.37", ComparisonTable.ratio(same));
    }

    /** A sched_switch trace of one CPU: {@code runMs} of postgres, the rest of 10 ms idle. */
    private static JsonNode switchTrace(long runMs) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", "perf-sched-script"));
        int pg = b.addTask(10, 10, "postgres");
        b.slice(0, 0, runMs * 1_000_000, pg, SliceState.USER)
                .slice(0, runMs * 1_000_000, 10_000_000, Intervals.NO_TASK, SliceState.IDLE);
        return DatasetSummary.of(b.build());
    }

    @Test
    void twoSwitchTracesCompareOnTheirRunningTime() throws Exception {
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(switchTrace(6)), List.of(switchTrace(9)));
        SummaryComparison.Row running = rows.stream().filter(r -> r.metric().equals("cpu.running")).findFirst()
                .orElseThrow(() -> new AssertionError("no cpu.running row in " + rows));
        assertEquals(0.6, running.base(), 1e-9);
        assertEquals(0.9, running.test(), 1e-9);
        String table = ComparisonTable.render("compare", rows, false);
        assertEquals(List.of("cpu.running", "60.00%", "90.00%", "x1.50"),
                List.of(line(table, "cpu.running").split(" +")), table);

        // a side split by mode has no running row of its own: n/a there, not 0
        DatasetBuilder sim = Dataset.builder(Metadata.of("run", "simulation"));
        int pg = sim.addTask(10, 10, "postgres");
        sim.slice(0, 0, 5_000_000, pg, SliceState.USER).slice(0, 5_000_000, 10_000_000, pg, SliceState.KERNEL);
        List<SummaryComparison.Row> mixed = SummaryComparison.rows(List.of(switchTrace(6)),
                List.of(DatasetSummary.of(sim.build())));
        SummaryComparison.Row r = mixed.stream().filter(x -> x.metric().equals("cpu.running")).findFirst().orElseThrow();
        assertTrue(Double.isNaN(r.test()), r.toString());
        assertEquals("n/a", ComparisonTable.ratio(r));
        // two runs split by mode have no such row
        JsonNode s = DatasetSummary.of(sim.build());
        assertTrue(SummaryComparison.rows(List.of(s), List.of(s)).stream()
                .noneMatch(x -> x.metric().equals("cpu.running")));
    }

    /** The column where each word or number of {@code line} ends (exclusive), left to right. */
    private static List<Integer> ends(String line) {
        List<Integer> out = new java.util.ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\S+").matcher(line);
        while (m.find()) {
            out.add(m.end());
        }
        return out;
    }

    @Test
    void aSummarysLatencyHeadingsStandOverTheirNumbers() throws Exception {
        for (Path file : List.of(PGBENCH_A, YCSB)) {
            List<String> lines = SummaryReport.render(summary(file)).lines().toList();
            int head = lines.indexOf(lines.stream().filter(l -> l.startsWith("latency us")).findFirst().orElseThrow());
            // "latency us" is two words: the headings' ends from "count" on
            List<Integer> heads = ends(lines.get(head)).subList(2, ends(lines.get(head)).size());
            List<Integer> numbers = ends(lines.get(head + 1));
            assertEquals(heads, numbers.subList(1, numbers.size()),
                    file + ":\n" + lines.get(head) + "\n" + lines.get(head + 1));
        }
    }

    /** A run's summary (SIMULATOR.md's shape) with READ and UPDATE, UPDATE counting {@code updates}. */
    private static JsonNode ycsbRun(long updates) throws Exception {
        String update = updates == 0 ? "{\"count\":0,\"mean\":0.0,\"p50\":0.0,\"p99\":0.0,\"max\":0.0}"
                : "{\"count\":" + updates + ",\"mean\":6538.2,\"p50\":3297.3,\"p99\":29868.0,\"max\":45154.3}";
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"scenario\":\"mongodb-ycsb-a\","
                + "\"throughput\":{\"value\":39154,\"unit\":\"ops/s\"},\"latencyUs\":{"
                + "\"READ (server)\":{\"count\":19514,\"mean\":6250.0,\"p50\":3072.0,\"p99\":28999.7,\"max\":51445.8},"
                + "\"UPDATE (server)\":" + update + "},"
                + "\"cpu\":{\"user\":0.9,\"kernel\":0.05,\"fault\":0,\"spin\":0,\"runnableWait\":0,"
                + "\"idle\":0.05,\"steal\":0}}");
    }

    @Test
    void anOperationThatDidNotRunHasNoLatency() throws Exception {
        // readPct=100: the run's UPDATE counted none, and its mean, p50 and p99 of 0 read "0.00x"
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(ycsbRun(19639)), List.of(ycsbRun(0)));
        String table = ComparisonTable.render("compare", rows, false);
        for (String f : List.of("mean", "p50", "p99")) {
            String metric = "latencyUs.UPDATE (server)." + f;
            SummaryComparison.Row r = rows.stream().filter(x -> x.metric().equals(metric)).findFirst().orElseThrow();
            assertTrue(Double.isNaN(r.test()), r.toString());
            assertTrue(line(table, metric).endsWith("n/a         n/a"), table);
        }
        assertTrue(line(table, "latencyUs.READ (server).mean").endsWith("x1.00"), table);

        String text = SummaryReport.render(ycsbRun(0));
        assertEquals(List.of("UPDATE", "(server)", "0", "-", "-", "-", "-"),
                List.of(line(text, "  UPDATE").strip().split(" +")), text);

        tech.tablesaw.api.Table sweep = SweepTable.of(List.of(
                new SweepTable.Row(0, java.util.Map.of("readPct", "50"), 1, ycsbRun(19639)),
                new SweepTable.Row(1, java.util.Map.of("readPct", "100"), 1, ycsbRun(0))));
        assertEquals(6538.2, sweep.doubleColumn("latencyUs.UPDATE (server).mean").get(0), 1e-9);
        assertTrue(sweep.doubleColumn("latencyUs.UPDATE (server).mean").isMissing(1),
                "an empty cell, as for a run without the operation");
    }
}
