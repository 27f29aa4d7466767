package org.schedlab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * A/B rows from run summaries (the summary JSON of SIMULATOR.md, so any source of that shape
 * compares): throughput, the benchmark client's own latency per operation ({@code latencyUs.OP.mean},
 * {@code .stddev}, {@code .p95} ...: the figures either side has), every cpu share, the base's three top profile sites (and the test's top
 * site when it is not one of them), each lock's
 * holderPreemptions and waitUs.mean (locks of either side; n/a on a side that does not have the lock), an
 * rwsem's readers per read phase and lock event counts,
 * runqlatUs mean per comm group (n/a on a side without the group: a mean of no wake-ups, which the
 * text tables say where the side measured other groups), and the
 * tcp counters when present (counters of either side: n/a on a side that did not count the event). With several summaries per side (seeds), each value is the mean and the row keeps
 * the min and max of each side.
 */
public final class SummaryComparison {
    /** The first row's name, without its unit (CLI.md: {@code "metric": "throughput"}). */
    public static final String THROUGHPUT = "throughput";
    private static final String[] CPU = {"user", "kernel", "fault", "spin", "runnableWait", "idle", "steal"};
    /** The prefix of the benchmark client's latency rows ({@code latencyUs.transaction.mean}). */
    static final String LATENCY = "latencyUs.";
    /** The suffix of a vmstat, mpstat or sar track's row ({@code mpstat CPU all %steal mean}). */
    static final String SYSSTAT_MEAN = " mean";
    /** Profile sites compared: the base's first this many, plus the test's first. */
    static final int PROFILE_SITES = 3;

    /**
     * One compared metric; {@code ratio} = test / base, empty when base is 0. A side that did not
     * record the metric (no CPU slices, no throughput, no wake-ups) has NaN there. {@code metric} is the
     * stable name scripts match on ({@code throughput}, {@code cpu.user}, CLI.md); {@code unit} is
     * the throughput's unit ({@code tps}), empty for the other rows, whose names carry theirs.
     */
    public record Row(String metric, double base, double test, OptionalDouble ratio, double baseMin, double baseMax,
                      double testMin, double testMax, String unit, String testUnit, String baseWhyNone,
                      String testWhyNone) {
        public Row {
            java.util.Objects.requireNonNull(unit, "unit");
            java.util.Objects.requireNonNull(testUnit, "testUnit");
            java.util.Objects.requireNonNull(baseWhyNone, "baseWhyNone");
            java.util.Objects.requireNonNull(testWhyNone, "testWhyNone");
        }

        /**
         * A row whose sides' figures, where a side has none (NaN), read plain n/a. {@code
         * baseWhyNone} and {@code testWhyNone} are what a text table says instead where it knows
         * why ({@link SummaryComparison#NO_WAKE_UPS}); empty for n/a.
         */
        public Row(String metric, double base, double test, OptionalDouble ratio, double baseMin, double baseMax,
                   double testMin, double testMax, String unit, String testUnit) {
            this(metric, base, test, ratio, baseMin, baseMax, testMin, testMax, unit, testUnit, "", "");
        }

        /** Why side A ({@code base}) or B has no figure, as the text tables say it; empty where unknown. */
        public String whyNone(boolean baseSide) {
            return baseSide ? baseWhyNone : testWhyNone;
        }

        /** A row whose two sides are in one unit ({@code unit}, possibly none). */
        public Row(String metric, double base, double test, OptionalDouble ratio, double baseMin, double baseMax,
                   double testMin, double testMax, String unit) {
            this(metric, base, test, ratio, baseMin, baseMax, testMin, testMax, unit, "");
        }

        /**
         * Whether the two sides measured different things: a pgbench output's tps beside a YCSB
         * output's ops/s ({@code testUnit} is the test side's unit then). Such a row has no ratio:
         * "0.57x" between transactions and operations read as a change.
         */
        public boolean unlike() {
            return !testUnit.isEmpty();
        }

        /**
         * A row of counts (D-SACKs, segments, lock events): whole numbers on each side that
         * recorded it, and not a mean by its name. A side without the metric (n/a) does not decide. Tables print such rows
         * without decimals: "48.000" reads as a fraction.
         */
        public boolean counts() {
            // a mean (runqlatUs.A.mean, readersPerPhase) is a measurement even when both sides happen
            // to be whole: "54" beside "6994.0" in the rows under it read as a count
            // nor is a latency figure: pgbench's stddev of 3901 us and YCSB's p95 of 319 us printed
            // as counts under a mean of "5955.0"
            // nor a throughput: a rate, which the tables print whole or with one decimal by its row
            // (ComparisonTable), never as a count
            return countKind() && whole(base) && whole(test);
        }

        /**
         * A metric that counts (lock events, holder preemptions, TCP counters) by its name, whether
         * or not its figures here are whole: a mean over seeds of a count is a count's kind too
         * ({@code 11.5} holder preemptions), and its seeds' min..max are whole.
         */
        public boolean countKind() {
            return !metric.equals(THROUGHPUT) && !metric.endsWith(".mean") && !metric.endsWith(SYSSTAT_MEAN)
                    && !metric.endsWith("readersPerPhase") && !metric.startsWith(LATENCY);
        }

        /**
         * A run-queue latency mean ({@code runqlatUs._all.mean}): the figure {@code schedlab table}
         * prints in its runqlat table, so the A/B tables print it as that table does - one decimal,
         * whole from 1000 ({@link PlainText#cell}); they wrote {@code 363.087} and {@code 11.000}
         * beside {@code table}'s {@code 363.1} and {@code 11.0} for the same recording.
         */
        public boolean runqlatMean() {
            return metric.startsWith("runqlatUs.") && metric.endsWith(".mean");
        }

        /**
         * A figure that {@code schedlab table} prints too: a runqlat mean ({@link
         * #runqlatMean}), the benchmark's latency per operation ({@code latencyUs.transaction.mean},
         * its stddev and percentiles: the latency table's columns) and a lock's wait mean ({@code
         * buffer_strategy_lock waitUs.mean}, the locks table's "wait us mean"). The A/B tables print
         * it as {@code table} does ({@link PlainText#cell}: one decimal, whole from 1000); they wrote
         * {@code 5955.000} and {@code 2236.118} beside {@code table}'s {@code 5955} and {@code 2236.1}.
         * An rwsem's readers per read phase ({@code mmap_lock readersPerPhase}) is not in
         * microseconds but {@code table} prints it the same way ("4.1 readers per phase"), where
         * the A/B tables wrote {@code 4.128}. Ratios, shares and counts keep their own forms.
         */
        public boolean asTablePrints() {
            if (runqlatMean() || metric.endsWith(" waitUs.mean") || metric.endsWith(" readersPerPhase")) {
                return true;
            }
            if (!metric.startsWith(LATENCY)) {
                return false;
            }
            String field = metric.substring(metric.lastIndexOf('.') + 1);
            return field.equals("mean") || SummaryReport.LATENCY_SPREAD.contains(field);
        }

        /**
         * A share of all CPU time ({@code cpu.*}, the profile's top site, an rwsem's {@code
         * spinWhile.*}): tables print it as a percentage, as the summaries do, while the rows
         * (and {@code compare --format json}) keep the fraction.
         */
        public boolean share() {
            return metric.startsWith("cpu.") || metric.startsWith("profile: ") || metric.contains(" spinWhile.");
        }

        private static boolean whole(double v) {
            return Double.isNaN(v) || v == Math.rint(v);
        }

        /** A row whose name carries its unit (or that has none). */
        public Row(String metric, double base, double test, OptionalDouble ratio, double baseMin, double baseMax,
                   double testMin, double testMax) {
            this(metric, base, test, ratio, baseMin, baseMax, testMin, testMax, "");
        }

        /** The name as tables show it: {@code throughput (tps)}, {@code throughput (tps vs ops/s)} for unlike sides. */
        public String label() {
            return unlike() ? metric + " (" + (unit.isEmpty() ? "-" : unit) + " vs " + testUnit + ")"
                    : unit.isEmpty() ? metric : metric + " (" + unit + ")";
        }
    }

    private SummaryComparison() {
    }

    public static List<Row> rows(List<JsonNode> base, List<JsonNode> test) {
        if (base.isEmpty() || test.isEmpty()) {
            throw new IllegalArgumentException("need at least one summary per side");
        }
        Map<String, ToDoubleFunction<JsonNode>> metrics = new LinkedHashMap<>();
        // why a side has no figure, for the metrics that can tell (a side's NaN reads n/a without)
        Map<String, java.util.function.Function<JsonNode, String>> whyNone = new LinkedHashMap<>();
        JsonNode first = base.get(0);
        String unit = first.path("throughput").path("unit").asText("");
        // what a side did not record is NaN ("n/a" in the tables), not a 0 that reads as measured:
        // a lock table's CPU shares compared with a recording's were 0 and "0.00x"
        metrics.put(THROUGHPUT, s -> noThroughput(s) ? Double.NaN : s.path("throughput").path("value").asDouble());
        List<JsonNode> both = new ArrayList<>(base);
        both.addAll(test);
        // the benchmark's own latency beside its throughput: mean, stddev and percentiles of each
        // operation either side has (count, min and max stay in the summaries: a count follows the
        // run's length, a max is one operation); n/a on a side without that operation or figure
        for (String op : fieldNames(both, "latencyUs")) {
            java.util.LinkedHashSet<String> fields = new java.util.LinkedHashSet<>();
            for (JsonNode s : both) {
                s.path("latencyUs").path(op).fieldNames().forEachRemaining(fields::add);
            }
            for (String f : fields) {
                if (!f.equals("count") && !f.equals("min") && !f.equals("max")) {
                    metrics.put("latencyUs." + op + "." + f, s -> {
                        // an operation the side did not run (count 0) has no latency: n/a, not 0
                        JsonNode v = ClientLatency.figure(s, op, f);
                        return v.isNumber() ? v.asDouble() : Double.NaN;
                    });
                }
            }
        }
        if (both.stream().anyMatch(s -> s.path("cpu").path(CpuModes.RUNNING).isNumber())) {
            // a switch trace's CPU time (it says which task ran, not in which mode): two traces
            // compared only on idle; n/a on a side split by mode (a simulated run)
            metrics.put("cpu." + CpuModes.RUNNING, s -> s.path("cpu").path(CpuModes.RUNNING).isNumber()
                    ? s.path("cpu").path(CpuModes.RUNNING).asDouble() : Double.NaN);
        }
        for (String c : CPU) {
            // a share the side could not measure (a recording's runnableWait) is null: n/a, not 0
            metrics.put("cpu." + c, s -> SummaryReport.noCpuData(s) || s.path("cpu").path(c).isNull() ? Double.NaN
                    : s.path("cpu").path(c).asDouble());
        }
        // the base's top sites, and the test's top one when it is not among them: case A's
        // s_lock (StrategyGetBuffer), the seed mail's 55 %, ranks third behind the executor and
        // tcp send, and the table showed only the executor
        JsonNode profile = first.path("profile");
        java.util.Map<String, String> siteBy = new java.util.LinkedHashMap<>(); // site -> its side's profileBy
        for (int i = 0; i < Math.min(PROFILE_SITES, profile.size()); i++) {
            siteBy.putIfAbsent(profile.get(i).path("site").asText(), first.path("profileBy").asText(""));
        }
        JsonNode testProfile = test.get(0).path("profile");
        if (testProfile.size() > 0) {
            siteBy.putIfAbsent(testProfile.get(0).path("site").asText(), test.get(0).path("profileBy").asText(""));
        }
        for (java.util.Map.Entry<String, String> e : siteBy.entrySet()) {
            String site = e.getKey();
            String by = e.getValue();
            // a trace without modes has "postgres (running)", a run "postgres (user)" and "(kernel)";
            // a saved run's profile names comms, a run's code sites: each is n/a on a side of the
            // other kind, not a 0 (and 0.00x) beside the other's 50 %
            boolean running = site.endsWith(" (running)");
            metrics.put("profile: " + site, s -> SummaryReport.noCpuData(s) || running != byTaskKind(s)
                    || !s.path("profileBy").asText("").equals(by) ? Double.NaN : siteShare(s, site));
        }
        // comm groups, locks and tcp counters of either side (a kworker may run only in one of them;
        // a recording without lock events beside one with perf lock's lost the lock's rows)
        List<String> locks = lockNames(both);
        for (String name : locks) {
            metrics.put(name + " holderPreemptions", s -> lockField(s, name, "holderPreemptions", null));
            metrics.put(name + " waitUs.mean", s -> lockField(s, name, "waitUs", "mean"));
        }
        for (String name : locks) {
            if (lockFieldNames(both, name, "readPhases").contains("readersPerPhase")) {
                metrics.put(name + " readersPerPhase", s -> lockFieldOrNaN(s, name, "readPhases", "readersPerPhase"));
            }
            // where the rwsem's spinners' CPU went: shares of all CPU time by what the lock was
            // doing; n/a on a side whose summary does not split it (an older file)
            for (String k : lockFieldNames(both, name, "spinWhile")) {
                metrics.put(name + " spinWhile." + k, s -> lockFieldOrNaN(s, name, "spinWhile", k));
            }
            // an rwsem's lock event counts under each side's kernel names: a counter one kernel
            // does not have (rwsem_opt_rlock after the 2023 series) is n/a there, not 0
            for (String ev : lockFieldNames(both, name, "events")) {
                metrics.put(name + " " + ev, s -> lockFieldOrNaN(s, name, "events", ev));
            }
        }
        for (String comm : fieldNames(both, "runqlatUs")) {
            // a recording whose tasks of the group ran without task lanes did not record it: n/a, not 0
            // and a side without the group at all (a recording's java threads beside a simulated run)
            // has no mean to give: n/a, not a 0 that read as "0.00x"
            metrics.put("runqlatUs." + comm + ".mean", s -> SummaryReport.noWakeUps(s)
                    || !s.path("runqlatUs").has(comm) ? Double.NaN
                    : s.path("runqlatUs").path(comm).path("mean").asDouble());
            whyNone.put("runqlatUs." + comm + ".mean", s -> noWakeUpsOf(s, comm) ? NO_WAKE_UPS : "");
        }
        // a perf stat output's totals and rates: n/a on a side that did not count the event
        for (String k : fieldNames(both, "perf")) {
            metrics.put(DatasetSummary.PERF_STAT_PREFIX + k, s -> s.path("perf").path(k).isNumber()
                    ? s.path("perf").path(k).asDouble() : Double.NaN);
        }
        // TCP counters of either side: n/a on a side that did not count the event (no TCP counters
        // at all, as a pgbench output or case A's run; nstat, which has no Karn counter), as the
        // Wireshark table reads it - not a 0 that read as measured and made the ratio "="
        for (String k : fieldNames(both, "tcp")) {
            metrics.put("tcp." + k, s -> s.path("tcp").path(k).isNumber() ? s.path("tcp").path(k).asDouble()
                    : Double.NaN);
        }
        // vmstat, mpstat and sar tracks of either side: their means, "vmstat cs (/s) mean"; n/a on a
        // side without the track (another tool, another CPU), never 0
        for (String k : fieldNames(both, "sysstat")) {
            metrics.put(k + SYSSTAT_MEAN, s -> s.path("sysstat").path(k).isNumber()
                    ? s.path("sysstat").path(k).asDouble() : Double.NaN);
        }
        // throughputs in different units (a pgbench output's tps, a YCSB output's ops/s) are not
        // one measurement: the row names both units and has no ratio
        String testUnit = unlikeUnit(base, test);
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, ToDoubleFunction<JsonNode>> m : metrics.entrySet()) {
            boolean throughput = m.getKey().equals(THROUGHPUT);
            boolean unlike = throughput && !testUnit.isEmpty();
            double[] b = values(base, m.getValue());
            double[] t = values(test, m.getValue());
            double bm = mean(b);
            double tm = mean(t);
            OptionalDouble ratio = unlike || bm == 0 || Double.isNaN(bm) || Double.isNaN(tm) ? OptionalDouble.empty()
                    : OptionalDouble.of(tm / bm);
            java.util.function.Function<JsonNode, String> reason = whyNone.getOrDefault(m.getKey(), x -> "");
            rows.add(new Row(m.getKey(), bm, tm, ratio, min(b), max(b), min(t), max(t),
                    throughput ? unit : "", unlike ? testUnit : "", Double.isNaN(bm) ? why(base, reason) : "",
                    Double.isNaN(tm) ? why(test, reason) : ""));
        }
        return rows;
    }

    /**
     * The test side's throughput unit where it differs from the base's and both sides have a
     * throughput; empty where they agree.
     */
    private static String unlikeUnit(List<JsonNode> base, List<JsonNode> test) {
        java.util.Set<String> baseUnits = new java.util.LinkedHashSet<>();
        java.util.Set<String> testUnits = new java.util.LinkedHashSet<>();
        for (JsonNode s : base) {
            if (!noThroughput(s)) {
                baseUnits.add(s.path("throughput").path("unit").asText(""));
            }
        }
        for (JsonNode s : test) {
            if (!noThroughput(s)) {
                testUnits.add(s.path("throughput").path("unit").asText(""));
            }
        }
        if (baseUnits.isEmpty() || testUnits.isEmpty() || baseUnits.equals(testUnits)) {
            return "";
        }
        return String.join("/", testUnits);
    }

    /** A summary without a throughput (no counter, no benchmark headline): 0 and no unit. */
    static boolean noThroughput(JsonNode s) {
        JsonNode tp = s.path("throughput");
        return tp.path("value").asDouble() == 0 && tp.path("unit").asText().isEmpty();
    }

    /** A summary whose CPU time is split by task kind, not by mode ({@link DatasetSummary}'s cpuModes). */
    static boolean byTaskKind(JsonNode s) {
        return s.path("cpuModes").asText().equals(CpuModes.BY_TASK_KIND_JSON);
    }

    /** Field names of object {@code field} over all summaries, in order of first appearance. */
    private static List<String> fieldNames(List<JsonNode> summaries, String field) {
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        for (JsonNode s : summaries) {
            for (Iterator<String> it = s.path(field).fieldNames(); it.hasNext(); ) {
                names.add(it.next());
            }
        }
        return new ArrayList<>(names);
    }

    private static double siteShare(JsonNode s, String site) {
        for (JsonNode p : s.path("profile")) {
            if (p.path("site").asText().equals(site)) {
                return p.path("share").asDouble();
            }
        }
        return 0;
    }

    /** The lock names of all summaries, in order of first appearance (the base's first). */
    private static List<String> lockNames(List<JsonNode> summaries) {
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        for (JsonNode s : summaries) {
            for (JsonNode l : s.path("locks")) {
                names.add(l.path("name").asText());
            }
        }
        return new ArrayList<>(names);
    }

    /**
     * {@code locks[lock].field(.sub)}: NaN when the summary does not have the lock - it recorded no
     * locks, or others only (perf lock's kernel spinlocks beside a simulated run's
     * buffer_strategy_lock: a 0 there read as a measured wait and holder preemptions of 0, "0.00x").
     */
    private static double lockField(JsonNode s, String lock, String field, String sub) {
        for (JsonNode l : s.path("locks")) {
            if (l.path("name").asText().equals(lock)) {
                if (field.equals("holderPreemptions") && !l.path("holdsRecorded").asBoolean(true)) {
                    return Double.NaN; // a lock recorded by its waits only: no holder to have been preempted
                }
                JsonNode v = l.path(field);
                return sub == null ? v.asDouble() : v.path(sub).asDouble();
            }
        }
        return Double.NaN;
    }

    /** The field names of object {@code field} of lock {@code lock} over all summaries, in order of first appearance. */
    private static List<String> lockFieldNames(List<JsonNode> summaries, String lock, String field) {
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        for (JsonNode s : summaries) {
            for (JsonNode l : s.path("locks")) {
                if (l.path("name").asText().equals(lock)) {
                    l.path(field).fieldNames().forEachRemaining(names::add);
                }
            }
        }
        return new ArrayList<>(names);
    }

    /** {@code locks[lock].field.sub}, NaN when the summary does not have it. */
    private static double lockFieldOrNaN(JsonNode s, String lock, String field, String sub) {
        for (JsonNode l : s.path("locks")) {
            if (l.path("name").asText().equals(lock)) {
                JsonNode v = l.path(field).path(sub);
                return v.isNumber() ? v.asDouble() : Double.NaN;
            }
        }
        return Double.NaN;
    }

    /**
     * What a side's table cell says for a run-queue group without a mean, where its summaries
     * measured run-queue waits of other groups: none of this group's tasks was woken (case C with
     * {@code irqInatomic=on} wakes no kworker). A bare n/a read as a figure the run failed to record.
     */
    public static final String NO_WAKE_UPS = "no wake-ups";

    /**
     * Whether {@code s} counted run-queue waits but none of group {@code comm}'s, where it could
     * have: a recording whose group ran without a task lane for each of its tasks ({@code
     * runqlatTasks}, "pgbench not recorded: its one task has no task lane") did not record their
     * waits, and read "no wake-ups" in the compare row beside its own summary's "not recorded".
     */
    private static boolean noWakeUpsOf(JsonNode s, String comm) {
        JsonNode cover = s.path("runqlatTasks").path(comm);
        boolean unrecorded = cover.path("lanes").asLong(0) < cover.path("tasks").asLong(0);
        return !SummaryReport.noWakeUps(s) && !unrecorded
                && s.path("runqlatUs").path(comm).path("count").asLong(0) == 0;
    }

    /** The reason every summary of a side gives for having no figure, or empty when they differ or give none. */
    private static String why(List<JsonNode> summaries, java.util.function.Function<JsonNode, String> why) {
        String first = why.apply(summaries.get(0));
        for (JsonNode s : summaries) {
            if (!why.apply(s).equals(first)) {
                return "";
            }
        }
        return first;
    }

    private static double[] values(List<JsonNode> summaries, ToDoubleFunction<JsonNode> f) {
        double[] v = new double[summaries.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = f.applyAsDouble(summaries.get(i));
        }
        return v;
    }

    /**
     * A mean over seeds to 7 significant digits, whole numbers kept whole: a mean of three shares
     * given to 6 decimals is a repeating fraction, and 0.018371666666666668 says less than
     * 0.01837167 (what compare --format json prints). A mean of counts (11,183,107.33 events) keeps its integer digits.
     */
    public static double meanDigits(double v) {
        if (v == 0 || Double.isInfinite(v)) {
            return v;
        }
        java.math.BigDecimal d = new java.math.BigDecimal(v);
        int integerDigits = d.precision() - d.scale();
        java.math.BigDecimal r = integerDigits >= 7 ? d.setScale(0, java.math.RoundingMode.HALF_EVEN)
                : d.round(new java.math.MathContext(7, java.math.RoundingMode.HALF_EVEN));
        return r.doubleValue();
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double min(double[] v) {
        double m = Double.POSITIVE_INFINITY;
        for (double x : v) {
            m = Math.min(m, x);
        }
        return m;
    }

    private static double max(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }
}
