package org.schedlab.analysis;

import java.util.List;
import java.util.Locale;
import org.schedlab.model.DatasetCrop;

/**
 * Comparison rows as a plain-text table no wider than 72 columns, in the style of the seed
 * mails ({@link PlainText}). Ratios read test/base: below 1 as {@code 0.51x}, above 1 as {@code x1.94}.
 */
public final class ComparisonTable {
    static final int WIDTH = PlainText.WIDTH;
    /**
     * The metric column: 30 + (1 + 14) x 2 + (1 + 11) = 72. At 28 the rwsem's "mmap_lock
     * rwsem_wlock_handoff" and "mmap_lock rwsem_rlock_handoff" (29) broke onto lines of their own,
     * the only two of the lock event rows that did.
     */
    private static final int METRIC = 30;
    /**
     * A side's column: a min..max over seeds of five grouped digits, {@code 38,415..40,970}, fits
     * it; at 12 it fell back to {@code 38.4k..41.0k}, and a mean of {@code 39,693} to {@code 39.7k}.
     * The columns are one space apart: right-aligned, they are wider apart but where both are full.
     */
    private static final int COL = 14;
    /** The ratio's column: {@code 1/990,000x}, {@code 1/1.6e+19x}, {@code x9,999,999} fit it. */
    private static final int RATIO = 11;
    /** The units a side's figures with seeds fall back to when a min..max does not fit {@link #COL}. */
    private static final String[] SCALE_UNITS = {"k", "M", "G", "T", "P"};
    /** A value or ratio a side did not record (NaN in the rows). */
    public static final String NOT_RECORDED = "n/a";

    private ComparisonTable() {
    }

    public static String render(String title, List<SummaryComparison.Row> rows, boolean withRange) {
        return render(title, rows, withRange, withRange);
    }

    /**
     * As {@link #render(String, List, boolean)}, a side's seeds under its figures only where it has
     * several ({@code rangeBase}, {@code rangeTest}): a file put on a side in the workbench is one
     * run beside the other side's seeds, and "seeds agree" under each of its figures said it had
     * seeds that gave one figure. Its figures are as one run prints them, with nothing under them.
     */
    public static String render(String title, List<SummaryComparison.Row> rows, boolean rangeBase,
                                boolean rangeTest) {
        boolean withRange = rangeBase || rangeTest;
        StringBuilder b = new StringBuilder();
        b.append(PlainText.clip(title)).append("\n\n");
        // the metric padded by terminal columns (PlainText.padRight), not by %-Ns's UTF-16 units
        int side = COL;
        String row = "%s %" + side + "s %" + side + "s %" + RATIO + "s%n";
        b.append(String.format(Locale.ROOT, row, PlainText.padRight("metric", METRIC), "base", "test", "test/base"));
        b.append(String.format(Locale.ROOT, row, "_".repeat(METRIC), "_".repeat(side), "_".repeat(side),
                "_".repeat(RATIO)));
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
            if (withRange) {
                String[] bs = seedsCells(r, true);
                String[] ts = seedsCells(r, false);
                b.append(String.format(Locale.ROOT, row, PlainText.padRight(label, METRIC), bs[0], ts[0], ratio(r)));
                b.append(String.format(Locale.ROOT, row, " ".repeat(METRIC), rangeBase ? bs[1] : "",
                                rangeTest ? ts[1] : "", "").stripTrailing())
                        .append('\n');
            } else {
                b.append(String.format(Locale.ROOT, row, PlainText.padRight(label, METRIC), base(r), test(r), ratio(r)));
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
        // a window cut from each recording (table A B --from-ms): "each recording's span" said the
        // recordings were as long as the window; a window of one against the whole of the other says which
        boolean cutA = windowed(base);
        boolean cutB = windowed(test);
        String how = runA && runB ? " (durationMs, warm-up left out)"
                : !runA && !runB && cutA == cutB ? (cutA ? " (durationMs, the window cut from each recording)"
                : " (durationMs, each recording's span)")
                : !runA && !runB ? " (durationMs: A's " + recordingSpan(cutA) + ", B's " + recordingSpan(cutB) + ")"
                : " (durationMs: " + (runA ? "A's" : "B's") + " after its warm-up, " + (runA ? "B's" : "A's")
                + " the recording's span)";
        return java.util.Optional.of(a.equals(b) ? "the measured " + a.get() + " of each side" + how
                : "each side's measured time, A " + a.get() + ", B " + b.get() + how);
    }

    /** What a recording side's durationMs spans: the window cut from it, or all of it. */
    private static String recordingSpan(boolean cut) {
        return cut ? "the window cut from its recording" : "the recording's span";
    }

    /** Summaries of a window cut from the data ({@code params.window}, {@link DatasetCrop#WINDOW_KEY}). */
    private static boolean windowed(List<com.fasterxml.jackson.databind.JsonNode> runs) {
        return runs.stream().allMatch(r -> r != null
                && r.path("params").has(DatasetCrop.WINDOW_KEY));
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
        return cells(rows, false);
    }

    /**
     * {@link #cells}, with {@code withRange} the means in the form of the min..max lines under
     * them ({@link #rangeCells}), as the text table prints them with several seeds.
     */
    public static List<List<String>> cells(List<SummaryComparison.Row> rows, boolean withRange) {
        List<List<String>> out = new java.util.ArrayList<>();
        for (SummaryComparison.Row r : rows) {
            if (!inNeither(r)) {
                out.add(withRange
                        ? List.of(r.label(), seedsCells(r, true)[0],
                        seedsCells(r, false)[0], ratio(r))
                        : List.of(r.label(), base(r), test(r), ratio(r)));
            }
        }
        return out;
    }

    /**
     * Side A ({@code base}) or B of row {@code r} as the text table writes it: with {@code
     * withRange} (several seeds) the mean and the min..max the text prints under it ({@link
     * #seedsCells}), else the figure and an empty second cell. For the workbench's A/B tab, so a
     * screenshot of it and the copied table read the same figures ({@code 2,599.6}, not the
     * {@code 2,600} the tab wrote in its own form).
     */
    public static String[] side(SummaryComparison.Row r, boolean base, boolean withRange) {
        if (withRange) {
            return base ? seedsCells(r, true)
                    : seedsCells(r, false);
        }
        return new String[] {base ? base(r) : test(r), ""};
    }

    /**
     * Each row's spread over the seeds as cells (empty, base min..max, test min..max, empty),
     * one per row of {@link #cells} (so none for a row neither side has): the line the text
     * table writes under a row with several seeds, for tables drawn elsewhere.
     */
    public static List<List<String>> rangeCells(List<SummaryComparison.Row> rows) {
        return rangeCells(rows, true, true);
    }

    /**
     * {@link #rangeCells(List)}, a side's cell empty where it is one run ({@code rangeBase}, {@code
     * rangeTest} false: a file put on it), as {@link #render(String, List, boolean, boolean)} prints it.
     */
    public static List<List<String>> rangeCells(List<SummaryComparison.Row> rows, boolean rangeBase, boolean rangeTest) {
        List<List<String>> out = new java.util.ArrayList<>();
        for (SummaryComparison.Row r : rows) {
            if (!inNeither(r)) {
                out.add(List.of("", rangeBase ? seedsCells(r, true)[1] : "",
                        rangeTest ? seedsCells(r, false)[1] : "", ""));
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

    /**
     * One side's mean over the seeds and its min..max under it, in one form per kind of figure,
     * so that the two lines read alike: a share in percent with the mean's decimals ({@code
     * 90.00%} over {@code 89.93..90.07%}), more where seeds that differ would read alike; a count ({@link SummaryComparison.Row#countKind}, its
     * seeds whole) with its mean to one decimal, whole where both sides' means are ({@code 11.5}
     * over {@code 9..14}); any other measurement (throughput, latencies and waits in us, readers
     * per phase) with one decimal, or whole and grouped where an end of the min..max is 1000 or more,
     * the mean too ({@code 40,850} over {@code 40,670..41,030}, {@code 980} over {@code 952..1,009},
     * {@code 823.3} over {@code 796.4..850.5}); seeds that differ never read alike: more decimals
     * where they fit, else the ends rounded outward ({@code 133.33..133.34}). A min..max that does not fit the
     * column puts both lines in one unit ({@code 9.59G} over {@code 9.55G..9.62G}). The means had
     * printed raw ({@code 40850.0}, {@code 11.500}) over abbreviations ({@code 40.7k..41.0k}).
     * Seeds that all gave one figure print it as one run does, over {@value #SEEDS_AGREE}. A side
     * without a figure whose row knows why ({@link SummaryComparison.Row#whyNone}) says so once,
     * nothing under it ({@code no wake-ups}).
     */
    static String[] seedsCells(SummaryComparison.Row r, boolean baseSide) {
        String why = r.whyNone(baseSide);
        if (Double.isNaN(baseSide ? r.base() : r.test()) && !why.isEmpty()) {
            return new String[] {why, ""}; // said once, under it nothing: "no wake-ups" over "no wake-ups" read as two
        }
        return baseSide ? seedsCells(r, r.base(), r.baseMin(), r.baseMax())
                : seedsCells(r, r.test(), r.testMin(), r.testMax());
    }

    /** {@link #seedsCells(SummaryComparison.Row, boolean)} of one side's mean, min and max. */
    static String[] seedsCells(SummaryComparison.Row r, double mean, double lo, double hi) {
        if (Double.isNaN(mean) || Double.isNaN(lo) || Double.isNaN(hi)) {
            return new String[] {NOT_RECORDED, NOT_RECORDED};
        }
        if (lo == hi) {
            // every seed gave one figure: it once, as one run prints it, and under it that they
            // agree - "0.0" over "0.0..0.0" read as a spread of one value
            return new String[] {agreed(r, lo), SEEDS_AGREE};
        }
        if (r.share()) {
            // the mean in its min..max's decimals: 90.00% over 89.9..90.1% read unlike, and a mean of
            // 0.0090% (four decimals) over 0.01..0.01% read as outside its range; only under
            // "<0.01%" does it keep the four decimals it needs, which read as below 0.01 % too
            int d = shareDecimals(lo, hi, mean);
            String range = shareRange(lo, hi, d);
            if (lo != hi && alike(range)) {
                // seeds that differ must not read alike (24.81 and 24.84 % as 24.8..24.8%): more
                // decimals while they fit, else the ends rounded outward, as other measurements
                while (shareRange(lo, hi, d + 1).length() <= COL && alike(range)) {
                    range = shareRange(lo, hi, ++d);
                }
                if (alike(range)) {
                    range = outward(lo * 100, hi * 100, d, "") + "%";
                }
            }
            String m = mean == 0 || range.startsWith("<") ? percent(mean)
                    : String.format(Locale.ROOT, "%." + d + "f%%", mean * 100);
            return new String[] {m, range};
        }
        boolean counts = r.countKind() && wholeOrNaN(r.baseMin()) && wholeOrNaN(r.baseMax())
                && wholeOrNaN(r.testMin()) && wholeOrNaN(r.testMax());
        String m;
        String range;
        if (counts) {
            boolean whole = wholeOrNaN(r.base()) && wholeOrNaN(r.test());
            m = String.format(Locale.ROOT, whole ? "%,.0f" : "%,.1f", mean);
            range = String.format(Locale.ROOT, "%,.0f..%,.0f", lo, hi);
        } else {
            // one form for the mean and both ends, decided from the range: 980.4 over 952.0..1,009
            // mixed a decimal and a whole end in one cell
            int d = wholeForm(lo, hi) ? 0 : 1;
            if (lo != hi && fixed(lo, d).equals(fixed(hi, d))) {
                // seeds that differ must not read alike (13.31 and 13.34 as 13.3..13.3): more
                // decimals on all three while the pair fits; where none that fit tells them apart,
                // the ends rounded outward (13.331 and 13.334 as 13.33..13.34), which holds them
                while (fixed(lo, d + 1).length() + 2 + fixed(hi, d + 1).length() <= COL
                        && fixed(lo, d).equals(fixed(hi, d))) {
                    d++;
                }
            }
            m = fixed(mean, d);
            range = lo != hi && fixed(lo, d).equals(fixed(hi, d)) ? outward(lo, hi, d, "")
                    : fixed(lo, d) + ".." + fixed(hi, d);
        }
        if (range.length() <= COL && m.length() <= COL) {
            return new String[] {m, range};
        }
        return scaled(mean, lo, hi);
    }

    /** The line under a side's figure where every seed gave that figure ({@link #seedsCells}). */
    public static final String SEEDS_AGREE = "seeds agree";

    /**
     * A figure every seed of a side gave, in the form one run's table prints it ({@link #value}):
     * a share {@code 0} or {@code 21.34%}, a count whole ({@code 0}, {@code 2,568}) whatever the
     * other side's mean, a latency as {@code table} prints it.
     */
    private static String agreed(SummaryComparison.Row r, double v) {
        if (r.countKind() && !r.share() && v == Math.rint(v)) {
            return num(v, true);
        }
        return value(r, v);
    }

    /**
     * Whether a measurement's mean and min..max print whole (and grouped): where an end of the
     * range rounds to 1000 or more at one decimal, as {@link PlainText#num} decides for one figure.
     */
    private static boolean wholeForm(double lo, double hi) {
        return Math.max(Math.abs(Double.parseDouble(String.format(Locale.ROOT, "%.1f", lo))),
                Math.abs(Double.parseDouble(String.format(Locale.ROOT, "%.1f", hi)))) >= 1000;
    }

    /** {@code v} with {@code d} decimals, its thousands grouped. */
    private static String fixed(double v, int d) {
        return String.format(Locale.ROOT, "%,." + d + "f", v);
    }

    /**
     * {@code lo..hi} ({@code lo < hi}) with {@code d} decimals, {@code lo} rounded down and {@code hi}
     * up, then divided by {@code div} and followed by {@code unit}: two seeds that differ past the
     * decimals that fit read as a range that holds both ({@code 13.33..13.34}), never as one
     * figure twice ({@code 13.33..13.33}) that says they were the same.
     */
    private static String outward(double lo, double hi, int d, String unit) {
        if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
            String f = "%,." + d + "f" + unit;
            return String.format(Locale.ROOT, f + ".." + f, lo, hi); // no decimal to round
        }
        // from each end's decimal form (Double.toString), not its binary value: a seed's 0.3 is
        // 0.29999999999999998... in binary, and rounded down from that read 0.2999, below every seed
        java.math.BigDecimal a = java.math.BigDecimal.valueOf(lo).setScale(d, java.math.RoundingMode.FLOOR);
        java.math.BigDecimal b = java.math.BigDecimal.valueOf(hi).setScale(d, java.math.RoundingMode.CEILING);
        String f = "%,." + d + "f" + unit;
        return String.format(Locale.ROOT, f + ".." + f, a, b);
    }

    /** Mean and min..max in one unit (k, M, G ...) with as many decimals (2 at most) as fit the column. */
    private static String[] scaled(double mean, double lo, double hi) {
        double a = Math.max(Math.abs(mean), Math.max(Math.abs(lo), Math.abs(hi)));
        double div = 1e3;
        int u = 0;
        while (u < SCALE_UNITS.length - 1 && a / div >= 999.5) {
            div *= 1e3;
            u++;
        }
        String unit = SCALE_UNITS[u];
        for (int d = 2; d >= 0; d--) {
            String f = "%." + d + "f" + unit;
            String range = String.format(Locale.ROOT, f + ".." + f, lo / div, hi / div);
            if (range.length() <= COL) {
                if (lo != hi && String.format(Locale.ROOT, f, lo / div).equals(String.format(Locale.ROOT, f, hi / div))
                        && outward(lo / div, hi / div, d, unit).length() <= COL) {
                    range = outward(lo / div, hi / div, d, unit); // 9.5931G and 9.5948G: 9.59G..9.60G, not 9.59G..9.59G
                }
                return new String[] {String.format(Locale.ROOT, f, mean / div), range};
            }
        }
        String f = "%.2e";
        return new String[] {String.format(Locale.ROOT, f, mean),
                PlainText.cut(String.format(Locale.ROOT, f + ".." + f, lo, hi), COL)};
    }

    /**
     * A share's min..max in its mean's decimals ({@code d}): {@code 89.9..90.1%}, {@code
     * 5.51..5.70%}; {@code <0.01%} where every seed is below 0.01 % but not 0 ({@code 0.00..0.00%}
     * read as nothing on every seed), {@code 0..0} where the ends are 0 (seeds that all agree do
     * not come here: {@link #SEEDS_AGREE}).
     */
    private static String shareRange(double lo, double hi, int d) {
        if (lo == 0 && hi == 0) {
            return "0..0";
        }
        if (Math.max(Math.abs(lo), Math.abs(hi)) * 100 < 0.005) {
            return "<0.01%";
        }
        return end(lo * 100, d) + ".." + end(hi * 100, d) + "%";
    }

    /** Whether a share's min..max reads as one figure twice ({@code 24.8..24.8%}; not {@code <0.01%}). */
    private static boolean alike(String shareRange) {
        int dots = shareRange.indexOf("..");
        return dots > 0 && shareRange.substring(0, dots).equals(shareRange.substring(dots + 2).replace("%", ""));
    }

    /** One decimal from 10 % up (two do not fit the column twice: 89.93..90.07%), two below. */
    private static int shareDecimals(double lo, double hi, double mean) {
        int d = Math.max(Math.abs(mean), Math.max(Math.abs(lo), Math.abs(hi))) * 100 >= 9.995 ? 1 : 2;
        // 99.95% on every seed: 100.0..100.0% is 13 columns
        while (d > 0 && (end(lo * 100, d) + ".." + end(hi * 100, d) + "%").length() > COL) {
            d--;
        }
        return d;
    }

    private static String end(double percent, int decimals) {
        return percent == 0 ? "0" : String.format(Locale.ROOT, "%." + decimals + "f", percent);
    }

    private static boolean wholeOrNaN(double v) {
        return Double.isNaN(v) || v == Math.rint(v);
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

    private static String base(SummaryComparison.Row r) {
        return cell(r, true);
    }

    private static String test(SummaryComparison.Row r) {
        return cell(r, false);
    }

    /** One run's cell of a side: its figure, or why it has none where the row knows ({@code no wake-ups}). */
    private static String cell(SummaryComparison.Row r, boolean baseSide) {
        double v = baseSide ? r.base() : r.test();
        String why = r.whyNone(baseSide);
        return Double.isNaN(v) && !why.isEmpty() ? why : value(r, v);
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
        java.util.function.DoubleFunction<String> form = r.metric().equals(SummaryComparison.THROUGHPUT)
                ? x -> throughput(x, wholeOrNaN(r.base()) && wholeOrNaN(r.test()))
                : x -> num(x, r.counts());
        if (Double.isFinite(v) && v != 0 && (tooLong(form.apply(r.base())) || tooLong(form.apply(r.test())))) {
            // both sides in one form: 999,999,999 beside 1.000e+09 read as two kinds of figure
            return String.format(Locale.ROOT, "%.4g", v);
        }
        return form.apply(v);
    }

    /** A figure {@link #fit} put in four digits. */
    private static boolean tooLong(String figure) {
        return figure.contains("e+");
    }

    /**
     * A throughput: whole where both sides' are (a simulated run's operations over its whole
     * measured seconds: {@code 39,154}, not the {@code 39154.0} whose tenth said nothing), one
     * decimal where a side's has a fraction as it was produced (a pgbench output's {@code 98565.86}
     * tps: {@code 98,565.9}), both sides alike in a row. Thousands grouped.
     */
    private static String throughput(double v, boolean wholeRow) {
        if (Double.isNaN(v)) {
            return NOT_RECORDED;
        }
        if (v == 0) {
            return "0";
        }
        return fit(String.format(Locale.ROOT, wholeRow ? "%,.0f" : "%,.1f", v), v);
    }

    /** {@code s}, or {@code v} in four digits ({@code 2.306e+15}) where {@code s} does not fit the 14-column cell. */
    private static String fit(String s, double v) {
        return s.length() <= COL ? s : String.format(Locale.ROOT, "%.4g", v);
    }

    static String num(double v) {
        return num(v, v == Math.rint(v));
    }

    /**
     * {@code asWhole}: a row of counts (D-SACKs, segments, bytes) prints whole numbers - "48.000"
     * read as a fraction, and 9587707560.0 sat beside 1.571e+10 in one row. Decided per row, so a
     * mean that happens to be 2 stays "2.000" beside 31.970. Thousands are grouped ({@code 32,074},
     * {@code 12,345.6}) as a ratio's divisor's are; a figure whose grouped digits do not fit the
     * 14-column cell (from 10^11 up for a count) is in four digits, {@code 1.571e+11}.
     */
    static String num(double v, boolean asWhole) {
        if (Double.isNaN(v)) {
            return NOT_RECORDED;
        }
        if (v == 0) {
            return "0";
        }
        if (asWhole && v == Math.rint(v)) {
            return fit(String.format(Locale.ROOT, "%,.0f", v), v);
        }
        if (Math.abs(v) >= 1000) {
            return fit(String.format(Locale.ROOT, "%,.1f", v), v);
        }
        if (Math.abs(v) >= 1) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return String.format(Locale.ROOT, "%.5f", v);
    }

}
