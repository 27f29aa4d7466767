package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link LineParser#utf8OrLatin1}, sysstat's reading of a line in the locale's charset: a last
 * line that ends the file inside a character, its first byte that is not UTF-8, was cut there; it
 * had the note that the file is read as Latin-1 from there, which asks to convert a UTF-8 file.
 */
class Utf8OrLatin1Test {
    /** A parser that reads each line in the locale's charset and keeps what it read. */
    private static final class Lines extends LineParser {
        final FileReport.Builder report = new FileReport.Builder("sar.txt", "sar");

        String read(String utf8, int keep, boolean last) {
            byte[] b = utf8.getBytes(StandardCharsets.UTF_8);
            lineInFile(0, last);
            return utf8OrLatin1(b, 0, keep < 0 ? b.length : keep, 1, report);
        }

        @Override
        protected boolean line(String text, long lineNumber) {
            return true;
        }

        @Override
        protected void end(long lines) {
        }
    }

    @Test
    void aLastLineCutInsideACharacterIsSaidCutAndReadAsUtf8() {
        Lines p = new Lines();
        assertEquals("Moyenne\ufffd", p.read("Moyenne\u202f:", 9, true)); // e2 80 of e2 80 af
        assertEquals(List.of("line 1, byte 8: the text ends inside a character (0xe2 0x80, the first 2 bytes of a"
                + " 3-byte UTF-8 character): the file was cut there, not written in another charset; that character is"
                + " read as U+FFFD, the replacement character"), p.report.build().notes());
    }

    @Test
    void aLineWithALineBreakOrAnotherByteBeforeTheCutIsStillLatin1() {
        Lines ended = new Lines(); // the same bytes, not at the file's end: a Latin-1 line
        assertEquals("Moyenne\u00e2\u0080", ended.read("Moyenne\u202f:", 9, false));
        assertEquals(1, ended.report.build().notes().size());
        assertEquals(true, ended.report.build().notes().get(0).contains("read as ISO-8859-1"));

        Lines latin1 = new Lines();
        byte[] b = "poste-r\u00e9seau \u00e9".getBytes(StandardCharsets.ISO_8859_1); // ends in 0xe9, alone
        latin1.lineInFile(0, true);
        assertEquals("poste-r\u00e9seau \u00e9", latin1.utf8OrLatin1(b, 0, b.length, 1, latin1.report));
        assertEquals(true, latin1.report.build().notes().get(0).contains("read as ISO-8859-1"));
    }
}
