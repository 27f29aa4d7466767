package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The perf stat, vmstat, mpstat and sar fixtures as a user's damaged copies would be: cut at any
 * byte, bytes flipped, CRLF line ends, a UTF-8 BOM, gzipped. Each imports or is refused in one
 * line naming the file and - when one of these readers took the file - the line where reading
 * stopped; never another exception, never a hang.
 */
class SysstatPerfStatDamageTest {
    private static final Set<String> FORMATS = Set.of(PerfStatReader.FORMAT, VmstatReader.FORMAT, MpstatReader.FORMAT,
            SarReader.FORMAT);

    static List<String> fixtures() throws IOException {
        try (Stream<Path> a = Files.list(Fixtures.path("real/perf-stat")); Stream<Path> b = Files.list(Fixtures.path("real/sysstat"))) {
            return Stream.concat(a, b).filter(p -> !p.getFileName().toString().equals("README.md"))
                    .map(p -> p.getParent().getFileName() + "/" + p.getFileName()).sorted().toList();
        }
    }

    private static byte[] bytes(String fixture) throws IOException {
        return Files.readAllBytes(Fixtures.path("real/" + fixture));
    }

    /** Imports {@code content} as {@code name}: a dataset, or one line naming the file (and the line, if ours refused it). */
    private static void importsOrIsRefusedByLine(String name, byte[] content) {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            RecordingSource src = RecordingSource.ofBytes(name, content);
            String format;
            try {
                format = Importer.standard().detect(ContentSniffer.sniff(src)).format();
            } catch (ImportException e) {
                assertTrue(e.getMessage().startsWith(name + ":"), e.getMessage());
                return; // no reader took it: refused as a whole file (or at the line a cut sysstat header ends)
            }
            try {
                Importer.standard().importFile(RecordingSource.ofBytes(name, content));
            } catch (ImportException e) {
                String m = e.getMessage();
                assertTrue(m.startsWith(name + ":"), "names the file: " + m);
                assertFalse(m.contains("\n") || m.contains("\r"), "one line: " + m);
                if (FORMATS.contains(format)) {
                    assertTrue(e.line() > 0, "names the line (" + format + "): " + m);
                }
            }
        });
    }

    @Provide
    Arbitrary<String> samples() throws IOException {
        return Arbitraries.of(fixtures());
    }

    @Property(tries = 300)
    void aFixtureCutAnywhereWithBytesFlippedImportsOrIsRefusedByLine(@ForAll("samples") String fixture,
            @ForAll @IntRange(min = 0, max = 1000) int permille, @ForAll @IntRange(min = 0, max = 3) int flips,
            @ForAll long seed) throws IOException {
        byte[] all = bytes(fixture);
        byte[] b = Arrays.copyOf(all, (int) ((long) all.length * permille / 1000));
        Random rnd = new Random(seed);
        for (int i = 0; i < flips && b.length > 0; i++) {
            b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
        }
        importsOrIsRefusedByLine(Path.of(fixture).getFileName().toString(), b);
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyFixtureCutAtEachLineEndImportsOrIsRefusedByLine(String fixture) throws IOException {
        byte[] all = bytes(fixture);
        for (int i = 0; i < all.length; i++) {
            if (all[i] == '\n') {
                importsOrIsRefusedByLine("cut.txt", Arrays.copyOf(all, i + 1));
                importsOrIsRefusedByLine("cut.txt", Arrays.copyOf(all, i)); // the line end lost too
            }
        }
    }

    /** CRLF, a BOM and gzip are how a file comes back from Windows or an archive: read as the original. */
    @ParameterizedTest
    @MethodSource("fixtures")
    void crlfBomAndGzipReadAsTheOriginal(String fixture) throws Exception {
        byte[] all = bytes(fixture);
        ImportResult plain = Importer.standard().importFile(RecordingSource.ofBytes("a.txt", all));
        byte[] crlf = new String(all, StandardCharsets.UTF_8).replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] bom = new byte[all.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(all, 0, bom, 3, all.length);
        for (ImportResult r : List.of(Importer.standard().importFile(RecordingSource.ofBytes("a.txt", crlf)),
                Importer.standard().importFile(RecordingSource.ofBytes("a.txt", bom)),
                Importer.standard().importFile(RecordingSource.ofBytes("a.txt.gz", Fixtures.gzip(all))))) {
            assertEquals(plain.report().format(), r.report().format());
            assertEquals(plain.dataset().metadata().parameters(), r.dataset().metadata().parameters(), fixture);
            assertEquals(plain.dataset().counters(), r.dataset().counters(), fixture);
        }
    }

    private static ImportException refused(String name, String text) {
        return assertThrows(ImportException.class, () -> Fixtures.importText(name, text));
    }

    private static final String VG = "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----";
    private static final String VH = " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st";
    private static final String ROW = " 1  0      0 100 10 10    0    0    76   978  249  535 34  2 63  0  0";

    @Test
    void aVmstatHeaderCutAfterItsFirstColumnsIsRefusedByLine() {
        // vmstat prints the header again every screenful: the file cut inside the second one
        String rows = VG + "\n" + VH + "\n" + ROW + "\n" + ROW + "\n" + VG + "\n";
        ImportException e = refused("vm.txt", rows + " r");
        assertEquals(6, e.line());
        assertTrue(e.getMessage().contains("expected vmstat's interval columns") && e.getMessage().contains("only 'r'")
                && e.getMessage().contains("a cut line?"), e.getMessage());
        assertEquals(6, refused("vm.txt", rows + " r  b").line());
    }

    @Test
    void outputsCutAfterTheirHeaderNameTheLineTheyEndAt() {
        ImportException mp = refused("mp.txt", "Linux 6.1.0 (db1) \t12/03/2026 \t_x86_64_\t(2 CPU)\n\n"
                + "10:00:00     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n");
        assertEquals(3, mp.line());
        assertTrue(mp.getMessage().contains("no mpstat figures after the column header of line 3")
                && mp.getMessage().contains("cut short"), mp.getMessage());
        ImportException sar = refused("sar.txt", "Linux 6.1.0 (db1) \t12/03/2026 \t_x86_64_\t(2 CPU)\n\n"
                + "16:14:46        CPU     %user     %nice   %system   %iowait    %steal     %idle\n\n");
        assertEquals(4, sar.line());
        ImportException vm = refused("vm.txt", VG + "\n r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n");
        assertEquals(2, vm.line());
        assertTrue(vm.getMessage().contains("after the column header of line 2"), vm.getMessage());
        ImportException perf = refused("stat.txt", "#           time             counts unit events\n\n");
        assertEquals(1, perf.line());
        assertTrue(perf.getMessage().contains("ends after its header"), perf.getMessage());
    }

    @Test
    void mpstatJsonProblemsNameTheLineOfTheirStatisticsEntry() {
        String head = "{\"sysstat\": {\n\"hosts\": [\n{\"nodename\": \"vm\", \"date\": \"12/03/26\",\n\"statistics\": [\n";
        ImportException figure = refused("mp.json", head
                + "{\"timestamp\": \"16:15:16\", \"cpu-load\": [{\"cpu\": \"all\", \"usr\": 5}]},\n"
                + "{\"timestamp\": \"16:15:17\",\n \"cpu-load\": [{\"cpu\": \"all\", \"usr\": \"lots\"}]}]}]}}\n");
        assertEquals(6, figure.line());
        assertTrue(figure.getMessage().contains("statistics[1] cpu all \"usr\": expected a number"), figure.getMessage());
        ImportException time = refused("mp.json", head + "{\"timestamp\": \"16:15\", \"cpu-load\": []}]}]}}\n");
        assertEquals(5, time.line());
        ImportException hosts = refused("mp.json", "{\"sysstat\": {\n\"hosts\": []}}\n");
        assertEquals(2, hosts.line());
        // a document, then more: a damaged file, not one to read the first part of
        ImportException after = refused("mp.json", head
                + "{\"timestamp\": \"16:15:16\", \"cpu-load\": [{\"cpu\": \"all\", \"usr\": 5}]}]}]}}\n}\n");
        assertEquals(6, after.line());
        assertTrue(after.getMessage().contains("expected the end of the mpstat -o JSON document"), after.getMessage());
    }

    /**
     * What follows an mpstat -o JSON document is quoted from its start, not Jackson's words cut
     * mid-word at 80 characters; a second whole document (two runs appended to one file) was read
     * past without a word, and so was a number after the closing braces.
     */
    @Test
    void whatFollowsAnMpstatJsonDocumentIsQuotedAndASecondDocumentRefused() throws Exception {
        String doc = Files.readString(Fixtures.path("real/sysstat/mpstat-o-JSON-1-2.txt"));
        long lines = doc.lines().count();
        ImportException banner = refused("mp.json", doc + "Linux 6.1.0-18-amd64 (vm) \t12/03/26 \t_x86_64_\t(2 CPU)\n");
        assertEquals(lines + 1, banner.line());
        assertEquals("expected the end of the mpstat -o JSON document, found more after it: 'Linux 6.1.0-18-amd64 (vm)  12/03/26 ...'", banner.problem());
        ImportException twice = refused("mp.json", doc + doc);
        assertEquals(lines + 1, twice.line());
        assertTrue(twice.problem().endsWith("(two mpstat runs in one file? open each in a file of its own)"),
                twice.getMessage());
        ImportException number = refused("mp.json", doc.stripTrailing() + " 12\n");
        assertEquals(lines, number.line());
        assertEquals("expected the end of the mpstat -o JSON document, found more after it: '12'", number.problem());
        assertEquals(0, Fixtures.importText("mp.json", doc + "\n  \n").report().skippedLines(), "blanks after it are fine");
    }

    /** pidstat prints sysstat's system line and times too, but per task: not a sar (or mpstat) table. */
    @Test
    void pidstatIsNotTakenForSar() {
        String pidstat = "Linux 4.4.0-virtual (bgregg-xxxxxxxx) \t02/08/2016 \t_x86_64_\t(8 CPU)\n\n"
                + "08:56:11 AM   UID       PID    %usr %system  %guest    %CPU   CPU  Command\n"
                + "08:56:12 AM     0      4505    9.00    3.00    0.00   12.00     0  bash\n"
                + "08:56:13 AM     0      4505    7.00    5.00    0.00   12.00     0  bash\n";
        ImportException e = refused("pidstat.txt", pidstat);
        assertEquals(0, e.line());
        assertTrue(e.getMessage().contains("not a recording format SchedLab reads"), e.getMessage());
        String threads = "Linux 6.1.0 (db1) \t12/03/2026 \t_x86_64_\t(2 CPU)\n\n"
                + "16:14:46      UID      TGID       TID    %usr %system  %guest   %wait    %CPU   CPU  Command\n"
                + "16:14:47        0         1         -    0.00    1.00    0.00    0.00    1.00     0  systemd\n";
        assertTrue(refused("pidstat.txt", threads).getMessage().contains("not a recording format"));
    }

    /** A line too long to read is refused where it is, not skipped: it would be a row or counter lost silently. */
    @Test
    void aLineTooLongToReadIsRefusedByLineNotSkipped() {
        String huge = "1".repeat(LineSource.MAX_LINE_BYTES + 10);
        ImportException perf = refused("stat.txt", " Performance counter stats for 'system wide':\n\n"
                + "             762      context-switches\n" + huge + "      cycles\n"
                + "             6      cpu-migrations\n\n       0.851993769 seconds time elapsed\n");
        assertEquals(4, perf.line());
        assertTrue(perf.getMessage().contains("a line longer than 1 MiB; expected a perf stat line"), perf.getMessage());
        ImportException mp = refused("mp.txt", "Linux 6.1.0 (db1) \t12/03/2026 \t_x86_64_\t(2 CPU)\n\n"
                + "10:00:00     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
                + "10:00:01     all    1.00" + "    0.00".repeat(8) + "   99.00\n10:00:02     all    " + huge + "\n"
                + "10:00:03     all    3.00" + "    0.00".repeat(8) + "   97.00\n");
        assertEquals(5, mp.line());
        assertTrue(mp.getMessage().contains("expected a line of mpstat's table"), mp.getMessage());
        ImportException last = refused("vm.txt", VG + "\n" + VH + "\n" + ROW + "\n" + ROW + "\n" + huge);
        assertEquals(5, last.line());
        assertTrue(last.getMessage().contains("expected a vmstat row or header"), last.getMessage());
    }
}
