package org.schedlab.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.schedlab.analysis.LatencyStats;
import org.schedlab.analysis.LockTable;
import org.schedlab.analysis.LockWaits;
import org.schedlab.analysis.PerfSchedLatency;
import org.schedlab.analysis.PlainText;
import org.schedlab.analysis.RunQueueLatency;
import org.schedlab.analysis.SchedLatencyRow;
import org.schedlab.io.read.FileReport;
import org.schedlab.io.read.ImportResult;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.LockLane;
import org.schedlab.model.TaskInfo;

/**
 * What {@code schedlab import} prints: the fields of CLI.md ({@code format, files, cpus,
 * spanNs, events, tasks, runqlatUs, counters, locks}, then the readers' {@code parameters}) with the task table computed as
 * {@code perf sched latency --pids} computes it, as JSON or as a plain-text table.
 */
final class ImportSummary {
    private final ImportResult result;
    private final List<SchedLatencyRow> rows;
    private final Map<Integer, Integer> pidByTid = new HashMap<>();
    private final Map<String, LatencyStats> runqlat;

    ImportSummary(ImportResult result) {
        this.result = result;
        Dataset d = result.dataset();
        Map<Integer, String> comms = new HashMap<>();
        for (TaskInfo t : d.tasks()) {
            comms.put(t.tid(), t.comm());
            pidByTid.put(t.tid(), t.pid());
        }
        this.rows = PerfSchedLatency.perTask(result.schedEvents(), tid -> comms.getOrDefault(tid, ":" + tid));
        Map<String, LatencyStats> fromLanes = RunQueueLatency.byCommGroup(d);
        Map<String, LatencyStats> fromHistograms = histograms(d.metadata().parameters());
        // a runqlat histogram file has no lanes: its histograms are the run-queue latency
        Map<String, LatencyStats> chosen = fromLanes.get(RunQueueLatency.ALL).count() == 0 && !fromHistograms.isEmpty()
                ? fromHistograms : fromLanes;
        // a dataset without wake-ups (a lock table, a pgbench log) has no run-queue latency: CLI.md's
        // runqlatUs is then {}, not an "_all" of count 0 that reads as a measured nothing
        this.runqlat = new java.util.LinkedHashMap<>(chosen);
        this.runqlat.values().removeIf(s -> s.count() == 0);
    }

    /** runqlat.<section>.count/.meanUs/.p50Us/.p99Us/.maxUs metadata (RunqlatReader) as stats. */
    static Map<String, LatencyStats> histograms(Map<String, String> p) {
        Map<String, LatencyStats> out = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, String> e : p.entrySet()) {
            String k = e.getKey();
            if (k.startsWith("runqlat.") && k.endsWith(".count")) {
                String section = k.substring(8, k.length() - 6);
                String base = "runqlat." + section + ".";
                try {
                    out.put(section.equals("all") ? RunQueueLatency.ALL : section, new LatencyStats(
                            Long.parseLong(e.getValue()), Double.parseDouble(p.getOrDefault(base + "meanUs", "0")),
                            Double.parseDouble(p.getOrDefault(base + "p50Us", "0")),
                            Double.parseDouble(p.getOrDefault(base + "p99Us", "0")),
                            Double.parseDouble(p.getOrDefault(base + "maxUs", "0"))));
                } catch (NumberFormatException notOurs) {
                    // a parameter that merely looks like ours: leave it out of the table
                }
            }
        }
        return out;
    }

    /**
     * The CLI.md summary object, streamed through the generator: the import command loads no
     * object mapper (its start-up costs a noticeable part of a one-second import).
     */
    void writeJson(JsonGenerator g) throws IOException {
        Dataset d = result.dataset();
        g.writeStartObject();
        g.writeStringField("format", result.report().format());
        g.writeArrayFieldStart("files");
        for (FileReport f : result.report().files()) {
            g.writeString(f.file());
        }
        g.writeEndArray();
        g.writeNumberField("cpus", d.cpuCount());
        g.writeNumberField("spanNs", d.spanNs());
        g.writeNumberField("events", result.report().events());
        g.writeArrayFieldStart("tasks");
        for (SchedLatencyRow r : rows) {
            g.writeStartObject();
            g.writeNumberField("tid", r.tid());
            g.writeNumberField("pid", pidByTid.getOrDefault(r.tid(), -1));
            g.writeStringField("comm", r.comm());
            g.writeNumberField("runtimeMs", round3(r.runtimeMs()));
            g.writeNumberField("switches", r.switches());
            g.writeNumberField("avgDelayMs", round3(r.avgDelayMs()));
            g.writeNumberField("maxDelayMs", round3(r.maxDelayMs()));
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeObjectFieldStart("runqlatUs");
        for (Map.Entry<String, LatencyStats> e : runqlat.entrySet()) {
            g.writeFieldName(e.getKey());
            stats(g, e.getValue());
        }
        g.writeEndObject();
        g.writeArrayFieldStart("counters");
        for (CounterSeries c : d.counters()) {
            g.writeStartObject();
            g.writeStringField("name", c.name());
            g.writeStringField("unit", c.unit());
            g.writeNumberField("samples", c.size());
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            double sum = 0;
            double last = Double.NaN;
            int values = 0;
            for (int i = 0; i < c.size(); i++) {
                if (c.hasValue(i)) {
                    min = Math.min(min, c.value(i));
                    max = Math.max(max, c.value(i));
                    sum += c.value(i);
                    last = c.value(i);
                    values++;
                }
            }
            if (values < c.size()) {
                // samples that are gaps (no value until the next sample) count for none of the figures
                g.writeNumberField("gaps", c.size() - values);
            }
            if (values > 0) {
                g.writeNumberField("min", min);
                g.writeNumberField("max", max);
                g.writeNumberField("mean", round3(sum / values));
                g.writeNumberField("last", last);
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("locks");
        for (LockLane l : d.locks()) {
            g.writeStartObject();
            g.writeStringField("name", l.name());
            g.writeStringField("kind", l.kind());
            // counted as table counts them (a wait whole, spins and sleeps together; with holds
            // recorded, those that took the lock inside the recording): it counted every segment
            LockWaits w = LockWaits.of(d, l);
            g.writeNumberField("contended", w.contended());
            g.writeFieldName("waitUs");
            stats(g, w.waitUs());
            if (w.holdsRecorded()) {
                // added, as in table's summary: the waits in neither count, by why
                g.writeNumberField("unacquiredWaits", w.unacquiredWaits());
                g.writeNumberField("openWaits", w.openWaits());
                g.writeNumberField("abandonedWaits", w.abandonedWaits());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        // a contention table has no lanes, so "locks" (lanes) is empty: its rows, as the tool printed
        // them, follow CLI.md's fields (added, not renamed) instead of only as parameter keys
        java.util.Optional<LockTable> table = LockTable.of(d.metadata().parameters());
        if (table.isPresent()) {
            g.writeObjectFieldStart("lockTable");
            g.writeStringField("tool", table.get().tool());
            // what the rows' names are: callers, tasks ("pid comm"), locks' symbols, cgroups, lock classes
            g.writeStringField("key", table.get().key());
            g.writeArrayFieldStart("rows");
            for (LockTable.Row r : table.get().rows()) {
                g.writeStartObject();
                g.writeStringField("name", r.name());
                for (int i = 0; i < table.get().fields().size(); i++) {
                    if (!r.values().get(i).isEmpty()) {
                        g.writeStringField(table.get().fields().get(i), r.values().get(i));
                    }
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        // after CLI.md's fields (added, not renamed): what a table reader found, which the text
        // prints too - a pgbench run's final tps, a perf lock contention or lock_stat table's rows
        g.writeObjectFieldStart("parameters");
        for (Map.Entry<String, String> e : d.metadata().parameters().entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void stats(JsonGenerator g, LatencyStats s) throws IOException {
        g.writeStartObject();
        g.writeNumberField("count", s.count());
        g.writeNumberField("mean", round3(s.meanUs()));
        g.writeNumberField("p50", round3(s.p50Us()));
        g.writeNumberField("p99", round3(s.p99Us()));
        g.writeNumberField("max", round3(s.maxUs()));
        g.writeEndObject();
    }

    private static double round3(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }

    String toText() {
        Dataset d = result.dataset();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "format   %s%n", result.report().format()));
        for (FileReport f : result.report().files()) {
            sb.append(String.format(Locale.ROOT, "file     %s (%s, %d lines, %d events)%n", f.file(), f.format(), f.lines(),
                    f.events()));
        }
        sb.append(String.format(Locale.ROOT, "cpus     %d, %d tasks, %.3f s, %d slices%n", d.cpuCount(), d.tasks().size(),
                d.spanNs() / 1e9, d.sliceCount()));
        if (!rows.isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%nperf sched latency (per task)%n"));
            sb.append(String.format(Locale.ROOT, "%-22s %11s %8s %9s %9s%n", "task", "runtime ms", "switches",
                    "avg ms", "max ms"));
            long switches = 0;
            double runtime = 0;
            java.util.Iterator<String> labels = PlainText.cutApart(rows.stream().map(SchedLatencyRow::label).toList(), 22)
                    .iterator();
            for (SchedLatencyRow r : rows) {
                // padded and cut by terminal columns: a CJK comm pushed the figures out of line under %-22s
                sb.append(String.format(Locale.ROOT, "%s %11.3f %8d %9.3f %9.3f%n", PlainText.padRight(labels.next(), 22),
                        r.runtimeMs(), r.switches(),
                        r.avgDelayMs(), r.maxDelayMs()));
                switches += r.switches();
                runtime += r.runtimeMs();
            }
            sb.append(String.format(Locale.ROOT, "%-22s %11.3f %8d%n", "TOTAL", runtime, switches));
            if (runtime == 0) {
                // ftrace and systrace captures seldom enable sched_stat_runtime: say why the column is empty
                sb.append(String.format(Locale.ROOT, "(runtime is 0: this recording has no sched_stat_runtime events,%n"
                        + "and perf sched latency counts run time from those alone; the%n"
                        + "workbench's time per task comes from the slices)%n"));
            }
        } else if (!d.tasks().isEmpty()) {
            // tasks but no table (perf sched timehist, a Chrome trace): say why, rather than leave it out
            sb.append(String.format(Locale.ROOT, "%nperf sched latency (per task): not computed, this recording"
                    + " has no%nsched_switch/sched_wakeup events (perf sched script, perf script and%nftrace text"
                    + " have them)%n"));
        }
        LatencyStats all = runqlat.get(RunQueueLatency.ALL);
        if (all != null && all.count() > 0) {
            sb.append(String.format(Locale.ROOT, "%nrun-queue latency (us)%n%-22s %8s %9s %9s %9s%n", "group", "count",
                    "mean", "p50", "p99"));
            java.util.Iterator<String> groups = PlainText.cutApart(List.copyOf(runqlat.keySet()), 22).iterator();
            for (Map.Entry<String, LatencyStats> e : runqlat.entrySet()) {
                LatencyStats s = e.getValue();
                sb.append(String.format(Locale.ROOT, "%s %8d %9.1f %9.1f %9.1f%n", PlainText.padRight(groups.next(), 22),
                        s.count(), s.meanUs(),
                        s.p50Us(), s.p99Us()));
            }
        }
        if (!d.counters().isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%ncounters %d:", d.counters().size()));
            int shown = 0;
            for (CounterSeries c : d.counters()) {
                if (shown++ == 6) {
                    sb.append(" ...");
                    break;
                }
                sb.append(' ').append(c.name());
            }
            sb.append(System.lineSeparator());
        }
        if (!d.locks().isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%nlocks (contended waits)%n%-22s %-10s %8s %9s %9s%n", "lock", "kind",
                    "waits", "mean us", "max us"));
            List<String> open = new java.util.ArrayList<>();
            List<String> abandoned = new java.util.ArrayList<>();
            java.util.Iterator<String> lockNames = PlainText.cutApart(d.locks().stream().map(LockLane::name).toList(), 22)
                    .iterator();
            for (LockLane l : d.locks()) {
                LockWaits w = LockWaits.of(d, l);
                LatencyStats s = w.waitUs();
                sb.append(String.format(Locale.ROOT, "%s %-10s %8d %9.1f %9.1f%n", PlainText.padRight(lockNames.next(), 22),
                        l.kind(), s.count(),
                        s.meanUs(), s.maxUs()));
                if (w.openWaits() > 0) {
                    open.add(w.openWaits() + " (" + l.name() + ")");
                }
                if (w.abandonedWaits() > 0) {
                    abandoned.add(w.abandonedWaits() + " (" + l.name() + ")");
                }
            }
            // a lock with holds counts the waits that took it, as table does: say which were left out
            if (!open.isEmpty() || !abandoned.isEmpty()) {
                List<String> left = new java.util.ArrayList<>();
                if (!open.isEmpty()) {
                    left.add("waits still going on at its end, not counted: " + String.join(", ", open));
                }
                if (!abandoned.isEmpty()) {
                    left.add("waits that ended without taking the lock (timed out or interrupted), not counted: "
                            + String.join(", ", abandoned));
                }
                sb.append("  ").append(PlainText.wrap("a wait is a task's whole wait, counted when it took the"
                        + " lock inside the recording; " + String.join("; ", left), 2))
                        .append(System.lineSeparator());
            }
        }
        // a contention table reads as the tool printed it, not as hundreds of key=value lines
        LockTable.of(d.metadata().parameters()).ifPresent(t -> sb.append(System.lineSeparator())
                .append(t.text(Integer.MAX_VALUE, 40, Integer.MAX_VALUE)));
        StringBuilder other = new StringBuilder();
        for (Map.Entry<String, String> e : d.metadata().parameters().entrySet()) {
            if (!LockTable.isTableKey(e.getKey())) {
                String value = e.getKey().equals("throughput") ? headline(e.getValue()) : e.getValue();
                other.append(String.format(Locale.ROOT, "%-32s %s%n", e.getKey(), value));
            }
        }
        if (other.length() > 0) {
            sb.append(System.lineSeparator()).append(other);
        }
        return sb.toString();
    }

    /**
     * A reader's headline throughput ({@code 1481.48 ops/s}, pgbench's {@code 1481.234567 tps}) with
     * its thousands grouped as every text table writes a number ({@code 1,481.48 ops/s}), its
     * decimals and unit as given; the parameter itself (JSON, the saved dataset) is left as it is.
     */
    static String headline(String value) {
        int space = value.indexOf(' ');
        String number = space < 0 ? value : value.substring(0, space);
        return PlainText.countText(number) + (space < 0 ? "" : value.substring(space));
    }
}
