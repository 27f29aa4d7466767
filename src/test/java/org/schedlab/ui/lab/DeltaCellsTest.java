package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.SummaryComparison;

/** How the workbench's A/B table writes its numbers: counts whole, as {@code schedlab compare} does. */
class DeltaCellsTest {
    private static SummaryComparison.Row row(double base, double test) {
        return new SummaryComparison.Row("tcp.dsack", base, test, OptionalDouble.of(test / base), base, base, test,
                test, "");
    }

    @Test
    void aRowOfCountsPrintsWholeNumbers() {
        SummaryComparison.Row dsack = row(48, 2273);
        assertTrue(DeltaCells.counts(dsack));
        assertEquals("48", DeltaCells.cell(48, 48, 48, 1, true));
        assertEquals("2,273", DeltaCells.cell(2273, 2273, 2273, 1, true));
        assertEquals("15,714,506,880", DeltaCells.cell(15_714_506_880.0, 0, 0, 1, true));
    }

    @Test
    void cpuSharesReadAsPercentagesAsInTheSummariesWithTheSeedsSpread() {
        SummaryComparison.Row user = new SummaryComparison.Row("cpu.user", 0.34689, 0.33634,
                OptionalDouble.of(0.33634 / 0.34689), 0.346, 0.348, 0.335, 0.337, "");
        assertTrue(user.share());
        assertEquals("34.69%", DeltaCells.cell(user, true, 1));
        assertEquals("33.63%  (33.50%..33.70%)", DeltaCells.cell(user, false, 2));
        SummaryComparison.Row site = new SummaryComparison.Row("profile: s_lock (StrategyGetBuffer)", 0.136, 0.1,
                OptionalDouble.of(0.1 / 0.136), 0.136, 0.136, 0.1, 0.1, "");
        assertEquals("13.60%", DeltaCells.cell(site, true, 1));
        assertFalse(row(48, 2273).share(), "counts stay counts");
    }

    @Test
    void aCounterOnlyOneSidesKernelHasIsStillACount() {
        // rwsem_opt_rlock: v5.10 counts it, the backport has no such counter (n/a, NaN)
        SummaryComparison.Row optRlock = row(7718, Double.NaN);
        assertTrue(DeltaCells.counts(optRlock));
        assertEquals("7,718", DeltaCells.cell(7718, 7718, 7718, 1, DeltaCells.counts(optRlock)));
        assertEquals("n/a", DeltaCells.cell(Double.NaN, Double.NaN, Double.NaN, 1, true));
        assertFalse(DeltaCells.counts(row(7718.5, Double.NaN)));
    }

    @Test
    void measurementsKeepTheirDecimalsAndAWholeMeanAmongThemStaysAMeasurement() {
        SummaryComparison.Row kworker = row(2.0, 31.97);
        assertFalse(DeltaCells.counts(kworker));
        assertEquals("2.000", DeltaCells.cell(2.0, 2.0, 2.0, 1, false));
        assertEquals("31.970", DeltaCells.cell(31.97, 31.97, 31.97, 1, false));
        assertEquals("125,701.0", DeltaCells.cell(125_701.0, 0, 0, 1, false));
    }

    @Test
    void severalSeedsShowTheSpread() {
        assertEquals("2,300  (2,273..2,327)", DeltaCells.cell(2300, 2273, 2327, 2, true));
        assertEquals("0.61000", DeltaCells.cell(0.61, 0.61, 0.61, 3, false), "no range when all seeds agree");
    }

    @Test
    void aRatioIsBoldWhenItReadsFivePercentOrMoreFromOne() {
        assertTrue(DeltaCells.moved(java.util.OptionalDouble.of(1.0495)), "shown as x1.05");
        assertTrue(DeltaCells.moved(java.util.OptionalDouble.of(0.951)), "shown as 0.95x");
        assertFalse(DeltaCells.moved(java.util.OptionalDouble.of(1.044)), "shown as x1.04");
        assertFalse(DeltaCells.moved(java.util.OptionalDouble.of(0.957)), "shown as 0.96x");
        assertTrue(DeltaCells.moved(java.util.OptionalDouble.of(0.0003)), "shown as 0.00030x");
        assertFalse(DeltaCells.moved(java.util.OptionalDouble.empty()), "n/a");
    }
}
