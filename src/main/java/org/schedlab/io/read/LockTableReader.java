package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Lock contention tables - aggregates with no timeline, so they become metadata:
 * <ul>
 * <li>{@code perf lock contention} ("contended total wait max wait avg wait type caller", or
 *     "... pid comm" with {@code -t}, "... address symbol" with {@code -l}, "... cgroup" with
 *     {@code -g}; times in h, m, s, ms, us or ns; {@code -v}'s call stack frames under a row):
 *     {@code lockContention.<caller>.contended}, {@code .totalWaitUs}, {@code .maxWaitUs},
 *     {@code .avgWaitUs}, {@code .type} (and {@code .address} with {@code -l});</li>
 * <li>BCC {@code klockstat} ("Caller Avg Spin Count Max spin Total spin" and the "Hold" table,
 *     in ns): {@code klockstat.<caller>.spinCount}, {@code .avgSpinNs}, ..., {@code
 *     .holdCount}, ...;</li>
 * <li>{@code /proc/lock_stat} (class rows "name: con-bounces contentions waittime-min ..." in
 *     us): {@code lockStat.<class>.contentions}, {@code .waittimeTotalUs}, ...</li>
 * </ul>
 * A caller seen again (another lock instance, another interval) gets "#2", "#3". The per-event
 * {@code perf lock} script (lock:contention_begin/end) is read by {@link SchedTraceReader}.
 */
public final class LockTableReader extends LineReader {
    static final String PERF_LOCK = "perf-lock-contention";
    static final String PERF_LOCK_REPORT = "perf-lock-report";
    static final String KLOCKSTAT = "klockstat";
    static final String LOCK_STAT = "proc-lock-stat";

    private static final String[] LOCK_STAT_FIELDS = {"conBounces", "contentions", "waittimeMinUs", "waittimeMaxUs",
        "waittimeTotalUs", "waittimeAvgUs", "acqBounces", "acquisitions", "holdtimeMinUs", "holdtimeMaxUs",
        "holdtimeTotalUs", "holdtimeAvgUs"};

    @Override
    public String format() {
        return PERF_LOCK;
    }

    @Override
    public String kind() {
        return "perf lock contention / klockstat / /proc/lock_stat";
    }

    @Override
    public int probe(Sniff sniff) {
        for (String l : sniff.headLines()) {
            String t = l.strip();
            if (Parser.isPerfHeader(t)) {
                return 90;
            }
            if (t.startsWith("Caller") && (t.contains("Avg Spin") || t.contains("Avg Hold"))) {
                return 90;
            }
            if (t.startsWith("lock_stat version") || t.startsWith("class name") && t.contains("contentions")) {
                return 90;
            }
        }
        return 0;
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return new Parser(ctx);
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        private final Map<String, Integer> seen = new HashMap<>();
        /** "perf", "perf-t", "spin", "hold", "lockstat" or "" before a table header. */
        private String table = "";
        private String dialect = "";
        private int rows;
        /** The figures' columns of the perf lock table being read, in the header's order. */
        private List<String> perfColumns = List.of();
        /**
         * Whether the header gave the times' unit, as perf lock report did before perf 5.19 ("avg wait
         * (ns)" over whole nanoseconds): a time is then one token, where perf since prints two ("1.40 us").
         */
        private boolean nsColumns;
        /** The key of the last perf row read: "" before the first, when a call stack frame has no row to go with. */
        private String rowKey = "";

        Parser(ReadContext ctx) {
            this.ctx = ctx;
        }

        @Override
        protected boolean line(String s, long n) {
            String t = s.strip();
            if (t.isEmpty() || t.chars().allMatch(c -> c == '-' || c == '.')) {
                return true;
            }
            if (isPerfHeader(t)) {
                // the last column says how perf grouped the waits: by caller (the default), by task
                // (-t: "pid comm", or "pid owner" with -o), by lock (-l: "address symbol") or by cgroup (-g);
                // perf lock report puts the lock's name first ("Name acquired contended ...")
                perfColumns = perfColumns(t);
                nsColumns = t.contains("wait (ns)");
                table = t.startsWith("Name") ? "perf-report" : t.endsWith("comm") || t.endsWith("owner") ? "perf-t"
                        : t.endsWith("symbol") ? "perf-l" : t.endsWith("cgroup") ? "perf-g" : "perf";
                dialect = table.equals("perf-report") ? PERF_LOCK_REPORT : PERF_LOCK;
                return true;
            }
            // perf before 5.19 printed it without the space: "=== output for debug==="
            if (t.equals("=== output for debug ===") || t.equals("=== output for debug===")) {
                table = "debug"; // perf lock's count of events out of sequence, to the end of its output
                return true;
            }
            if (t.startsWith("Caller") && t.contains("Avg Spin")) {
                table = "spin";
                dialect = KLOCKSTAT;
                return true;
            }
            if (t.startsWith("Caller") && t.contains("Avg Hold")) {
                table = "hold";
                dialect = KLOCKSTAT;
                return true;
            }
            if (t.startsWith("lock_stat version") || t.startsWith("class name")) {
                table = "lockstat";
                dialect = LOCK_STAT;
                return true;
            }
            switch (table) {
                case "debug":
                    return true;
                case "perf":
                case "perf-t":
                case "perf-l":
                case "perf-g":
                case "perf-report":
                    if (t.startsWith("0x") && !rowKey.isEmpty()) {
                        return true; // -v: a frame of the call stack of the row above ("0xffffffff81a2b3c4  sym+0x1f")
                    }
                    return perfRow(t);
                case "spin":
                case "hold":
                    return klockstatRow(t);
                case "lockstat":
                    return lockStatRow(t);
                default:
                    return reject("expected a lock table header (perf lock contention, klockstat or /proc/lock_stat)");
            }
        }

        /** perf lock's headers: contention's "contended total wait ..." and report's "Name acquired contended ...". */
        static boolean isPerfHeader(String t) {
            return t.startsWith("contended") && t.contains(" wait")
                    || t.startsWith("Name") && t.contains("acquired") && t.contains("contended");
        }

        /** The figures' columns a perf lock header names, in its order (-F picks them: "contended,wait_min,..."). */
        private static List<String> perfColumns(String header) {
            List<String> cols = new ArrayList<>();
            String[] w = header.split("\\s+");
            for (int i = 0; i < w.length; i++) {
                if (w[i].equals("acquired") || w[i].equals("contended")) {
                    cols.add(w[i]);
                } else if (i + 1 < w.length && w[i + 1].equals("wait") && PERF_WAITS.containsKey(w[i])) {
                    cols.add(PERF_WAITS.get(w[i]));
                    i++;
                }
            }
            return cols;
        }

        /** perf's time column headers, and the field each becomes. */
        private static final Map<String, String> PERF_WAITS = Map.of("total", "totalWaitUs", "max", "maxWaitUs",
                "min", "minWaitUs", "avg", "avgWaitUs");

        /**
         * " 207   8.58 ms   6.90 ms   41.43 us   spinlock   wake_up_q+0x33" (or "... pid comm", ...): the
         * header's columns first, a count as one token and a time as two ("8.58 ms"); perf lock report's
         * rows end with them, after the lock's name.
         */
        private boolean perfRow(String t) {
            String[] f = t.split("\\s+");
            int tokens = 0;
            for (String c : perfColumns) {
                tokens += c.endsWith("Us") && !nsColumns ? 2 : 1;
            }
            boolean report = table.equals("perf-report");
            int minimum = tokens + (report || table.equals("perf-g") ? 1 : 2);
            if (f.length < minimum) {
                return reject("expected " + (report ? "\"NAME " : "\"") + columnsText() + (report ? "" : " "
                        + PERF_COLUMNS.get(table)) + "\"");
            }
            int at = report ? f.length - tokens : 0;
            Map<String, Double> v = new LinkedHashMap<>();
            for (String c : perfColumns) {
                double x;
                if (c.endsWith("Us") && nsColumns) {
                    // whole nanoseconds under an "(ns)" header
                    long n = parseUlong(f[at], 0, f[at].length());
                    x = n < 0 ? Double.NaN : n / 1e3;
                    at++;
                } else if (c.endsWith("Us")) {
                    x = us(f[at], f[at + 1]);
                    at += 2;
                } else {
                    long n = parseUlong(f[at], 0, f[at].length());
                    x = n < 0 ? Double.NaN : n;
                    at++;
                }
                if (Double.isNaN(x)) {
                    return reject("expected " + columnsText() + (nsColumns ? ": counts, and times in whole ns"
                            : ": counts, and times with units (h, m, s, ms, us, ns)"));
                }
                v.put(c, x);
            }
            // perf rounds each time to 2-3 digits, so allow that much; beyond it a damaged digit
            double total = v.getOrDefault("totalWaitUs", Double.POSITIVE_INFINITY);
            double max = v.getOrDefault("maxWaitUs", total);
            double avg = v.getOrDefault("avgWaitUs", 0.0);
            double min = v.getOrDefault("minWaitUs", 0.0);
            if (max > total * 1.005 + 0.01 || avg > max * 1.005 + 0.01 || min > max * 1.005 + 0.01) {
                return reject("expected the longest wait no longer than the total and the average and shortest no"
                        + " longer than the longest");
            }
            if (report) {
                String k = unique("lockReport." + String.join(" ", java.util.Arrays.copyOfRange(f, 0, f.length - tokens)));
                rowKey = k;
                for (Map.Entry<String, Double> e : v.entrySet()) {
                    put(k + "." + e.getKey(), e.getKey().endsWith("Us") ? fmt(e.getValue())
                            : Long.toString(e.getValue().longValue()));
                }
                return row();
            }
            int first = tokens;
            String rest = String.join(" ", java.util.Arrays.copyOfRange(f, first + 1, f.length));
            String key;
            String type;
            String address = "";
            switch (table) {
                case "perf-t":
                    key = f[first] + " " + rest;
                    type = "";
                    break;
                case "perf-l": {
                    // "ffff888627c2ba40   rcu_state (spinlock)"; a lock without a symbol has only "(spinlock)"
                    int open = rest.lastIndexOf('(');
                    if (!rest.endsWith(")") || open < 0) {
                        return reject("expected \"ADDRESS SYMBOL (TYPE)\" after the times");
                    }
                    address = f[first];
                    String symbol = rest.substring(0, open).strip();
                    key = symbol.isEmpty() ? address : symbol;
                    type = rest.substring(open + 1, rest.length() - 1);
                    break;
                }
                case "perf-g":
                    key = String.join(" ", java.util.Arrays.copyOfRange(f, first, f.length));
                    type = "";
                    break;
                default:
                    key = rest;
                    type = f[first];
                    break;
            }
            String k = unique("lockContention." + key);
            rowKey = k;
            for (Map.Entry<String, Double> e : v.entrySet()) {
                put(k + "." + e.getKey(), e.getKey().endsWith("Us") ? fmt(e.getValue())
                        : Long.toString(e.getValue().longValue()));
            }
            if (!type.isEmpty()) {
                put(k + ".type", type);
            }
            if (!address.isEmpty()) {
                put(k + ".address", address);
            }
            return row();
        }

        /** The header's columns as a row holds them ("CONTENDED TOTAL UNIT MAX UNIT AVG UNIT"), for a refusal. */
        private String columnsText() {
            StringBuilder b = new StringBuilder();
            for (String c : perfColumns) {
                b.append(b.length() == 0 ? "" : " ").append(c.endsWith("Us")
                        ? c.substring(0, c.length() - 6).toUpperCase(java.util.Locale.ROOT) + (nsColumns ? "_NS" : " UNIT")
                        : c.toUpperCase(java.util.Locale.ROOT));
            }
            return b.toString();
        }

        /** What follows the times in each grouping of perf lock contention, for the reason a row is refused. */
        private static final Map<String, String> PERF_COLUMNS = Map.of("perf", "TYPE CALLER", "perf-t", "PID COMM",
                "perf-l", "ADDRESS SYMBOL (TYPE)", "perf-g", "CGROUP");

        /** "psi_avgs_work+0x2e   3675   5   5468   18379" (ns). */
        private boolean klockstatRow(String t) {
            String[] f = t.split("\\s+");
            if (f.length != 5) {
                return reject("expected \"CALLER AVG COUNT MAX TOTAL\" in a klockstat table");
            }
            long[] v = new long[4];
            for (int i = 0; i < 4; i++) {
                v[i] = parseUlong(f[i + 1], 0, f[i + 1].length());
                if (v[i] < 0) {
                    return reject("expected numbers after the caller in a klockstat table");
                }
            }
            String what = table.equals("spin") ? "Spin" : "Hold";
            // klockstat prints its tables again every interval: the caller's second row is
            // "caller#2" in both the spin and the hold table, so a row keeps its own columns
            int nth = seen.merge("klockstat." + what + "." + f[0], 1, Integer::sum);
            String k = "klockstat." + f[0] + (nth > 1 ? "#" + nth : "") + "." + what;
            put(k + "Count", Long.toString(v[1]));
            put(k + "AvgNs", Long.toString(v[0]));
            put(k + "MaxNs", Long.toString(v[2]));
            put(k + "TotalNs", Long.toString(v[3]));
            return row();
        }

        /** "vmap_area_lock:  2554079  2554276  0.06 ... 1.19"; contention-point lines below it. */
        private boolean lockStatRow(String t) {
            if (t.contains("[<") && t.contains(">]")) {
                return true; // a contention point of the class above: who contended, not how long
            }
            int colon = t.lastIndexOf(':');
            String[] f = colon > 0 ? t.substring(colon + 1).strip().split("\\s+") : new String[0];
            if (f.length != LOCK_STAT_FIELDS.length) {
                return reject("expected \"CLASS: " + LOCK_STAT_FIELDS.length + " numbers\" in /proc/lock_stat");
            }
            // every number is checked before any is kept: a refused row leaves nothing of itself behind
            for (int i = 0; i < f.length; i++) {
                if (!TraceLine.isPlainDecimal(f[i])) {
                    return reject("expected a number (0 or more, as 12 or 0.06) for " + LOCK_STAT_FIELDS[i]
                            + " in /proc/lock_stat, found \"" + Printable.clip(f[i], 30) + "\"");
                }
            }
            String k = unique("lockStat." + t.substring(0, colon).strip());
            for (int i = 0; i < f.length; i++) {
                put(k + "." + LOCK_STAT_FIELDS[i], f[i]);
            }
            return row();
        }

        private boolean row() {
            rows++;
            ctx.report().event();
            return true;
        }

        private String unique(String key) {
            int nth = seen.merge(key, 1, Integer::sum);
            return nth > 1 ? key + "#" + nth : key;
        }

        private void put(String k, String v) {
            ctx.sink().parameter(k, v);
        }

        private static double us(String value, String unit) {
            if (!TraceLine.isPlainDecimal(value)) {
                return Double.NaN; // perf prints "8.58": a sign, an exponent or "Infinity" is damage
            }
            double v = Double.parseDouble(value);
            // perf prints a time in the largest unit it reaches, up to minutes and hours: a lock
            // waited on for 5 minutes in total over a busy minute on 64 CPUs is "5.12 m"
            switch (unit) {
                case "h":
                    return v * 3600e6;
                case "m":
                    return v * 60e6;
                case "s":
                    return v * 1e6;
                case "ms":
                    return v * 1e3;
                case "us":
                    return v;
                case "ns":
                    return v / 1e3;
                default:
                    return Double.NaN;
            }
        }

        private static String fmt(double v) {
            return String.format(Locale.ROOT, "%.2f", v);
        }

        @Override
        protected void end(long lines) throws ImportException {
            ctx.report().format(dialect.isEmpty() ? PERF_LOCK : dialect);
            if (rows == 0) {
                throw new ImportException(ctx.report().file(), 0, "no lock table rows found");
            }
            ctx.sink().parameter(dialect + ".rows", Integer.toString(rows));
            // its rows are metadata keys: a second table would overwrite the first's
            ctx.sink().oneOfAKind("a lock contention table");
        }
    }
}
