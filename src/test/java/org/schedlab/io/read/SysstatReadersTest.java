package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/**
 * vmstat, mpstat and sar output, recorded on this machine (src/test/resources/real/sysstat,
 * its README names each command) and hand-made variants: each figure lands on the track a user
 * looks for, over the interval the tool measured it, and what the readers cannot place is
 * refused by file and line.
 */
class SysstatReadersTest {
    private static final long S = 1_000_000_000L;
    private static final String DIR = "real/sysstat/";

    private static Dataset read(String file) throws ImportException {
        return Fixtures.importAll(DIR + file).dataset();
    }

    /** The figure in force {@code ns} after the dataset's start on track {@code name}; NaN in a gap. */
    private static double at(Dataset d, String name, long ns) {
        CounterSeries c = d.counter(name).orElseThrow(() -> new AssertionError("no track " + name + " in "
                + d.counters().stream().map(CounterSeries::name).toList()));
        int i = c.indexAt(d.startNs() + ns);
        return i < 0 ? Double.NaN : c.value(i);
    }

    private static String text(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    private static final String SYSTEM = "Linux 6.1.0-18-amd64 (db1) \t12/03/2026 \t_x86_64_\t(2 CPU)";

    // --- recorded outputs, values against what the tool printed ---

    @Test
    void vmstatColumnsBecomeTracksFromTheSecondRowOn() throws Exception {
        ImportResult r = Fixtures.importAll(DIR + "vmstat-1-8.txt");
        Dataset d = r.dataset();
        assertEquals("vmstat", r.report().format());
        // the first row (cs 535: averages since boot) is not an interval; the second is the first second
        assertEquals(7124, at(d, "vmstat cs (/s)", 0));
        assertEquals(3765, at(d, "vmstat in (/s)", 0));
        assertEquals(9, at(d, "vmstat r (runnable)", 0));
        assertEquals(3988, at(d, "vmstat cs (/s)", S + S / 2));
        assertEquals(1, at(d, "vmstat st (%)", 2 * S), "the fourth row's steal");
        assertEquals(88, at(d, "vmstat us (%)", 6 * S));
        assertEquals(7 * S, d.spanNs(), "7 rows after the first, taken as 1 s apart");
        assertEquals("%", d.counter("vmstat us (%)").orElseThrow().unit());
        // steal and context switches before the memory columns, whatever vmstat's column order
        assertEquals(List.of("vmstat r (runnable)", "vmstat b (blocked)", "vmstat in (/s)", "vmstat cs (/s)", "vmstat us (%)",
                "vmstat sy (%)", "vmstat id (%)", "vmstat wa (%)", "vmstat st (%)"),
                d.counters().stream().map(CounterSeries::name).toList().subList(0, 9));
        assertTrue(r.report().warnings().toString().contains("taken as 1 s apart"), r.report().warnings().toString());
        assertTrue(r.report().warnings().toString().contains("averages since boot"));
    }

    @Test
    void vmstatsRepeatedHeaderIsReadPast() throws Exception {
        ImportResult r = Fixtures.importAll(DIR + "vmstat-1-25.txt");
        assertEquals(0, r.report().skippedLines());
        Dataset d = r.dataset();
        assertEquals(24 * S, d.spanNs());
        // the first row after the header printed again (row 22 of 25: the 21st interval)
        assertEquals(2051, at(d, "vmstat cs (/s)", 19 * S));
        assertEquals(3084, at(d, "vmstat cs (/s)", 20 * S));
        assertEquals(0, d.counter("vmstat cs (/s)").orElseThrow().gapCount());
        assertEquals(3, read("vmstat-n-1-4.txt").spanNs() / S, "vmstat -n: one header, three intervals");
    }

    @Test
    void vmstatWithTimestampsWideAndMegabytes() throws Exception {
        Dataset d = read("vmstat-t-w-SM-1-6.txt");
        assertEquals("2026-12-03 16:14:46 UTC", d.metadata().parameters().get("vmstat.start"));
        assertFalse(d.metadata().parameters().containsKey("vmstat.interval"), "-t gives the times");
        assertEquals(5 * S, d.spanNs());
        assertEquals(20780, at(d, "vmstat free (KiB or -S unit)", 0));
        assertEquals(7105, at(d, "vmstat cs (/s)", 0));
        assertEquals(1, at(d, "vmstat b (blocked)", S));
        assertEquals(0, at(d, "vmstat gu (%)", 0), "the guest column of procps 4");
        // procps converts si and so with -S's unit too: under -S M they are not KiB/s
        assertEquals(0, at(d, "vmstat si (KiB/s or -S unit)", 0));
        assertEquals("/s", d.counter("vmstat so (KiB/s or -S unit)").orElseThrow().unit());
    }

    @Test
    void mpstatPerCpuTracksOverTheIntervalTheyMeasured() throws Exception {
        ImportResult r = Fixtures.importAll(DIR + "mpstat-P-ALL-1-4.txt");
        assertEquals("mpstat", r.report().format());
        assertEquals(0, r.report().skippedLines());
        Dataset d = r.dataset();
        assertEquals(4 * S, d.spanNs(), "16:14:46 to 16:14:50");
        assertEquals(1.00, at(d, "mpstat CPU 0 %steal", 0), "16:14:47's figure covers 16:14:46-47");
        assertEquals(0.99, at(d, "mpstat CPU 1 %steal", S + S / 2));
        assertEquals(79.60, at(d, "mpstat CPU all %usr", 3 * S));
        assertEquals(32.67, at(d, "mpstat CPU 0 %sys", 3 * S));
        // the C locale's 12/03/26 is en_GB's 12 March: the time only (SysstatLocalesTest)
        assertEquals("16:14:46", d.metadata().parameters().get("mpstat.start"));
        assertEquals("2", d.metadata().parameters().get("mpstat.cpus"));
        assertEquals("vm", d.metadata().parameters().get("mpstat.host"));
        // the means over the run are the tool's own Average: lines (to their rounding)
        JsonNode sum = DatasetSummary.of(d);
        assertEquals(84.14, sum.path("sysstat").path("mpstat CPU all %usr").asDouble(), 0.015);
        assertEquals(0.37, sum.path("sysstat").path("mpstat CPU all %steal").asDouble(), 0.01);
        assertEquals(0.50, sum.path("sysstat").path("mpstat CPU 0 %steal").asDouble(), 0.01);
    }

    @Test
    void mpstatTwelveHourTimesIsoDatesAndJson() throws Exception {
        Dataset ampm = read("mpstat-P-0,1-1-3-ampm.txt");
        assertEquals("2026-12-03 16:15:15", ampm.metadata().parameters().get("mpstat.start"), "04:15:15 PM");
        assertEquals(3 * S, ampm.spanNs());
        assertEquals(34.65, at(ampm, "mpstat CPU 0 %sys", 2 * S));
        assertTrue(ampm.counter("mpstat CPU all %usr").isEmpty(), "-P 0,1 has no all row");
        assertEquals("2026-12-03 16:15:15", read("mpstat-P-ALL-iso-1-2.txt").metadata().parameters().get("mpstat.start"));

        ImportResult json = Fixtures.importAll(DIR + "mpstat-o-JSON-1-2.txt");
        assertEquals("mpstat", json.report().format());
        Dataset j = json.dataset();
        assertEquals(2 * S, j.spanNs());
        assertEquals(94.47, at(j, "mpstat CPU all %usr", 0), "the same track name as the text report's");
        assertEquals(0.50, at(j, "mpstat CPU all %steal", S));
        assertEquals("16:15:15", j.metadata().parameters().get("mpstat.start"), "12/03/26: the order is not told");
    }

    @Test
    void sarCpuContextSwitchesAndRunQueue() throws Exception {
        ImportResult u = Fixtures.importAll(DIR + "sar-u-1-5.txt");
        assertEquals("sar", u.report().format(), "sar's table, not mpstat's, though the system line is the same");
        assertEquals(0.50, at(u.dataset(), "sar CPU all %steal", 0));
        assertEquals(21.11, at(u.dataset(), "sar CPU all %system", 4 * S));
        assertEquals(6985.15, at(read("sar-w-1-5.txt"), "sar cswch/s", 0));
        assertEquals("/s", read("sar-w-1-5.txt").counter("sar cswch/s").orElseThrow().unit());
        assertEquals(13, at(read("sar-q-1-5.txt"), "sar runq-sz", S));
        Dataset all = read("sar-P-ALL-1-3.txt");
        assertEquals(0.99, at(all, "sar CPU 1 %system", S));
        assertEquals(83.50, at(all, "sar CPU all %user", S));
        assertEquals(3 * S, all.spanNs());
    }

    @Test
    void localisedReportsAreReadWithTheirAveragesLineInTheLocalesWords() throws Exception {
        // LC_ALL=fr_FR.UTF-8 / de_DE.UTF-8: "Moyenne :" and "Durchschn.:" for Average:, decimal commas
        ImportResult fr = Fixtures.importAll(DIR + "mpstat-P-ALL-fr-1-2.txt");
        assertEquals("mpstat", fr.report().format());
        assertEquals(0, fr.report().skippedLines());
        assertEquals(2 * S, fr.dataset().spanNs());
        assertEquals(86.87, at(fr.dataset(), "mpstat CPU 1 %usr", 0));
        assertEquals(96.04, at(fr.dataset(), "mpstat CPU 1 %usr", S));
        ImportResult sarFr = Fixtures.importAll(DIR + "sar-u-fr-1-2.txt");
        assertEquals("sar", sarFr.report().format());
        assertEquals(94.50, at(sarFr.dataset(), "sar CPU all %user", S));
        ImportResult sarDe = Fixtures.importAll(DIR + "sar-u-de-1-2.txt");
        assertEquals(77.39, at(sarDe.dataset(), "sar CPU all %user", S));
        assertEquals(0, sarDe.report().skippedLines());
        // their dates are day first: 04.12.2026 is read so, 04/12/2026 beside decimal commas is not
        // taken for 12 April (the C and en_US locales print month first, and a decimal point)
        assertEquals("2026-12-04 16:54:19", sarDe.dataset().metadata().parameters().get("sar.start"));
        assertEquals("16:54:11", fr.dataset().metadata().parameters().get("mpstat.start"));
        // two words (vi), and "????:" where the messages' language (zh_TW) met a charset without its letters
        ImportResult vi = Fixtures.importAll(DIR + "sar-u-vi-1-2.txt");
        assertEquals(0, vi.report().skippedLines());
        assertEquals(11.68, at(vi.dataset(), "sar CPU all %user", S));
        assertEquals(35.86, at(read("mpstat-zh_TW-messages-1-2.txt"), "mpstat CPU all %usr", S));
        // zh_TW's full-width colon ends a label too; a damaged time of day (digits) is none
        String h = "16:54:13        CPU     %user     %nice   %system   %iowait    %steal     %idle";
        String row = "16:54:14        all     94.92      0.00      4.06      0.00      0.00      1.02";
        assertEquals(1, Fixtures.importText("sar.txt", text(SYSTEM, "", h, row,
                "\u5e73\u5747\u6642\u9593\uff1a  all     94.92      0.00      4.06      0.00      0.00      1.02"))
                .report().files().get(0).events());
        ImportException time = refused("sar.txt", text(SYSTEM, "", h, row,
                "16:5?:15:       all     94.92      0.00      4.06      0.00      0.00      1.02"));
        assertEquals(5, time.line());
        assertTrue(time.getMessage().contains("expected a line starting with a time of day"), time.getMessage());
        // an averages line must still have the header's fields after its label
        ImportException cut = refused("sar.txt", text(SYSTEM, "",
                "16:54:13        CPU     %user     %nice   %system   %iowait    %steal     %idle",
                "16:54:14        all     94,92      0,00      4,06      0,00      0,00      1,02",
                "Moyenne :     all     94,71      0,00      4,53"));
        assertEquals(5, cut.line());
        assertTrue(cut.getMessage().contains("of 7 fields"), cut.getMessage());
    }

    @Test
    void sarInterruptsPerCpuAreSarsKeyedByIntr() throws Exception {
        // sar -I SUM -P ALL / -I ALL -P ALL (sysstat 12.6): "INTR all CPU0 CPU1", no CPU column, no /s
        ImportResult sum = Fixtures.importAll(DIR + "sar-I-SUM-P-ALL-1-2.txt");
        assertEquals("sar", sum.report().format());
        assertEquals(376.00, at(sum.dataset(), "sar INTR sum CPU0", 0));
        assertEquals(420.00, at(sum.dataset(), "sar INTR sum CPU1", S));
        ImportResult all = Fixtures.importAll(DIR + "sar-I-ALL-P-ALL-1-2.txt");
        assertEquals("sar", all.report().format());
        assertEquals(0, all.report().skippedLines());
        assertEquals(890.00, at(all.dataset(), "sar INTR sum all", 0));
    }

    // --- variants ---

    @Test
    void midnightDoesNotTurnTimeBack() throws Exception {
        Dataset d = Fixtures.importText("mpstat.txt", text(SYSTEM, "",
                "23:59:58     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle",
                "23:59:59     all   10.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   87.00",
                "00:00:00     all   20.00    0.00    1.00    0.00    0.00    0.00    3.00    0.00    0.00   76.00",
                "00:00:01     all   30.00    0.00    1.00    0.00    0.00    0.00    4.00    0.00    0.00   65.00")).dataset();
        assertEquals(3 * S, d.spanNs());
        assertEquals(3.00, at(d, "mpstat CPU all %steal", S), "23:59:59 - 00:00:00");
        assertEquals(4.00, at(d, "mpstat CPU all %steal", 2 * S));
        Dataset pm = Fixtures.importText("mpstat.txt", text(SYSTEM, "",
                "11:59:59 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle",
                "12:00:00 AM  all   10.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   87.00",
                "12:00:01 AM  all   20.00    0.00    1.00    0.00    0.00    0.00    3.00    0.00    0.00   76.00")).dataset();
        assertEquals(2 * S, pm.spanNs());
        assertEquals(20.00, at(pm, "mpstat CPU all %usr", S));
    }

    @Test
    void aFirstIntervalAcrossMidnightStartsOnTheDateSysstatPrints() throws Exception {
        // sysstat prints the date of its start (mpstat.c takes mp_tstamp[0] and prints the header before the
        // first interval), and JSON's first "timestamp" is that interval's end: mpstat -o JSON 1 2 started at
        // 23:59:59 on 3 December prints "date": "2026-12-03" and 00:00:00, 00:00:01. The start is 3 December
        // 23:59:59, neither 00:00:00 of the 3rd nor 23:59:59 of the 4th
        String json = "{\"sysstat\": {\n\t\"hosts\": [\n\t\t{\n\t\t\t\"nodename\": \"vm\",\n\t\t\t\"number-of-cpus\": 2,\n"
                + "\t\t\t\"date\": \"2026-12-03\",\n\t\t\t\"statistics\": [\n";
        for (String t : List.of("00:00:00", "00:00:01")) {
            json += "\t\t\t\t{\n\t\t\t\t\t\"timestamp\": \"" + t + "\",\n\t\t\t\t\t\"cpu-load\": [\n"
                    + "\t\t\t\t\t\t{\"cpu\": \"all\", \"usr\": " + (t.endsWith("0") ? "10.00" : "20.00")
                    + ", \"idle\": 80.00}\n\t\t\t\t\t]\n\t\t\t\t}" + (t.endsWith("0") ? "," : "") + "\n";
        }
        Dataset j = Fixtures.importText("mpstat.json", json + "\t\t\t]\n\t\t}\n\t]\n}}\n").dataset();
        assertEquals("2026-12-03 23:59:59", j.metadata().parameters().get("mpstat.start"));
        assertEquals(2 * S, j.spanNs());
        assertEquals(10.00, at(j, "mpstat CPU all %usr", 0), "23:59:59 - 00:00:00");
        assertEquals(20.00, at(j, "mpstat CPU all %usr", S));
        // the text report of the same run: its header has the start's own time
        Dataset t = Fixtures.importText("mpstat.txt", text("Linux 6.1.0 (vm) \t2026-12-03 \t_x86_64_\t(2 CPU)", "",
                "23:59:59     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle",
                "00:00:00     all   10.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   87.00",
                "00:00:01     all   20.00    0.00    1.00    0.00    0.00    0.00    3.00    0.00    0.00   76.00")).dataset();
        assertEquals("2026-12-03 23:59:59", t.metadata().parameters().get("mpstat.start"));
        // one interval: JSON has no header time, so its length (and the start) is not printed. It is taken as
        // a second, which for mpstat -o JSON 1200 1 started at 23:50 makes it 3 December 00:09:59, not 23:50: a
        // note says so
        String one = json.replace("\"00:00:00\"", "\"00:10:00\"");
        one = one.substring(0, one.indexOf("},\n")) + "}\n";
        ImportResult r = Fixtures.importText("mpstat.json", one + "\t\t\t]\n\t\t}\n\t]\n}}\n");
        assertEquals("2026-12-03 00:09:59", r.dataset().metadata().parameters().get("mpstat.start"));
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("one interval, whose length mpstat -o JSON"
                + " does not print: taken as 1 s")), r.report().warnings().toString());
    }

    @Test
    void aCpuMissingFromABlockAndASarRestartAreGaps() throws Exception {
        String h = "10:00:00     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle";
        Dataset d = Fixtures.importText("mpstat.txt", text(SYSTEM, "", h,
                "10:00:01       0   10.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   87.00",
                "10:00:01       1   11.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   86.00",
                "", h.replace("10:00:00", "10:00:01"),
                "10:00:02       0   12.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   85.00",
                "", h.replace("10:00:00", "10:00:02"),
                "10:00:03       0   13.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   84.00",
                "10:00:03       1   14.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   83.00")).dataset();
        assertTrue(Double.isNaN(at(d, "mpstat CPU 1 %usr", S + S / 2)), "CPU 1 was not in the second block");
        assertEquals(14.00, at(d, "mpstat CPU 1 %usr", 2 * S + S / 2));
        assertEquals(12.00, at(d, "mpstat CPU 0 %usr", S + S / 2));

        String sh = "10:00:00        CPU     %user     %nice   %system   %iowait    %steal     %idle";
        ImportResult sar = Fixtures.importText("sar.txt", text(SYSTEM, "", sh,
                "10:10:00        all      5.00      0.00      1.00      0.00      0.50     93.50",
                "10:20:00        all      6.00      0.00      1.00      0.00      0.70     92.30",
                "", "10:25:00     LINUX RESTART\t(2 CPU)", "", sh.replace("10:00:00", "10:30:00"),
                "10:40:00        all      7.00      0.00      1.00      0.00      0.90     91.10",
                "Average:        all      6.00      0.00      1.00      0.00      0.70     92.30"));
        Dataset s = sar.dataset();
        assertEquals("sar", sar.report().format());
        assertEquals(0.70, at(s, "sar CPU all %steal", 15 * 60 * S));
        assertTrue(Double.isNaN(at(s, "sar CPU all %steal", 22 * 60 * S)), "the machine rebooted");
        assertEquals(0.90, at(s, "sar CPU all %steal", 25 * 60 * S + S), "the interval after the restart: from it on");
        assertTrue(sar.report().warnings().toString().contains("LINUX RESTART"));
    }

    @Test
    void sarWithSeveralReportsInterleaved() throws Exception {
        // sar -u -q 1 2: a block per report per interval, each headed by the interval's start
        Dataset d = Fixtures.importText("sar.txt", text(SYSTEM, "",
                "16:17:36        CPU     %user     %nice   %system   %iowait    %steal     %idle",
                "16:17:37        all     87.94      0.00     10.55      0.00      0.00      1.51", "",
                "16:17:36      runq-sz  plist-sz   ldavg-1   ldavg-5  ldavg-15   blocked",
                "16:17:37            2       162      2.46      2.28      1.62         0", "",
                "16:17:37        CPU     %user     %nice   %system   %iowait    %steal     %idle",
                "16:17:38        all     95.00      0.00      3.50      0.00      0.00      1.50", "",
                "16:17:37      runq-sz  plist-sz   ldavg-1   ldavg-5  ldavg-15   blocked",
                "16:17:38            6       163      2.46      2.28      1.62         0", "",
                "Average:        CPU     %user     %nice   %system   %iowait    %steal     %idle",
                "Average:        all     91.48      0.00      7.02      0.00      0.00      1.50")).dataset();
        assertEquals(2, at(d, "sar runq-sz", 0));
        assertEquals(6, at(d, "sar runq-sz", S));
        assertEquals(95.00, at(d, "sar CPU all %user", S));
        assertEquals(2 * S, d.spanNs());
    }

    // --- bad input: refused by file and line, with what was expected ---

    private static ImportException refused(String name, String text) {
        return assertThrows(ImportException.class, () -> Fixtures.importText(name, text));
    }

    @Test
    void badInputIsRefusedByLine() {
        String h = "10:00:00     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle";
        ImportException notNumber = refused("mp.txt", text(SYSTEM, "", h,
                "10:00:01     all   10.00    0.00    1.00    0.00    0.00    0.00    x.5    0.00    0.00   87.00"));
        assertEquals(4, notNumber.line());
        assertTrue(notNumber.getMessage().contains("mp.txt") && notNumber.getMessage().contains("%steal: expected a number,"
                + " got 'x.5'"), notNumber.getMessage());

        ImportException cut = refused("mp.txt", SYSTEM + "\n\n" + h + "\n"
                + "10:00:01     all   10.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   87.00\n"
                + "10:00:02     all   10.00    0.00    1.0");
        assertEquals(5, cut.line());
        assertTrue(cut.getMessage().contains("expected 11 fields under the header of line 3"), cut.getMessage());
        assertTrue(cut.getMessage().contains("a cut line?"), cut.getMessage());

        ImportException back = refused("mp.txt", text(SYSTEM, "", h,
                "10:00:05     all   10.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   87.00",
                "10:00:04     all   10.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   87.00"));
        assertEquals(5, back.line());
        assertTrue(back.getMessage().contains("expected a time after the previous row's 10:00:05, got 10:00:04"),
                back.getMessage());

        ImportException sinceBoot = refused("mp.txt", text(SYSTEM, "", h,
                "10:00:00     all   10.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   87.00"));
        assertTrue(sinceBoot.getMessage().contains("since boot"), sinceBoot.getMessage());

        ImportException noLine = refused("mp.txt", text(SYSTEM, "", h,
                "10:00:01     all   10.00    0.00    1.00    0.00    0.00    0.00    2.00    0.00    0.00   87.00",
                "--- some note ---"));
        assertEquals(5, noLine.line());
        assertTrue(noLine.getMessage().contains("expected a line starting with a time of day"), noLine.getMessage());

        String vh = " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st";
        String vg = "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----";
        ImportException vmHeader = refused("vm.txt", text(vg, vh.replace(" cs ", " xx ")));
        assertEquals(2, vmHeader.line());
        assertTrue(vmHeader.getMessage().contains("expected vmstat's interval columns") && vmHeader.getMessage()
                .contains("got 'xx'"), vmHeader.getMessage());
        ImportException vmNumber = refused("vm.txt", text(vg, vh,
                " 1  0      0 100 10 10    0    0    76   978  249  535 34  2 63  0  0",
                " 1  0      0 100 10 10    0    0    76   978  249  5k5 34  2 63  0  0"));
        assertEquals(4, vmNumber.line());
        assertTrue(vmNumber.getMessage().contains("column cs: expected a number, got '5k5'"), vmNumber.getMessage());
        ImportException vmCut = refused("vm.txt", vg + "\n" + vh + "\n"
                + " 1  0      0 100 10 10    0    0    76   978  249  535 34  2 63  0  0\n 1  0      0 100 10");
        assertEquals(4, vmCut.line());
        assertTrue(vmCut.getMessage().contains("expected 17 fields"), vmCut.getMessage());
        ImportException onlyBoot = refused("vm.txt", text(vg, vh,
                " 1  0      0 100 10 10    0    0    76   978  249  535 34  2 63  0  0"));
        assertTrue(onlyBoot.getMessage().contains("averages since boot"), onlyBoot.getMessage());

        ImportException json = refused("mp.json", "{\"sysstat\": {\"hosts\": [{\"nodename\": \"vm\", \"statistics\": [\n"
                + "{\"timestamp\": \"16:15:16\", \"cpu-load\": [{\"cpu\": \"all\", \"usr\": \"lots\"}]}]}]}}\n");
        assertTrue(json.getMessage().contains("\"usr\": expected a number"), json.getMessage());
        ImportException jsonCut = refused("mp.json", "{\"sysstat\": {\"hosts\": [{\"nodename\": \"vm\", \"statistics\": [\n"
                + "{\"timestamp\": \"16:15:16\", \"cpu-load\": [{\"cpu\": \"all\", \"usr\": 5");
        assertTrue(jsonCut.getMessage().contains("expected mpstat -o JSON"), jsonCut.getMessage());
        // in a user's words, as a cut dataset's: not the parser's "[Source: REDACTED (`StreamReadFeature...`"
        assertTrue(jsonCut.getMessage().contains("opened at line 2, column 40 is not closed (a cut file?)"),
                jsonCut.getMessage());
        assertFalse(jsonCut.getMessage().contains("Source"), jsonCut.getMessage());
    }

    // --- with a perf recording, and A/B ---

    @Test
    void besideAPerfRecordingItIsPlacedAtItsStartWithAWarning() throws Exception {
        ImportResult r = Fixtures.importAll("real/pgbench-local/runA_perf_sched_script.txt.gz", DIR + "vmstat-1-8.txt");
        Dataset d = r.dataset();
        CounterSeries cs = d.counter("vmstat cs (/s)").orElseThrow();
        assertEquals(d.cpus().stream().mapToLong(c -> c.slices().isEmpty() ? Long.MAX_VALUE : c.slices().startNs(0))
                .min().orElseThrow(), cs.tNs(0), "at the recording's first event");
        String warnings = r.report().warnings().toString();
        assertTrue(warnings.contains("vmstat-1-8.txt") && warnings.contains("no clock of its own"), warnings);
    }

    @Test
    void vmstatInUtcLinesUpWithARecordingOnTheWallClock() throws Exception {
        // perf record -k CLOCK_REALTIME prints Unix time: 1700000000 is 2023-11-14 22:13:20 UTC
        String perf = "            perf  7396 [000] 1700000000.000100:       sched:sched_switch: prev_comm=perf prev_pid=7396"
                + " prev_prio=120 prev_state=R+ ==> next_comm=swapper/0 next_pid=0 next_prio=120\n"
                + "         swapper     0 [000] 1700000001.900000:       sched:sched_switch: prev_comm=swapper/0 prev_pid=0"
                + " prev_prio=120 prev_state=R ==> next_comm=perf next_pid=7396 next_prio=120\n";
        String vm = text("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----",
                " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st                 UTC",
                " 1  0      0 100 10 10    0    0    76   978  249  535 34  2 63  0  0 2023-11-14 22:13:19",
                " 2  0      0 100 10 10    0    0    76   978  249  700 34  2 63  0  0 2023-11-14 22:13:20",
                " 3  0      0 100 10 10    0    0    76   978  249  800 34  2 63  0  0 2023-11-14 22:13:21");
        ImportResult r = Importer.standard().importFiles(List.of(
                RecordingSource.ofBytes("sched.txt", perf.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                RecordingSource.ofBytes("vmstat.txt", vm.getBytes(java.nio.charset.StandardCharsets.UTF_8))),
                ImportMonitor.NONE);
        CounterSeries cs = r.dataset().counter("vmstat cs (/s)").orElseThrow();
        assertEquals(1_699_999_999_000_000_000L, cs.tNs(0), "22:13:19 to 22:13:20 UTC, a second before the trace");
        assertEquals(800, cs.value(cs.indexAt(1_700_000_000_500_000_000L)));
        assertTrue(r.report().files().get(1).notes().stream().anyMatch(n -> n.contains("shared Unix-epoch clock")),
                r.report().files().get(1).notes().toString());

        // another zone, or no zone (mpstat, sar): a time of day is not pinned to the wall clock
        ImportResult cet = Importer.standard().importFiles(List.of(
                RecordingSource.ofBytes("sched.txt", perf.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                RecordingSource.ofBytes("vmstat.txt", vm.replace("UTC", "CET").getBytes(java.nio.charset.StandardCharsets.UTF_8))),
                ImportMonitor.NONE);
        assertEquals(1_700_000_000_000_100_000L, cet.dataset().counter("vmstat cs (/s)").orElseThrow().tNs(0));
        assertTrue(cet.report().files().get(1).notes().toString().contains("no clock of its own"));
    }

    @Test
    void twoOutputsCompareOnTheirMeans() throws Exception {
        JsonNode a = DatasetSummary.of(read("mpstat-P-ALL-1-4.txt"));
        JsonNode b = DatasetSummary.of(read("mpstat-1-5.txt"));
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(a), List.of(b));
        SummaryComparison.Row steal = rows.stream().filter(x -> x.metric().equals("mpstat CPU all %steal mean"))
                .findFirst().orElseThrow(() -> new AssertionError(rows.stream().map(SummaryComparison.Row::metric).toList()));
        assertEquals(0.375, steal.base(), 1e-9, "(0.50 + 0.50 + 0 + 0.50) / 4");
        assertEquals(0.30, steal.test(), 1e-9, "(0.50 + 0.50 + 0 + 0.50 + 0) / 5");
        assertEquals(0.8, steal.ratio().orElseThrow(), 1e-9);
        assertFalse(steal.counts(), "a mean, not a count");
        SummaryComparison.Row cpu0 = rows.stream().filter(x -> x.metric().equals("mpstat CPU 0 %steal mean"))
                .findFirst().orElseThrow();
        assertTrue(Double.isNaN(cpu0.test()), "mpstat without -P has no CPU 0: n/a, not 0");

        JsonNode v1 = DatasetSummary.of(read("vmstat-1-8.txt"));
        JsonNode v2 = DatasetSummary.of(read("vmstat-n-1-4.txt"));
        SummaryComparison.Row cs = SummaryComparison.rows(List.of(v1), List.of(v2)).stream()
                .filter(x -> x.metric().equals("vmstat cs (/s) mean")).findFirst().orElseThrow();
        assertEquals((7124 + 3988 + 2617 + 1350 + 1342 + 1845 + 3239) / 7.0, cs.base(), 0.01);
        assertEquals((1044 + 1075 + 1105) / 3.0, cs.test(), 0.01);
    }
}
