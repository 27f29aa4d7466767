package org.schedlab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;
import org.schedlab.model.Metadata;

/**
 * A run summary (the JSON shape of SIMULATOR.md: a simulated run's, or {@link DatasetSummary}'s
 * for a recording) as a plain-text report no wider than {@value PlainText#WIDTH} columns. Parts
 * the summary does not have (a recording has no events count or comms table) are left out.
 */
public final class SummaryReport {
    private static final int PROFILE_ROWS = 8;
    /** Rows of a recorded contention table (perf lock contention sorts by total wait) shown. */
    private static final int LOCK_TABLE_ROWS = 15;

    private SummaryReport() {
    }

    /**
     * What a dataset's summary says for the runnable wait it cannot measure ({@link DatasetSummary}
     * leaves it null): CPU lanes show a CPU idle, not that a task was queued for it meanwhile.
     */
    static final String RUNNABLE_WAIT_IN_IDLE = "runnable-wait not measured: time a CPU sat idle while a task"
            + " waited to run is counted as idle (telling the two apart needs the run queues)";

    /** The dataset parameter saying where files on a relative clock (pgbench, YCSB) were placed. */
    private static final String ALIGNED_KEY = Metadata.CLOCK_ALIGNED_AT_NS;

    /** {@code text} cut at its start ("~" marks the cut) to {@code width} columns ({@link PlainText#columns(String)}). */
    static String keepEnd(String text, int width) {
        return PlainText.columns(text) <= width ? text : "~" + PlainText.tail(text, width - 1);
    }

    /**
     * The summary of {@code d} cut to {@code [fromNs, toNs)} ({@link Dataset#crop}), headed by its
     * window ("window 20..50 ms of run.json", wrapped, not cut: a recording's subject - its files -
     * may run past 72 columns): what {@code table FILE --from-ms --to-ms} prints and Edit > Copy
     * summary of selection copies.
     */
    public static String window(Dataset d, long fromNs, long toNs, String subject) {
        return windowHeading(d, fromNs, toNs, subject) + render(DatasetSummary.of(d.crop(fromNs, toNs)));
    }

    /**
     * The heading {@link #window} puts over the summary of a window, with the blank line under it:
     * for a caller that keeps the window's summary ({@link DatasetSummary#of} of the cropped
     * dataset) to show it otherwise too, as the workbench's Figures tab does.
     */
    public static String windowHeading(Dataset d, long fromNs, long toNs, String subject) {
        return PlainText.wrap("window " + DatasetCrop.windowText(fromNs - d.startNs(), toNs - d.startNs())
                + " of " + subject, 2) + "\n\n";
    }

    /**
     * A recording's span in a unit that shows it: whole ms from 100 ms on (as always printed),
     * tenths of a ms below, us below 1 ms and ns below 1 us, so it is never "0 ms".
     */
    static String span(long ns) {
        if (ns >= 100_000_000L) {
            // grouped as the run's "1,000 ms simulated" and the A/B table's "measured 1,000 ms":
            // runA's pgbench log read "span 8000 ms; CPU shares over the 1536 ms"
            return String.format(Locale.ROOT, "%,d ms", ns / 1_000_000L);
        } else if (ns >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
        } else if (ns >= 1_000L) {
            return String.format(Locale.ROOT, "%.1f us", ns / 1e3);
        }
        return ns + " ns";
    }

    public static String render(JsonNode s) {
        StringBuilder b = new StringBuilder();
        String seed = s.has("seed") ? "  (seed " + s.path("seed").asLong() + ")" : "";
        if (s.has("seed") || s.has("events")) {
            b.append(PlainText.clip("scenario  " + s.path("scenario").asText("?") + seed)).append('\n');
        } else {
            // a recording: the files read, by name (a list of full paths cut at its start lost the
            // first file's name), wrapped under each other - cut at its start, the list of case A's
            // three real files began "~f_lock_script.txt" - and only a name too long for a line cut
            List<String> names = new ArrayList<>();
            for (String n : Metadata.fileNames(s.path("scenario").asText("?"))) {
                names.add(keepEnd(PlainText.printable(n), PlainText.WIDTH - 11));
            }
            b.append("recording ").append(PlainText.wrap(String.join(", ", names), 10)).append('\n');
        }
        if (s.has("events")) {
            b.append(String.format(Locale.ROOT, "run       %,d ms simulated, %,d events, %,d ms wall%n",
                    s.path("durationMs").asLong(), s.path("events").asLong(), s.path("wallMs").asLong()));
        } else if (s.has("durationMs")) {
            // a recording shorter than 1 ms (a hand-cut excerpt, a saved window) was "span 0 ms"
            long spanNs = s.has("spanNs") ? s.path("spanNs").asLong() : s.path("durationMs").asLong() * 1_000_000L;
            b.append(String.format(Locale.ROOT, "span      %s%s%n", span(spanNs),
                    s.has("cpuSpanMs") && !noCpuData(s) ? String.format(Locale.ROOT,
                            "; CPU shares over the %s the CPU lanes cover",
                            span(Math.round(s.path("cpuSpanMs").asDouble() * 1e6))) : ""));
        }
        List<String> params = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = s.path("params").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (LockTable.isTableKey(e.getKey())) {
                continue; // a contention table's cells: shown as a table below
            }
            if (e.getKey().equals(ALIGNED_KEY)) {
                continue; // said in words below
            }
            if (PerfStatFigures.shownInTables(e.getKey())) {
                continue; // a perf stat output's counts: a table below
            }
            if (readersHeadline(e.getKey())) {
                continue; // the file's own figure is a parameter of its own (pgbench.tps=2599.603685)
            }
            params.add(e.getKey() + "=" + e.getValue().asText());
        }
        if (!params.isEmpty()) {
            b.append("params    ").append(PlainText.wrapWhole(params, 10)).append('\n');
        }
        if (s.path(DatasetSummary.WHOLE_RUN_FIGURES_LEFT_OUT).asInt() > 0) {
            b.append("window    ").append(PlainText.wrap("the files' own whole-run figures (their summary lines: "
                    + "throughput, latency, lock tables, totals; " + s.path(DatasetSummary.WHOLE_RUN_FIGURES_LEFT_OUT)
                    .asInt() + " values) are not of this window and are left out: the whole recording's summary has them",
                    10)).append('\n');
        }
        JsonNode aligned = s.path("params").path(ALIGNED_KEY);
        if (aligned.isTextual() && aligned.asText().matches("\\d{1,19}")) {
            b.append("clock     ").append(PlainText.wrap(String.format(Locale.ROOT, "the logs' own times (from 0)"
                    + " start at %.6f s of the trace's clock", Long.parseLong(aligned.asText()) / 1e9), 10))
                    .append('\n');
        }
        JsonNode tp = s.path("throughput");
        if (tp.path("value").asDouble() != 0 || !tp.path("unit").asText().isEmpty()) {
            b.append(String.format(Locale.ROOT, "%nthroughput  %s %s%n", PlainText.num(tp.path("value").asDouble()),
                    tp.path("unit").asText()));
        } else {
            b.append('\n');
        }
        latency(s, b);
        Map<String, String> given = new LinkedHashMap<>();
        s.path("params").fields().forEachRemaining(e -> given.put(e.getKey(), e.getValue().asText()));
        PerfStatFigures perf = PerfStatFigures.of(given);
        if (!perf.isEmpty()) {
            b.append(perf.text()).append('\n');
        }
        JsonNode c = s.path("cpu");
        if (noCpuData(s)) {
            b.append("cpu         not recorded: no CPU slices in this dataset\n");
        } else if (c.path("user").isNull() && c.has("running")) {
            b.append(String.format(Locale.ROOT, "cpu         running %s  idle %s%n", pct(c, "running"), pct(c, "idle")));
            b.append("            ").append(PlainText.wrap("user, kernel, fault, spin and steal n/a: the trace"
                    + " says which task ran, not in which mode", 12)).append('\n');
        } else {
            b.append(String.format(Locale.ROOT, "cpu         user %s  kernel %s  fault %s  spin %s%n", pct(c, "user"),
                    pct(c, "kernel"), pct(c, "fault"), pct(c, "spin")));
            if (c.path("runnableWait").isNull()) {
                // "runnable-wait n/a (in idle)" left a student to guess what was missing and where it went
                b.append(String.format(Locale.ROOT, "            idle %s  steal %s%n", pct(c, "idle"), pct(c, "steal")));
                b.append("            ").append(PlainText.wrap(RUNNABLE_WAIT_IN_IDLE, 12)).append('\n');
            } else {
                b.append(String.format(Locale.ROOT, "            runnable-wait %s  idle %s  steal %s%n",
                        pct(c, "runnableWait"), pct(c, "idle"), pct(c, "steal")));
            }
        }
        if (s.path("profile").size() > 0) {
            b.append(String.format(Locale.ROOT, "%nprofile (share of cpus x duration)%n"));
            int n = 0;
            for (JsonNode site : s.path("profile")) {
                if (n++ == PROFILE_ROWS) {
                    break;
                }
                b.append(String.format(Locale.ROOT, "  %s %8s%n", PlainText.padRight(site.path("site").asText(), 50),
                        PlainText.pct(site.path("share").asDouble())));
            }
        }
        locks(s, b);
        Map<String, String> recorded = new LinkedHashMap<>();
        s.path("params").fields().forEachRemaining(e -> recorded.put(e.getKey(), e.getValue().asText()));
        LockTable.of(recorded).ifPresent(t -> b.append('\n').append(t.text(LOCK_TABLE_ROWS, 32, PlainText.WIDTH)));
        if (s.path("runqlatUs").size() > 0 && noWakeUps(s) && noCpuData(s)) {
            // nothing to say: the cpu line above already says no scheduling was recorded
        } else if (s.path("runqlatUs").size() > 0 && noWakeUps(s) && noTaskLanes(s)) {
            b.append(String.format(Locale.ROOT, "%nrunqlat us  not recorded: no task lanes in this dataset%n"));
        } else if (s.path("runqlatUs").size() > 0 && noWakeUps(s)
                && s.path("params").has(org.schedlab.model.DatasetCrop.WINDOW_KEY)) {
            // a window cut from a run (table --from-ms, Copy summary of selection): a wait is counted
            // where it ends, and the window may hold wake-ups whose waits end after it - the step bar's
            // shaded wait, from B's wake-up to its switch-in, read "no wake-ups in this dataset"
            b.append(String.format(Locale.ROOT, "%nrunqlat us  none: no wait for a CPU ends inside this window (a wait is"
                    + "%n            counted at its switch-in; a wait selected from its wake-up"
                    + "%n            to its switch-in ends at the window's end, just outside it)%n"));
            runqlatTasks(s, b);
        } else if (s.path("runqlatUs").size() > 0 && noWakeUps(s)) {
            b.append(String.format(Locale.ROOT, "%nrunqlat us  none: no wake-ups in this dataset%n"));
            runqlatTasks(s, b);
        } else if (s.path("runqlatUs").size() > 0) {
            b.append(String.format(Locale.ROOT, "%nrunqlat us       count      mean       p50       p99       max%n"));
            // two comms alike for their first 9 columns (smem_native_dsp, smem_native_rpm) both read
            // "smem_nati~": cut apart, they keep the ends that tell them apart
            Map<String, String> groups = runqlatGroups(s);
            for (Iterator<Map.Entry<String, JsonNode>> it = s.path("runqlatUs").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode l = e.getValue();
                b.append(String.format(Locale.ROOT, "  %s %9s %9s %9s %9s %9s%n",
                        PlainText.padRight(groups.get(e.getKey()), 10),
                        PlainText.count(l.path("count").asLong(), 9), num(l, "mean"), num(l, "p50"), num(l, "p99"), num(l, "max")));
            }
            runqlatTasks(s, b);
            runqlatRule(s).or(() -> recordingRunqlatRule(s))
                    .ifPresent(r -> b.append("  ").append(PlainText.wrap(r, 2)).append('\n'));
        }
        if (s.path("comms").size() > 0) {
            b.append(String.format(Locale.ROOT, "%ncomms          tasks     run ms   cpu share   switches%n"));
            Map<String, String> comms = namesApart(s.path("comms"), 10);
            for (Iterator<Map.Entry<String, JsonNode>> it = s.path("comms").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode cs = e.getValue();
                b.append(String.format(Locale.ROOT, "  %s %7s %10s %11s %10s%n", PlainText.padRight(comms.get(e.getKey()), 10),
                        PlainText.count(cs.path("tasks").asInt(), 7), num(cs, "runMs"), pct(cs, "cpuShare"),
                        PlainText.count(cs.path("switches").asLong(), 10)));
            }
        }
        JsonNode p = s.path("preemptions");
        if (!p.isMissingNode()) {
            b.append(String.format(Locale.ROOT, "%npreemptions  involuntary %,d  in kernel %,d  lock holder %,d%n",
                    p.path("involuntary").asLong(), p.path("inKernel").asLong(), p.path("lockHolder").asLong()));
        }
        JsonNode sched = s.path("sched");
        if (!sched.isMissingNode() && !sched.isNull()) {
            b.append(String.format(Locale.ROOT, "sched        wakeups %,d  resched IPIs %,d  rseq grants %,d%n",
                    sched.path("wakeups").asLong(), sched.path("reschedIpis").asLong(), sched.path("rseqGrants").asLong()));
        }
        if (s.path("tcp").size() > 0) {
            List<String> t = new ArrayList<>();
            s.path("tcp").fields().forEachRemaining(e -> t.add(e.getKey() + " "
                    + PlainText.countText(e.getValue().asText())));
            b.append("tcp          ").append(PlainText.wrapItems(t, 13)).append('\n');
        }
        if (s.path("sysstat").size() > 0) {
            sysstat(s.path("sysstat"), b);
        }
        return b.toString();
    }

    /** mpstat's and sar's per-CPU track names: {@code mpstat CPU 3 %steal}. */
    private static final java.util.regex.Pattern PER_CPU_TRACK = java.util.regex.Pattern.compile("(\\S+ CPU) (\\S+) (.+)");
    private static final int SYSSTAT_ROWS = 32;

    /**
     * vmstat's, mpstat's and sar's means over the file: one per line, except the per-CPU columns
     * of mpstat and sar ({@code mpstat CPU 3 %steal}), which are a grid of CPU by column as the
     * tools print them - 96 CPUs of ten columns each would be 960 lines.
     */
    private static void sysstat(JsonNode means, StringBuilder b) {
        b.append("sysstat      means over the span\n");
        Map<String, Map<String, Map<String, Double>>> grids = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = means.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            java.util.regex.Matcher m = PER_CPU_TRACK.matcher(e.getKey());
            if (m.matches()) {
                grids.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>())
                        .computeIfAbsent(m.group(2), k -> new LinkedHashMap<>())
                        .put(m.group(3), e.getValue().asDouble());
            } else {
                b.append(PlainText.clip(String.format(Locale.ROOT, "  %-40s %,.2f", e.getKey(), e.getValue().asDouble())))
                        .append('\n');
            }
        }
        grids.forEach((tool, cpus) -> {
            List<String> heads = new ArrayList<>();
            cpus.values().forEach(cols -> cols.keySet().forEach(c -> {
                if (!heads.contains(c)) {
                    heads.add(c);
                }
            }));
            List<String> ids = List.copyOf(cpus.keySet());
            BiFunction<Integer, Integer, String> cell = (r, c) -> {
                Double v = cpus.get(ids.get(r)).get(heads.get(c));
                // thousands grouped as in every text table (mpstat -I SUM's 45,678.00 intr/s)
                return v == null ? "-" : String.format(Locale.ROOT, "%,.2f", v);
            };
            // as wide as the widest figure (mpstat -I SUM's tens of thousands of interrupts a
            // second): a column of 7 cut 45678.00 to "45678.~"
            int width = 7;
            for (int r = 0; r < Math.min(ids.size(), SYSSTAT_ROWS); r++) {
                for (int c = 0; c < heads.size(); c++) {
                    width = Math.max(width, cell.apply(r, c).length());
                }
            }
            b.append(PlainText.grid(tool, ids, heads, width, SYSSTAT_ROWS, cell));
        });
    }

    /**
     * The benchmark's own latency per operation ({@code latencyUs}): count, mean, the spread
     * figures any operation has (pgbench's stddev, a run's p50, YCSB's p95; p99) and max, "-"
     * where an operation lacks one. At most three spread columns fit: p50 goes first, then stddev.
     */
    private static void latency(JsonNode s, StringBuilder b) {
        if (s.path("latencyUs").size() == 0) {
            return;
        }
        List<String> spread = latencySpread(s);
        // the header in the rows' own columns: "latency us          count" ended each heading one
        // column left of the numbers under it
        // the count a column of 9: YCSB's 5,000,000 reads grouped (the line is 72 with three spreads)
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-17s %9s %8s", "latency us", "count",
                "mean"));
        for (String f : spread) {
            head.append(String.format(Locale.ROOT, " %8s", f));
        }
        b.append(head).append(String.format(Locale.ROOT, " %8s%n", "max"));
        for (Iterator<Map.Entry<String, JsonNode>> it = s.path("latencyUs").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = PlainText.printable(e.getKey());
            if (PlainText.columns(name) > 15) {
                // the whole name on a line of its own ("Intended-READ-MODIFY-WRITE"), as the locks do
                b.append("  ").append(PlainText.cut(name, PlainText.WIDTH - 2)).append('\n');
                name = "";
            }
            // an operation that did not run (count 0) has its count and "-" for figures it has not got
            JsonNode l = latencyCells(e.getValue());
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %s %9s %8s", PlainText.padRight(name, 15),
                    l.has("count") ? PlainText.count(l.path("count").asLong(), 9) : "-", dash(l, "mean")));
            for (String f : spread) {
                row.append(' ').append(String.format(Locale.ROOT, "%8s", dash(l, f)));
            }
            b.append(row).append(' ').append(String.format(Locale.ROOT, "%8s", dash(l, "max"))).append('\n');
        }
        // YCSB's CLEANUP is each client thread's teardown, left out by rule (ClientLatency): the
        // file prints its figures too, and a table without it read as a section lost
        if (s.path("params").has("ycsb.CLEANUP.Operations")) {
            b.append("  CLEANUP left out: each client thread's teardown, not an operation\n");
        }
    }

    /**
     * The headline a benchmark reader keeps beside the file's own figure ({@code throughput} =
     * {@code 2599.603685 tps} beside {@code pgbench.tps} {@code 2599.603685}, YCSB's {@code
     * 1481.48 ops/s} beside its {@code Throughput(ops/sec)}): the params line and the Figures tab
     * show the file's own figure, once; the report's throughput line is the rounded one.
     */
    static boolean readersHeadline(String param) {
        return param.equals(SummaryComparison.THROUGHPUT);
    }

    /** The spread figures the latency table can show, in its order (see {@link #latencySpread}). */
    static final List<String> LATENCY_SPREAD = List.of("stddev", "p50", "p95", "p99");

    /**
     * The spread columns of the latency table (see {@link #latency}): the figures any operation
     * has, at most three, p50 left out first, then stddev.
     */
    static List<String> latencySpread(JsonNode s) {
        List<String> spread = new ArrayList<>();
        for (String f : LATENCY_SPREAD) {
            for (JsonNode op : s.path("latencyUs")) {
                if (op.path(f).isNumber() && !spread.contains(f)) {
                    spread.add(f);
                }
            }
        }
        if (spread.size() > 3) {
            spread.remove("p50");
        }
        if (spread.size() > 3) {
            spread.remove("stddev");
        }
        return spread;
    }

    /** An operation's latency figures as the table prints them (count 0: only its count). */
    static JsonNode latencyCells(JsonNode op) {
        return ClientLatency.ran(op) ? op
                : com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("count", 0);
    }

    static String dash(JsonNode o, String field) {
        return o.path(field).isNumber() ? PlainText.cell(o.path(field).asDouble()) : "-";
    }

    /** The locks table's columns after the name: " %9s  %9s %8s %8s %8s". */
    private static final int LOCK_NUMBERS_WIDTH = 1 + 9 + 2 + 9 + 1 + 8 + 1 + 8 + 1 + 8;

    private static void locks(JsonNode s, StringBuilder b) {
        if (s.path("locks").size() == 0) {
            return;
        }
        // the name column is as wide as the longest name the 72 columns leave room for (up to 22):
        // a perf lock script's 18-character addresses each sat on a line of their own, numbers under
        int nameWidth = 14;
        for (JsonNode l : s.path("locks")) {
            nameWidth = Math.max(nameWidth, Math.min(PlainText.columns(PlainText.printable(l.path("name").asText())),
                    PlainText.WIDTH - LOCK_NUMBERS_WIDTH - 2));
        }
        // the headings in the rows' own columns, each ending where its numbers end (they ended one or
        // two columns short, "preempt" beginning under "wait us")
        String columns = "%-" + (nameWidth + 3) + "s%9s  %9s %8s %8s %8s%n";
        b.append(String.format(Locale.ROOT, "%n" + columns, "locks", "acquired", "contended", "hold us", "wait us",
                "holder"));
        b.append(String.format(Locale.ROOT, columns, "", "", "", "mean", "mean", "preempt"));
        for (JsonNode l : s.path("locks")) {
            String hold = l.has("holdUs") ? PlainText.cell(l.path("holdUs").path("mean").asDouble()) : "-";
            // a recording of waits only (perf lock contention) does not know the acquisitions
            String acquired = l.path("holdsRecorded").asBoolean(true) ? PlainText.count(l.path("acquisitions").asLong(), 9)
                    : "-";
            String name = PlainText.printable(l.path("name").asText());
            if (PlainText.columns(name) > nameWidth) {
                // the whole name on a line of its own, the numbers under it, as the A/B table does:
                // case A's lock read "buffer_strate~" in the mail
                b.append("  ").append(PlainText.cut(name, PlainText.WIDTH - 2)).append('\n');
                name = "";
            }
            // nor whether a holder was preempted: "-" as for the acquisitions, not a measured 0
            String preempted = l.path("holdsRecorded").asBoolean(true)
                    ? PlainText.count(l.path("holderPreemptions").asLong(), 8) : "-";
            b.append(String.format(Locale.ROOT, "  %s %9s  %9s %8s %8s %8s%n", PlainText.padRight(name, nameWidth),
                    acquired, PlainText.count(l.path("contended").asLong(), 9), hold,
                    PlainText.cell(l.path("waitUs").path("mean").asDouble()), preempted));
            JsonNode off = l.path("holderOffCpuUs");
            if (off.path("count").asLong() > 0) {
                // how long a preempted holder kept the others waiting: the JSON had it, the text not
                b.append(String.format(Locale.ROOT, "    holder off CPU: mean %s, p99 %s, max %s us%n",
                        PlainText.cell(off.path("mean").asDouble()), PlainText.cell(off.path("p99").asDouble()),
                        PlainText.cell(off.path("max").asDouble())));
            }
        }
        windowNote(s, b);
        for (JsonNode l : s.path("locks")) {
            if (l.has("readPhases")) {
                JsonNode rp = l.path("readPhases");
                b.append(String.format(Locale.ROOT, "  %s: %,d read phases, %s readers per phase%n",
                        PlainText.cut(l.path("name").asText(), 30), rp.path("count").asLong(),
                        PlainText.cell(rp.path("readersPerPhase").asDouble())));
            }
            if (l.has("spinWhile")) {
                // the spinners' CPU by what the lock was doing, in % of all CPU time like cpu.spin
                List<String> sw = new ArrayList<>();
                l.path("spinWhile").fields().forEachRemaining(e -> sw.add(e.getKey() + " "
                        + PlainText.cell(100 * e.getValue().asDouble()) + " %"));
                b.append("  spinning while  ").append(PlainText.wrapItems(sw, 18)).append('\n');
                b.append("  ").append(PlainText.wrap(SPIN_WHILE_NOTE, 4)).append('\n');
            } else if (notKept(s, l)) {
                b.append("  ").append(PlainText.wrap(notKeptNote(l.path("name").asText()), 4)).append('\n');
            }
            if (l.path("events").size() > 0) {
                // "rwsem_" is every name's prefix: left out here, as lock_event_counts' readers do
                List<String> ev = new ArrayList<>();
                l.path("events").fields().forEachRemaining(e -> ev.add(e.getKey().replaceFirst("^rwsem_", "") + " "
                        + PlainText.countText(e.getValue().asText())));
                b.append("  lock events  ").append(PlainText.wrapItems(ev, 15)).append('\n');
            }
        }
    }

    /**
     * A recording with task lanes for some of the tasks that ran ({@link DatasetSummary}'s
     * {@code runqlatTasks}): a group with none is listed as not recorded rather than left out,
     * and a line says whose lanes the figures come from.
     */
    private static void runqlatTasks(JsonNode s, StringBuilder b) {
        JsonNode cover = s.path("runqlatTasks");
        if (cover.size() == 0) {
            return;
        }
        long tasks = 0;
        long lanes = 0;
        Map<String, String> named = runqlatGroups(s);
        List<String> groups = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = cover.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            long t = e.getValue().path("tasks").asLong();
            long l = e.getValue().path("lanes").asLong();
            tasks += t;
            lanes += l;
            if (l < t) {
                groups.add(e.getKey() + " " + l + " of " + t);
            }
            if (l == 0 && !s.path("runqlatUs").has(e.getKey())) {
                b.append(String.format(Locale.ROOT, "  %s not recorded: %s%n",
                        PlainText.padRight(named.get(e.getKey()), 10),
                        t == 1 ? "its one task has no task lane" : "none of its " + t + " tasks has a task lane"));
            }
        }
        b.append("  ").append(PlainText.wrap(String.format(Locale.ROOT, "from the task lanes of %,d of the %,d tasks"
                + " that ran (%s)%s", lanes, tasks, String.join(", ", groups), s.has("seed")
                ? ": a simulated run records the lanes of the tasks it created first" : ""), 2)).append('\n');
    }

    /**
     * What a recording's lock counts cover ({@link DatasetSummary}: its locks with holds carry
     * {@code unacquiredWaits}): a window cuts holds and waits at its edges, and "contended" above
     * "acquired" (the waits still going on at the end counted as contended) read as impossible.
     * The waits in neither count are named by why: still going on at the end ({@code openWaits}),
     * or ended before it without taking the lock ({@code abandonedWaits}), each only when some are.
     */
    private static void windowNote(JsonNode s, StringBuilder b) {
        List<String> open = new ArrayList<>();
        List<String> abandoned = new ArrayList<>();
        boolean counted = false;
        for (JsonNode l : s.path("locks")) {
            if (l.has("unacquiredWaits")) {
                counted = true;
                String name = " (" + l.path("name").asText() + ")";
                // a summary without the split (written before it) had only waits open at the end there
                long o = l.path("openWaits").asLong(l.path("unacquiredWaits").asLong());
                long a = l.path("abandonedWaits").asLong(0);
                if (o > 0) {
                    open.add(o + name);
                }
                if (a > 0) {
                    abandoned.add(a + name);
                }
            }
        }
        if (!counted) {
            return;
        }
        b.append("  ").append(PlainText.wrap("acquired: holds taken inside the recording (not one held at its"
                + " start); contended: those taken after a wait; means: their holds and waits, cut at its edges"
                + (open.isEmpty() ? "" : "; waits still going on at its end, in neither count: "
                + String.join(", ", open))
                + (abandoned.isEmpty() ? "" : "; waits that ended without taking the lock (timed out or"
                + " interrupted), in neither count: " + String.join(", ", abandoned)), 2)).append('\n');
    }

    /** A recording's summary whose CPU lanes have no slices ({@code cpuSpanMs} 0): shares unknown. */
    static boolean noCpuData(JsonNode s) {
        return s.has("cpuSpanMs") && s.path("cpuSpanMs").asDouble() == 0 && !s.has("events");
    }

    /** A recording whose tasks ran but none has a task lane ({@code runqlatTasks}): runqlat unknown. */
    private static boolean noTaskLanes(JsonNode s) {
        JsonNode cover = s.path("runqlatTasks");
        if (cover.size() == 0) {
            return false;
        }
        for (JsonNode g : cover) {
            if (g.path("lanes").asLong() > 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Where a simulated run's waits end, when its two run-queue latencies differ: the simulator's
     * summary ({@code simulate}, {@code compare}) ends each wait when the context switch is done,
     * its {@code ctxSwitchUs} included, while the run's saved task lanes ({@code table},
     * the workbench) end it at the switch-in, where the kernel traces sched_switch (in
     * __schedule(), before context_switch()) and runqlat.bt and {@code perf sched latency} stop
     * the clock. The same run read both ways differs by ctxSwitchUs per wait (B's 2.0 us under
     * full is 0 from the lanes): said under the runqlat table so that neither reads as a bug.
     * The summary keeps the switch in because the model charges all of schedule()'s cost after
     * the switch-in, where a kernel spends part of it before sched_switch (the s390 seed's
     * kworker waits 2.0 us under full). Empty for a recording, or a switch that costs nothing.
     */
    public static Optional<String> runqlatRule(JsonNode s) {
        JsonNode sw = s.path("params").path("ctxSwitchUs");
        boolean simulated = s.has("events");
        if (!sw.isValueNode() || !(simulated || s.has("seed")) || noWakeUps(s)) {
            return Optional.empty();
        }
        double us;
        try {
            us = Double.parseDouble(sw.asText());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (!(us > 0)) {
            return Optional.empty();
        }
        String cost = (us == Math.rint(us) ? String.valueOf((long) us) : PlainText.num(us)) + " us";
        return Optional.of(simulated
                ? "each wait ends after the context switch (ctxSwitchUs " + cost + " included); the run's task"
                        + " lanes, saved or on the timeline, end it at the switch-in, as runqlat.bt and perf sched"
                        + " latency do: " + cost + " less per wait."
                : "each wait ends at the switch-in, as runqlat.bt and perf sched latency time it; simulate's"
                        + " summary of this run ends it after the context switch: ctxSwitchUs (" + cost
                        + ") more per wait.");
    }

    /**
     * Said under a recording's runqlat table, as the workbench's runqlat tab says it: its waits run
     * from a wake-up or a preemption to the switch-in, where {@code perf sched latency} (and
     * {@code import}'s table that follows it) times only those after sched_wakeup or an R
     * switch-out. A recent {@code perf sched record} captures sched_waking only, so runA's "VM
     * Thread" waited 10,617 us at most here and 2.383 ms in perf's table, 22 waits against 12:
     * a reader holding both tables in one mail took one for wrong.
     */
    static final String RECORDING_RUNQLAT_RULE = "each wait runs from a wake-up or a preemption to the"
            + " switch-in, as runqlat times it; perf sched latency (schedlab import's table) times only"
            + " waits after sched_wakeup or an R switch-out, not sched_waking, so its waits can be fewer"
            + " and shorter.";

    /**
     * {@link #RECORDING_RUNQLAT_RULE} for a recording whose waits run from wake-ups and preemptions
     * ({@link DatasetSummary#RUNQLAT_FROM}); empty for a simulated run, saved or not, and for a
     * perf sched timehist without --state, which times waits after a wake-up only.
     */
    static Optional<String> recordingRunqlatRule(JsonNode s) {
        if (s.has("events") || s.has("seed") || noWakeUps(s) || !DatasetSummary.RUNQLAT_FROM_WAKE_UPS_AND_PREEMPTIONS
                .equals(s.path(DatasetSummary.RUNQLAT_FROM).asText())) {
            return Optional.empty();
        }
        return Optional.of(RECORDING_RUNQLAT_RULE);
    }

    /**
     * What an rwsem's spin split counts, said wherever a table has it: "handoff" names a kernel
     * state that a mail's reader, or the window's, sees nowhere else in words, and nothing said
     * that the four add up to the spinning.
     */
    public static final String SPIN_WHILE_NOTE = "spinWhile: the rwsem's spinners' CPU (readers and"
            + " writers) as shares of all CPU time, by what the lock was doing meanwhile: writer = a writer"
            + " owned it; readers = readers did; handoff = nobody held it, but HANDOFF reserved it for the"
            + " woken first waiter, which had yet to run and take it (a handoff stall); free = nobody held it."
            + " The four add up to the lock's part of cpu.spin.";

    /** What an rwsem's lock event rows are, under an A/B table that has them ({@code n/a} on one side). */
    static final String LOCK_EVENTS_NOTE = "rwsem_*: the rwsem's lock event counts, named as each side's"
            + " kernel names them in /sys/kernel/debug/lock_event_counts/; n/a where that kernel has no such"
            + " counter.";

    /**
     * What an A/B row of an rwsem's means, for the window's delta table, as the notes under the
     * text tables say it: {@code mmap_lock spinWhile.handoff} and {@code mmap_lock rwsem_opt_rlock}
     * (n/a on one side) were names with nothing to say what they counted. Empty for other rows.
     */
    public static Optional<String> rowMeaning(String metric) {
        if (metric.contains(" spinWhile.")) {
            return Optional.of(SPIN_WHILE_NOTE);
        }
        if (metric.contains(" rwsem_")) {
            return Optional.of(LOCK_EVENTS_NOTE);
        }
        return Optional.empty();
    }

    /**
     * A saved run's or recording's rwsem, whose spin split and lock event counts a simulation
     * reports: they are the kernel's own state (HANDOFF, the OSQ), which lanes do not hold. Said
     * rather than left out without a word, where the user came for where the spinners' CPU went.
     */
    static boolean notKept(JsonNode s, JsonNode lock) {
        return !s.has("events") && lock.path("kind").asText("").equals("rwsem") && lock.has("readPhases")
                && !lock.has("spinWhile") && lock.path("events").size() == 0;
    }

    static String notKeptNote(String lock) {
        return lock + ": no spin split (spinWhile) or lock event counts: they are the kernel's own state"
                + " (HANDOFF, the OSQ), which a saved run or recording does not hold; simulate or compare"
                + " with the run's parameters prints them.";
    }

    /**
     * The notes under an A/B table for its rwsem rows: what {@code spinWhile} counts and what the
     * {@code rwsem_*} rows are, when a side has them, and that a side's file does not hold them
     * ({@link #notKept}): beside a simulated run, a saved run's or recording's rows read n/a, which
     * "n/a where that kernel has no such counter" alone would misexplain. Empty when no side has
     * an rwsem.
     */
    public static Optional<String> rwsemNotes(JsonNode base, JsonNode test) {
        List<String> notes = rwsemNoteTexts(base, test);
        return notes.isEmpty() ? Optional.empty()
                : Optional.of(String.join("\n", notes.stream().map(n -> PlainText.wrap(n, 2)).toList()));
    }

    /**
     * {@link #rwsemNotes}' paragraphs, each one line unwrapped, for a picture that wraps them to
     * its own width (the exported A/B picture draws them under its table as the text prints them).
     */
    public static List<String> rwsemNoteTexts(JsonNode base, JsonNode test) {
        List<String> notes = new ArrayList<>();
        boolean split = false;
        boolean events = false;
        Set<String> notKept = new LinkedHashSet<>();
        for (JsonNode s : List.of(base, test)) {
            for (JsonNode l : s.path("locks")) {
                split |= l.has("spinWhile");
                events |= l.path("events").size() > 0;
                if (notKept(s, l)) {
                    notKept.add(l.path("name").asText());
                }
            }
        }
        if (split) {
            notes.add(SPIN_WHILE_NOTE);
        }
        if (events) {
            notes.add(LOCK_EVENTS_NOTE);
        }
        notKept.forEach(n -> notes.add(notKeptNote(n)));
        return List.copyOf(notes);
    }

    /**
     * {@link #runqlatRule} for an A/B table: the line under it when both sides say the same, one
     * line per side (base, test) when they differ, nothing when neither side has one.
     */
    public static Optional<String> runqlatRule(JsonNode base, JsonNode test) {
        List<String> lines = runqlatRuleTexts(base, test);
        return lines.isEmpty() ? Optional.empty()
                : Optional.of(String.join("\n", lines.stream().map(l -> PlainText.wrap(l, 2)).toList()));
    }

    /** {@link #runqlatRule(JsonNode, JsonNode)}'s paragraphs, each one line unwrapped (see {@link #rwsemNoteTexts}). */
    public static List<String> runqlatRuleTexts(JsonNode base, JsonNode test) {
        Optional<String> a = runqlatRule(base);
        Optional<String> b = runqlatRule(test);
        if (a.equals(b)) {
            return a.map(t -> List.of("runqlat: " + t)).orElse(List.of());
        }
        List<String> lines = new ArrayList<>();
        a.ifPresent(t -> lines.add("runqlat, base: " + t));
        b.ifPresent(t -> lines.add("runqlat, test: " + t));
        return List.copyOf(lines);
    }

    /**
     * The paragraphs an A/B text table ends with after its span line ({@code compare}, {@code
     * table A B}, Copy table), in their order: {@link #rwsemNotes}, then {@link #runqlatRule};
     * each one line, for the exported picture to wrap to its width under its table.
     */
    public static List<String> abTableNotes(JsonNode base, JsonNode test) {
        List<String> notes = new ArrayList<>(rwsemNoteTexts(base, test));
        notes.addAll(runqlatRuleTexts(base, test));
        return List.copyOf(notes);
    }

    static boolean noWakeUps(JsonNode s) {
        for (JsonNode l : s.path("runqlatUs")) {
            if (l.path("count").asLong() > 0) {
                return false;
            }
        }
        return true;
    }

    static String pct(JsonNode o, String field) {
        return PlainText.pct(o.path(field).asDouble());
    }

    /** {@code o}'s field names, each to its {@link PlainText#cutApart cut apart} from the others at {@code width} columns. */
    private static Map<String, String> namesApart(JsonNode o, int width) {
        List<String> names = new ArrayList<>();
        o.fieldNames().forEachRemaining(names::add);
        return apart(names, width);
    }

    private static Map<String, String> apart(List<String> names, int width) {
        List<String> cuts = PlainText.cutApart(names, width);
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            m.put(names.get(i), cuts.get(i));
        }
        return m;
    }

    /** The runqlat section's groups, those with figures and those not recorded, cut apart from one another. */
    private static Map<String, String> runqlatGroups(JsonNode s) {
        List<String> names = new ArrayList<>();
        s.path("runqlatUs").fieldNames().forEachRemaining(names::add);
        s.path("runqlatTasks").fieldNames().forEachRemaining(names::add);
        return apart(names, 10);
    }

    private static String num(JsonNode o, String field) {
        return PlainText.cell(o.path(field).asDouble());
    }
}
