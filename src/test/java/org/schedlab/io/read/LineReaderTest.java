package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The streaming base every line reader stands on: lines it does not understand are counted
 * and named, giant lines are skipped rather than held, a cut gzip keeps what came before the
 * cut, progress is reported and Cancel is honoured.
 */
class LineReaderTest {
    private static final String SWITCH = "            perf  7396 [000]   329.519891:       sched:sched_switch: "
            + "prev_comm=perf prev_pid=7396 prev_prio=120 prev_state=R+ ==> next_comm=kworker/0:1 next_pid=18 next_prio=0";
    private static final String SWITCH_BACK = "     kworker/0:1    18 [000]   329.519926:       sched:sched_switch: "
            + "prev_comm=kworker/0:1 prev_pid=18 prev_prio=0 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120";

    @Test
    void linesNotUnderstoodAreCountedWithTheirFirstLineNumbersAndReason() throws Exception {
        String text = SWITCH + "\nthis is not an event\n" + SWITCH_BACK + "\nneither is this\n";
        ImportResult r = Fixtures.importText("t.txt", text);
        FileReport f = r.report().files().get(0);
        assertEquals(4, f.lines());
        assertEquals(2, f.events());
        assertEquals(2, f.skippedLines());
        assertEquals(List.of(2L, 4L), f.firstSkippedLines());
        assertEquals("t.txt: 2 of 4 lines not understood (lines 2, 4); first: line 2: expected an event line"
                + " \"COMM PID [CPU] SECONDS: EVENT: FIELDS\"", f.skippedSummary());
    }

    @Test
    void onlyTheFirstFewSkippedLineNumbersAreKept() throws Exception {
        StringBuilder sb = new StringBuilder(SWITCH).append('\n');
        for (int i = 0; i < 20; i++) {
            sb.append("junk ").append(i).append('\n');
        }
        FileReport f = Fixtures.importText("t.txt", sb.toString()).report().files().get(0);
        assertEquals(20, f.skippedLines());
        assertEquals(List.of(2L, 3L, 4L, 5L, 6L), f.firstSkippedLines());
        assertTrue(f.skippedSummary().contains("(lines 2, 3, 4, 5, 6, ...)"), f.skippedSummary());
    }

    @Test
    void aMalformedEventSaysWhatWasExpectedOnWhichLine() throws Exception {
        String bad = "            perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf next=oops";
        FileReport f = Fixtures.importText("t.txt", SWITCH + "\n" + bad + "\n" + SWITCH_BACK + "\n")
                .report().files().get(0);
        assertEquals("line 2: expected \"prev_pid=\" after \"prev_comm=\" in sched_switch", f.firstSkipReason());
    }

    @Test
    void aGiantLineIsSkippedNotHeld() throws Exception {
        char[] giant = new char[LineSource.MAX_LINE_BYTES + 10];
        Arrays.fill(giant, 'x');
        String text = SWITCH + "\n" + new String(giant) + "\n" + SWITCH_BACK + "\n";
        FileReport f = Fixtures.importText("t.txt", text).report().files().get(0);
        assertEquals(3, f.lines());
        assertEquals(2, f.events());
        assertEquals(List.of(2L), f.firstSkippedLines());
        assertEquals("line 2: line longer than 1 MiB", f.firstSkipReason());
    }

    @Test
    void windowsLineEndsAreTheSameAsUnixOnes() throws Exception {
        ImportResult r = Fixtures.importText("t.txt", SWITCH + "\r\n" + SWITCH_BACK + "\r\n");
        assertEquals(0, r.report().skippedLines());
        assertEquals("perf", r.dataset().task(0).comm());
    }

    @Test
    void aTruncatedGzipKeepsTheLinesBeforeTheCutAndSaysSo() throws Exception {
        byte[] full = Files.readAllBytes(Fixtures.path(Fixtures.RUN_A_SCRIPT));
        byte[] cut = Arrays.copyOf(full, full.length / 3);
        ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes("cut.txt.gz", cut));
        FileReport f = r.report().files().get(0);
        assertTrue(f.lines() > 10_000 && f.lines() < 107_350, "lines read: " + f.lines());
        String cutAt = "the gzip data ends early (cut or still being written) at byte " + cut.length;
        assertTrue(f.notes().stream().anyMatch(n -> n.startsWith(cutAt)),
                f.notes().toString());
        assertTrue(r.dataset().sliceCount() > 1000);
    }

    @Test
    void progressIsReportedInCompressedBytesUpToTheFileSize() throws Exception {
        List<Long> done = new ArrayList<>();
        long size = Files.size(Fixtures.path(Fixtures.RUN_A_SCRIPT));
        ImportMonitor m = new ImportMonitor() {
            @Override
            public void progress(String file, long bytesDone, long bytesTotal) {
                assertEquals(size, bytesTotal);
                done.add(bytesDone);
            }

            @Override
            public boolean cancelRequested() {
                return false;
            }
        };
        Importer.standard().importFiles(List.of(Fixtures.source(Fixtures.RUN_A_SCRIPT)), m);
        assertTrue(done.size() > 20, "progress reports: " + done.size());
        for (int i = 1; i < done.size(); i++) {
            assertTrue(done.get(i) >= done.get(i - 1), "progress never goes back");
        }
        assertEquals(size, done.get(done.size() - 1));
    }

    @Test
    void cancelStopsTheImportWithinAFewThousandLines() {
        ImportMonitor m = Fixtures.cancelAfter(2);
        ImportCancelledException e = assertThrows(ImportCancelledException.class,
                () -> Importer.standard().importFiles(List.of(Fixtures.source(Fixtures.RUN_A_SCRIPT)), m));
        assertTrue(e.line() <= 3 * LineSource.CHECK_EVERY, "stopped at line " + e.line());
    }

    @Test
    void invalidUtf8BytesAreReplacedNotFatal() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes((SWITCH + "\n").getBytes(StandardCharsets.UTF_8));
        b.writeBytes(new byte[] {(byte) 0xc3, (byte) 0x28, '\n'});
        b.writeBytes((SWITCH_BACK + "\n").getBytes(StandardCharsets.UTF_8));
        ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes("t.txt", b.toByteArray()));
        assertEquals(1, r.report().skippedLines());
        assertEquals(2, r.report().events());
    }

    @Test
    void secondsParseExactlyToNanoseconds() {
        assertEquals(329_519_877_000L, LineReader.parseSecondsToNs("329.519877", 0, 10));
        assertEquals(1_500_000_000L, LineReader.parseSecondsToNs("1.5", 0, 3));
        assertEquals(12_000_000_000L, LineReader.parseSecondsToNs("12", 0, 2));
        assertEquals(1_123_456_789L, LineReader.parseSecondsToNs("1.1234567891", 0, 12));
        assertEquals(-1, LineReader.parseSecondsToNs("1.", 0, 2));
        assertEquals(-1, LineReader.parseSecondsToNs("99999999999999999999.1", 0, 22));
        assertEquals(-1, LineReader.parseUint("99999999999", 0, 11));
    }
}
