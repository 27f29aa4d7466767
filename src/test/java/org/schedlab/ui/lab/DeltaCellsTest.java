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
    void cpuSharesReadAsPercentagesAsInTheSummariesWithTheSeedsSpread() {
        SummaryComparison.Row user = new SummaryComparison.Row("cpu.user", 0.34689, 0.33634,
                OptionalDouble.of(0.33634 / 0.34689), 0.346, 0.348, 0.335, 0.337, "");
        assertTrue(user.share());
        assertEquals("34.7 %", DeltaCells.cell(user, true, 1));
        assertEquals("33.6 %  (33.5..33.7 %)", DeltaCells.cell(user, false, 2));
        SummaryComparison.Row site = new SummaryComparison.Row("profile: s_lock (StrategyGetBuffer)", 0.136, 0.1,
                OptionalDouble.of(0.1 / 0.136), 0.136, 0.136, 0.1, 0.1, "");
        assertEquals("13.6 %", DeltaCells.cell(site, true, 1));
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
        assertEquals("125,701", DeltaCells.cell(125_701.0, 0, 0, 1, false));
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

    @Test
    void aShareReadsAsTheLiveSummaryWritesIt() {
        // "37.56%" in the A/B table beside "35.9 %" in the Live summary of the same run
        SummaryComparison.Row spin = new SummaryComparison.Row("cpu.spin", 0.3756, 0.359,
                OptionalDouble.of(0.359 / 0.3756), 0.3756, 0.3756, 0.359, 0.359, "");
        assertEquals("37.6 %", DeltaCells.cell(spin, true, 1));
        assertEquals(SummaryRows.pct(0.359), DeltaCells.cell(spin, false, 1));
        SummaryComparison.Row writer = new SummaryComparison.Row("mmap_lock spinWhile.writer", 0.000033, 0,
                OptionalDouble.of(0), 0.000033, 0.000033, 0, 0, "");
        assertEquals("0.0033 %", DeltaCells.cell(writer, true, 1), "a small share is not \"0.0 %\"");
        assertEquals("0.0 %", DeltaCells.cell(writer, false, 1));
        SummaryComparison.Row close = new SummaryComparison.Row("cpu.user", 0.3353, 0.3353,
                OptionalDouble.of(1), 0.3352, 0.3354, 0.3352, 0.3354, "");
        assertEquals("33.5 %  (33.52..33.54 %)", DeltaCells.cell(close, true, 3), "seeds that differ read apart");
    }

    @Test
    void aThroughputReadsAlikeWhetherOrNotBothSidesHappenToBeWhole() {
        // two simulated runs: whole tps; a run against an opened pgbench file: 176542.3
        SummaryComparison.Row sims = new SummaryComparison.Row(SummaryComparison.THROUGHPUT, 184_962, 176_542,
                OptionalDouble.of(176_542.0 / 184_962), 184_962, 184_962, 176_542, 176_542, "tps");
        SummaryComparison.Row withFile = new SummaryComparison.Row(SummaryComparison.THROUGHPUT, 184_962, 176_542.3,
                OptionalDouble.of(176_542.3 / 184_962), 184_962, 184_962, 176_542.3, 176_542.3, "tps");
        assertEquals("184,962", DeltaCells.cell(sims, true, 1));
        assertEquals("184,962", DeltaCells.cell(withFile, true, 1));
        assertEquals("176,542", DeltaCells.cell(withFile, false, 1));
        assertEquals(SummaryRows.throughput(176_542.3), DeltaCells.cell(withFile, false, 1), "as the Live summary");
        assertEquals("5,567  (5,566.2..5,566.4)", DeltaCells.cell(5566.5, 5566.2, 5566.4, 2, false),
                "seeds that differ read apart");
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
