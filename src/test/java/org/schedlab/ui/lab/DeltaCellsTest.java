package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.SummaryComparison;

/** How the workbench's A/B table writes its numbers: as the copied text and {@code schedlab compare} do. */
class DeltaCellsTest {
    private static SummaryComparison.Row row(double base, double test) {
        if (Double.isNaN(test)) {
            return new SummaryComparison.Row("tcp.dsack", base, test, OptionalDouble.empty(), base, base, test,
                    test, "");
        }
        return new SummaryComparison.Row("tcp.dsack", base, test, OptionalDouble.of(test / base), base, base, test,
                test, "");
    }

    @Test
    void aRowOfCountsPrintsWholeNumbers() {
        SummaryComparison.Row dsack = row(48, 2273);
        assertTrue(dsack.counts());
        assertEquals("48", DeltaCells.cell(dsack, true, 1));
        assertEquals("2,273", DeltaCells.cell(dsack, false, 1));
        assertEquals("15,714,506,880", DeltaCells.cell(row(15_714_506_880.0, 1), true, 1));
    }

    /** The text's A or B cell of {@code r} (Copy table, {@code compare}, an exported picture). */
    private static String copied(SummaryComparison.Row r, boolean base, int seeds) {
        java.util.List<SummaryComparison.Row> rows = java.util.List.of(r);
        String mean = org.schedlab.analysis.ComparisonTable.cells(rows, seeds > 1).get(0).get(base ? 1 : 2);
        double min = base ? r.baseMin() : r.testMin();
        double max = base ? r.baseMax() : r.testMax();
        return seeds > 1 && max > min
                ? mean + "  (" + org.schedlab.analysis.ComparisonTable.rangeCells(rows).get(0).get(base ? 1 : 2) + ")"
                : mean;
    }

    @Test
    void aFigureReadsAsTheCopiedTableWritesIt() {
        // a vmstat mean read "2,600" on the tab where Copy table and 'compare' print "2,599.6"
        SummaryComparison.Row cs = new SummaryComparison.Row("vmstat cs (/s) mean", 2599.6, 2711.4,
                OptionalDouble.of(2711.4 / 2599.6), 2599.6, 2599.6, 2711.4, 2711.4, "");
        assertEquals("2,599.6", DeltaCells.cell(cs, true, 1));
        assertEquals("2,711.4", DeltaCells.cell(cs, false, 1));
        // and every kind of row, one seed or several: the tab's cell is the text's, figure for figure
        java.util.List<SummaryComparison.Row> kinds = java.util.List.of(cs,
                new SummaryComparison.Row(SummaryComparison.THROUGHPUT, 98_565.86, 176_542, OptionalDouble.of(1.79),
                        98_000, 99_100, 176_000, 177_100, "tps"),
                new SummaryComparison.Row("cpu.user", 0.34689, 0.33634, OptionalDouble.of(0.97), 0.346, 0.348,
                        0.335, 0.337, ""),
                new SummaryComparison.Row("buffer_strategy_lock holderPreemptions", 6606.5, 7638,
                        OptionalDouble.of(1.16), 6600, 6613, 7638, 7638, ""),
                new SummaryComparison.Row("buffer_strategy_lock waitUs.mean", 2297.4, 2537.2,
                        OptionalDouble.of(1.1), 2290.1, 2304.7, 2530.0, 2544.4, ""),
                new SummaryComparison.Row("tcp.retransSegs", 9_587_707_560.0, 15_714_506_880.0,
                        OptionalDouble.of(1.64), 9_500_000_000.0, 9_600_000_000.0, 15_700_000_000.0,
                        15_800_000_000.0, ""),
                row(2.0, 31.97), row(7718, Double.NaN), row(0.61, 0.5));
        for (SummaryComparison.Row r : kinds) {
            for (int seeds : new int[] {1, 3}) {
                assertEquals(copied(r, true, seeds), DeltaCells.cell(r, true, seeds), r.metric() + " A, seeds " + seeds);
                assertEquals(copied(r, false, seeds), DeltaCells.cell(r, false, seeds), r.metric() + " B, seeds " + seeds);
            }
        }
    }

    @Test
    void aSmallRatioReadsAsTheFractionItIsAsInTheCopiedTextAndThePicture() {
        // cpu.spin from 6.57 % to 0.04 % (0.0055 of it) read "0.01x", 1/100, in the B/A column
        SummaryComparison.Row spin = new SummaryComparison.Row("cpu.spin", 0.0657, 0.000361,
                OptionalDouble.of(0.0055), 0.0657, 0.0657, 0.000361, 0.000361, "");
        assertEquals("1/180x", DeltaCells.ratio(spin), "the A/B tab's B/A column");
        assertEquals("1/180x", org.schedlab.analysis.ComparisonTable.cells(java.util.List.of(spin)).get(0).get(3),
                "the exported picture's cell");
        assertTrue(DeltaCells.moved(spin.ratio()), "and bold, as it moved");
    }

    @Test
    void cpuSharesReadAsPercentagesAsInTheCopiedTableWithTheSeedsSpread() {
        SummaryComparison.Row user = new SummaryComparison.Row("cpu.user", 0.34689, 0.33634,
                OptionalDouble.of(0.33634 / 0.34689), 0.346, 0.348, 0.335, 0.337, "");
        assertTrue(user.share());
        assertEquals("34.69%", DeltaCells.cell(user, true, 1));
        assertEquals("33.6%  (33.5..33.7%)", DeltaCells.cell(user, false, 2));
        SummaryComparison.Row site = new SummaryComparison.Row("profile: s_lock (StrategyGetBuffer)", 0.136, 0.1,
                OptionalDouble.of(0.1 / 0.136), 0.136, 0.136, 0.1, 0.1, "");
        assertEquals("13.60%", DeltaCells.cell(site, true, 1));
        assertFalse(row(48, 2273).share(), "counts stay counts");
    }

    @Test
    void aCounterOnlyOneSidesKernelHasIsStillACount() {
        // rwsem_opt_rlock: v5.10 counts it, the backport has no such counter (n/a, NaN)
        SummaryComparison.Row optRlock = row(7718, Double.NaN);
        assertTrue(optRlock.counts());
        assertEquals("7,718", DeltaCells.cell(optRlock, true, 1));
        assertEquals("n/a", DeltaCells.cell(optRlock, false, 1));
        assertFalse(row(7718.5, Double.NaN).counts());
    }

    @Test
    void measurementsKeepTheirDecimalsAndAWholeMeanAmongThemStaysAMeasurement() {
        SummaryComparison.Row kworker = row(2.0, 31.97);
        assertFalse(kworker.counts());
        assertEquals("2.000", DeltaCells.cell(kworker, true, 1));
        assertEquals("31.970", DeltaCells.cell(kworker, false, 1));
    }

    @Test
    void severalSeedsShowTheSpread() {
        SummaryComparison.Row dsack = new SummaryComparison.Row("tcp.dsack", 2300, 2300, OptionalDouble.of(1),
                2273, 2327, 2300, 2300, "");
        assertEquals("2,300  (2,273..2,327)", DeltaCells.cell(dsack, true, 2));
        assertEquals("2,300", DeltaCells.cell(dsack, false, 2), "no range when all seeds agree");
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

    @Test
    void aThroughputReadsAsTheCopiedTableWritesIt() {
        // two simulated runs: whole tps; a run against an opened pgbench file keeps its tenth on both sides
        SummaryComparison.Row sims = new SummaryComparison.Row(SummaryComparison.THROUGHPUT, 184_962, 176_542,
                OptionalDouble.of(176_542.0 / 184_962), 184_962, 184_962, 176_542, 176_542, "tps");
        SummaryComparison.Row withFile = new SummaryComparison.Row(SummaryComparison.THROUGHPUT, 184_962, 176_542.3,
                OptionalDouble.of(176_542.3 / 184_962), 184_962, 184_962, 176_542.3, 176_542.3, "tps");
        assertEquals("184,962", DeltaCells.cell(sims, true, 1));
        assertEquals("184,962.0", DeltaCells.cell(withFile, true, 1));
        assertEquals("176,542.3", DeltaCells.cell(withFile, false, 1));
    }

    @Test
    void aRunqlatMeanReadsAsTableCommandsRunqlatTablePrintsIt() {
        // runA's recording against case A: the A/B table read 363.087 and 11.000 where 'table' and
        // Copy table print 363.1 and 11.0; from 1000 on whole, grouped as the other cells
        SummaryComparison.Row all = new SummaryComparison.Row("runqlatUs._all.mean", 363.087, 12.078,
                OptionalDouble.of(12.078 / 363.087), 363.087, 363.087, 12.0, 12.2, "");
        assertTrue(all.runqlatMean());
        assertEquals("363.1", DeltaCells.cell(all, true, 1));
        assertEquals("12.1  (12.0..12.2)", DeltaCells.cell(all, false, 2));
        SummaryComparison.Row kcompactd = new SummaryComparison.Row("runqlatUs.kcompactd.mean", 11.0, Double.NaN,
                OptionalDouble.empty(), 11.0, 11.0, Double.NaN, Double.NaN, "");
        assertEquals("11.0", DeltaCells.cell(kcompactd, true, 1));
        assertEquals("n/a", DeltaCells.cell(kcompactd, false, 1));
        SummaryComparison.Row c1 = new SummaryComparison.Row("runqlatUs.C1 CompilerThre.mean", 1365.3, 1365.3,
                OptionalDouble.of(1), 1365.3, 1365.3, 1365.3, 1365.3, "");
        assertEquals("1,365", DeltaCells.cell(c1, true, 1));
        assertFalse(row(2.0, 31.97).runqlatMean(), "a D-SACK count is not");
    }

    @Test
    void latencyAndWaitMeansReadAsTableCommandPrintsThem() {
        // a lock's wait mean and YCSB's p95 read 236.118 and 319.000 here where 'table' prints
        // 236.1 and 319.0; from 1000 on whole (pgbench's mean 5955), grouped as the other cells
        SummaryComparison.Row tx = new SummaryComparison.Row("latencyUs.transaction.mean", 5955, 8495,
                OptionalDouble.of(8495 / 5955.0), 5955, 5955, 8495, 8495, "");
        assertTrue(tx.asTablePrints());
        assertEquals("5,955", DeltaCells.cell(tx, true, 1));
        SummaryComparison.Row wait = new SummaryComparison.Row("buffer_strategy_lock waitUs.mean", 236.118, 31.97,
                OptionalDouble.of(31.97 / 236.118), 230.4, 241.9, 31.97, 31.97, "");
        assertTrue(wait.asTablePrints());
        assertEquals("236.1  (230.4..241.9)", DeltaCells.cell(wait, true, 2));
        assertEquals("32.0", DeltaCells.cell(wait, false, 2));
        assertEquals(java.util.List.of("buffer_strategy_lock waitUs.mean", "236.1", "32.0", "0.14x"),
                org.schedlab.analysis.ComparisonTable.cells(java.util.List.of(wait)).get(0), "as Copy table");
        SummaryComparison.Row p95 = new SummaryComparison.Row("latencyUs.READ.p95", 319, 319,
                OptionalDouble.of(1), 319, 319, 319, 319, "");
        assertEquals("319.0", DeltaCells.cell(p95, true, 1));
        // case B's readers per phase: 'table' prints "6.0 readers per phase" where this read 5.952
        SummaryComparison.Row readers = new SummaryComparison.Row("mmap_lock readersPerPhase", 5.952, 1.74,
                OptionalDouble.of(1.74 / 5.952), 4.451, 7.453, 1.726, 1.754, "");
        assertTrue(readers.asTablePrints());
        assertEquals("6.0  (4.5..7.5)", DeltaCells.cell(readers, true, 2));
        assertEquals("1.7", DeltaCells.cell(readers, false, 1));
        // what 'table' does not print so keeps its own form: a share, counts
        assertFalse(row(48, 2273).asTablePrints());
        assertFalse(new SummaryComparison.Row("buffer_strategy_lock holderPreemptions", 5741, 6396, OptionalDouble.of(1.1),
                5741, 5741, 6396, 6396, "").asTablePrints());
    }
}
