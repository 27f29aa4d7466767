package org.schedlab.io.read;

import java.util.List;
import java.util.Optional;
import org.schedlab.io.read.PerfStatLine.BadLine;
import org.schedlab.io.read.PerfStatLine.Form;
import org.schedlab.io.read.PerfStatLine.Layout;
import org.schedlab.io.read.PerfStatLine.Reading;

/**
 * {@code perf stat} output: the counter table (with {@code -r}, {@code -I}, {@code -A},
 * {@code --per-core} ...), {@code -x SEP} and {@code -j}. The file holds one output: its first
 * counter line fixes the form, the time column and the aggregation ({@link PerfStatLine}), and a
 * line that does not fit them refuses the file, naming the line and what was expected there -
 * a skipped line would leave an event out of the totals that are compared. What it gives is
 * {@link PerfStatCounts}'s.
 */
public final class PerfStatReader extends LineReader {
    static final String FORMAT = "perf-stat";
    static final String HEADER = "Performance counter stats for ";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public int probe(Sniff sniff) {
        for (String l : sniff.headLines()) {
            String t = l.strip();
            if (t.startsWith(HEADER) || isIntervalHeader(t)) {
                return 95;
            }
        }
        String first = sniff.firstContentLine();
        if (PerfStatLine.isJson(first)) {
            return 95;
        }
        return PerfStatLine.csvLayout(first).isPresent() || afterDamagedFirstLine(sniff).isPresent() ? 90 : 0;
    }

    /**
     * The layout of the lines after a damaged first line, when the two after it are perf stat's
     * beyond doubt; empty otherwise (and for a first line that is not damaged). Those two must be
     * -j JSON objects, -x lines of one separator, -I table lines (a time, then a counter) or,
     * with a "seconds time elapsed" line in the head, table lines. The first line of a table is
     * its header, which names only the target and the run count; of -x or -j output it is a
     * counter line, which the totals need (the reader refuses it by line).
     */
    static Optional<Layout> afterDamagedFirstLine(Sniff sniff) {
        List<String> content = sniff.headLines().stream().filter(l -> !l.isBlank()).limit(3).toList();
        if (content.size() < 3) {
            return Optional.empty();
        }
        String first = content.get(0).strip();
        if (first.startsWith(HEADER) || isIntervalHeader(first) || PerfStatLine.isJson(first)
                || PerfStatLine.csvLayout(first).isPresent()) {
            return Optional.empty();
        }
        String a = content.get(1);
        String b = content.get(2);
        try {
            if (PerfStatLine.isJson(a.strip()) && PerfStatLine.isJson(b.strip())) {
                return Optional.of(PerfStatLine.jsonLayout(a.strip()));
            }
            Optional<Layout> csv = PerfStatLine.csvLayout(a.strip());
            if (csv.isPresent()) {
                Optional<Layout> next = PerfStatLine.csvLayout(b.strip());
                return next.isPresent() && next.get().sep().equals(csv.get().sep()) ? csv : Optional.empty();
            }
            // the table ends in its elapsed time; -I output prints none, each line starts with its time
            boolean interval = !sniff.headText().contains("seconds time elapsed");
            if (interval && !TraceLine.isPlainDecimal(SysstatTableParser.tokens(a).get(0))) {
                return Optional.empty();
            }
            Layout human = new Layout(Form.HUMAN, interval, PerfStatLine.humanAgg(a, interval), "", false);
            return PerfStatLine.human(a, human, interval).isPresent() && PerfStatLine.human(b, human, interval).isPresent()
                    && !isCounterLine(content.get(0), human) ? Optional.of(human) : Optional.empty();
        } catch (BadLine e) {
            return Optional.empty();
        }
    }

    /**
     * Whether the first line is itself a counter line of the table (a table kept without its
     * header, as {@code tail -n +3} leaves it): no damaged header, and not to be read past, which
     * would leave its event out of the totals.
     */
    private static boolean isCounterLine(String line, Layout human) {
        try {
            return PerfStatLine.human(line, human, human.interval()).isPresent();
        } catch (BadLine e) {
            return false;
        }
    }

    /** The column header of {@code -I}: {@code #           time             counts unit events}. */
    static boolean isIntervalHeader(String t) {
        return t.startsWith("#") && t.contains(" time ") && t.contains("counts") && t.endsWith("events");
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return new Parser(ctx, afterDamagedFirstLine(sniff));
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        /** The layout of the lines after a damaged first line (the detection's), or empty. */
        private final Optional<Layout> afterDamaged;
        /** Whether a line other than a blank one came yet. */
        private boolean content;
        private final PerfStatCounts counts;
        private Layout layout;
        private long layoutLine;
        /** The line of the table's header ("Performance counter stats for ..."), 0 before one. */
        private long headerLine;
        private long intervalHeaderLine;
        private boolean elapsedSeen;
        private long lastLine;

        Parser(ReadContext ctx, Optional<Layout> afterDamaged) {
            this.ctx = ctx;
            this.afterDamaged = afterDamaged;
            this.counts = new PerfStatCounts(ctx);
        }

        private ImportException bad(long n, String problem) {
            return new ImportException(ctx.report().file(), n, problem);
        }

        @Override
        protected boolean line(String s, long n) throws ImportException {
            if (n > lastLine + 1) {
                // LineReader skipped a line too long to read: an event would be left out of the totals
                throw SysstatSeries.tooLong(ctx.report().file(), lastLine + 1, "a perf stat line");
            }
            lastLine = n;
            String t = s.strip();
            if (t.isEmpty()) {
                return true;
            }
            if (!content) {
                content = true;
                if (afterDamaged.isPresent()) {
                    return damagedFirstLine(t, n, afterDamaged.get());
                }
            }
            try {
                return line(s, t, n);
            } catch (BadLine e) {
                throw bad(n, e.getMessage());
            }
        }

        private boolean line(String s, String t, long n) throws BadLine, ImportException {
            if (t.startsWith(HEADER)) {
                header(t, n);
                return true;
            }
            if (isIntervalHeader(t)) {
                if (layout != null && !layout.interval() || headerLine > 0) {
                    throw new BadLine("expected no -I column header in output " + (headerLine > 0
                            ? "headed 'Performance counter stats' (line " + headerLine + ")" : "without -I")
                            + ": is this two outputs in one file?");
                }
                intervalHeaderLine = intervalHeaderLine == 0 ? n : intervalHeaderLine;
                return true; // perf repeats it every 25 intervals
            }
            if (elapsedSeen && !t.startsWith("#")) {
                // after the elapsed line: user and sys, and perf's advice about events not counted
                if (t.endsWith("seconds user") || t.endsWith("seconds sys")) {
                    return counts.timeLine(t);
                }
                if (t.startsWith("Some events weren't counted") || s.startsWith("\t")) {
                    return true;
                }
                throw new BadLine("expected the end of the output after 'seconds time elapsed' (line "
                        + counts.elapsedLine() + "): seconds user and sys only");
            }
            if (t.contains("seconds time elapsed")) {
                if (layout == null) {
                    throw new BadLine("expected counter lines before 'seconds time elapsed'");
                }
                elapsedSeen = counts.elapsed(t, n);
                return true;
            }
            if (t.startsWith("#") && !t.startsWith("# ") || t.startsWith("# started on")) {
                return true; // perf's "# started on ..." (with -o), or a comment
            }
            Optional<Reading> r = reading(s, t, n);
            r.ifPresent(x -> ctx.report().event());
            if (r.isPresent()) {
                counts.add(r.get(), n);
            }
            return true;
        }

        /**
         * The first line, damaged, of output the lines after it show ({@link #afterDamagedFirstLine}):
         * a table's header or -I column header is read as if it were there, and reported as not
         * understood; a -x or -j counter line is refused, its count being part of the totals.
         */
        private boolean damagedFirstLine(String t, long n, Layout after) throws ImportException {
            if (after.form() != Form.HUMAN) {
                throw bad(n, "expected " + after.said() + " like the lines after it, got '" + Printable.clip(t, 40)
                        + "': a damaged counter line, whose count the totals need");
            }
            if (after.interval()) {
                intervalHeaderLine = n;
                return reject("expected perf stat -I's column header (# time counts unit events); read as the -I"
                        + " output the lines after it are");
            }
            headerLine = n;
            return reject("expected perf stat's \"" + HEADER + "...:\" header; read without the target and the"
                    + " number of runs it names");
        }

        private void header(String t, long n) throws BadLine {
            if (headerLine > 0 || layout != null) {
                throw new BadLine("a second perf stat output starts here (the first " + (headerLine > 0 ? "at line "
                        + headerLine : "has counter lines from line " + layoutLine) + "): expected one output a"
                        + " file (open each as its own file, or compare them as A and B)");
            }
            if (intervalHeaderLine > 0) {
                throw new BadLine("expected the -I output that line " + intervalHeaderLine + " began, found the"
                        + " header of an output without -I");
            }
            headerLine = n;
            counts.header(t.substring(HEADER.length()));
        }

        private Optional<Reading> reading(String s, String t, long n) throws BadLine {
            if (layout == null) {
                layout = firstLayout(t);
                layoutLine = n;
                counts.layout(layout);
            }
            Form seen = PerfStatLine.isJson(t) ? Form.JSON
                    : layout.form() == Form.CSV && t.contains(layout.sep()) ? Form.CSV
                    : PerfStatLine.csvLayout(t).isPresent() ? Form.CSV : Form.HUMAN;
            if (seen != layout.form()) {
                throw new BadLine("expected " + layout.said() + " as from line " + layoutLine + ", found a line of "
                        + (seen == Form.JSON ? "perf stat -j" : seen == Form.CSV ? "perf stat -x" : "perf stat's table")
                        + " output: one output a file");
            }
            return switch (layout.form()) {
                case HUMAN -> PerfStatLine.human(s, layout, layout.interval());
                case CSV -> PerfStatLine.csv(t, layout);
                case JSON -> PerfStatLine.json(t, layout);
            };
        }

        private Layout firstLayout(String t) throws BadLine {
            if (PerfStatLine.isJson(t)) {
                return PerfStatLine.jsonLayout(t);
            }
            if (headerLine == 0 && intervalHeaderLine == 0) {
                Optional<Layout> csv = PerfStatLine.csvLayout(t);
                if (csv.isPresent()) {
                    return csv.get();
                }
            }
            if (headerLine == 0 && intervalHeaderLine == 0) {
                throw new BadLine("expected perf stat output: its 'Performance counter stats for' header, the -I"
                        + " column header (# time counts unit events), a -x CSV line or a -j JSON line");
            }
            boolean interval = intervalHeaderLine > 0;
            return new Layout(Form.HUMAN, interval, PerfStatLine.humanAgg(t, interval), "", false);
        }

        @Override
        protected void end(long lines) throws ImportException {
            String file = ctx.report().file();
            if (lines > lastLine) {
                throw SysstatSeries.tooLong(file, lastLine + 1, "a perf stat line");
            }
            if (layout == null) {
                throw new ImportException(file, headerLine > 0 ? headerLine : intervalHeaderLine > 0 ? intervalHeaderLine
                        : Math.max(1, lastLine), headerLine > 0 || intervalHeaderLine > 0
                        ? "the perf stat output ends after its header, with no counter lines (was it cut short?)"
                        : "no perf stat counter lines found; expected perf stat output (its table, -x CSV or -j JSON)");
            }
            if (layout.form() == Form.HUMAN && !layout.interval() && !elapsedSeen) {
                throw new ImportException(file, lastLine, "the perf stat output ends here without its 'seconds time"
                        + " elapsed' line: expected the rest of the output (was it cut short?)");
            }
            counts.finish(lastLine);
            // its counts are metadata keys: a second output would replace the first's counts and
            // leave the first's rates beside them (two outputs compare as A and B instead)
            ctx.sink().oneOfAKind("a perf stat output");
        }
    }
}
