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
 *     {@code .avgWaitUs}, {@code .type} (and {@code .address} with {@code -l}); also its {@code -x SEP}
 *     form (perf 6.5), "# output: contended, total wait, ..." over rows of whole ns, and its rows alone
 *     ({@code -q}) where they show perf's default columns;</li>
 * <li>BCC {@code klockstat} ("Caller Avg Spin Count Max spin Total spin" and the "Hold" table,
 *     in ns): {@code klockstat.<caller>.spinCount}, {@code .avgSpinNs}, ..., {@code
 *     .holdCount}, ...;</li>
 * <li>{@code /proc/lock_stat} (class rows "name: con-bounces contentions waittime-min ..." in
 *     us): {@code lockStat.<class>.contentions}, {@code .waittimeTotalUs}, ...</li>
 * </ul>
 * What the rows are keyed by, as the tool's header names it ("caller", "pid comm", "symbol", "cgroup", "class
 * name" ...), is {@code <format>.keyColumn}: the Locks tab and the text tables title the names' column with it.
 * A caller seen again (another lock instance, another interval) gets "#2", "#3". The per-event
 * {@code perf lock} script (lock:contention_begin/end) is read by {@link SchedTraceReader}.
 */
public final class LockTableReader extends LineReader {
    static final String PERF_LOCK = "perf-lock-contention";
    static final String PERF_LOCK_REPORT = "perf-lock-report";
    static final String KLOCKSTAT = "klockstat";
    static final String LOCK_STAT = "proc-lock-stat";
    /** After the format's name, the parameter holding what the rows are keyed by. */
    static final String KEY_COLUMN = ".keyColumn";

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
            if (Parser.csvSeparator(t) != null) {
                return 90;
            }
        }
        // -x with -q: no header, the first line is a row ("207, 8580112, ..., spinlock, wake_up_q+0x33")
        return Parser.quietSeparator(sniff.firstContentLine()) != null ? 90 : 0;
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return new Parser(ctx);
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        private final Map<String, Integer> seen = new HashMap<>();
        /** The names given to the rows of the klockstat spin table being read or just read, by caller. */
        private final Map<String, java.util.ArrayDeque<String>> blockSpin = new HashMap<>();
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
        /**
         * What the rows are keyed by, as the header names it ("caller", "pid comm", "symbol", "cgroup", "name",
         * "class name"): a task's row "1950 nv_queue" under "caller" read as a function that was none.
         */
        private String keyColumn = "";
        /** The key of the last perf row read: "" before the first, when a call stack frame has no row to go with. */
        private String rowKey = "";

        Parser(ReadContext ctx) {
            this.ctx = ctx;
        }

        @Override
        protected boolean line(String s, long n) throws ImportException {
            String t = s.strip();
            if (t.isEmpty() || t.chars().allMatch(c -> c == '-' || c == '.')) {
                return true;
            }
            if (t.startsWith(CSV_HEADER)) {
                return csvHeader(t);
            }
            if (table.equals("perf-csv")) {
                // -x's debug footer is a comment ("# debug: total=7, bad=0, ..."); -v's call stack
                // rides on its caller's line
                return t.startsWith("# debug:") || csvRow(s);
            }
            if (table.isEmpty() && quietSeparator(t) != null) {
                // -x with -q: perf printed neither the header nor the footer
                table = "perf-csv-q";
                dialect = PERF_LOCK;
                csvSep = quietSeparator(t);
                perfColumns = QUIET_FIGURES;
            }
            if (table.equals("perf-csv-q")) {
                return t.startsWith("# debug:") || quietRow(t, n); // the footer of a file whose header was cut off
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
                keyColumn = switch (table) {
                    case "perf-report" -> "name";
                    case "perf-t" -> t.endsWith("owner") ? "pid owner" : "pid comm";
                    // the name is the lock's symbol (its address when it has none, and in a column of its own)
                    case "perf-l" -> "symbol";
                    case "perf-g" -> "cgroup";
                    default -> "caller";
                };
                return true;
            }
            // perf before 5.19 printed it without the space: "=== output for debug==="
            if (t.equals("=== output for debug ===") || t.equals("=== output for debug===")) {
                table = "debug"; // perf lock's count of events out of sequence, to the end of its output
                return true;
            }
            if (t.startsWith("Caller") && t.contains("Avg Spin")) {
                // each output (an interval, or a run pasted after another) starts with its spin table
                blockSpin.clear();
                table = "spin";
                dialect = KLOCKSTAT;
                keyColumn = "caller";
                return true;
            }
            if (t.startsWith("Caller") && t.contains("Avg Hold")) {
                if (table.equals("hold")) {
                    blockSpin.clear(); // a hold table after a hold table: another output without a spin table
                }
                table = "hold";
                dialect = KLOCKSTAT;
                keyColumn = "caller";
                return true;
            }
            if (t.startsWith("lock_stat version") || t.startsWith("class name")) {
                table = "lockstat";
                dialect = LOCK_STAT;
                keyColumn = "class name";
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
            if (contradictory(v)) {
                return reject(CONTRADICTION);
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
            return contentionRow(key, v, type, address);
        }

        private static final String CONTRADICTION = "expected the longest wait no longer than the total and the"
                + " average and shortest no longer than the longest";

        /** Whether a row's times cannot all be true: a damaged digit. */
        private static boolean contradictory(Map<String, Double> v) {
            // perf rounds each time to 2-3 digits in its table, so allow that much; beyond it a damaged digit
            double total = v.getOrDefault("totalWaitUs", Double.POSITIVE_INFINITY);
            double max = v.getOrDefault("maxWaitUs", total);
            double avg = v.getOrDefault("avgWaitUs", 0.0);
            double min = v.getOrDefault("minWaitUs", 0.0);
            return max > total * 1.005 + 0.01 || avg > max * 1.005 + 0.01 || min > max * 1.005 + 0.01;
        }

        /** Keeps one perf lock contention row, of the table or of -x, under its caller, task, lock or cgroup. */
        private boolean contentionRow(String key, Map<String, Double> v, String type, String address) {
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

        /** How perf lock contention -x begins its output (without -q): the columns, with the separator between. */
        static final String CSV_HEADER = "# output: ";

        /** -x's headers of the figures' columns, and the field each becomes. */
        private static final Map<String, String> CSV_FIGURES = Map.of("contended", "contended", "acquired",
                "acquired", "total wait", "totalWaitUs", "max wait", "maxWaitUs", "min wait", "minWaitUs",
                "avg wait", "avgWaitUs");

        /** The columns -x prints after the figures, by grouping: caller (-v adds the stack), task, lock, cgroup. */
        private static final List<List<String>> CSV_GROUPINGS = List.of(List.of("type", "caller"),
                List.of("type", "caller", "stacktrace"), List.of("pid", "comm"), List.of("pid", "owner"),
                List.of("address", "symbol", "type"), List.of("cgroup"));

        /**
         * The separator of a perf lock contention -x header ("# output: contended, total wait, ..."), or
         * null when the line is none: perf prints each column's name, the separator and a space, and the
         * first name is always one of the figures'.
         */
        static String csvSeparator(String t) {
            if (!t.startsWith(CSV_HEADER)) {
                return null;
            }
            String rest = t.substring(CSV_HEADER.length());
            for (String name : CSV_FIGURES.keySet()) {
                if (rest.startsWith(name)) {
                    String after = rest.substring(name.length());
                    int space = after.indexOf(' ');
                    return space > 0 ? after.substring(0, space) : null;
                }
            }
            return null;
        }

        /** The separator of the -x output being read, and the columns after its figures. */
        private String csvSep = "";
        private List<String> csvGrouping = List.of();

        /** "# output: contended, total wait, max wait, avg wait, type, caller" (perf >= 6.5, -x ','). */
        private boolean csvHeader(String t) {
            String sep = csvSeparator(t);
            if (sep == null) {
                return reject("expected perf lock contention -x's header \"# output: \" and the columns with the"
                        + " separator after each (\"contended, total wait, max wait, avg wait, type, caller\")");
            }
            String[] names = t.substring(CSV_HEADER.length()).split(java.util.regex.Pattern.quote(sep) + " ?", -1);
            List<String> figures = new ArrayList<>();
            int i = 0;
            while (i < names.length && CSV_FIGURES.containsKey(names[i].strip())) {
                figures.add(CSV_FIGURES.get(names[i].strip()));
                i++;
            }
            List<String> grouping = new ArrayList<>();
            for (; i < names.length; i++) {
                grouping.add(names[i].strip());
            }
            if (!CSV_GROUPINGS.contains(grouping)) {
                String j = shownJoiner(sep);
                return reject("expected the figures' columns then \"type" + j + "caller\", \"pid" + j + "comm\", \"address"
                        + j + "symbol" + j + "type\" or \"cgroup\" in perf lock contention -x's header, found \""
                        + Printable.clip(String.join(j, grouping), 60) + "\"");
            }
            table = "perf-csv";
            dialect = PERF_LOCK;
            perfColumns = figures;
            csvSep = sep;
            csvGrouping = grouping;
            keyColumn = grouping.get(0).equals("type") ? "caller" : grouping.get(0).equals("address") ? "symbol"
                    : String.join(" ", grouping);
            rowKey = "";
            return true;
        }

        /**
         * "19, 194232, 21415, 10222, spinlock, process_one_work+0x1f0": the header's figures as whole numbers
         * (times in ns, without a unit), then what the rows are grouped by. A comm or cgroup holding the
         * separator is the rest of the line; a lock without a symbol has an empty one.
         */
        private boolean csvRow(String t) {
            String[] f = t.strip().split(java.util.regex.Pattern.quote(csvSep) + " ?", -1);
            int n = perfColumns.size();
            String columns = csvColumnsText();
            boolean caller = csvGrouping.get(0).equals("type");
            int want = n + csvGrouping.size();
            // -v prints a caller's stack only where perf has one: its column may be missing
            boolean fits = caller ? f.length == want || csvGrouping.size() == 3 && f.length == want - 1
                    : f.length >= want;
            if (!fits) {
                return reject("expected " + want + " fields separated by " + shownSeparator(csvSep) + " (" + columns
                        + "), found " + f.length + (f.length < want ? " (a cut line?)" : ""));
            }
            Map<String, Double> v = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                String c = perfColumns.get(i);
                long x = parseUlong(f[i].strip(), 0, f[i].strip().length());
                if (x < 0) {
                    return reject("expected a whole number for " + csvName(c) + " (-x prints counts, and times in"
                            + " ns without a unit), found \"" + Printable.clip(f[i].strip(), 30) + "\"");
                }
                v.put(c, c.endsWith("Us") ? x / 1e3 : x);
            }
            if (contradictory(v)) {
                return reject(CONTRADICTION);
            }
            String joiner = csvSep + " ";
            String shown = shownJoiner(csvSep);
            switch (csvGrouping.get(0)) {
                case "pid": {
                    String pid = f[n].strip();
                    if (!pid.equals("-1") && parseUint(pid, 0, pid.length()) < 0) {
                        return reject("expected a pid (or -1) after the figures, found \"" + Printable.clip(pid, 30) + "\"");
                    }
                    String comm = String.join(joiner, java.util.Arrays.copyOfRange(f, n + 1, f.length));
                    return contentionRow(pid + " " + comm, v, "", "");
                }
                case "address": {
                    String address = f[n].strip();
                    String symbol = String.join(joiner, java.util.Arrays.copyOfRange(f, n + 1, f.length - 1)).strip();
                    String type = f[f.length - 1].strip();
                    if (address.isEmpty() || type.isEmpty()) {
                        return reject("expected \"ADDRESS" + shown + "SYMBOL" + shown + "TYPE\" after the figures");
                    }
                    return contentionRow(symbol.isEmpty() ? address : symbol, v, type, address);
                }
                case "cgroup": {
                    String cgroup = String.join(joiner, java.util.Arrays.copyOfRange(f, n, f.length)).strip();
                    if (cgroup.isEmpty()) {
                        return reject("expected a cgroup after the figures");
                    }
                    return contentionRow(cgroup, v, "", "");
                }
                default: {
                    String type = f[n].strip();
                    String name = f[n + 1].strip();
                    if (type.isEmpty() || name.isEmpty()) {
                        return reject("expected \"TYPE" + shown + "CALLER\" after the figures");
                    }
                    return contentionRow(name, v, type, "");
                }
            }
        }

        /**
         * perf lock contention's default figures ({@code -F contended,wait_total,wait_max,avg_wait}), the
         * only ones a row without the header is read with: -F picks others, and -k wait_min adds "min wait"
         * after them, and only the header names them.
         */
        private static final List<String> QUIET_FIGURES = List.of("contended", "totalWaitUs", "maxWaitUs",
                "avgWaitUs");

        /** The default figures as -x's header names them, for messages. */
        private static final String QUIET_NAMES = "contended, total wait, max wait, avg wait";

        /**
         * perf's lock type names: {@code get_type_str}'s after a caller ("rwsem:R"; "rtmutex" before perf
         * 6.4, "rt=mutex" in 6.4's typo) and {@code get_type_name}'s after an address ("rwsem"). A row's
         * type column is one of them, which tells it from a task's comm or a caller's symbol.
         */
        private static final java.util.Set<String> CALLER_TYPES = java.util.Set.of("semaphore", "spinlock",
                "rwlock:R", "rwlock:W", "rwsem:R", "rwsem:W", "rtmutex", "rt=mutex", "rt-mutex", "rwlock-rt:R",
                "rwlock-rt:W", "pcpu-sem:R", "pcpu-sem:W", "mutex", "unknown");
        private static final java.util.Set<String> ADDRESS_TYPES = java.util.Set.of("semaphore", "spinlock",
                "rwlock", "rwsem", "rt-mutex", "rwlock-rt", "percpu-rwsem", "pcpu-sem", "mutex", "unknown");

        /** How the rows of a -q output are grouped, once its first row has told it ("" before). */
        private String quietGrouping = "";

        /**
         * The separator of a row of perf lock contention -x printed with -q (no "# output:" header), or
         * null when the line is none: a whole number, the separator and a space, and at least one more
         * field. perf refuses ':', '+' and '.' as a separator; a letter or digit would be part of a figure.
         */
        static String quietSeparator(String t) {
            int i = 0;
            while (i < t.length() && TraceLine.isDigit(t.charAt(i))) {
                i++;
            }
            int space = t.indexOf(' ', i);
            if (i == 0 || space <= i) {
                return null;
            }
            String sep = t.substring(i, space);
            if (sep.chars().anyMatch(c -> Character.isLetterOrDigit(c) || c == ':' || c == '+' || c == '.'
                    || c == '"' || c == '\'')) {
                return null;
            }
            return t.split(java.util.regex.Pattern.quote(sep) + " ?", -1).length >= 2 ? sep : null;
        }

        /**
         * A row of -x printed with -q. Without the header its columns are known only where perf's own
         * layout tells them: the four default figures, whole numbers that agree as perf computes them,
         * then one grouping's columns, told apart by their content - "TYPE, CALLER" (a perf lock type, and
         * with -v the stack, "0x..."), "PID, COMM" (a pid or -1), "ADDRESS, SYMBOL, TYPE" (8 to 16 hex
         * digits, a type) or "CGROUP" (a path, or perf's "cgroup:ID"). A first row that fits none (-F or -k
         * wait_min changed the figures, which only the header names) refuses the file rather than read
         * figures under the wrong names; a later row that does not fit the first's layout is not understood.
         */
        private boolean quietRow(String t, long n) throws ImportException {
            String[] f = t.split(java.util.regex.Pattern.quote(csvSep) + " ?", -1);
            String why = "";
            Map<String, Double> v = new LinkedHashMap<>();
            int figures = 0;
            while (figures < f.length && figures < QUIET_FIGURES.size() && parseUlong(f[figures].strip(), 0,
                    f[figures].strip().length()) >= 0) {
                figures++;
            }
            String grouping = "";
            if (f.length == figures) {
                // figures only (a row cut short, or -F without a grouping): nothing follows them to name
                why = figures < QUIET_FIGURES.size()
                        ? "the row ends after " + figures + " whole number" + (figures == 1 ? "" : "s") + ", where"
                                + " perf's default columns have 4 (" + QUIET_NAMES + ") and then what the rows are"
                                + " grouped by"
                        : "the row ends after its " + figures + " whole numbers, without the columns perf groups"
                                + " its rows by (type" + shownJoiner(csvSep) + "caller; pid" + shownJoiner(csvSep)
                                + "comm; address" + shownJoiner(csvSep) + "symbol" + shownJoiner(csvSep) + "type;"
                                + " cgroup)";
            } else if (figures < QUIET_FIGURES.size()) {
                why = figures + " whole number" + (figures == 1 ? "" : "s") + " before \""
                        + Printable.clip(f[figures].strip(), 30) + "\" where perf's default"
                        + " columns have 4 (" + QUIET_NAMES + ")";
            } else {
                long[] x = new long[4];
                for (int i = 0; i < 4; i++) {
                    x[i] = parseUlong(f[i].strip(), 0, f[i].strip().length());
                    v.put(QUIET_FIGURES.get(i), i == 0 ? x[i] : x[i] / 1e3);
                }
                // perf skips a caller that never waited; the average is the total over the waits that ended
                // (no more than were counted); the longest is no longer than the total nor than the waits it
                // is the longest of
                boolean agree = x[0] >= 1 && x[2] <= x[1] && x[3] <= x[2] && x[3] >= x[1] / x[0]
                        && (double) x[0] * x[2] >= x[1];
                grouping = agree ? quietGrouping(java.util.Arrays.copyOfRange(f, 4, f.length)) : "";
                if (!agree) {
                    why = "its first four figures are not " + QUIET_NAMES + " as perf computes them";
                } else if (grouping.isEmpty()) {
                    why = "after the four figures, \"" + Printable.clip(String.join(shownJoiner(csvSep),
                            java.util.Arrays.copyOfRange(f, 4, f.length)), 50) + "\" is none of perf's groupings (type"
                            + shownJoiner(csvSep) + "caller; pid" + shownJoiner(csvSep) + "comm; address"
                            + shownJoiner(csvSep) + "symbol" + shownJoiner(csvSep) + "type; cgroup)";
                }
            }
            if (quietGrouping.isEmpty()) {
                if (!why.isEmpty()) {
                    throw new ImportException(ctx.report().file(), n, "perf lock contention -x output without its"
                            + " \"# output:\" header (-q), whose columns the rows do not tell: " + why + "; -F and -k"
                            + " wait_min change the columns and only the header names them: record without -q");
                }
                quietGrouping = grouping.equals("stack") ? "type" : grouping;
                keyColumn = Map.of("type", "caller", "pid", "pid comm", "address", "symbol", "cgroup", "cgroup")
                        .get(quietGrouping);
                ctx.report().note("perf lock contention -x without its header (-q): read as perf's default columns ("
                        + QUIET_NAMES + ", " + QUIET_GROUPINGS.get(quietGrouping) + "), which the rows' figures and"
                        + " columns agree with");
            } else if (!why.isEmpty() || !(grouping.equals("stack") ? "type" : grouping).equals(quietGrouping)) {
                return reject("expected a row as the ones above, without the header (-q): " + QUIET_NAMES + ", "
                        + QUIET_GROUPINGS.get(quietGrouping) + (why.isEmpty() ? "" : "; " + why));
            }
            String[] rest = java.util.Arrays.copyOfRange(f, 4, f.length);
            switch (quietGrouping) {
                case "pid":
                    return contentionRow(rest[0].strip() + " " + rest[1].strip(), v, "", "");
                case "address": {
                    String symbol = rest[1].strip();
                    return contentionRow(symbol.isEmpty() ? rest[0].strip() : symbol, v, rest[2].strip(),
                            rest[0].strip());
                }
                case "cgroup":
                    return contentionRow(rest[0].strip(), v, "", "");
                default:
                    return contentionRow(rest[1].strip(), v, rest[0].strip(), "");
            }
        }

        /** What follows the figures in each grouping, for messages. */
        private static final Map<String, String> QUIET_GROUPINGS = Map.of("type", "type, caller", "pid", "pid, comm",
                "address", "address, symbol, type", "cgroup", "cgroup");

        /**
         * The grouping the columns after a -q row's figures are of ("type", "stack" for -v's type, caller
         * and stack, "pid", "address", "cgroup"), or "" when they are none or could be more than one: a
         * comm that starts like a cgroup is one's under a fifth figure, so it is not read as a task's.
         */
        private static String quietGrouping(String[] rest) {
            String first = rest[0].strip();
            boolean cgroup = first.startsWith("/") || first.startsWith("cgroup:");
            switch (rest.length) {
                case 1:
                    return cgroup ? "cgroup" : "";
                case 2: {
                    String second = rest[1].strip();
                    if (first.equals("-1") || first.length() <= 7 && parseUint(first, 0, first.length()) >= 0) {
                        return second.isEmpty() || second.startsWith("/") || second.startsWith("cgroup:") ? "" : "pid";
                    }
                    return CALLER_TYPES.contains(first) && !second.isEmpty() ? "type" : "";
                }
                case 3: {
                    String third = rest[2].strip();
                    if (CALLER_TYPES.contains(first) && !rest[1].strip().isEmpty() && third.startsWith("0x")) {
                        return "stack";
                    }
                    boolean hex = first.length() >= 8 && first.length() <= 16
                            && first.chars().allMatch(c -> TraceLine.isDigit((char) c) || c >= 'a' && c <= 'f');
                    return hex && ADDRESS_TYPES.contains(third) ? "address" : "";
                }
                default:
                    return "";
            }
        }

        /** The -x header's columns, for a refusal ("contended, total wait, ..., type, caller"). */
        private String csvColumnsText() {
            List<String> names = new ArrayList<>();
            for (String c : perfColumns) {
                names.add(csvName(c));
            }
            names.addAll(csvGrouping);
            return String.join(shownJoiner(csvSep), names);
        }

        /**
         * The separator as a message names it: a message shows a tab ({@code -x $'\t'}) as a space, so
         * "separated by \" \"" would send the user looking for spaces; a tab is named.
         */
        private static String shownSeparator(String sep) {
            return sep.equals("\t") ? "a tab" : "\"" + sep + "\"";
        }

        /** What a message puts between the columns it names: as the file has them, but ", " for a tab. */
        private static String shownJoiner(String sep) {
            return sep.equals("\t") ? ", " : sep + " ";
        }

        private static String csvName(String field) {
            for (Map.Entry<String, String> e : CSV_FIGURES.entrySet()) {
                if (e.getValue().equals(field)) {
                    return e.getKey();
                }
            }
            return field;
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
            boolean spin = table.equals("spin");
            String what = spin ? "Spin" : "Hold";
            // klockstat prints its tables again every interval (and a file may hold several runs):
            // a caller's second row is "caller#2", and its hold row is the one of the same output,
            // the hold table under that spin table. A caller one output's hold table has and its spin
            // table lacks (-n keeps the top N of each) is a row of its own, not the next output's
            java.util.ArrayDeque<String> pending = spin ? null : blockSpin.get(f[0]);
            String name;
            if (pending != null && !pending.isEmpty()) {
                name = pending.poll();
            } else {
                int nth = seen.merge("klockstat." + f[0], 1, Integer::sum);
                name = f[0] + (nth > 1 ? "#" + nth : "");
                if (spin) {
                    blockSpin.computeIfAbsent(f[0], c -> new java.util.ArrayDeque<>()).add(name);
                }
            }
            String k = "klockstat." + name + "." + what;
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
            ctx.sink().parameter(dialect + KEY_COLUMN, keyColumn);
            // its rows are metadata keys: a second table would overwrite the first's
            ctx.sink().oneOfAKind("a lock contention table");
        }
    }
}
