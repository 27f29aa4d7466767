package org.schedlab.io.read;

/**
 * Base of the line-oriented readers: streams the file through {@link LineSource} (plain or
 * gzip, constant memory, progress and cancel every few thousand lines) into the reader's
 * {@link LineParser}, and accounts for every line it did not understand - counted, with the
 * first line numbers and the first reason - instead of dropping it silently.
 */
public abstract class LineReader implements RecordingReader {

    /** A fresh parser for one file (readers keep no state between files). */
    protected abstract LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx);

    @Override
    public final void read(RecordingSource source, Sniff sniff, ReadContext ctx) throws ImportException {
        LineParser parser = newParser(source, sniff, ctx);
        FileReport.Builder report = ctx.report();
        long valuesBefore = ctx.sink().valuesGiven();
        try (LineSource lines = LineSource.open(source, sniff, ctx.monitor())) {
            boolean cutLeftOut = false;
            NotUtf8 notUtf8 = new NotUtf8();
            // where the last line ends the file inside a character, for a refusal of that line
            String cutHere = "";
            while (lines.nextLine()) {
                long n = lines.lineNumber();
                if (lines.lastLineTooLong()) {
                    report.skipped(n, "line longer than " + (LineSource.MAX_LINE_BYTES >> 20) + " MiB");
                    continue;
                }
                if (lines.lastLineUnterminated() && parser.cutLastLine(new String(lines.bytes(), lines.from(),
                        lines.to() - lines.from(), java.nio.charset.StandardCharsets.UTF_8), n)) {
                    cutLeftOut = true; // the parser left it out, with its own note
                    continue;
                }
                if (lines.lastLineUnterminated()) {
                    cutHere = cutOf(lines.bytes(), lines.from(), lines.to(), n, lines.skippedAtStart());
                }
                parser.lineInFile(lines.skippedAtStart(), lines.lastLineUnterminated());
                boolean understood;
                try {
                    understood = parser.line(lines.bytes(), lines.from(), lines.to(), n);
                } catch (ImportException e) {
                    throw withCut(e, n, cutHere, parser, notUtf8);
                }
                if (!understood) {
                    report.skipped(n, parser.takeProblem());
                }
                if (!parser.readsLocaleCharset()) {
                    notUtf8.check(lines.bytes(), lines.from(), lines.to(), n, lines.skippedAtStart(),
                            lines.lastLineUnterminated());
                }
            }
            notUtf8.note(report);
            report.lines(lines.lineNumber());
            if (!lines.holeNote().isEmpty()) {
                report.note(lines.holeNote());
            }
            if (!lines.damage().isEmpty()) {
                report.damaged(lines.damage() + ": read up to line " + lines.lineNumber());
            } else if (lines.lastLineUnterminated() && !cutLeftOut) {
                // a cut line can still parse ("lat 5.10" of "lat 5.104 ms"): say so rather than trust it silently
                report.note("line " + lines.lineNumber() + ", the last, has no line break: if the file was cut"
                        + " there, its values are incomplete");
            }
            lines.checkpoint();
            // values a reader gives at the end (its totals: every TCP counter, as 0 when no row was
            // read) are not values read from the lines
            boolean linesGaveValues = ctx.sink().valuesGiven() != valuesBefore;
            try {
                parser.end(lines.lineNumber());
            } catch (ImportCancelledException e) {
                throw e;
            } catch (ImportException e) {
                throw withCut(withSkipped(e, report, notUtf8), lines.lineNumber(), cutHere, parser, notUtf8);
            }
            if (report.eventCount() == 0 && report.skippedCount() > 0 && !linesGaveValues) {
                // lines were there and none gave anything: the dataset would show this file's
                // figures as zeros (or nothing) with exit 0, as if they had been measured
                throw new ImportException(source.name(), 0, "nothing could be read as " + report.format() + ": "
                        + report.build().skippedText() + notUtf8.also());
            }
        }
    }

    /**
     * Lines with bytes that are not UTF-8 (a damaged byte, a comm set in another charset): each
     * such byte was read as U+FFFD, so a comm or name there differs from the recording's. Said
     * once, at the first such byte (line and byte in it, as a CSV table's is named), with how
     * many lines had any: read silently, a damaged comm became another task name without a word.
     */
    private static final class NotUtf8 {
        private long lines;
        private long firstLine;
        private int firstColumn;
        private int firstValue;
        /** Where the text ends inside a character ("line 7, byte 41: ..."), or "" if it does not. */
        private String cut = "";
        /** The line that ends inside a character has another byte that is not UTF-8 (counted in {@link #lines}). */
        private boolean cutLineCounted;

        /**
         * {@code skipped}: the line's bytes in the file before {@code from} (a byte order mark, a
         * hole's NULs); {@code last}: the line ends the file without a line break (cut, or a gzip
         * stream that ends early), so a character cut short at its end is the cut, not a charset.
         */
        void check(byte[] b, int from, int to, long n, int skipped, boolean last) {
            int end = to;
            if (last) {
                int at = org.schedlab.io.Utf8Scan.cutAt(b, from, to);
                if (at >= 0) {
                    cut = cutText(b, from, to, at, n, skipped);
                    end = at; // the bytes before it are checked as any line's
                }
            }
            int bad = org.schedlab.io.Utf8Scan.firstBad(b, from, end);
            if (bad < 0) {
                return;
            }
            cutLineCounted = end < to;
            if (lines++ == 0) {
                firstLine = n;
                firstColumn = bad - from + 1 + skipped; // the byte in the file's line, as a CSV table's
                firstValue = b[bad] & 0xff;
            }
        }

        /** "line 3, byte 12: byte 0xff is not UTF-8 text" */
        private String first() {
            return "line " + firstLine + ", byte " + firstColumn + ": " + org.schedlab.io.Utf8Scan.what(firstValue);
        }

        /**
         * "; and line 3, byte 12: ..." after a refusal of lines not understood: the line that was
         * not understood may be so for the byte, which its quote shows only as U+FFFD; or, as the
         * warning has it, where the file ends inside a character, when no other byte is not UTF-8
         * (the last line not understood may be so for the cut). "" if neither.
         */
        String also() {
            return lines > 0 ? "; and " + first() : cut.isEmpty() ? "" : "; and " + cut;
        }

        /** No line had a byte that is not UTF-8 (a cut at the file's end aside). */
        boolean none() {
            return lines == 0;
        }

        void note(FileReport.Builder report) {
            if (!cut.isEmpty()) {
                if (lines == 0) {
                    report.note(cut);
                    return;
                }
                // other bytes are not UTF-8 either: more likely a file in another charset (Latin-1's
                // 0xe9, an accented letter, begins a UTF-8 character) than one cut inside a character
                if (!cutLineCounted) {
                    lines++;
                }
            }
            if (lines == 0) {
                return;
            }
            report.note(first() + (lines == 1 ? "" : " (" + lines + " lines have such bytes)") + "; each is read as U+FFFD, the"
                    + " replacement character, so a name there (a comm) is not quite as recorded (a damaged byte, or"
                    + " a name in another charset: convert the file with iconv -f CHARSET -t UTF-8 for the names)");
        }
    }

    /**
     * "line 7, byte 41: the text ends inside a character (0xe2 0x86, ...): the file was cut there,
     * not written in another charset; ...": the last line {@code b[from, to)}, {@code n}, ends the
     * file inside the character that begins at {@code at}; {@code skipped}: the line's bytes in the
     * file before {@code from}, counted in the byte named (as a CSV table's is).
     */
    static String cutText(byte[] b, int from, int to, int at, long n, int skipped) {
        return "line " + n + ", byte " + (at - from + 1 + skipped) + ": the text ends inside a character ("
                + org.schedlab.io.Utf8Scan.cutText(b, at, to) + "): the file was cut there, not written in another"
                + " charset; that character is read as U+FFFD, the replacement character";
    }

    /**
     * {@link #cutText} when the last line {@code b[from, to)} ends the file inside a character and
     * has no byte before it that is not UTF-8; else "".
     */
    private static String cutOf(byte[] b, int from, int to, long n, int skipped) {
        int at = org.schedlab.io.Utf8Scan.cutAt(b, from, to);
        return at >= 0 && org.schedlab.io.Utf8Scan.firstBad(b, from, to) == at ? cutText(b, from, to, at, n, skipped) : "";
    }

    /**
     * A refusal of the last line, {@code last}, that ends the file inside a character, says so
     * ({@code cut}): a sar report cut in "Moyenne\u202f:" was refused as a line that starts with no
     * time, its quote showing the cut bytes as Latin-1 letters or U+FFFD. Not when an earlier line
     * had a byte that is not UTF-8 (then the file is more likely in another charset), nor for a
     * refusal of another line.
     */
    private static ImportException withCut(ImportException e, long last, String cut, LineParser parser, NotUtf8 notUtf8) {
        if (cut.isEmpty() || e.line() != last || e instanceof ImportCancelledException || parser.readAsLatin1()
                || !notUtf8.none()) {
            return e;
        }
        // the cut is the cause: not the locale a quoted time ("Moyenne?") seemed to be in
        return new ImportException(e.file(), e.line(), SysstatSeries.withoutTimeHint(e.problem()) + "; and " + cut, e);
    }

    /**
     * A whole-file refusal ("no events found") for a file whose lines were there but not
     * understood says why they were not: else the user, looking at a file full of sched_switch
     * lines, is told only that there are none.
     */
    private static ImportException withSkipped(ImportException e, FileReport.Builder report, NotUtf8 notUtf8) {
        if (e.line() != 0 || report.skippedCount() == 0) {
            return e;
        }
        return new ImportException(e.file(), 0, e.problem() + " (" + report.build().skippedText() + ")"
                + notUtf8.also(), e);
    }

    /** Parses a non-negative decimal int in {@code s[from, to)}; -1 if it is not one or overflows. */
    public static int parseUint(String s, int from, int to) {
        if (to - from > 10) {
            return -1;
        }
        long v = parseUlong(s, from, to);
        return v > Integer.MAX_VALUE ? -1 : (int) v;
    }

    /** Parses a non-negative decimal long in {@code s[from, to)}; -1 if not one or it overflows. */
    public static long parseUlong(String s, int from, int to) {
        if (from >= to || to - from > 18) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /**
     * Parses seconds with a decimal fraction ("329.519877", "12", "0.5") in {@code s[from, to)}
     * into ns, exact for up to 9 fraction digits (more are cut). -1 if malformed or too large.
     */
    public static long parseSecondsToNs(String s, int from, int to) {
        int dot = -1;
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == '.') {
                dot = i;
                break;
            }
        }
        int intEnd = dot < 0 ? to : dot;
        long secs = parseUlong(s, from, intEnd);
        if (secs < 0 || intEnd == from || secs > 9_000_000_000L) {
            return -1;
        }
        long frac = 0;
        int digits = 0;
        if (dot >= 0) {
            if (dot + 1 >= to) {
                return -1;
            }
            for (int i = dot + 1; i < to; i++) {
                char c = s.charAt(i);
                if (c < '0' || c > '9') {
                    return -1;
                }
                if (digits < 9) {
                    frac = frac * 10 + (c - '0');
                    digits++;
                }
            }
        }
        for (int d = digits; d < 9; d++) {
            frac *= 10;
        }
        return secs * 1_000_000_000L + frac;
    }

    /** Index of the first non-space at or after {@code i}. */
    public static int skipSpaces(String s, int i) {
        int n = s.length();
        while (i < n && s.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    /** Index of the first space (or the end) at or after {@code i}. */
    public static int tokenEnd(String s, int i) {
        int n = s.length();
        while (i < n && s.charAt(i) != ' ' && s.charAt(i) != '\t') {
            i++;
        }
        return i;
    }
}
