package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** Gzip files are inflated on a second thread: the lines, the damage notes and the end are a plain read's. */
class GzipLinesTest {
    private static List<String> lines(RecordingSource source, String[] damage) throws ImportException {
        List<String> out = new ArrayList<>();
        try (LineSource lines = LineSource.open(source, ContentSniffer.sniff(source), ImportMonitor.NONE)) {
            String l;
            while ((l = lines.next()) != null) {
                out.add(l);
            }
            damage[0] = lines.damage();
        }
        return out;
    }

    /** What a single-threaded read in 64 KiB requests yields before the stream fails. */
    private static byte[] inflatedBeforeFailure(byte[] gz) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz), 64 * 1024)) {
            byte[] buf = new byte[64 * 1024];
            int r;
            while ((r = in.read(buf, 0, buf.length)) > 0) {
                out.write(buf, 0, r);
            }
        } catch (IOException expected) {
            // the cut: everything before it counts
        }
        return out.toByteArray();
    }

    private static List<String> splitLines(byte[] text) throws IOException {
        List<String> out = new ArrayList<>();
        try (var r = new java.io.BufferedReader(new java.io.InputStreamReader(new ByteArrayInputStream(text),
                StandardCharsets.UTF_8))) {
            String l;
            while ((l = r.readLine()) != null) {
                out.add(l);
            }
        }
        return out;
    }

    private static byte[] plainRunA() throws IOException {
        try (InputStream in = new GZIPInputStream(Fixtures.source(Fixtures.RUN_A_SCRIPT).opener().open())) {
            return in.readAllBytes();
        }
    }

    @Test
    void aGzipFileReadsAsTheSameLinesAsItsPlainText() throws Exception {
        byte[] plain = plainRunA();
        String[] damage = new String[1];
        List<String> fromGzip = lines(Fixtures.source(Fixtures.RUN_A_SCRIPT), damage);
        assertEquals("", damage[0]);
        assertEquals(lines(RecordingSource.ofBytes("plain.txt", plain), new String[1]), fromGzip);
        assertEquals(107_350, fromGzip.size());

        // two gzip members back to back (as `cat a.gz b.gz` makes) are one text, cut mid-line
        byte[] twoMembers = concat(Fixtures.gzip(Arrays.copyOfRange(plain, 0, 3_000_001)),
                Fixtures.gzip(Arrays.copyOfRange(plain, 3_000_001, plain.length)));
        assertEquals(fromGzip, lines(RecordingSource.ofBytes("two.gz", twoMembers), new String[1]));
    }

    @Test
    void aCutOrDamagedGzipYieldsWhatAPlainReadYieldsAndSaysWhy() throws Exception {
        byte[] gz = Fixtures.source(Fixtures.RUN_A_SCRIPT).opener().open().readAllBytes();
        byte[] cut = Arrays.copyOf(gz, gz.length / 2);
        String[] damage = new String[1];
        assertEquals(splitLines(inflatedBeforeFailure(cut)), lines(RecordingSource.ofBytes("cut.gz", cut), damage));
        assertEquals("the gzip data ends early (cut or still being written) at byte " + cut.length, damage[0]);

        byte[] damaged = gz.clone();
        for (int i = 400_000; i < 400_050; i++) {
            damaged[i] ^= 0x5a;
        }
        List<String> read = lines(RecordingSource.ofBytes("damaged.gz", damaged), damage);
        assertEquals(splitLines(inflatedBeforeFailure(damaged)), read);
        assertTrue(damage[0].startsWith("the gzip data is damaged ("), damage[0]);
        assertTrue(read.size() > 10_000 && read.size() < 107_350, "lines before the damage: " + read.size());
    }

    @Test
    void closingEarlyStopsTheInflatingThread() throws Exception {
        RecordingSource src = Fixtures.source(Fixtures.RUN_A_SCRIPT);
        java.util.Set<Thread> before = Thread.getAllStackTraces().keySet(); // other imports may be running
        try (LineSource lines = LineSource.open(src, ContentSniffer.sniff(src), ImportMonitor.NONE)) {
            for (int i = 0; i < 10; i++) {
                assertTrue(lines.nextLine());
            }
        }
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertFalse(!before.contains(t) && t.getName().startsWith("schedlab-gunzip") && t.isAlive(),
                    "still inflating: " + t.getName());
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aDamagedFurtherGzipPartIsNotedNotDroppedWithoutAWord() throws Exception {
        // cat a.gz b.gz is one valid gzip file of two parts; when the second part's header is damaged,
        // the gzip stream just ends after the first, and half the recording went missing silently
        byte[] first = Fixtures.gzip("line one\nline two\n".getBytes(StandardCharsets.UTF_8));
        byte[] second = Fixtures.gzip("line three\nline four\n".getBytes(StandardCharsets.UTF_8));
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        String[] damage = new String[1];
        assertEquals(List.of("line one", "line two", "line three", "line four"),
                lines(RecordingSource.ofBytes("two-parts.txt.gz", both), damage), "two good parts read as one");
        assertEquals("", damage[0]);
        both[first.length + 3] = (byte) 0xff; // the second part's flags byte: no gzip header has them all set
        assertEquals(List.of("line one", "line two"), lines(RecordingSource.ofBytes("cut.txt.gz", both), damage));
        assertTrue(damage[0].contains("not gzip"), damage[0]);
        byte[] padded = Arrays.copyOf(first, first.length + 100);
        lines(RecordingSource.ofBytes("padded.txt.gz", padded), damage);
        assertTrue(damage[0].contains("not gzip"), "bytes after the gzip data are said, even zeros: " + damage[0]);
    }
}
