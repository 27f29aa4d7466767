package org.schedlab.ui.lab;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * A run summary (SIMULATOR.md's JSON shape) as the rows the live workspace lists: throughput,
 * each operation's latency, where the CPU time went, the top profile sites, locks (an rwsem with its read phases and lock
 * event counts), run-queue latency per comm group, preemptions. Values are formatted for reading; the JSON stays the source of truth.
 */
final class SummaryRows {
    static final int PROFILE_ROWS = 8;
    private static final String[] CPU = {"user", "kernel", "fault", "spin", "runnableWait", "idle", "steal"};

    /** One line of the summary table. */
    record Row(String section, String metric, String value) {
    }

    private SummaryRows() {
    }

    /** What a {@code latency} row means, whatever its operation. */
    static final String LATENCY_MEANING = "The operation's latency as its benchmark times it: a pgbench"
            + " transaction from its first command sent to its last result read; a YCSB operation (server)"
            + " from the request's arrival at the thread to its reply; a file's, as the tool printed it.";

    /** How each {@code spin while} row's meaning begins, and how it ends. */
    private static final String SPIN_WHILE = "Share of all CPU time (CPUs x measured duration) that the rwsem's"
            + " optimistic spinners, readers and writers, spun";
    private static final String SPIN_WHILE_SUM = " The four 'spin while' rows add up to the rwsem's part of"
            + " cpu spin (all of it in case B).";

    /** What the summary's fixed rows mean (docs/SIMULATOR-DESIGN.md, "Statistics and definitions"). */
    static final java.util.Map<String, String> MEANING = java.util.Map.ofEntries(
            java.util.Map.entry("run  throughput", "Units of work completed per second of the measured run"
                    + " (after warm-up)."),
            java.util.Map.entry("run  events", "Simulator events handled in the whole run, warm-up included."),
            java.util.Map.entry("run  wall", "Real time the run took on this machine (it shares the cores with"
                    + " the other runs and the window)."),
            java.util.Map.entry("cpu  user", "Share of all CPU time (CPUs x measured duration) spent in user"
                    + " code. The cpu rows add up to 100 %."),
            java.util.Map.entry("cpu  kernel", "Share of all CPU time in the kernel: system calls, interrupts,"
                    + " context switches."),
            java.util.Map.entry("cpu  fault", "Share of all CPU time handling page faults."),
            java.util.Map.entry("cpu  spin", "Share of all CPU time spent spinning on a lock (user s_lock or"
                    + " kernel optimistic spinning)."),
            java.util.Map.entry("cpu  runnableWait", "Idle CPU capacity while tasks waited to run: at each"
                    + " instant, min(idle CPUs, queued tasks) CPUs, taken out of idle. A task waiting behind a"
                    + " busy CPU is not counted here: see runqlat for the tasks' side."),
            java.util.Map.entry("cpu  idle", "Share of all CPU time with nothing to run."),
            java.util.Map.entry("cpu  steal", "Share of all CPU time the hypervisor took from the vCPUs"
                    + " (stealPct)."),
            java.util.Map.entry("lock  contended", "Acquisitions of the lock named above that waited first,"
                    + " of all its acquisitions."),
            java.util.Map.entry("lock  wait mean", "Mean wait of a contended acquisition: the whole wait,"
                    + " spinning and sleeping (s_lock's pg_usleep backoff)."),
            java.util.Map.entry("lock  holder preempt", "Holder preemptions: episodes in which the lock's holder was off CPU"
                    + " (preempted, or its vCPU stolen) while someone waited, counted when it ran again."),
            java.util.Map.entry("lock  holder off CPU", "How long the holder stayed off CPU in those episodes."),
            java.util.Map.entry("rwsem  readers/phase", "Readers per read phase: stretches in which readers own"
                    + " the rwsem, and how many readers each held it (a group woken together, or readers that"
                    + " took it one by one)."),
            java.util.Map.entry("rwsem  spin while writer", SPIN_WHILE + " while a writer owned the lock"
                    + " (behind a running writer)." + SPIN_WHILE_SUM),
            java.util.Map.entry("rwsem  spin while readers", SPIN_WHILE + " while readers owned it, running or"
                    + " granted and still waiting for a CPU." + SPIN_WHILE_SUM),
            java.util.Map.entry("rwsem  spin while handoff", SPIN_WHILE + " while nobody held it but HANDOFF was"
                    + " set: the first waiter (in case B a writer) waited out RWSEM_WAIT_TIMEOUT, was woken and"
                    + " must take the lock itself, and until it runs nobody may take it (a handoff stall, the"
                    + " amber mark on the CPU lanes)." + SPIN_WHILE_SUM),
            java.util.Map.entry("rwsem  spin while free", SPIN_WHILE + " while nobody held it and HANDOFF was"
                    + " not set." + SPIN_WHILE_SUM));

    /** A metric's tooltip: its whole name ({@code section  metric}) and, under it, what it means where that is known. */
    static String tip(String name) {
        String why = name.startsWith("latency  ") ? LATENCY_MEANING : MEANING.get(name);
        return why == null ? name : name + "\n" + why;
    }

    /** As the A/B table writes it ({@link org.schedlab.analysis.ScreenText#measure}): 160,280 tps (no made-up tenth), 9.4 Gb/s. */
    static String throughput(double v) {
        return org.schedlab.analysis.ScreenText.measure(v, 1);
    }

    static List<Row> of(JsonNode s) {
        List<Row> rows = new ArrayList<>();
        JsonNode tp = s.path("throughput");
        rows.add(new Row("run", "throughput", throughput(tp.path("value").asDouble()) + " " + tp.path("unit").asText("")));
        if (s.has("events")) {
            // two short rows, not "10,532,205 in 2104 ms wall": the value column is as wide as its
            // widest value, and that one cut every metric's name ("profile  postgres (e...")
            rows.add(new Row("run", "events", String.format(Locale.ROOT, "%,d", s.path("events").asLong())));
            rows.add(new Row("run", "wall", String.format(Locale.ROOT, "%,d ms", s.path("wallMs").asLong())));
        }
        for (Iterator<java.util.Map.Entry<String, JsonNode>> it = s.path("latencyUs").fields(); it.hasNext(); ) {
            // each operation's latency under the throughput it goes with: the tail is where a
            // preempted lock holder or a handoff stall shows, the mean follows the throughput
            java.util.Map.Entry<String, JsonNode> e = it.next();
            JsonNode l = e.getValue();
            if (!org.schedlab.analysis.ClientLatency.ran(l)) {
                // a run's operation of which none ran has a mean and p99 of 0: "mean 0.0 us" read as measured
                rows.add(new Row("latency", e.getKey(), "none ran"));
                continue;
            }
            String spread = l.path("p99").isNumber() ? "p99" : l.path("stddev").isNumber() ? "stddev" : null;
            rows.add(new Row("latency", e.getKey(), spread == null ? "mean " + us(l.path("mean").asDouble())
                    : usPair("mean", l.path("mean").asDouble(), spread, l.path(spread).asDouble())));
        }
        for (String c : CPU) {
            JsonNode share = s.path("cpu").path(c);
            // a share the run could not measure (a recording's runnableWait) is null: n/a, not 0.0 %
            rows.add(new Row("cpu", c, share.isNull() ? "n/a" : pct(share.asDouble())));
        }
        int n = 0;
        for (JsonNode p : s.path("profile")) {
            if (n++ == PROFILE_ROWS) {
                break;
            }
            rows.add(new Row("profile", p.path("site").asText(), pct(p.path("share").asDouble())));
        }
        for (JsonNode l : s.path("locks")) {
            // the lock's name on a row of its own and the figures under it: "lock  buffer_strategy_lock
            // contended", "... wait mean" and "... holder preemptions" were all cut to "lock
            // buffer_strateg..." in the side panel, three numbers nobody could tell apart
            // (the name as the value: a name in the metric column was cut as well)
            String kind = l.path("kind").asText("");
            rows.add(new Row("lock", "", l.path("name").asText() + (kind.isEmpty() ? "" : " (" + kind + ")")));
            rows.add(new Row("lock", "contended", String.format(Locale.ROOT, "%,d of %,d",
                    l.path("contended").asLong(), l.path("acquisitions").asLong())));
            rows.add(new Row("lock", "wait mean", us(l.path("waitUs").path("mean").asDouble())));
            rows.add(new Row("lock", "holder preempt",
                    String.format(Locale.ROOT, "%,d", l.path("holderPreemptions").asLong())));
            JsonNode off = l.path("holderOffCpuUs");
            if (off.path("count").asLong() > 0) {
                rows.add(new Row("lock", "holder off CPU", usPair("mean", off.path("mean").asDouble(), "p99",
                        off.path("p99").asDouble())));
            }
            if (l.has("readPhases")) {
                JsonNode rp = l.path("readPhases");
                // as `table` and the A/B tables print it (4.5, not 4.50 beside their 4.5)
                rows.add(new Row("rwsem", "readers/phase", String.format(Locale.ROOT, "%s in %,d phases",
                        org.schedlab.analysis.PlainText.cell(rp.path("readersPerPhase").asDouble()),
                        rp.path("count").asLong())));
            }
            for (Iterator<java.util.Map.Entry<String, JsonNode>> it = l.path("spinWhile").fields(); it.hasNext(); ) {
                java.util.Map.Entry<String, JsonNode> e = it.next();
                rows.add(new Row("rwsem", "spin while " + e.getKey(), pct(e.getValue().asDouble())));
            }
            for (Iterator<java.util.Map.Entry<String, JsonNode>> it = l.path("events").fields(); it.hasNext(); ) {
                java.util.Map.Entry<String, JsonNode> e = it.next();
                // "rwsem  opt_rlock": the kernel's rwsem_opt_rlock, short enough for the side panel
                rows.add(new Row("rwsem", e.getKey().replaceFirst("^rwsem_", ""),
                        String.format(Locale.ROOT, "%,d", e.getValue().asLong())));
            }
        }
        for (Iterator<String> it = s.path("runqlatUs").fieldNames(); it.hasNext(); ) {
            String comm = it.next();
            JsonNode r = s.path("runqlatUs").path(comm);
            rows.add(new Row("runqlat", comm, usPair("mean", r.path("mean").asDouble(), "p99", r.path("p99").asDouble())
                    + String.format(Locale.ROOT, " (%,d)", r.path("count").asLong())));
        }
        JsonNode pre = s.path("preemptions");
        if (pre.isObject()) {
            for (Iterator<String> it = pre.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                rows.add(new Row("preemptions", k, String.format(Locale.ROOT, "%,d", pre.path(k).asLong())));
            }
        }
        JsonNode tcp = s.path("tcp");
        if (tcp.isObject()) {
            for (Iterator<String> it = tcp.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                rows.add(new Row("tcp", k, String.format(Locale.ROOT, "%,d", tcp.path(k).asLong())));
            }
        }
        JsonNode sysstat = s.path("sysstat");
        if (sysstat.isObject()) {
            // vmstat, mpstat, sar: each track's mean over the file
            for (Iterator<String> it = sysstat.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                rows.add(new Row("sysstat mean", k, String.format(Locale.ROOT, "%,.2f", sysstat.path(k).asDouble())));
            }
        }
        return rows;
    }

    /** As every table on screen writes a share ({@link org.schedlab.analysis.ScreenText#share}): 35.9 %. */
    static String pct(double share) {
        return org.schedlab.analysis.ScreenText.share(share);
    }

    /** A time in us: from 10 ms on in ms ({@code 31.7 ms}), else in us ({@code 5,567 us}, {@code 13.3 us}). */
    static String us(double v) {
        return v >= MS_FROM_US ? ms(v) : usOnly(v);
    }

    /** From this many us on, a time reads in ms. */
    private static final double MS_FROM_US = 10_000;

    /**
     * Two times of one row ({@code mean}, {@code p99}) in one unit, the one {@link #us} picks for the
     * larger: {@code mean 5.6 ms, p99 32.8 ms}, {@code mean 13.3 us, p99 54.2 us}. Each in its own
     * unit, a row read {@code mean 5,567 us, p99 32.8 ms}: two units to weigh one against the other.
     */
    static String usPair(String nameA, double a, String nameB, double b) {
        boolean inMs = Math.max(a, b) >= MS_FROM_US;
        return nameA + " " + (inMs ? ms(a) : usOnly(a)) + ", " + nameB + " " + (inMs ? ms(b) : usOnly(b));
    }

    /** 5,567 us, as the A/B table beside it writes 5,567; 13.3 us below 100. */
    private static String usOnly(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%,.0f us" : "%.1f us", v);
    }

    /**
     * A time in us as ms: one decimal from 1 ms on ({@code 5.6 ms}, {@code 1,234.5 ms}); below, two
     * significant digits ({@code 0.56 ms}, {@code 0.030 ms}), not a {@code 0.0 ms} beside a p99 in ms.
     */
    private static String ms(double us) {
        double ms = us / 1000;
        if (ms == 0 || Math.abs(ms) >= 0.95) {
            return String.format(Locale.ROOT, "%,.1f ms", ms);
        }
        return new java.math.BigDecimal(ms).round(new java.math.MathContext(2)).toPlainString() + " ms";
    }
}
