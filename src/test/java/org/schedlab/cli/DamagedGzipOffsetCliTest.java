package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gzip damaged in the middle (not cut) names the file, the compressed byte where inflating
 * failed and what was expected there, as a cut one names the byte it ends at: "the gzip data is
 * damaged (corrupt compressed data)" alone left a user with a 600 KB file and nowhere to look.
 */
class DamagedGzipOffsetCliTest {
    private static final Path RECORDING = Path.of("example-data/recordings/pgbench-local-runA-50ms.perf-sched-script.txt.gz");
    private static final Pattern AT = Pattern.compile("corrupt compressed data at compressed byte (\\d+), where"
            + " deflate-compressed data was expected");

    @TempDir
    Path dir;

    /** {@code gz} with 64 bytes from its middle overwritten by 0xff (a deflate block type that does not exist). */
    private static Damaged damage(byte[] gz, Path to) throws Exception {
        byte[] bad = gz.clone();
        int from = bad.length / 2;
        for (int i = from; i < from + 64; i++) {
            bad[i] = (byte) 0xff;
        }
        Files.write(to, bad);
        return new Damaged(to, from);
    }

    private record Damaged(Path file, int from) {
    }

    /** The byte the message names: where the damage starts or a few bytes into it (zlib reads ahead a little). */
    private static void namesTheDamagedByte(String err, Damaged d) {
        Matcher m = AT.matcher(err);
        assertTrue(m.find(), err);
        long at = Long.parseLong(m.group(1));
        assertTrue(at > d.from() && at <= d.from() + 16, "byte " + at + " for damage from byte " + (d.from() + 1));
    }

    @Test
    void aRecordingDamagedInTheMiddleNamesTheCompressedByteInInfoTableAndImport() throws Exception {
        Damaged d = damage(Files.readAllBytes(RECORDING), dir.resolve("run.txt.gz"));
        for (String command : new String[] {"info", "table", "import"}) {
            CliRun r = CliRun.of(command, d.file().toString());
            assertEquals(2, r.exitCode(), command + ": " + r.out() + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("schedlab: " + d.file() + ": the gzip data is damaged ("), r.err());
            namesTheDamagedByte(r.err(), d);
            assertTrue(r.err().contains("(to use the part before the damage: gzip -dc"), r.err());
            assertFalse(r.err().contains("block type"), "zlib's words: " + r.err());
        }
    }

    @Test
    void aSavedDatasetDamagedInTheMiddleNamesTheCompressedByte() throws Exception {
        Path saved = dir.resolve("run.json.gz");
        assertEquals(0, CliRun.of("import", RECORDING.toString(), "--out", saved.toString()).exitCode());
        Damaged d = damage(Files.readAllBytes(saved), dir.resolve("bad.json.gz"));
        CliRun r = CliRun.of("info", d.file().toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().startsWith("schedlab: " + d.file() + ": the gzip data is damaged ("), r.err());
        assertTrue(r.err().contains(" at compressed byte "), r.err());
        // the dataset reader itself (the workbench's reopen of a saved file, past the sniffed head)
        org.schedlab.io.DatasetFormatException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.schedlab.io.DatasetFormatException.class, () -> org.schedlab.io.DatasetJson.read(d.file()));
        assertTrue(e.getMessage().startsWith(d.file() + ":"), e.getMessage());
        assertTrue(e.getMessage().contains("the gzip data is damaged (") && e.getMessage().contains(" at compressed byte "),
                e.getMessage());
    }

    @Test
    void aChromeTraceDamagedInTheMiddleNamesTheCompressedByte() throws Exception {
        Path trace = dir.resolve("trace.json.gz");
        assertEquals(0, CliRun.of("export", RECORDING.toString(), "--format", "chrome", "--out", trace.toString())
                .exitCode());
        Damaged d = damage(Files.readAllBytes(trace), dir.resolve("bad-trace.json.gz"));
        CliRun r = CliRun.of("info", d.file().toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().startsWith("schedlab: " + d.file() + ": the gzip data is damaged ("), r.err());
        assertTrue(r.err().contains(" at compressed byte "), r.err());
        assertFalse(r.err().contains("truncated"), "damaged, not cut: " + r.err());
    }
}
