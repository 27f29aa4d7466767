package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;

/**
 * {@code schedlab table} of an mpstat or sar output: the per-CPU means as a grid of CPU by column,
 * as the tools print them, in lines that fit a mail; vmstat's and sar's other means one per line.
 */
class SysstatTableTest {
    private static String table(String file) throws Exception {
        return SummaryReport.render(DatasetSummary.of(Fixtures.importAll("real/sysstat/" + file).dataset()));
    }

    @Test
    void mpstatsPerCpuMeansAreAGridOfCpuByColumn() throws Exception {
        String t = table("mpstat-P-ALL-1-4.txt");
        assertTrue(t.contains("\n  mpstat CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal\n"
                + "  all          84.15    0.00   15.10    0.00    0.00    0.38    0.38\n"
                + "  0            81.84    0.00   17.67    0.00    0.00    0.00    0.50\n"
                + "  1            86.50    0.00   12.50    0.00    0.00    0.75    0.25\n"), t);
        assertTrue(t.contains("\n  mpstat CPU  %guest  %gnice   %idle\n"), t);
        assertFalse(t.contains("mpstat CPU 0 %usr"), t);
        assertTrue(t.lines().allMatch(l -> l.length() <= PlainText.WIDTH), t);
    }

    @Test
    void sarsCpuReportIsAGridAndItsQueueReportOneMeanALine() throws Exception {
        assertTrue(table("sar-P-ALL-1-3.txt").contains("\n  sar CPU   %user   %nice %system %iowait  %steal   %idle\n"
                + "  all       86.20    0.00   13.63    0.00    0.17    0.00\n"));
        String q = table("sar-q-1-5.txt");
        assertTrue(q.contains("\n  sar runq-sz                              11.20\n"), q);
    }

    @Test
    void theFiguresTabListsEachTracksMeanAsTheTableDoes() throws Exception {
        var rows = SummaryFigures.of(DatasetSummary.of(Fixtures.importAll("real/sysstat/mpstat-P-ALL-1-4.txt").dataset()))
                .stream().filter(r -> r.part().equals("sysstat")).toList();
        assertTrue(rows.contains(new SummaryFigures.Row("sysstat", "mpstat CPU all %usr mean", "84.15")), rows.toString());
        assertTrue(rows.contains(new SummaryFigures.Row("sysstat", "mpstat CPU 0 %steal mean", "0.50")), rows.toString());
    }

    @Test
    void aPerCpuMeanOfFiveDigitsOrMoreIsWrittenWhole() throws Exception {
        // mpstat -I SUM: each CPU's interrupts a second, tens of thousands on a busy machine
        String mpstat = "Linux 6.1.0 (db1) \t12/03/2026 \t_x86_64_\t(2 CPU)\n\n"
                + "16:14:46         CPU    intr/s\n"
                + "16:14:47         all  45678.00\n"
                + "16:14:47           0  23456.00\n"
                + "16:14:47           1    222.50\n"
                + "16:14:48         all  45678.00\n"
                + "16:14:48           0 1234567.00\n"
                + "16:14:48           1    222.50\n";
        String t = SummaryReport.render(DatasetSummary.of(Fixtures.importText("mpstat-I.txt", mpstat).dataset()));
        // a 7-column cell cut them to "45678.~"; grouped as in every text table
        assertTrue(t.contains("\n  mpstat CPU     intr/s\n"
                + "  all         45,678.00\n"
                + "  0          629,011.50\n"
                + "  1              222.50\n"), t);
        assertTrue(t.lines().allMatch(l -> l.length() <= PlainText.WIDTH), t);
    }

    @Test
    void theFiguresTabWritesAPerCpuMeanAsItsOtherMeasurements() throws Exception {
        String mpstat = "Linux 6.1.0 (db1) \t12/03/2026 \t_x86_64_\t(2 CPU)\n\n"
                + "16:14:46         CPU    intr/s\n"
                + "16:14:47         all  45678.00\n"
                + "16:14:48         all  45678.00\n";
        var summary = DatasetSummary.of(Fixtures.importText("mpstat-I.txt", mpstat).dataset());
        assertTrue(SummaryReport.render(summary).contains("\n  all        45,678.00\n"), SummaryReport.render(summary));
        // the Figures tab writes it as every table on screen writes a measurement from 1000 up
        // (ScreenText#measure), grouped and without the decimals of a percentage beside it
        assertTrue(SummaryFigures.of(summary).contains(new SummaryFigures.Row("sysstat", "mpstat CPU all intr/s mean",
                "45,678")), SummaryFigures.of(summary).toString());
    }
}
