package org.schedlab.ui.lab;

import java.util.Locale;

import org.schedlab.analysis.ComparisonTable;
import org.schedlab.analysis.ScreenText;
import org.schedlab.analysis.SummaryComparison;

/** The numbers of the A/B table's cells (kept apart from the control so they can be tested without a toolkit). */
final class DeltaCells {
    private DeltaCells() {
    }

    /**
     * Whether a B/A ratio is bold: 5 % or more away from 1 as the cell shows it (two decimals).
     * Decided on the raw ratio, 1.0495 read "x1.05" in plain type beside a bold "x1.05".
     */
    static boolean moved(java.util.OptionalDouble ratio) {
        if (ratio.isEmpty() || !Double.isFinite(ratio.getAsDouble())) {
            return false;
        }
        // the two decimals PlainText.ratio prints (x1.05, 0.95x), so bold and text always agree
        double shown = Double.parseDouble(String.format(Locale.ROOT, "%.2f", ratio.getAsDouble()));
        return Math.abs(shown - 1) >= 0.05 - 1e-9;
    }

    /**
     * The B/A cell, as the copied text, {@code schedlab compare} and an exported picture write it:
     * {@code x1.94}, {@code 0.51x}, {@code 1/180x} below 0.1 ({@link ComparisonTable#ratio}).
     */
    static String ratio(SummaryComparison.Row r) {
        return ComparisonTable.ratio(r);
    }

    /**
     * Side A ({@code base}) or B of row {@code r}: a CPU share as a percentage as every table on
     * screen writes it ({@link ScreenText#share}, {@code 35.9 %}), with the seeds' spread in its
     * unit ({@code 33.6 %  (33.5..33.7 %)}). It read {@code 37.56%} beside the Live summary's
     * {@code 35.9 %}.
     */
    static String cell(SummaryComparison.Row r, boolean base, int seeds) {
        double mean = base ? r.base() : r.test();
        double min = base ? r.baseMin() : r.testMin();
        double max = base ? r.baseMax() : r.testMax();
        if (r.share()) {
            if (Double.isNaN(mean)) {
                return ComparisonTable.NOT_RECORDED;
            }
            String m = ScreenText.share(mean);
            return seeds > 1 && max > min ? m + "  (" + ScreenText.shareRange(min, max) + ")" : m;
        }
        if (r.asTablePrints()) {
            // as 'table' and Copy table print it (one decimal, whole from 1000): a runqlat mean read
            // 363.087 here beside their 363.1, a lock's wait mean 2,236.118 beside 2236.1
            return cell(mean, min, max, seeds, v -> Double.isNaN(v) ? ComparisonTable.NOT_RECORDED
                    : ScreenText.measure(v, 1));
        }
        return cell(mean, min, max, seeds, counts(r));
    }

    static String cell(double mean, double min, double max, int seeds, boolean counts) {
        return cell(mean, min, max, seeds, v -> num(v, counts));
    }

    private static String cell(double mean, double min, double max, int seeds,
                               java.util.function.DoubleFunction<String> form) {
        String m = form.apply(mean);
        if (!(seeds > 1 && max > min)) {
            return m;
        }
        String lo = form.apply(min);
        String hi = form.apply(max);
        if (lo.equals(hi)) {
            // seeds that differ must not read alike: 5,566.2 and 5,566.4 us were both "5,566"
            lo = String.format(Locale.ROOT, "%,.1f", min);
            hi = String.format(Locale.ROOT, "%,.1f", max);
        }
        return m + "  (" + lo + ".." + hi + ")";
    }

    /**
     * A row of counts ({@link SummaryComparison.Row#counts}) prints whole numbers, as
     * {@code schedlab compare} does - "48.000" reads as a fraction and "15,714,506,880.0" as a
     * measurement. Decided per row, so a mean that happens to be 2 stays "2.000" beside 31.970.
     */
    static boolean counts(SummaryComparison.Row r) {
        return r.counts();
    }

    static String num(double v, boolean counts) {
        if (Double.isNaN(v)) {
            return ComparisonTable.NOT_RECORDED; // a side that did not record it
        }
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (counts && v == Math.rint(v)) {
            return ScreenText.count(v);
        }
        // from 1000 up without a tenth, whether or not the row is one of counts: a throughput read
        // "184,962" where both runs' happened to be whole and "176,542.0" beside an opened file's
        return a >= 1 ? ScreenText.measure(v, 3) : String.format(Locale.ROOT, "%.5f", v);
    }
}
