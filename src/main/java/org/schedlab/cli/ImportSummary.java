package org.schedlab.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.ArrayList;
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
import org.schedlab.model.SchedEventKind;
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
            String what = String.format(Locale.ROOT, "(%s, %s lines, %s events)", f.format(),
                    PlainText.count(f.lines()), PlainText.count(f.events()));
            String line = "file     " + f.file() + " " + what;
            // a file's path whole; what it held under it where the line would pass 72 columns (an
            // absolute path ran a recording's line to 126)
            sb.append(PlainText.columns(line) <= PlainText.WIDTH ? line
                    : "file     " + f.file() + System.lineSeparator() + " ".repeat(9) + what).append(System.lineSeparator());
        }
        sb.append(String.format(Locale.ROOT, "cpus     %s, %s tasks, %.3f s, %s slices%n",
                PlainText.count(d.cpuCount()), PlainText.count(d.tasks().size()), d.spanNs() / 1e9,
                PlainText.count(d.sliceCount())));
        if (!rows.isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%nperf sched latency (per task)%n"));
            long switches = 0;
            double runtime = 0;
            List<List<String>> cells = new ArrayList<>();
            for (SchedLatencyRow r : rows) {
                cells.add(List.of(r.label(), ms(r.runtimeMs()), PlainText.count(r.switches()), ms(r.avgDelayMs()),
                        ms(r.maxDelayMs())));
                switches += r.switches();
                runtime += r.runtimeMs();
            }
            cells.add(List.of("TOTAL", ms(runtime), PlainText.count(switches), "", ""));
            table(sb, List.of("task", "runtime ms", "switches", "avg ms", "max ms"), new int[] {22, 11, 8, 9, 9},
                    NAME_ONLY_LEFT, cells);
            if (runtime == 0) {
                // ftrace and systrace captures seldom enable sched_stat_runtime: say why the column is empty
                sb.append(String.format(Locale.ROOT, "(runtime is 0: this recording has no sched_stat_runtime events,%n"
                        + "and perf sched latency counts run time from those alone; the%n"
                        + "workbench's time per task comes from the slices)%n"));
            }
        } else if (!d.tasks().isEmpty() && result.schedEvents().count(SchedEventKind.SWITCH) == 0
                && result.schedEvents().count(SchedEventKind.WAKING)
                + result.schedEvents().count(SchedEventKind.WAKEUP)
                + result.schedEvents().count(SchedEventKind.WAKEUP_NEW) > 0) {
            // wake-ups alone: a delay runs from a wake-up to a switch-in, and no switch was recorded
            sb.append(String.format(Locale.ROOT, "%nperf sched latency (per task): not computed, this recording"
                    + " has wake-ups%nbut no sched_switch events, and a delay runs from a wake-up to%nthe"
                    + " switch-in%n"));
        } else if (!d.tasks().isEmpty()) {
            // tasks but no table (perf sched timehist, a Chrome trace): say why, rather than leave it out
            sb.append(String.format(Locale.ROOT, "%nperf sched latency (per task): not computed, this recording"
                    + " has no%nsched_switch/sched_wakeup events (perf sched script, perf script and%nftrace text"
                    + " have them)%n"));
        }
        LatencyStats all = runqlat.get(RunQueueLatency.ALL);
        if (all != null && all.count() > 0) {
            sb.append(String.format(Locale.ROOT, "%nrun-queue latency (us)%n"));
            List<List<String>> cells = new ArrayList<>();
            for (Map.Entry<String, LatencyStats> e : runqlat.entrySet()) {
                LatencyStats s = e.getValue();
                cells.add(List.of(e.getKey(), PlainText.count(s.count()), us(s.meanUs()), us(s.p50Us()),
                        us(s.p99Us())));
            }
            table(sb, List.of("group", "count", "mean", "p50", "p99"), new int[] {22, 8, 9, 9, 9}, NAME_ONLY_LEFT,
                    cells);
        }
        if (!d.counters().isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%ncounters %s:", PlainText.count(d.counters().size())));
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
            sb.append(String.format(Locale.ROOT, "%nlocks (contended waits)%n"));
            List<String> open = new ArrayList<>();
            List<String> abandoned = new ArrayList<>();
            List<List<String>> cells = new ArrayList<>();
            for (LockLane l : d.locks()) {
                LockWaits w = LockWaits.of(d, l);
                LatencyStats s = w.waitUs();
                cells.add(List.of(l.name(), l.kind(), PlainText.count(s.count()), us(s.meanUs()), us(s.maxUs())));
                if (w.openWaits() > 0) {
                    open.add(PlainText.count(w.openWaits()) + " (" + l.name() + ")");
                }
                if (w.abandonedWaits() > 0) {
                    abandoned.add(PlainText.count(w.abandonedWaits()) + " (" + l.name() + ")");
                }
            }
            table(sb, List.of("lock", "kind", "waits", "mean us", "max us"), new int[] {22, 10, 8, 9, 9},
                    new boolean[] {true, true, false, false, false}, cells);
            // a lock with holds counts the waits that took it, as table does: say which were left out
            if (!open.isEmpty() || !abandoned.isEmpty()) {
                List<String> left = new ArrayList<>();
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

    private static final boolean[] NAME_ONLY_LEFT = {true, false, false, false, false};

    /** A time in ms as perf sched latency prints it, three decimals, its thousands grouped: {@code 1,244.708}. */
    private static String ms(double v) {
        return PlainText.countText(String.format(Locale.ROOT, "%.3f", v));
    }

    /** A time in us with one decimal, its thousands grouped: {@code 17,318.0}. */
    private static String us(double v) {
        return PlainText.countText(String.format(Locale.ROOT, "%.1f", v));
    }

    /**
     * One of import's tables: a head line, then a row per {@code cells} entry (its name first). A
     * column is {@code widths} wide, or as wide as its widest cell: a run-queue latency of 100 ms
     * and up ({@code 123,456.7} us) or a task's 10 million switches, grouped, do not fit the
     * widths that hold a short run's figures. The names are cut apart ({@link PlainText#cutApart})
     * to their column, which gives up what the figures take past {@value PlainText#WIDTH} columns
     * (down to 10). {@code left}: which columns are left-aligned (the name's always is).
     */
    static void table(StringBuilder sb, List<String> heads, int[] widths, boolean[] left, List<List<String>> cells) {
        int[] w = widths.clone();
        int figures = 0;
        for (int c = 1; c < w.length; c++) {
            w[c] = Math.max(w[c], PlainText.columns(heads.get(c)));
            for (List<String> row : cells) {
                w[c] = Math.max(w[c], PlainText.columns(row.get(c)));
            }
            figures += 1 + w[c];
        }
        w[0] = Math.max(10, Math.min(w[0], PlainText.WIDTH - figures));
        List<String> names = PlainText.cutApart(cells.stream().map(r -> r.get(0)).toList(), w[0]);
        line(sb, heads, w, left);
        for (int i = 0; i < cells.size(); i++) {
            List<String> row = new ArrayList<>(cells.get(i));
            row.set(0, names.get(i));
            line(sb, row, w, left);
        }
    }

    private static void line(StringBuilder sb, List<String> cells, int[] w, boolean[] left) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < w.length; c++) {
            b.append(c == 0 ? "" : " ").append(left[c] ? PlainText.padRight(cells.get(c), w[c])
                    : PlainText.padLeft(cells.get(c), w[c]));
        }
        // padded by terminal columns: a CJK comm pushed the figures out of line under %-22s
        sb.append(b.toString().stripTrailing()).append(System.lineSeparator());
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
