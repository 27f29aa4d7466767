package org.schedlab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The figures of a run summary ({@link DatasetSummary}'s JSON shape) one per row for the
 * workbench's Figures tab, named as {@link SummaryReport} prints them ({@code schedlab table FILE})
 * and written as every table on screen writes its numbers ({@link ScreenText}: {@code 6,896},
 * {@code 35.9 %}, {@code 176,542 tps}; the report's text for mails keeps its own): what the files
 * themselves printed (a parameter's {@code name=value}: {@code pgbench.numberOfClients=16},
 * {@code pgbench.tps=5133.491661}), a perf stat output's counts and rates (its table's rows: {@code
 * context-switches} {@code 762}, {@code context-switches rate} {@code 894.37 /s}, then each CPU's:
 * {@code CPU0 context-switches}), vmstat's, mpstat's and sar's means ({@code vmstat cs (/s) mean}), the throughput with its unit, the benchmark's latency per
 * operation and figure ({@code latency us transaction mean}; the benchmark's own tps or ops/s is
 * among the files' figures by its own name, the throughput line is the report's, rounded), the CPU shares when the dataset has CPU slices, a simulated run's preemption and scheduler counts, and the TCP counters. The parts
 * that are tables of their own in the report (profile, locks and a recorded contention table,
 * run-queue latency, comms) are left out: the workbench has a tab for each.
 */
public final class SummaryFigures {
    /**
     * One figure. {@code part} is the report's part it is printed in ({@code recorded},
     * {@code throughput}, {@code latency us}, {@code cpu}, {@code preemptions}, {@code sched},
     * {@code tcp}, {@code window}); {@code name} as printed there, {@code value} as the tables on screen write it.
     */
    public record Row(String part, String name, String value) {
    }

    private SummaryFigures() {
    }

    public static List<Row> of(JsonNode s) {
        List<Row> rows = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = s.path("params").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            // as the report: a contention table's cells are a table (the Locks tab), the clock said apart
            // and a perf stat output's counts are its table (below)
            // nor the headline a benchmark reader keeps beside the file's own figure ("throughput" =
            // "2599.603685 tps" beside pgbench.tps 2599.603685): a second row of the same figure, cut
            // at a laptop's 1280 px, that read as another "throughput" beside the computed one below
            if (!LockTable.isTableKey(e.getKey()) && !e.getKey().equals(org.schedlab.model.Metadata.CLOCK_ALIGNED_AT_NS)
                    && !PerfStatFigures.shownInTables(e.getKey()) && !SummaryReport.readersHeadline(e.getKey())) {
                rows.add(new Row("recorded", PlainText.printable(e.getKey()), PlainText.printable(e.getValue().asText())));
            }
        }
        int leftOut = s.path(DatasetSummary.WHOLE_RUN_FIGURES_LEFT_OUT).asInt();
        if (leftOut > 0) {
            // the report's note: pgbench's tps and latency lines, a lock tool's table, ... are the whole
            // run's. Of the recording, not of "the whole file": a window saved as a file of its own
            // (example-data's pgbench-2cpu-50ms.json) is a whole file whose Figures said both
            rows.add(new Row("window", "whole-run figures left out", leftOut + " (of the whole recording, not of this window)"));
        }
        JsonNode tp = s.path("throughput");
        // the report's throughput line, rounded as every throughput on screen; what the file printed
        // stays in its own row above, by its own name and digits (pgbench.tps 2599.603685)
        if (tp.path("value").asDouble() != 0 || !tp.path("unit").asText().isEmpty()) {
            rows.add(new Row("throughput", "throughput",
                    (ScreenText.measure(tp.path("value").asDouble(), 1) + " " + tp.path("unit").asText()).strip()));
        }
        if (s.path("latencyUs").size() > 0) {
            List<String> columns = new ArrayList<>(List.of("count", "mean"));
            columns.addAll(SummaryReport.latencySpread(s));
            columns.add("max");
            for (Iterator<Map.Entry<String, JsonNode>> it = s.path("latencyUs").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode l = SummaryReport.latencyCells(e.getValue());
                for (String c : columns) {
                    String v = c.equals("count") ? (l.has("count") ? ScreenText.count(l.path("count").asLong()) : "-")
                            : l.path(c).isNumber() ? ScreenText.measure(l.path(c).asDouble(), 1) : "-";
                    rows.add(new Row("latency us", "latency us " + PlainText.printable(e.getKey()) + " " + c, v));
                }
            }
        }
        Map<String, String> given = new java.util.LinkedHashMap<>();
        s.path("params").fields().forEachRemaining(e -> given.put(e.getKey(), e.getValue().asText()));
        PerfStatFigures perf = PerfStatFigures.of(given);
        for (PerfStatFigures.Event e : perf.events()) {
            // as the report's perf stat table: the count with its unit (and -r's variance), then its rate
            rows.add(new Row("perf stat", e.name(), ScreenText.printed(e.value())
                    + (e.unit().isEmpty() ? "" : " " + e.unit()) + (e.variance().isEmpty() ? "" : " +- " + e.variance())));
            if (!e.rate().isEmpty()) {
                rows.add(new Row("perf stat", e.name() + " rate", PerfStatFigures.rate(e.rate()) + " " + e.rateUnit()));
            }
        }
        // each CPU's, core's or thread's counts, as the report's grid under the totals
        Map<String, PerfStatFigures.Event> byColumn = new java.util.HashMap<>();
        perf.events().forEach(e -> byColumn.put(e.name() + (e.unit().isEmpty() ? "" : "." + e.unit()), e));
        perf.perId().forEach((id, counts) -> counts.forEach((column, v) -> {
            if (!v.startsWith("not ")) {
                // "CPU0 task-clock" "1518.22 msec", as the totals above it write a count and its unit
                PerfStatFigures.Event e = byColumn.get(column);
                String unit = e == null || e.unit().isEmpty() ? "" : " " + e.unit();
                rows.add(new Row("perf stat", PlainText.printable(id + " " + (e == null ? column : e.name())),
                        ScreenText.printed(v) + unit));
            }
        }));
        JsonNode c = s.path("cpu");
        if (SummaryReport.noCpuData(s)) {
            // no row: the report's "cpu  not recorded" line says what a file of figures only is
        } else if (c.path("user").isNull() && c.has("running")) {
            rows.add(new Row("cpu", "cpu running", share(c, "running")));
            rows.add(new Row("cpu", "cpu idle", share(c, "idle")));
        } else if (c.isObject()) {
            for (String f : new String[] {"user", "kernel", "fault", "spin"}) {
                rows.add(new Row("cpu", "cpu " + f, share(c, f)));
            }
            rows.add(new Row("cpu", "cpu runnable-wait",
                    c.path("runnableWait").isNull() ? "not measured (counted as idle)" : share(c, "runnableWait")));
            rows.add(new Row("cpu", "cpu idle", share(c, "idle")));
            rows.add(new Row("cpu", "cpu steal", share(c, "steal")));
        }
        JsonNode p = s.path("preemptions");
        if (!p.isMissingNode()) {
            rows.add(new Row("preemptions", "preemptions involuntary", ScreenText.count(p.path("involuntary").asLong())));
            rows.add(new Row("preemptions", "preemptions in kernel", ScreenText.count(p.path("inKernel").asLong())));
            rows.add(new Row("preemptions", "preemptions lock holder", ScreenText.count(p.path("lockHolder").asLong())));
        }
        JsonNode sched = s.path("sched");
        if (!sched.isMissingNode() && !sched.isNull()) {
            rows.add(new Row("sched", "sched wakeups", ScreenText.count(sched.path("wakeups").asLong())));
            rows.add(new Row("sched", "sched resched IPIs", ScreenText.count(sched.path("reschedIpis").asLong())));
            rows.add(new Row("sched", "sched rseq grants", ScreenText.count(sched.path("rseqGrants").asLong())));
        }
        s.path("tcp").fields().forEachRemaining(e -> rows.add(new Row("tcp", "tcp " + e.getKey(),
                e.getValue().isIntegralNumber() ? ScreenText.count(e.getValue().asLong()) : e.getValue().asText())));
        // vmstat's, mpstat's and sar's means over the span, as the report's sysstat part
        s.path("sysstat").fields().forEachRemaining(e -> rows.add(new Row("sysstat", PlainText.printable(e.getKey())
                + " mean", ScreenText.measure(e.getValue().asDouble(), 2))));
        return rows;
    }

    /** A CPU share as every table on screen writes it ({@link ScreenText#share}). */
    private static String share(JsonNode cpu, String field) {
        return ScreenText.share(cpu.path(field).asDouble());
    }
}
