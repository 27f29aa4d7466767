package org.schedlab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A sweep's results as one table, one row per point and seed (CLI.md {@code sweep}): the varied
 * keys, seed, throughput, every cpu share, and the run's top profile site with its share; then,
 * for each operation any run reports, its latency mean and p99 ({@code latencyUs.transaction.mean},
 * us), and for each lock its contended acquisitions, mean wait (us) and holder preemptions
 * ({@code buffer_strategy_lock.waitUs.mean}), and for each comm group its run-queue latency mean,
 * p50, p99 and max ({@code runqlatUs.B.p99}, us); a run without that operation, lock or comm
 * group has an empty cell. Read from summary JSON trees (SIMULATOR.md's shape), so it needs nothing from the simulator.
 */
public final class SweepTable {
    static final String[] CPU = SweepMetric.CPU_MODES.toArray(String[]::new);

    /** One run of a sweep: its point (position and the varied values), seed and summary. */
    public record Row(int pointIndex, Map<String, String> point, long seed, JsonNode summary) {
        public Row {
            point = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(point));
        }
    }

    private SweepTable() {
    }

    /**
     * The table {@code schedlab sweep} writes as summary.csv and the Sweep tab exports: the runs in
     * plan order (by point, then seed), whatever order they finished in, so the same sweep gives
     * the same file from either.
     */
    public static Table summary(List<Row> rows) {
        List<Row> ordered = new ArrayList<>(rows);
        ordered.sort(java.util.Comparator.comparingInt(Row::pointIndex).thenComparingLong(Row::seed));
        return of(ordered);
    }

    /** The table, rows in the order given, varied keys as the first columns in the first row's order. */
    public static Table of(List<Row> rows) {
        List<String> keys = rows.isEmpty() ? List.of() : new ArrayList<>(rows.get(0).point().keySet());
        Table t = Table.create("sweep");
        for (String k : keys) {
            t.addColumns(StringColumn.create(k));
        }
        LongColumn seed = LongColumn.create("seed");
        DoubleColumn throughput = DoubleColumn.create("throughput");
        StringColumn unit = StringColumn.create("throughputUnit");
        t.addColumns(seed, throughput, unit);
        DoubleColumn[] cpu = new DoubleColumn[CPU.length];
        for (int i = 0; i < CPU.length; i++) {
            cpu[i] = DoubleColumn.create("cpu." + CPU[i]);
            t.addColumns(cpu[i]);
        }
        StringColumn topSite = StringColumn.create("topSite");
        DoubleColumn topShare = DoubleColumn.create("topSiteShare");
        t.addColumns(topSite, topShare);
        // what a sweep over preemption models or rwsem versions is run to see: the operations'
        // latency and the locks' contention, in the order the runs first name them; each read as
        // the Sweep tab's plot reads it (SweepMetric), so a wait of no samples is an empty cell in
        // both, not a 0 here and a gap there
        java.util.LinkedHashMap<String, java.util.function.Function<JsonNode, java.util.OptionalDouble>> more =
                new java.util.LinkedHashMap<>();
        for (Row r : rows) {
            r.summary().path("latencyUs").fieldNames().forEachRemaining(op -> {
                for (SweepMetric.Kind k : List.of(SweepMetric.Kind.LATENCY_MEAN, SweepMetric.Kind.LATENCY_P99)) {
                    SweepMetric m = new SweepMetric(k, op);
                    more.putIfAbsent(m.id(), m::valueIn);
                }
            });
        }
        for (Row r : rows) {
            for (JsonNode l : r.summary().path("locks")) {
                String name = l.path("name").asText();
                more.putIfAbsent(name + ".contended", s -> {
                    JsonNode v = lock(s, name).path("contended");
                    return v.isNumber() ? java.util.OptionalDouble.of(v.asDouble()) : java.util.OptionalDouble.empty();
                });
                for (SweepMetric.Kind k : List.of(SweepMetric.Kind.LOCK_WAIT_MEAN,
                        SweepMetric.Kind.LOCK_HOLDER_PREEMPTIONS)) {
                    SweepMetric m = new SweepMetric(k, name);
                    more.putIfAbsent(m.id(), m::valueIn);
                }
            }
        }
        // last, so the columns scripts read by position before these came stay where they were
        for (Row r : rows) {
            r.summary().path("runqlatUs").fieldNames().forEachRemaining(comm -> {
                for (SweepMetric.Kind k : SweepMetric.Kind.RUNQLAT_FIGURES) {
                    SweepMetric m = new SweepMetric(k, comm);
                    more.putIfAbsent(m.id(), m::valueIn);
                }
            });
        }
        List<DoubleColumn> extra = new ArrayList<>();
        for (String name : more.keySet()) {
            DoubleColumn c = DoubleColumn.create(name);
            extra.add(c);
            t.addColumns(c);
        }
        for (Row r : rows) {
            for (String k : keys) {
                t.stringColumn(k).append(r.point().getOrDefault(k, ""));
            }
            JsonNode s = r.summary();
            seed.append(r.seed());
            throughput.append(s.path("throughput").path("value").asDouble());
            unit.append(s.path("throughput").path("unit").asText(""));
            for (int i = 0; i < CPU.length; i++) {
                cpu[i].append(s.path("cpu").path(CPU[i]).asDouble());
            }
            JsonNode top = s.path("profile").path(0);
            topSite.append(top.path("site").asText(""));
            topShare.append(top.path("share").asDouble());
            int i = 0;
            for (java.util.function.Function<JsonNode, java.util.OptionalDouble> f : more.values()) {
                java.util.OptionalDouble v = f.apply(s);
                if (v.isPresent()) {
                    extra.get(i).append(v.getAsDouble());
                } else {
                    extra.get(i).appendMissing(); // an empty cell: no such operation, lock or comm, or no samples
                }
                i++;
            }
        }
        return t;
    }

    private static JsonNode lock(JsonNode summary, String name) {
        for (JsonNode l : summary.path("locks")) {
            if (l.path("name").asText().equals(name)) {
                return l;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }
}
