package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * mpstat and sar print the same system line and tables of the same shape; they are told apart by
 * their column names and a row under the header, not by column widths, and without the system
 * line when it is damaged. Neither is taken for nstat or /proc/net/snmp counters, nor is perf
 * stat's per-CPU output.
 */
class SysstatDetectionTest {
    private static final List<String> TEXT_REPORTS = List.of("mpstat-1-5.txt", "mpstat-P-0,1-1-3-ampm.txt",
            "mpstat-P-ALL-1-4.txt", "mpstat-P-ALL-iso-1-2.txt", "sar-P-ALL-1-3.txt", "sar-q-1-5.txt", "sar-u-1-5.txt",
            "sar-w-1-5.txt");

    private static String fixture(String name) throws IOException {
        return Files.readString(Fixtures.path("real/sysstat/" + name));
    }

    private static String detected(String name, String text) throws ImportException {
        return Importer.standard().detect(ContentSniffer.sniff(RecordingSource.ofBytes(name,
                text.getBytes(StandardCharsets.UTF_8)))).format();
    }

    private static FileReport imported(String name, String text) throws ImportException {
        return Fixtures.importText(name, text).report().files().get(0);
    }

    @Test
    void aReportWhoseSystemLineIsDamagedIsReadAsItsToolWithThatLineNotUnderstood() throws Exception {
        for (String name : TEXT_REPORTS) {
            String damaged = "????" + fixture(name).substring(4);
            FileReport r = imported(name, damaged);
            assertEquals(name.substring(0, name.indexOf('-')), r.format(), name);
            assertEquals(1, r.skippedLines(), name);
            assertTrue(r.skippedText().contains("line 1") && r.skippedText().contains("Linux RELEASE (HOST) DATE ARCH"),
                    r.skippedText());
        }
    }

    @Test
    void averageRowsAreNoProcNetSnmpTableAndPerCpuPerfStatRowsNoNstatSnapshot() throws Exception {
        NetCountersReader counters = new NetCountersReader();
        for (String name : TEXT_REPORTS) {
            Sniff s = ContentSniffer.sniff(RecordingSource.ofBytes(name, ("????" + fixture(name).substring(4))
                    .getBytes(StandardCharsets.UTF_8)));
            assertEquals(0, counters.probe(s), name);
        }
        // perf stat -a -A and --per-socket: "CPU0   650   context-switches   #  642.305 /sec" has a
        // capitalised name and a count, as nstat's rows have, but no rate after the count
        for (String name : List.of("per-cpu.txt", "per-socket.txt")) {
            String text = Files.readString(Fixtures.path("real/perf-stat/" + name)).replace("Performance", "P?rf?rmance");
            Sniff s = ContentSniffer.sniff(RecordingSource.ofBytes(name, text.getBytes(StandardCharsets.UTF_8)));
            assertEquals(0, counters.probe(s), name);
            // perf stat's, by the counter lines and the elapsed time after its damaged header
            assertEquals(PerfStatReader.FORMAT, imported(name, text).format(), name);
        }
    }

    private static final List<String> VMSTAT = List.of("vmstat-1-8.txt", "vmstat-1-25.txt", "vmstat-n-1-4.txt",
            "vmstat-t-w-SM-1-6.txt");

    @Test
    void vmstatWhoseGroupLineIsDamagedIsReadWithThatLineNotUnderstood() throws Exception {
        for (String name : VMSTAT) {
            String text = fixture(name);
            int at = text.indexOf('p') - (name.contains("-w-") ? 2 : 0); // "procs" or "--procs--"
            FileReport r = imported(name, text.substring(0, at) + "????" + text.substring(at + 4));
            assertEquals(VmstatReader.FORMAT, r.format(), name);
            assertEquals(1, r.skippedLines(), name);
            assertTrue(r.skippedText().contains("line 1") && r.skippedText().contains("procs ---memory---"),
                    r.skippedText());
        }
        // the column header alone is not enough: a row of as many figures must follow it
        String junk = "garbage first line\n r  b   swpd   free\nnot figures at all\n";
        ImportException e = assertThrows(ImportException.class, () -> imported("v.txt", junk));
        assertTrue(e.getMessage().startsWith("v.txt: not a recording format"), e.getMessage());
    }

    private static String perfStat(String name) throws IOException {
        return Files.readString(Fixtures.path("real/perf-stat/" + name));
    }

    /** The text with four '?' over the start of its first non-blank line. */
    private static String damagedFirstLine(String text) {
        int at = 0;
        while (Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        return text.substring(0, at) + "????" + text.substring(at + 4);
    }

    @Test
    void perfStatWhoseHeaderIsDamagedIsReadWithThatLineNotUnderstood() throws Exception {
        for (String name : List.of("default.txt", "repeat.txt", "per-cpu.txt", "per-thread.txt", "thousands.txt")) {
            FileReport r = imported(name, damagedFirstLine(perfStat(name)));
            assertEquals(PerfStatReader.FORMAT, r.format(), name);
            assertEquals(1, r.skippedLines(), name);
            assertTrue(r.skippedText().contains("line 2") && r.skippedText().contains("Performance counter stats for"),
                    r.skippedText());
        }
        for (String name : List.of("interval.txt", "per-cpu-interval.txt", "interval-not-counted.txt")) {
            ImportResult damaged = Fixtures.importText(name, damagedFirstLine(perfStat(name)));
            FileReport r = damaged.report().files().get(0);
            assertEquals(PerfStatReader.FORMAT, r.format(), name);
            assertEquals(1, r.skippedLines(), name);
            assertTrue(r.skippedText().contains("line 1") && r.skippedText().contains("-I's column header"), r.skippedText());
            assertEquals(Fixtures.importText(name, perfStat(name)).dataset().counters().size(),
                    damaged.dataset().counters().size(), name + ": read as the -I output it is");
        }
    }

    @Test
    void perfStatTableWithoutItsHeaderIsNotReadWithoutItsFirstCounter() throws Exception {
        // tail -n +3: the first line is a counter, not a damaged header; read past, task-clock would
        // be missing from the totals
        for (String name : List.of("default.txt", "per-cpu.txt", "interval.txt")) {
            String text = perfStat(name);
            String withoutHeader = text.substring(text.indexOf(name.startsWith("interval") ? "\n" : ":\n") + 2);
            ImportException e = assertThrows(ImportException.class, () -> imported(name, withoutHeader));
            assertTrue(e.getMessage().startsWith(name + ": not a recording format"), e.getMessage());
        }
    }

    @Test
    void perfStatCsvOrJsonWhoseFirstCounterLineIsDamagedIsRefusedThere() throws Exception {
        for (String name : List.of("csv.txt", "csv-semicolon.txt", "csv-per-cpu.txt", "json.txt", "json-interval.txt")) {
            ImportException e = assertThrows(ImportException.class, () -> imported(name, damagedFirstLine(perfStat(name))));
            assertEquals(1, e.line(), e.getMessage());
            assertTrue(e.getMessage().contains("expected perf stat -" + (name.startsWith("csv") ? "x" : "j"))
                    && e.getMessage().contains("like the lines after it") && e.getMessage().contains("totals need"),
                    e.getMessage());
        }
    }

    @Test
    void mpstatJsonWhoseFirstLineIsDamagedIsRefusedThere() throws Exception {
        String text = fixture("mpstat-o-JSON-1-2.txt");
        ImportException e = assertThrows(ImportException.class, () -> imported("m.json", "????" + text.substring(4)));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().contains("expected mpstat -o JSON's first line {\"sysstat\": {"), e.getMessage());
        ImportException gone = assertThrows(ImportException.class,
                () -> imported("m.json", text.substring(text.indexOf('\n') + 1)));
        assertTrue(gone.getMessage().contains("expected mpstat -o JSON's first line"), gone.getMessage());
    }

    @Test
    void mpstatAndSarAreToldByColumnNamesWhateverTheWidths() throws Exception {
        for (String name : TEXT_REPORTS) {
            String tool = name.substring(0, name.indexOf('-'));
            // every run of blanks one space (an editor, another sysstat version): sar's narrow
            // first column then ends where mpstat's does
            String narrow = fixture(name).replaceAll("[ \\t]+", " ");
            assertEquals(tool, detected(name, narrow), name + " with single spaces");
            assertEquals(tool, imported(name, narrow).format(), name);
            String wide = fixture(name).replaceAll(" +", "          ");
            assertEquals(tool, detected(name, wide), name + " padded wide");
        }
    }

    @Test
    void sarUAllIsToldFromMpstatByWhereItsStealColumnIs() throws Exception {
        String system = "Linux 6.1.0 (db1) \t12/03/2026 \t_x86_64_\t(2 CPU)\n\n";
        String figures = "    1.00".repeat(9) + "   91.00\n";
        // sar -u ALL prints mpstat's names, %steal before %irq, in mpstat's widths here
        String sar = system + "10:00:00 AM  CPU    %usr   %nice    %sys %iowait  %steal    %irq   %soft  %guest  %gnice   %idle\n"
                + "10:00:01 AM  all" + figures;
        assertEquals("sar", detected("sar.txt", sar));
        assertEquals(1.0, Fixtures.importText("sar.txt", sar).dataset().counter("sar CPU all %steal").orElseThrow()
                .value(0));
        String mpstat = system + "10:00:00 AM        CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
                + "10:00:01 AM        all" + figures;
        assertEquals("mpstat", detected("mp.txt", mpstat), "mpstat's names in sar's widths");
        // without the system line (cut off with tail) the names still tell
        assertEquals("mpstat", detected("mp.txt", mpstat.substring(system.length())));
        assertEquals("sar", detected("sar.txt", sar.substring(system.length())));
    }

    @Test
    void aReportCutInsideItsFirstHeaderIsNotGuessed() throws Exception {
        // "CPU %usr %nice %sys %iow" begins mpstat's header and sar -u ALL's alike
        String cut = fixture("mpstat-1-5.txt");
        String header = cut.substring(0, cut.indexOf("%iowait") + 4);
        ImportException e = assertThrows(ImportException.class, () -> detected("mpstat.txt", header));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().startsWith("mpstat.txt:3: an mpstat or sar report that ends inside its first column"
                + " header"), e.getMessage());
        assertTrue(e.getMessage().contains("was it cut short?"), e.getMessage());
        // cut after the whole header, it is mpstat's by its names (and refused for having no figures)
        String whole = cut.substring(0, cut.indexOf("%idle") + 5);
        assertEquals("mpstat", detected("mpstat.txt", whole));
    }

    @Test
    void aFileThatMerelyStartsWithTimesIsNoSysstatReport() throws Exception {
        String log = "10:00:00 started worker pool\n10:00:01 worker 1 ready\n10:00:02 worker 2 ready\n";
        ImportException e = assertThrows(ImportException.class, () -> detected("app.log", log));
        assertTrue(e.getMessage().startsWith("app.log: not a recording format SchedLab reads"), e.getMessage());
    }
}
