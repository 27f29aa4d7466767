package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.List;

/**
 * What one file gave: its detected format, how many lines and events were read, and the lines
 * that were not understood - counted, with the first few line numbers and the first reason -
 * so nothing is dropped silently. Notes carry the rest (a truncated gzip, an assumption made).
 * {@code damage} is the note saying the file was cut short or damaged ("" when it was whole):
 * the workbench opens what came before it, the command line refuses the file. {@code carried}
 * are the warnings of an earlier import that the file brings with it (SchedLab's own Chrome
 * trace export of a recording whose import warned), said again as they were said then.
 */
public record FileReport(String file, String format, long lines, long events, long skippedLines,
                         List<Long> firstSkippedLines, String firstSkipReason, List<String> notes, String damage,
                         List<String> carried) {
    public static final int FIRST_SKIPPED_KEPT = 5;

    public FileReport {
        firstSkippedLines = List.copyOf(firstSkippedLines);
        // reasons and notes quote the file (event names, fields): a damaged one must not garble the output
        firstSkipReason = Printable.of(firstSkipReason);
        notes = notes.stream().map(Printable::of).toList();
        damage = Printable.of(damage);
        carried = carried.stream().map(Printable::of).toList();
    }

    /** This report with {@code note} added after its notes (an assumption made once every file was read). */
    public FileReport withNote(String note) {
        List<String> more = new ArrayList<>(notes);
        more.add(note);
        return new FileReport(file, format, lines, events, skippedLines, firstSkippedLines, firstSkipReason, more,
                damage, carried);
    }

    /** One line for a console or a status bar; "" when every line was understood. */
    public String skippedSummary() {
        return skippedLines == 0 ? "" : file + ": " + skippedText();
    }

    /**
     * The skipped lines without the file name: "3 of 250 lines not understood (lines 4, 9, 12);
     * first: ...". The file's line count is given (when known) so that 1999 lines of 2000 do not
     * read like a few bad lines of a large file.
     */
    public String skippedText() {
        if (skippedLines == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(skippedLines);
        if (lines >= skippedLines) {
            sb.append(" of ").append(lines);
        }
        sb.append(skippedLines == 1 && lines <= 1 ? " line" : " lines").append(" not understood (line");
        sb.append(firstSkippedLines.size() == 1 ? " " : "s ");
        for (int i = 0; i < firstSkippedLines.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(firstSkippedLines.get(i));
        }
        if (skippedLines > firstSkippedLines.size()) {
            sb.append(", ...");
        }
        sb.append(')');
        if (!firstSkipReason.isEmpty()) {
            sb.append("; first: ").append(firstSkipReason);
        }
        return sb.toString();
    }

    /** Collects a report while a file is read. */
    public static final class Builder {
        private final String file;
        private String format;
        private long lines;
        private long events;
        private long skipped;
        private final List<Long> firstSkipped = new ArrayList<>();
        private String firstReason = "";
        private final List<String> notes = new ArrayList<>();
        private String damage = "";
        private final List<String> carried = new ArrayList<>();

        public Builder(String file, String format) {
            this.file = file;
            this.format = format;
        }

        public String file() {
            return file;
        }

        public String format() {
            return format;
        }

        /** A reader that handles variants says which one it saw. */
        public Builder format(String f) {
            this.format = f;
            return this;
        }

        public Builder lines(long n) {
            this.lines = n;
            return this;
        }

        public Builder event() {
            events++;
            return this;
        }

        public Builder events(long n) {
            events += n;
            return this;
        }

        public long eventCount() {
            return events;
        }

        public Builder skipped(long lineNumber, String reason) {
            skipped++;
            if (firstSkipped.size() < FIRST_SKIPPED_KEPT) {
                firstSkipped.add(lineNumber);
            }
            if (firstReason.isEmpty() && reason != null && !reason.isEmpty()) {
                firstReason = "line " + lineNumber + ": " + reason;
            }
            return this;
        }

        public long skippedCount() {
            return skipped;
        }

        public Builder note(String note) {
            if (!notes.contains(note)) {
                notes.add(note);
            }
            return this;
        }

        /**
         * A warning of the import the file was exported from, which the file carries (a SchedLab
         * Chrome trace's {@code otherData.schedlab.importWarnings}): said verbatim, without this
         * file's name before it, so that a trace exported and imported again does not grow one.
         */
        public Builder carried(String warning) {
            if (!carried.contains(warning)) {
                carried.add(warning);
            }
            return this;
        }

        /** The file ended early or was damaged there: a note, and {@link FileReport#damage()}. */
        public Builder damaged(String what) {
            if (damage.isEmpty()) {
                damage = what;
            }
            return note(what);
        }

        public FileReport build() {
            return new FileReport(file, format, lines, events, skipped, firstSkipped, firstReason, notes, damage,
                    carried);
        }
    }
}
