package org.schedlab.io.read;

/**
 * The per-file state of a line-oriented reader. {@link LineReader} feeds it every line in
 * order; {@link #line} says whether it understood the line, and when it did not, may leave a
 * reason in {@link #problem} for the report ("expected \"next_pid=\" in sched_switch").
 */
public abstract class LineParser {
    /** Why the last line was not understood; reset before each line. */
    protected String problem = "";

    /** @return true if the line was understood (blank lines and comments count as understood) */
    protected abstract boolean line(String text, long lineNumber) throws ImportException;

    /**
     * The same for a line given as UTF-8 bytes {@code b[from, to)} (valid only during the call).
     * {@link LineReader} calls this one; it decodes and calls {@link #line(String, long)}, unless a
     * parser of big files overrides it to parse the bytes in place.
     */
    protected boolean line(byte[] b, int from, int to, long lineNumber) throws ImportException {
        return line(new String(b, from, to - from, java.nio.charset.StandardCharsets.UTF_8), lineNumber);
    }

    /** Set by {@link #utf8OrLatin1}: this parser says itself what it made of bytes that are not UTF-8. */
    private boolean readsLocaleCharset;

    /**
     * Whether the parser reads lines in the locale's charset ({@link #utf8OrLatin1}) and says so
     * itself; else {@link LineReader} notes a line's bytes that are not UTF-8, which the parser
     * reads as U+FFFD.
     */
    final boolean readsLocaleCharset() {
        return readsLocaleCharset;
    }

    /** The first line that was not UTF-8, from which on lines are read as ISO-8859-1 (0: none yet). */
    private long latin1From;

    /** Lines are read as ISO-8859-1 since one that was not UTF-8 ({@link #utf8OrLatin1}). */
    final boolean readAsLatin1() {
        return latin1From != 0;
    }

    /** The current line's bytes in the file before the text given (a byte order mark, a hole's NULs). */
    private int skippedAtStart;

    /** The current line ends the file without a line break (cut, or a gzip stream that ends early). */
    private boolean endsFile;

    /** Set by {@link LineReader} before each line: where its text stands in the file. */
    final void lineInFile(int skipped, boolean last) {
        skippedAtStart = skipped;
        endsFile = last;
    }

    /**
     * The line {@code b[from, to)} as UTF-8, or, once a line is not UTF-8, as ISO-8859-1 (Latin-1)
     * from that line on, which {@code report} is told once. For tools that print in the locale's
     * charset (sysstat): a report saved under fr_FR.ISO-8859-1 has byte 0xA0, a no-break space, in
     * "Moyenne :", and a host name with an accent is one byte, which as UTF-8 became '?'. A file
     * of another charset still reads wrong, and the note says how to convert it. A file whose last
     * line, without a line break, ends inside a character that is its first byte not UTF-8 was cut
     * there: that line is read as UTF-8, the cut character as U+FFFD, and {@code report} told so.
     */
    protected final String utf8OrLatin1(byte[] b, int from, int to, long lineNumber, FileReport.Builder report) {
        readsLocaleCharset = true;
        if (latin1From == 0) {
            // the rule every line of a recording is checked by (LineReader's note of bytes that are not UTF-8)
            int bad = org.schedlab.io.Utf8Scan.firstBad(b, from, to);
            if (bad < 0) {
                return new String(b, from, to - from, java.nio.charset.StandardCharsets.UTF_8);
            }
            if (endsFile && org.schedlab.io.Utf8Scan.cutAt(b, from, to) == bad) {
                // a UTF-8 report that ends inside a character, with no byte before it that is not
                // UTF-8: cut while copied (or a gzip stream that ends early), not saved in Latin-1,
                // which the note said; the cut character is read as U+FFFD, as any reader's is
                report.note(LineReader.cutText(b, from, to, bad, lineNumber, skippedAtStart));
                return new String(b, from, to - from, java.nio.charset.StandardCharsets.UTF_8);
            }
            latin1From = lineNumber;
            report.note("line " + lineNumber + " is not UTF-8: the file is read as ISO-8859-1 (Latin-1) from"
                    + " there, the charset of a report saved in a locale such as fr_FR.ISO-8859-1; if it was"
                    + " saved in another, convert it first (iconv -f CHARSET -t UTF-8)");
        }
        return new String(b, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /**
     * The file's last line, which ended without a line break: tools end every line, so it was most
     * likely cut where the file ends (a copy stopped, a full disk, a run killed). False (the default)
     * has it read as any other line, and the reader notes that its values may be incomplete; a parser
     * whose format would read a cut line as whole but wrong (a figure short of its last digits) leaves
     * it out with its own note naming the line, and returns true.
     */
    protected boolean cutLastLine(String text, long lineNumber) throws ImportException {
        return false;
    }

    /** Called once after the last line; {@code lines} is how many there were. */
    protected abstract void end(long lines) throws ImportException;

    final String takeProblem() {
        String p = problem;
        problem = "";
        return p;
    }

    /** Marks the current line as not understood, with a reason; returns false for brevity. */
    protected final boolean reject(String reason) {
        problem = reason;
        return false;
    }
}
