package org.schedlab.analysis;

import java.util.List;
import java.util.Locale;

/**
 * Comparison rows as a plain-text table no wider than 72 columns, in the style of the seed
 * mails ({@link PlainText}). Ratios read test/base: below 1 as {@code 0.51x}, above 1 as {@code x1.94}.
 */
public final class ComparisonTable {
    static final int WIDTH = PlainText.WIDTH;
    /**
     * The metric column: 30 + 3 x (2 + 12) = 72. At 28 the rwsem's "mmap_lock rwsem_wlock_handoff"
     * and "mmap_lock rwsem_rlock_handoff" (29) broke onto lines of their own, the only two of the
     * lock event rows that did.
     */
    private static final int METRIC = 30;
    private static final int COL = 12;
    /** The units of {@link #big}: millions up to quadrillions. */
    private static final String[] BIG_UNITS = {"M", "G", "T", "P"};
    /** A value or ratio a side did not record (NaN in the rows). */
    public static final String NOT_RECORDED = "n/a";

    private ComparisonTable() {
    }

    public static String render(String title, List<SummaryComparison.Row> rows, boolean withRange) {
        StringBuilder b = new StringBuilder();
        b.append(PlainText.clip(title)).append("\n\n");
        // the metric padded by terminal columns (PlainText.padRight), not by %-Ns's UTF-16 units
        String row = "%s  %" + COL + "s  %" + COL + "s  %" + COL + "s%n";
        b.append(String.format(Locale.ROOT, row, PlainText.padRight("metric", METRIC), "base", "test", "test/base"));
        b.append(String.format(Locale.ROOT, row, "_".repeat(METRIC), "_".repeat(COL), "_".repeat(COL),
                "_".repeat(COL)));
        for (SummaryComparison.Row r : rows) {
            if (inNeither(r)) {
                continue; // named under the table instead
            }
            String label = PlainText.printable(r.label());
            if (PlainText.columns(label) > METRIC) {
                // the whole name on a line of its own, the numbers under it: cut to the column,
                // "buffer_strategy_lock holderPreemptions" and the top profile site lost what they name
                b.append(PlainText.cut(label, WIDTH)).append('\n');
                label = "";
            }
            b.append(String.format(Locale.ROOT, row, PlainText.padRight(label, METRIC), base(r), test(r), ratio(r)));
            if (withRange) {
                b.append(String.format(Locale.ROOT, row, " ".repeat(METRIC), baseRange(r), testRange(r), "").stripTrailing())
                        .append('\n');
            }
        }
        notInEither(rows).ifPresent(n -> b.append('\n').append(n).append('\n'));
        return b.toString();
    }

    /**
     * The span a table's counts and rates cover, as each side's summary has it ({@code durationMs}:
     * a simulated run's measured time after its warm-up, a recording's span): {@code the measured
     * 1,000 ms of each side (durationMs, warm-up left out)}, or each side's when they differ
     * ({@code min..max} over seeds that differ). Empty when a side has no summary with it. A count
     * pasted into a mail without its time base ("tcp.retrans 212") said nothing of how often.
     */
    public static java.util.Optional<String> span(List<com.fasterxml.jackson.databind.JsonNode> base,
                                                  List<com.fasterxml.jackson.databind.JsonNode> test) {
        java.util.Optional<String> a = durationMs(base);
        java.util.Optional<String> b = durationMs(test);
        if (a.isEmpty() || b.isEmpty()) {
            return java.util.Optional.empty();
        }
        // a recording has no warm-up: its durationMs is its span, and "warm-up left out" said
        // something of a perf capture that it never had
        boolean runA = simulated(base);
        boolean runB = simulated(test);
        String how = runA && runB ? " (durationMs, warm-up left out)"
                : !runA && !runB ? " (durationMs, each recording's span)"
                : " (durationMs: " + (runA ? "A's" : "B's") + " after its warm-up, " + (runA ? "B's" : "A's")
                + " the recording's span)";
        return java.util.Optional.of(a.equals(b) ? "the measured " + a.get() + " of each side" + how
                : "each side's measured time, A " + a.get() + ", B " + b.get() + how);
    }

    /** Summaries of simulated runs (their parameters have a warm-up), not of recordings. */
    private static boolean simulated(List<com.fasterxml.jackson.databind.JsonNode> runs) {
        return runs.stream().allMatch(r -> r != null && r.path("params").has("warmupMs"));
    }

    /** The line under a copied table saying what span its figures cover ({@link #span}). */
    public static java.util.Optional<String> spanLine(List<com.fasterxml.jackson.databind.JsonNode> base,
                                                      List<com.fasterxml.jackson.databind.JsonNode> test) {
        return span(base, test).map(s -> PlainText.wrapWhole(List.of(("Counts and rates over " + s + ".")
                .split(" ")), 0));
    }

    private static java.util.Optional<String> durationMs(List<com.fasterxml.jackson.databind.JsonNode> runs) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (com.fasterxml.jackson.databind.JsonNode r : runs) {
            if (r == null || !r.path("durationMs").canConvertToLong()) {
                return java.util.Optional.empty();
            }
            long ms = r.path("durationMs").asLong();
            min = Math.min(min, ms);
            max = Math.max(max, ms);
        }
        if (runs.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(min == max ? String.format(Locale.ROOT, "%,d ms", min)
                : String.format(Locale.ROOT, "%,d..%,d ms", min, max));
    }

    /**
     * Whether neither side has the row's figure (n/a on both): a row that says nothing. Two
     * pgbench outputs printed seven {@code cpu.* n/a n/a n/a} rows, a perf lock recording one
     * {@code holderPreemptions} row per lock; the text leaves them out and names them once
     * under the table ({@link #notInEither}).
     */
    public static boolean inNeither(SummaryComparison.Row r) {
        return Double.isNaN(r.base()) && Double.isNaN(r.test());
    }

    /**
     * The line under the table naming the figures {@link #inNeither} left out, so that nothing
     * is dropped unsaid: {@code not in either input: cpu shares, holder preemptions}. A kind of
     * figure (cpu shares, each lock's holder preemptions) is named once when every row of it is
     * left out, else each row left out by its name. Empty when every row has a side.
     */
    public static java.util.Optional<String> notInEither(List<SummaryComparison.Row> rows) {
        List<String> items = notInEitherItems(rows);
        return items.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(PlainText.wrapWhole(items, 2));
    }

    /**
     * The line {@link #notInEither} writes, as the items it keeps whole when it wraps
     * ({@code "not in either input:"}, {@code "cpu shares,"}, {@code "holder preemptions"}):
     * for a table drawn elsewhere (an exported A/B figure), which wraps them to its own width.
     * Empty when every row has a side.
     */
    public static List<String> notInEitherItems(List<SummaryComparison.Row> rows) {
        java.util.Map<String, List<SummaryComparison.Row>> byKind = new java.util.LinkedHashMap<>();
        for (SummaryComparison.Row r : rows) {
            byKind.computeIfAbsent(kind(r), k -> new java.util.ArrayList<>()).add(r);
        }
        List<String> names = new java.util.ArrayList<>();
        for (java.util.Map.Entry<String, List<SummaryComparison.Row>> e : byKind.entrySet()) {
            List<SummaryComparison.Row> missing = e.getValue().stream().filter(ComparisonTable::inNeither).toList();
            if (missing.size() == e.getValue().size()) {
                names.add(e.getKey());
            } else {
                missing.forEach(r -> names.add(PlainText.printable(r.label())));
            }
        }
        if (names.isEmpty()) {
            return List.of();
        }
        List<String> items = new java.util.ArrayList<>();
        items.add("not in either input:");
        for (int i = 0; i < names.size(); i++) {
            items.add(names.get(i) + (i < names.size() - 1 ? "," : ""));
        }
        return items;
    }

    /** What kind of figure a row is, as the line of figures left out names it. */
    private static String kind(SummaryComparison.Row r) {
        String m = r.metric();
        if (m.equals(SummaryComparison.THROUGHPUT)) {
            return "throughput";
        }
        if (m.startsWith(SummaryComparison.LATENCY)) {
            return "client latency";
        }
        if (m.startsWith("cpu.")) {
            return "cpu shares";
        }
        if (m.startsWith("profile: ")) {
            return "profile sites";
        }
        if (m.startsWith("runqlatUs.")) {
            return "run-queue latency";
        }
        if (m.startsWith(DatasetSummary.PERF_STAT_PREFIX)) {
            return "perf stat counts";
        }
        if (m.startsWith("tcp.")) {
            return "tcp counters";
        }
        if (m.endsWith(SummaryComparison.SYSSTAT_MEAN)) {
            return "sysstat means";
        }
        if (m.endsWith(" holderPreemptions")) {
            return "holder preemptions";
        }
        if (m.endsWith(" waitUs.mean")) {
            return "lock waits";
        }
        if (m.endsWith(" readersPerPhase")) {
            return "readers per phase";
        }
        if (m.contains(" spinWhile.")) {
            return "rwsem spin shares";
        }
        return r.label(); // an rwsem's lock event: its own name
    }

    /**
     * The rows as cells (metric, base, test, ratio) formatted as in the text table, for tables
     * drawn elsewhere (an exported A/B figure): the rows the text prints, in its order - a row
     * where both sides are 0 ("=") says that nothing changed, which a reader may be looking for;
     * a row neither side has ({@link #inNeither}) is left out, as the text leaves it out, and
     * named by {@link #notInEitherItems} under the table. The picture of two pgbench outputs drew
     * the seven {@code cpu.* n/a n/a n/a} rows the copied text no longer had.
     */
    public static List<List<String>> cells(List<SummaryComparison.Row> rows) {
        List<List<String>> out = new java.util.ArrayList<>();
        for (SummaryComparison.Row r : rows) {
            if (!inNeither(r)) {
                out.add(List.of(r.label(), base(r), test(r), ratio(r)));
            }
        }
        return out;
    }

    /**
     * Each row's spread over the seeds as cells (empty, base min..max, test min..max, empty),
     * one per row of {@link #cells} (so none for a row neither side has): the line the text
     * table writes under a row with several seeds, for tables drawn elsewhere.
     */
    public static List<List<String>> rangeCells(List<SummaryComparison.Row> rows) {
        List<List<String>> out = new java.util.ArrayList<>();
        for (SummaryComparison.Row r : rows) {
            if (!inNeither(r)) {
                out.add(List.of("", baseRange(r), testRange(r), ""));
            }
        }
        return out;
    }

    /**
     * The ratio cell: {@link PlainText#ratio}, {@code =} for 0 vs 0, {@code new} for 0 vs something,
     * {@code from 0} where a mean of 0 was measured (every wait took 0 us: the base had them, so
     * they are not new), {@value #NOT_RECORDED} when a side did not record the metric.
     */
    public static String ratio(SummaryComparison.Row r) {
        if (Double.isNaN(r.base()) || Double.isNaN(r.test()) || r.unlike()) {
            return NOT_RECORDED; // unlike: tps beside ops/s, no ratio of the two
        }
        if (r.ratio().isEmpty()) {
            return r.test() == 0 ? "=" : r.metric().endsWith(".mean") ? "from 0" : "new";
        }
        return PlainText.ratio(r.ratio().getAsDouble());
    }

    private static String baseRange(SummaryComparison.Row r) {
        return range(r.baseMin(), r.baseMax(), r.share(), countRange(r));
    }

    private static String testRange(SummaryComparison.Row r) {
        return range(r.testMin(), r.testMax(), r.share(), countRange(r));
    }

    /**
     * Whether the row's seeds gave whole numbers on both sides (lock events, holder preemptions,
     * TCP counters): their spread prints without decimals even where the means are fractions.
     */
    private static boolean countRange(SummaryComparison.Row r) {
        return !r.share() && wholeOrNaN(r.baseMin()) && wholeOrNaN(r.baseMax()) && wholeOrNaN(r.testMin())
                && wholeOrNaN(r.testMax());
    }

    private static boolean wholeOrNaN(double v) {
        return Double.isNaN(v) || v == Math.rint(v);
    }

    private static String range(double lo, double hi, boolean share, boolean counts) {
        if (Double.isNaN(lo) || Double.isNaN(hi)) {
            return NOT_RECORDED;
        }
        if (share && lo == 0 && hi == 0) {
            return "0..0"; // as its mean prints "0": "0.00..0.00%" under it mixed the units
        }
        if (share && Math.max(Math.abs(lo), Math.abs(hi)) * 100 < 0.005) {
            // spinWhile.writer 0.0033%: "0.00..0.00%" under it read as nothing on every seed
            return "<0.01%";
        }
        if (share) {
            // 34.6..34.8%, 1.96..2.04%: the seeds' spread in the cell's own unit ("0.020..0.020"
            // beside a mean of 0.01965 hid it)
            String d = Math.max(Math.abs(lo), Math.abs(hi)) * 100 >= 10 ? "%.1f" : "%.2f";
            String s = String.format(Locale.ROOT, d + ".." + d + "%%", lo * 100, hi * 100);
            if (s.length() > COL) {
                // 99.95% on every seed: "100.0..100.0%" is 13 columns, and the cut lost the unit
                s = String.format(Locale.ROOT, "%.0f..%.0f%%", lo * 100, hi * 100);
            }
            return s.length() > COL ? s.substring(0, COL) : s;
        }
        // counts print whole below 1000: 9 and 19 holder preemptions read "9.000..19.0", 1 and 3
        // lock events "1.000..3.000", as if they were means
        String l = counts ? count(lo) : compact(lo);
        String h = counts ? count(hi) : compact(hi);
        String s = l + ".." + h;
        if (lo != hi && l.equals(h)) {
            // seeds that differ must not read alike: 5734 and 5748 holder preemptions were
            // "5.7k..5.7k" under a mean of 5741.0; more digits while the pair still fits the cell
            for (int extra = 1; extra <= 3; extra++) {
                String a = compact(lo, extra);
                String b = compact(hi, extra);
                if (a.length() + 2 + b.length() > COL) {
                    break;
                }
                if (!a.equals(b)) {
                    return a + ".." + b;
                }
            }
        }
        return s.length() > COL ? s.substring(0, COL) : s;
    }

    /** A whole count in at most five characters: as it is below 1000, else as {@link #compact(double)}. */
    private static String count(double v) {
        return Math.abs(v) < 1000 ? String.format(Locale.ROOT, "%.0f", v) : compact(v);
    }

    /** {@link #compact(double)} with {@code extra} more digits (from 1000 to 9999: the whole number first). */
    private static String compact(double v, int extra) {
        double a = Math.abs(v);
        if (a >= 1e6) {
            return big(v, extra);
        }
        if (a >= 1e4) {
            return String.format(Locale.ROOT, "%." + extra + "fk", v / 1e3);
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%." + (extra - 1) + "f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%." + extra + "f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%." + (1 + extra) + "f", v);
        }
        if (a >= 0.01 || a == 0) {
            return String.format(Locale.ROOT, "%." + (3 + extra) + "f", v);
        }
        return String.format(Locale.ROOT, "%." + extra + "e", v);
    }

    /** A share of CPU time as the summaries print it: {@code 34.69%}, n/a if not recorded. */
    public static String percent(double share) {
        if (Double.isNaN(share)) {
            return NOT_RECORDED;
        }
        if (share == 0) {
            return "0";
        }
        double p = share * 100;
        return String.format(Locale.ROOT, Math.abs(p) >= 0.01 ? "%.2f%%" : "%.4f%%", p);
    }

    /** At most five characters: enough to see the spread between seeds. */
    static String compact(double v) {
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a >= 1e6) {
            return big(v, 0);
        }
        if (a >= 1e4) {
            return String.format(Locale.ROOT, "%.0fk", v / 1e3);
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.1fk", v / 1e3);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 0.01) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return String.format(Locale.ROOT, "%.0e", v);
    }

    /**
     * A value of a million or more in at most five characters (with {@code extra} more digits):
     * {@code 15.7G}, {@code 377M}, one decimal while it fits and whole from 100 of the unit on.
     * {@code %.1fM} alone printed the bytes of case C's TCP rows as {@code 15714.5M}, and two of
     * them did not fit the 12 columns of a seeds' spread, which cut them to {@code 15714.5M..19}.
     */
    private static String big(double v, int extra) {
        double scaled = v / 1e6;
        for (String unit : BIG_UNITS) {
            double a = Math.abs(scaled);
            if (a < 99.95) {
                return String.format(Locale.ROOT, "%." + (1 + extra) + "f" + unit, scaled);
            }
            if (a < 999.5) {
                return String.format(Locale.ROOT, "%." + extra + "f" + unit, scaled);
            }
            scaled /= 1e3;
        }
        return String.format(Locale.ROOT, "%." + extra + "e", v);
    }

    private static String base(SummaryComparison.Row r) {
        return value(r, r.base());
    }

    private static String test(SummaryComparison.Row r) {
        return value(r, r.test());
    }

    /**
     * One side's figure of row {@code r}: a latency or wait in us that {@code table} prints as that
     * table prints it ({@link SummaryComparison.Row#asTablePrints}).
     */
    private static String value(SummaryComparison.Row r, double v) {
        if (r.share()) {
            return percent(v);
        }
        if (r.asTablePrints()) {
            return Double.isNaN(v) ? NOT_RECORDED : PlainText.cell(v);
        }
        return num(v, wholeRow(r));
    }

    /** A row of counts that fits the cell without decimals. */
    private static boolean wholeRow(SummaryComparison.Row r) {
        return r.counts() && !(Math.abs(r.base()) >= 1e11) && !(Math.abs(r.test()) >= 1e11);
    }

    /** Eleven digits fit the 12-column cell. */
    private static boolean whole(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e11;
    }

    static String num(double v) {
        return num(v, whole(v));
    }

    /**
     * {@code asWhole}: a row of counts (D-SACKs, segments, bytes) prints whole numbers - "48.000"
     * read as a fraction, and 9587707560.0 sat beside 1.571e+10 in one row. Decided per row, so a
     * mean that happens to be 2 stays "2.000" beside 31.970.
     */
    static String num(double v, boolean asWhole) {
        if (Double.isNaN(v)) {
            return NOT_RECORDED;
        }
        if (v == 0) {
            return "0";
        }
        if (asWhole && whole(v)) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (Math.abs(v) >= 1e10) {
            return String.format(Locale.ROOT, "%.4g", v); // 2.306e+15: within the 12 columns of a cell
        }
        if (Math.abs(v) >= 1000) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (Math.abs(v) >= 1) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return String.format(Locale.ROOT, "%.5f", v);
    }

}
