package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;

/**
 * {@code schedlab table} of one perf stat output: its counts as a table (event, count with unit and
 * -r's variance, rate over the elapsed time), each CPU's or core's counts under it - not a run of
 * {@code perf.EVENT=N} words in the parameter list.
 */
class PerfStatFiguresTest {
    private static String table(String file) throws Exception {
        return SummaryReport.render(DatasetSummary.of(Fixtures.importAll("real/perf-stat/" + file).dataset()));
    }

    private static List<String> section(String text, String head) {
        List<String> lines = text.lines().toList();
        int from = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(head)) {
                from = i;
                break;
            }
        }
        assertTrue(from >= 0, head + " in\n" + text);
        List<String> out = new java.util.ArrayList<>();
        for (int i = from; i < lines.size() && !lines.get(i).isBlank(); i++) {
            out.add(lines.get(i));
        }
        return out;
    }

    @Test
    void theTotalsAreATableOfCountAndRateAsPerfPrintedThem() throws Exception {
        String t = table("default.txt");
        List<String> perf = section(t, "perf stat");
        assertEquals("perf stat                         count  rate over 0.852 s", perf.get(0));
        assertEquals("  task-clock                 168.3 msec  0.198 CPUs utilized", perf.get(1));
        assertEquals("  context-switches                  762  894.37 /s", perf.get(2));
        assertEquals("  page-faults                     1,799  2,112 /s", perf.get(4));
        assertEquals("  cycles                  not supported", perf.get(5));
        // the counts are in the table only, not also in the parameters above it
        assertFalse(t.contains("perf.context-switches="), t);
        assertTrue(t.contains("perfStat.target=sh -c"), t);
        assertTrue(t.lines().allMatch(l -> l.length() <= PlainText.WIDTH), t);
    }

    @Test
    void aCsvOutputWithoutElapsedTimeKeepsItsUnitsApartAndHasNoRateColumn() throws Exception {
        // perf stat -x , prints no "seconds time elapsed": no rates, but task-clock is still in msec
        String t = table("csv.txt");
        List<String> perf = section(t, "perf stat");
        assertEquals("perf stat                         count", perf.get(0));
        assertEquals("  task-clock                128.68 msec", perf.get(1));
        assertEquals("  context-switches                  299", perf.get(2));
        assertFalse(t.contains("perfStat.unit."), "the unit is in the table, not also a parameter line: " + t);
    }

    @Test
    void repeatedRunsShowTheirVariance() throws Exception {
        List<String> perf = section(table("repeat.txt"), "perf stat");
        assertEquals("  task-clock       126.69 msec +- 3.57%  0.199 CPUs utilized", perf.get(1));
        assertEquals("  cpu-migrations            3 +- 40.00%  4.71 /s", perf.get(3));
    }

    @Test
    void eachCpusCountsAreRowsUnderTheTotalsWithoutTheEventsNoCpuCounted() throws Exception {
        String t = table("per-cpu.txt");
        List<String> cpus = section(t.substring(t.indexOf("\n\n", t.indexOf("\nperf stat  ")) + 2), " ");
        assertEquals("         task-clock msec context-switch~  cpu-migrations     page-faults", cpus.get(0));
        assertEquals("  CPU0           1011.98             650              14          15,971", cpus.get(1));
        assertEquals("  CPU1           1019.73             598               5           5,683", cpus.get(2));
        assertFalse(t.contains("perfStat.CPU0."), t);
        assertTrue(t.lines().allMatch(l -> l.length() <= PlainText.WIDTH), t);
    }

    @Test
    void manyThreadsAreCutWithTheNumberLeftOut() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("perfStat.elapsedS", "1.0");
        for (int i = 0; i < 40; i++) {
            p.put("perfStat.app-" + i + ".context-switches", Integer.toString(i));
        }
        p.put("perf.context-switches", "780");
        p.put("perf.context-switches.perSec", "780");
        String t = PerfStatFigures.of(p).text();
        assertTrue(t.contains("  app-31 "), t);
        assertFalse(t.contains("  app-32 "), t);
        assertTrue(t.contains("... 8 more (info --json lists every one)"), t);
    }

    @Test
    void anEventNameWithADotKeepsItsRateAndUnit() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("perf.power/energy-pkg.x/.Joules", "12.5");
        p.put("perf.power/energy-pkg.x/.JoulesPerSec", "6.25");
        p.put("perf.cycles", "not counted");
        List<PerfStatFigures.Event> e = PerfStatFigures.of(p).events();
        assertEquals(new PerfStatFigures.Event("power/energy-pkg.x/", "Joules", "12.5", "6.25", "Joules/s", ""), e.get(0));
        assertEquals(new PerfStatFigures.Event("cycles", "", "not counted", "", "", ""), e.get(1));
    }

    @Test
    void theFiguresTabListsEachCpusCountsUnderTheTotals() throws Exception {
        var rows = SummaryFigures.of(DatasetSummary.of(Fixtures.importAll("real/perf-stat/per-cpu.txt").dataset()))
                .stream().filter(r -> r.part().equals("perf stat")).map(r -> r.name() + "=" + r.value()).toList();
        assertTrue(rows.contains("context-switches=1,248"), rows.toString());
        assertTrue(rows.contains("CPU0 page-faults=15,971"), rows.toString());
        // a measurement from 1000 up as every table on screen writes it, grouped without decimals
        assertTrue(rows.contains("CPU1 task-clock=1,020 msec"), rows.toString());
        assertFalse(rows.stream().anyMatch(r -> r.startsWith("CPU0 cycles")), "not supported: in the totals only");
    }

    @Test
    void eachThreadsRowIsNamedWholeSoTwoThreadsOfOneCommTellApart() throws Exception {
        // perf stat --per-thread names a thread comm-tid: a 15-character comm and a 7-digit tid
        String csv = "postgres-1234567,296.80,msec,task-clock,296802400,100.00,0.591,CPUs utilized\n"
                + "postgres-1234567,940,,context-switches,296802400,100.00,3.167,K/sec\n"
                + "postgres-1234568,300.80,msec,task-clock,296802400,100.00,0.591,CPUs utilized\n"
                + "postgres-1234568,12345,,context-switches,296802400,100.00,3.167,K/sec\n"
                + "kworker/u16:3-e-4194303,1.50,msec,task-clock,296802400,100.00,0.591,CPUs utilized\n"
                + "kworker/u16:3-e-4194303,7,,context-switches,296802400,100.00,3.167,K/sec\n";
        String t = SummaryReport.render(DatasetSummary.of(Fixtures.importText("threads.csv", csv).dataset()));
        // cut to 12 columns both read "postgres-12~", the kworker "kworker/u16~"
        assertTrue(t.contains("\n  postgres-1234567 "), t);
        assertTrue(t.contains("\n  postgres-1234568 "), t);
        assertTrue(t.contains("\n  kworker/u16:3-e-4194303 "), t);
        assertTrue(t.lines().allMatch(l -> l.length() <= PlainText.WIDTH), t);
    }

    @Test
    void aRateThatRoundsUpToTheNextFormIsWrittenInIt() {
        assertEquals("894.37", PerfStatFigures.rate("894.37"));
        assertEquals("2,112", PerfStatFigures.rate("2112.4"));
        assertEquals("0.198", PerfStatFigures.rate("0.19801"));
        // rounded to two decimals 999.999 is 1000: "1000.00 /s" beside "1,224 /s"
        assertEquals("1,000", PerfStatFigures.rate("999.999"));
        assertEquals("1.00", PerfStatFigures.rate("0.99991"));
        assertEquals("-1,000", PerfStatFigures.rate("-999.996"));
        assertEquals("n/a", PerfStatFigures.rate("n/a"));
    }

    @Test
    void aCpusCountOfMoreThanFifteenCharactersIsWrittenWhole() {
        // perf stat -a -A over ten minutes: each CPU counts about 1.8 * 10^12 cycles
        Map<String, String> p = new LinkedHashMap<>();
        p.put("perfStat.elapsedS", "600.0");
        p.put("perfStat.CPU0.cycles", "1812345678901");
        p.put("perfStat.CPU0.context-switches", "650");
        p.put("perfStat.CPU1.cycles", "112345678901");
        p.put("perfStat.CPU1.context-switches", "598");
        p.put("perf.cycles", "1924691357802");
        p.put("perf.cycles.perSec", "3207818929.67");
        p.put("perf.context-switches", "1248");
        p.put("perf.context-switches.perSec", "2.08");
        String t = PerfStatFigures.of(p).text();
        // a 15-column cell cut it to "1,812,345,678,~"
        assertTrue(t.contains("  CPU0   1,812,345,678,901 "), t);
        assertTrue(t.contains("  CPU1     112,345,678,901 "), t);
        assertTrue(t.lines().allMatch(l -> l.length() <= PlainText.WIDTH), t);
    }
}
