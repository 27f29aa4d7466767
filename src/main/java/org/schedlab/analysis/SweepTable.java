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
 * keys, seed, throughput, every cpu share, and the run's top profile site with its share. Read
 * from summary JSON trees (SIMULATOR.md's shape), so it needs nothing from the simulator.
 */
public final class SweepTable {
    static final String[] CPU = {"user", "kernel", "fault", "spin", "runnableWait", "idle", "steal"};

    /** One run of a sweep: its point (position and the varied values), seed and summary. */
    public record Row(int pointIndex, Map<String, String> point, long seed, JsonNode summary) {
        public Row {
            point = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(point));
        }
    }

    private SweepTable() {
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
        }
        return t;
    }
}
