package org.schedlab.ui.lab;

import java.util.Locale;

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

    /** Side A ({@code base}) or B of row {@code r}: a CPU share as a percentage, as the summaries show it. */
    static String cell(SummaryComparison.Row r, boolean base, int seeds) {
        double mean = base ? r.base() : r.test();
        double min = base ? r.baseMin() : r.testMin();
        double max = base ? r.baseMax() : r.testMax();
        if (r.share()) {
            String m = org.schedlab.analysis.ComparisonTable.percent(mean);
            return seeds > 1 && max > min ? m + "  (" + org.schedlab.analysis.ComparisonTable.percent(min) + ".."
                    + org.schedlab.analysis.ComparisonTable.percent(max) + ")" : m;
        }
        return cell(mean, min, max, seeds, counts(r));
    }

    static String cell(double mean, double min, double max, int seeds, boolean counts) {
        String m = num(mean, counts);
        return seeds > 1 && max > min ? m + "  (" + num(min, counts) + ".." + num(max, counts) + ")" : m;
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
            return org.schedlab.analysis.ComparisonTable.NOT_RECORDED; // a side that did not record it
        }
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (counts && v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return String.format(Locale.ROOT, "%.5f", v);
    }
}
