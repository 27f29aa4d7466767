package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.schedlab.model.TaskInfo;

/**
 * A byte that is not UTF-8 in a text recording (a damaged byte, a comm set in another charset)
 * was read as U+FFFD without a word: the comm became another task name silently. Every reader
 * that reads lines through {@link LineReader} now keeps the line, the byte read as U+FFFD, and
 * warns once naming the file, the line and the byte in it, as a CSV table's is named.
 */
class NotUtf8LinesTest {
    private static final Path RECORDINGS = Path.of("example-data/recordings");

    private static byte[] plain(Path file) throws IOException {
        if (!file.toString().endsWith(".gz")) {
            return Files.readAllBytes(file);
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return in.readAllBytes();
        }
    }

    /** The offset in {@code text} where its line {@code n} (1-based) starts. */
    private static int lineStart(byte[] text, int n) {
        int at = 0;
        for (int line = 1; line < n; line++) {
            while (text[at] != '\n') {
                at++;
            }
            at++;
        }
        return at;
    }

    private static ImportResult imported(String name, byte[] bytes) throws ImportException {
        return Importer.standard().importFile(RecordingSource.ofBytes(name, bytes));
    }

    private static String utf8Warning(ImportResult r) {
        List<String> w = r.report().warnings().stream().filter(s -> s.contains("is not UTF-8 text")).toList();
        assertEquals(1, w.size(), "one warning of bytes that are not UTF-8: " + r.report().warnings());
        return w.get(0);
    }

    @Test
    void aDamagedByteInACommKeepsTheTaskWithU_FFFDAndWarnsNamingLineAndByte() throws Exception {
        byte[] text = plain(RECORDINGS.resolve("pgbench-local-runA-50ms.perf-sched-script.txt.gz"));
        // the switch to tokio-rt-worker, its last line: "next_comm=tokio-rt-worker" with its 'o' damaged
        int line = 2553;
        int start = lineStart(text, line);
        String l = new String(text, start, lineStart(text, line + 1) - start, StandardCharsets.UTF_8);
        int o = l.indexOf("next_comm=tokio") + "next_comm=t".length();
        byte[] damaged = text.clone();
        damaged[start + o] = (byte) 0xf6; // 'ö' in Latin-1, alone not UTF-8
        ImportResult r = imported("sched.txt", damaged);
        assertEquals("sched.txt: line 2553, byte " + (o + 1) + ": byte 0xf6 is not UTF-8 text; each is read as U+FFFD,"
                + " the replacement character, so a name there (a comm) is not quite as recorded (a damaged byte, or a"
                + " name in another charset: convert the file with iconv -f CHARSET -t UTF-8 for the names)",
                utf8Warning(r));
        List<String> comms = r.dataset().tasks().stream().filter(t -> t.tid() == 69).map(TaskInfo::comm).toList();
        assertEquals(List.of("t\uFFFDkio-rt-worker"), comms, "the task kept, its comm with U+FFFD where the byte was");
        ImportResult clean = imported("sched.txt", text);
        assertTrue(clean.report().warnings().stream().noneMatch(s -> s.contains("UTF-8")), clean.report().warnings().toString());
        assertEquals(clean.dataset().tasks().size(), r.dataset().tasks().size(), "no task more or less");
    }

    /** The other bundled text recordings, each read by its own reader through the shared line reading. */
    @Test
    void eachTextReaderWarnsOfADamagedByteWithItsLineAndByte() throws Exception {
        for (String name : List.of("pgbench-sandbox-2cpu/pgbench.txt", "pgbench-sandbox-2cpu/perf_lock_contention.txt",
                "pgbench-sandbox-2cpu/nstat.txt.gz", "pgbench-sandbox-2cpu/perf_sched_timehist.txt.gz")) {
            byte[] text = plain(RECORDINGS.resolve(name));
            // a letter in the middle of the file, in a line of its figures or names; perf lock's
            // three lines: its caller's name
            int at = name.contains("lock") ? new String(text, StandardCharsets.UTF_8).indexOf("Unknown") + 4
                    : text.length / 2;
            while (!Character.isLetter(text[at])) {
                at++;
            }
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (text[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            byte[] damaged = text.clone();
            damaged[at] = (byte) 0xff;
            String file = Path.of(name).getFileName().toString().replace(".gz", "");
            ImportResult r = imported(file, damaged);
            String w = utf8Warning(r);
            assertTrue(w.startsWith(file + ": line " + line + ", byte " + (at - lineStart + 1)
                    + ": byte 0xff is not UTF-8 text; each is read as U+FFFD"), name + ": " + w);
        }
    }

    /**
     * The byte named is the byte of the file's line, as a CSV table's is: a first line after the
     * byte order mark a Windows editor adds, and a line after a hole's NUL bytes, were counted from
     * where their text begins, 3 (or the NULs') bytes short of where an editor or cmp finds it.
     */
    @Test
    void theByteIsCountedInTheFilesLineWithAByteOrderMarkOrAHoleBeforeIt() throws Exception {
        byte[] text = plain(RECORDINGS.resolve("pgbench-sandbox-2cpu/pgbench.txt"));
        java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
        file.write(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf});
        file.write(text);
        byte[] bom = file.toByteArray();
        int d = new String(bom, StandardCharsets.UTF_8).indexOf("Debian") + 2; // "Debian", its 'D' (the mark is 3 bytes, 1 char)
        bom[d] = (byte) 0xff;
        assertTrue(utf8Warning(imported("pgbench.txt", bom)).startsWith("pgbench.txt: line 1, byte " + (d + 1)
                + ": byte 0xff"), utf8Warning(imported("pgbench.txt", bom)));

        int third = lineStart(text, 3);
        file.reset();
        file.write(text, 0, third);
        file.write(new byte[4]); // a hole of four NULs before line 3's text
        file.write(text, third, text.length - third);
        byte[] hole = file.toByteArray();
        int p = third + 4 + "progress: ".length();
        hole[p] = (byte) 0xff;
        String w = utf8Warning(imported("pgbench.txt", hole));
        assertTrue(w.startsWith("pgbench.txt: line 3, byte " + (p - third + 1) + ": byte 0xff"), w);
    }

    /**
     * A file cut in the middle of a multi-byte character (a copy stopped, a gzip stream still being
     * written) ends in a lead byte without all of its continuation bytes: that was called a byte
     * that is not UTF-8, with advice to convert the file from another charset. The cut is said
     * instead, at its place; a byte that is not UTF-8 elsewhere is still named as one.
     */
    @Test
    void aFileCutInsideACharacterSaysItWasCutNotThatItIsAnotherCharset() throws Exception {
        byte[] text = plain(RECORDINGS.resolve("pgbench-sandbox-2cpu/pgbench.txt"));
        byte[] arrow = "progress: note \u2192".getBytes(StandardCharsets.UTF_8); // "→": e2 86 92
        java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
        file.write(text);
        file.write(arrow, 0, arrow.length - 1); // cut after its first 2 bytes
        byte[] cut = file.toByteArray();
        long line = new String(text, StandardCharsets.UTF_8).lines().count() + 1;
        String said = "line " + line + ", byte " + (arrow.length - 2) + ": the text ends inside a character (0xe2 0x86,"
                + " the first 2 bytes of a 3-byte UTF-8 character): the file was cut there, not written in another charset";

        ImportResult r = imported("pgbench.txt", cut);
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.startsWith("pgbench.txt: " + said)),
                r.report().warnings().toString());
        assertTrue(r.report().warnings().stream().noneMatch(w -> w.contains("iconv") || w.contains("is not UTF-8 text")),
                r.report().warnings().toString());

        // the same text gzipped, the stream ending early right there (flushed, then cut)
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz, true);
        out.write(cut);
        out.flush();
        ImportResult g = imported("pgbench.txt.gz", gz.toByteArray());
        assertTrue(g.report().warnings().stream().anyMatch(w -> w.startsWith("pgbench.txt.gz: " + said)),
                g.report().warnings().toString());
        assertTrue(g.report().warnings().stream().noneMatch(w -> w.contains("iconv")), g.report().warnings().toString());

        // with another byte that is not UTF-8 (Latin-1's \u00e9 elsewhere), the file is more likely in another
        // charset (0xe9 also begins a UTF-8 character): both lines are counted, the first named, as before
        byte[] both = cut.clone();
        int at = text.length / 2;
        while (!Character.isLetter(both[at])) {
            at++;
        }
        both[at] = (byte) 0xe9;
        ImportResult b = imported("pgbench.txt", both);
        assertTrue(utf8Warning(b).contains("byte 0xe9 is not UTF-8 text (2 lines have such bytes)"), utf8Warning(b));
        assertTrue(b.report().warnings().stream().noneMatch(w -> w.contains("ends inside a character")),
                b.report().warnings().toString());
    }

    /** sysstat's readers read a locale's charset as Latin-1 and say so themselves: no second note. */
    @Test
    void aLatin1SysstatReportHasItsOwnNoteOnly() throws Exception {
        String sar = "Linux 6.18.44-fc-v1272 (poste-r\u00e9seau) \t04/12/2026 \t_x86_64_\t(2 CPU)\n\n"
                + "16:54:13        CPU     %user     %nice   %system   %iowait    %steal     %idle\n"
                + "16:54:14        all     94,92      0,00      4,06      0,00      0,00      1,02\n"
                + "Moyenne\u00a0:     all     94,71      0,00      4,53      0,00      0,00      0,76\n";
        ImportResult r = imported("sar.txt", sar.getBytes(StandardCharsets.ISO_8859_1));
        List<String> notes = r.report().files().get(0).notes();
        assertTrue(notes.stream().anyMatch(s -> s.contains("ISO-8859-1")), notes.toString());
        assertTrue(notes.stream().noneMatch(s -> s.contains("U+FFFD")), notes.toString());
        assertEquals("poste-r\u00e9seau", r.dataset().metadata().parameters().get("sar.host"));
    }

    /**
     * A file refused for its lines that ends inside a character names that place, as its warning
     * does: the refusal left it out, and the last line's quote shows the cut only as U+FFFD.
     */
    @Test
    void aRefusalForLinesNotUnderstoodNamesWhereTheFileEndsInsideACharacter() throws Exception {
        byte[] text = plain(RECORDINGS.resolve("pgbench-sandbox-2cpu/perf_lock_contention.txt"));
        int unit = new String(text, StandardCharsets.UTF_8).indexOf(" ms") + 1; // "2.10 ms": its unit
        java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
        file.write(text, 0, unit);
        file.write(0xc2); // "\u00b5s" cut after its first byte
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> imported("lock.txt", file.toByteArray()));
        assertTrue(e.getMessage().startsWith("lock.txt: "), e.getMessage());
        assertTrue(e.getMessage().endsWith("; and line 3, byte " + (unit - lineStart(text, 3) + 1)
                + ": the text ends inside a character (0xc2, the first byte of a 2-byte UTF-8 character): the file"
                + " was cut there, not written in another charset; that character is read as U+FFFD, the replacement"
                + " character"), e.getMessage());
    }

    /** A file refused for its lines names the byte too: the line's quote shows it only as U+FFFD. */
    @Test
    void aRefusalForLinesNotUnderstoodNamesTheByte() throws Exception {
        byte[] text = plain(RECORDINGS.resolve("pgbench-sandbox-2cpu/perf_lock_contention.txt"));
        int at = new String(text, StandardCharsets.UTF_8).indexOf(" ms") + 1; // "2.10 ms": its unit
        byte[] damaged = text.clone();
        damaged[at] = (byte) 0xe9;
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> imported("lock.txt", damaged));
        assertTrue(e.getMessage().startsWith("lock.txt: "), e.getMessage());
        assertTrue(e.getMessage().endsWith("; and line 3, byte " + (at - lineStart(text, 3) + 1)
                + ": byte 0xe9 is not UTF-8 text"), e.getMessage());
    }
}
