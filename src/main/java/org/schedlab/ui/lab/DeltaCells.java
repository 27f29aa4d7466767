package org.schedlab.ui.lab;

import java.util.Locale;

import org.schedlab.analysis.ComparisonTable;
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
     * Side A ({@code base}) or B of row {@code r} in the copied text's forms ({@link
     * ComparisonTable#side}: Copy table, {@code schedlab compare} and an exported picture), so a
     * screenshot and a pasted table give one figure alike: a vmstat mean of {@code 2,599.6} /s, a
     * CPU share of {@code 37.56%}. With several seeds that differ, the min..max the text prints
     * under the mean follows it: {@code 11.5  (9..14)}. The tab wrote its own forms ({@code
     * 2,600}, {@code 37.6 %}), which a reader comparing the two took for different runs.
     */
    static String cell(SummaryComparison.Row r, boolean base, int seeds) {
        String[] c = ComparisonTable.side(r, base, seeds > 1);
        double min = base ? r.baseMin() : r.testMin();
        double max = base ? r.baseMax() : r.testMax();
        return seeds > 1 && max > min ? c[0] + "  (" + c[1] + ")" : c[0];
    }
}
