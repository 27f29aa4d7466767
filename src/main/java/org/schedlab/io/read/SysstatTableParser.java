package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.List;

/**
 * The text tables mpstat and sar print: a system line ({@code Linux 6.1.0 (host)  12/03/2026
 * _x86_64_  (2 CPU)}), then per interval a column header ({@code 16:14:46  CPU  %usr ...}) and
 * rows stamped with the time the interval ended ({@code 16:14:47  all  86.93 ...}), closed by
 * {@code Average:} rows (in the locale's language: {@code Moyenne :}, {@code Durchschn.:}). A report keyed by a column in capitals (CPU, IFACE, DEV) gives one
 * track per key and column ({@code mpstat CPU 3 %steal}), one without ({@code sar -q}) one per
 * column ({@code sar runq-sz}). Times of day with or without AM/PM; a figure covers the
 * interval from the time before it (the header's, for the first) to its own. sar's
 * {@code LINUX RESTART} line ends every track's interval (a gap up to the next figure). Anything
 * else - a figure that is not a number, a row with more or fewer figures than its header has
 * columns, a row before any header, a line that is none of these - stops the import naming the
 * line and what was expected: a table read by the wrong columns would put figures in the wrong tracks.
 */
final class SysstatTableParser extends LineParser {
    private final String tool;
    private final RecordingReader.ReadContext ctx;
    private final SysstatSeries series;
    /** The current header's columns, the key column first when it has one. */
    private List<String> columns = List.of();
    private boolean keyed;
    private long headerLine;
    /** The latest interval end (ns on the file's clock) and the start of the interval it ends (-1: none yet). */
    private long currentNs;
    private long currentStartNs = -1;
    /** The time of day of the last row, for messages. */
    private long lastTodNs;
    private boolean systemLine;
    /** Whether a line other than a blank one came yet (the system line's place is the first). */
    private boolean content;
    private long averages;
    /** The first header's time of day, until the first row sets the {@code .start} parameter from it (-1: done or none). */
    private long startTod = -1;
    private long restarts;
    /** The last line given; a line number after the next means LineReader skipped a too-long line. */
    private long seen;

    SysstatTableParser(String tool, RecordingReader.ReadContext ctx) {
        this.tool = tool;
        this.ctx = ctx;
        this.series = new SysstatSeries(ctx.sink());
    }

    @Override
    protected boolean line(String s, long n) throws ImportException {
        if (n > seen + 1) {
            throw SysstatSeries.tooLong(ctx.report().file(), seen + 1, "a line of " + tool + "'s table");
        }
        seen = n;
        String t = s.strip();
        if (t.isEmpty()) {
            return true;
        }
        boolean first = !content;
        content = true;
        if (t.startsWith("Linux ") && t.endsWith(" CPU)")) {
            return systemLine(t, n, first);
        }
        List<String> tok = tokens(t);
        String amPm = tok.size() > 1 && SysstatSeries.isAmPm(tok.get(1)) ? tok.get(1) : "";
        long tod = SysstatSeries.timeOfDayNs(tok.get(0), amPm);
        if (tod < 0 && first) {
            return damagedSystemLine();
        }
        int labelled = tod < 0 ? averagesLabel(tok) : 0;
        if (labelled > 0) {
            return average(tok.subList(labelled, tok.size()), n);
        }
        if (tod < 0) {
            throw bad(n, "expected a line starting with a time of day (HH:MM:SS, or HH:MM:SS AM/PM), an"
                    + " averages line (\"Average:\", or its translation) or the \"Linux ... (N CPU)\" line, got '"
                    + Printable.clip(t, 40) + "'");
        }
        List<String> rest = tok.subList(amPm.isEmpty() ? 1 : 2, tok.size());
        if (rest.isEmpty()) {
            throw bad(n, "expected a column header or figures after the time");
        }
        if (rest.get(0).equals("LINUX") && rest.size() > 1 && rest.get(1).equals("RESTART")) {
            return restart(tod, n);
        }
        boolean anyNumber = false;
        for (String r : rest) {
            anyNumber |= !Double.isNaN(SysstatSeries.number(r));
        }
        return anyNumber ? row(tod, rest, n) : header(tod, rest, n);
    }

    /** Linux 6.18.44 (vm) 	12/03/26 	_x86_64_	(2 CPU) */
    private boolean systemLine(String t, long n, boolean first) throws ImportException {
        List<String> tok = tokens(t);
        if (tok.size() < 5 || !tok.get(2).startsWith("(") || !tok.get(tok.size() - 2).startsWith("(")) {
            if (first) {
                return damagedSystemLine();
            }
            throw bad(n, "expected \"Linux RELEASE (HOST) DATE ARCH (N CPU)\"");
        }
        if (!systemLine) {
            systemLine = true;
            String host = tok.get(2);
            ctx.sink().parameter(tool + ".host", host.substring(1, host.endsWith(")") ? host.length() - 1 : host.length()));
            ctx.sink().parameter(tool + ".kernel", tok.get(1));
            ctx.sink().parameter(tool + ".cpus", tok.get(tok.size() - 2).substring(1));
            if (tok.size() >= 6) {
                ctx.sink().parameter(tool + ".date", tok.get(3));
            }
        }
        return true;
    }

    /**
     * A first line that is not the system line, where the system line belongs: damaged (the
     * detection took the file by its column names). It names only the host, kernel and date, so
     * the table is read without them and the line is reported as not understood.
     */
    private boolean damagedSystemLine() {
        return reject("expected the \"Linux RELEASE (HOST) DATE ARCH (N CPU)\" line " + tool + " prints first;"
                + " read without the host, kernel and date it names");
    }

    private boolean header(long tod, List<String> rest, long n) throws ImportException {
        String first = rest.get(0);
        keyed = first.chars().allMatch(c -> c >= 'A' && c <= 'Z') && rest.size() > 1;
        columns = List.copyOf(rest);
        headerLine = n;
        if (!series.started()) {
            // the first header's time is when the first interval began; later headers repeat
            // the previous figures' time (sar -u -q prints a block per report, each headed so)
            series.relative(tod);
            currentNs = 0;
            currentStartNs = -1;
            startTod = tod;
        }
        return true;
    }

    /**
     * The first interval's date and time, set at the first row: its figures say whether the
     * locale prints a decimal comma, and such a locale's slashed date is day first
     * ({@code LC_ALL=fr_FR} prints 04/12/2026 for 4 December), unlike the C and en_US dates.
     */
    private String startText(long tod, boolean decimalComma) {
        String date = ctx.sink().parameters().getOrDefault(tool + ".date", "");
        String iso = decimalComma && date.contains("/") ? "" : isoDate(date);
        return (iso.isEmpty() ? "" : iso + " ") + SysstatSeries.clock(tod);
    }

    /**
     * The header's date as YYYY-MM-DD: 12/03/26 and 12/03/2026 (month first, as the C and en_US
     * locales print it), 03.12.2026 (day first, as the locales that write dots print it: de_DE,
     * ru_RU) or 2026-12-03; "" for another form.
     */
    static String isoDate(String d) {
        if (d.length() == 10 && d.charAt(4) == '-' && d.charAt(7) == '-') {
            return d;
        }
        boolean dots = d.indexOf('.') >= 0;
        String[] p = d.split(dots ? "\\." : "/");
        if (p.length == 3 && p[0].length() == 2 && p[1].length() == 2 && (p[2].length() == 2 || p[2].length() == 4)
                && (p[0] + p[1] + p[2]).chars().allMatch(Character::isDigit)) {
            String year = p[2].length() == 2 ? "20" + p[2] : p[2];
            return dots ? year + "-" + p[1] + "-" + p[0] : year + "-" + p[0] + "-" + p[1];
        }
        return "";
    }

    private boolean row(long tod, List<String> rest, long n) throws ImportException {
        if (columns.isEmpty()) {
            throw bad(n, "expected a column header (\"HH:MM:SS  CPU  %usr ...\") before the first figures");
        }
        if (rest.size() != columns.size()) {
            throw bad(n, "expected " + columns.size() + " fields under the header of line " + headerLine + " ("
                    + Printable.clip(String.join(" ", columns), 40) + "), got " + rest.size()
                    + (rest.size() < columns.size() ? " (a cut line?)" : ""));
        }
        long rel = series.relative(tod);
        if (rel < 0) {
            throw bad(n, "expected a time after the previous row's " + SysstatSeries.clock(lastTodNs) + ", got "
                    + SysstatSeries.clock(tod) + ": the time goes back (a step back of 12 hours or more is taken as"
                    + " the next day)");
        }
        lastTodNs = tod;
        if (startTod >= 0) {
            ctx.sink().parameter(tool + ".start", startText(startTod, rest.stream().anyMatch(r -> r.indexOf(',') >= 0)));
            startTod = -1;
        }
        if (rel > currentNs) {
            currentStartNs = currentNs;
            currentNs = rel;
        } else if (currentStartNs < 0) {
            throw bad(n, "expected figures for an interval ending after the header's time; a row at the header's own"
                    + " time is a report since boot (" + tool + " run without an interval): record with an interval,"
                    + " e.g. `" + tool + " 1`");
        }
        String key = keyed ? rest.get(0) : "";
        String prefix = keyed ? tool + " " + columns.get(0) + " " + key + " " : tool + " ";
        double[] values = new double[rest.size()];
        for (int i = keyed ? 1 : 0; i < rest.size(); i++) {
            values[i] = SysstatSeries.number(rest.get(i));
            if (Double.isNaN(values[i])) {
                throw bad(n, "column " + columns.get(i) + ": expected a number, got '" + Printable.clip(rest.get(i), 20) + "'");
            }
        }
        for (int i = keyed ? 1 : 0; i < rest.size(); i++) {
            String c = columns.get(i);
            series.add(prefix + c, unitOf(c), currentStartNs, currentNs, values[i]);
        }
        ctx.report().event();
        return true;
    }

    /** sar's "16:20:00     LINUX RESTART	(2 CPU)": the machine rebooted; no interval spans it. */
    private boolean restart(long tod, long n) throws ImportException {
        if (!series.started()) {
            series.relative(tod);
            currentNs = 0;
        } else {
            long rel = series.relative(tod);
            if (rel < 0) {
                throw bad(n, "expected a restart after the previous line's time; the time goes back");
            }
            currentNs = rel;
        }
        currentStartNs = -1;
        restarts++;
        return true;
    }

    /**
     * How many tokens the label of an averages line takes, 0 for a line without one. sysstat
     * prints the label in the locale's language - its 12.6 translations include {@code Average:},
     * {@code Durchschn.:}, {@code Moyenne :} (a U+202F no-break space before the colon),
     * {@code Trung bình:} (two words), {@code 平均時間：} (a full-width colon), and {@code ????:}
     * when the messages' language is set but not a UTF-8 charset - so the label is told by its
     * form, not by a list of words: one or two words ending in a colon (or followed by a lone
     * colon, as an editor may save {@code Moyenne :}) where a row has its time, with no digit in
     * them (a damaged time of day is no label). {@link #average} then requires the header's
     * number of fields after it.
     */
    static int averagesLabel(List<String> tok) {
        for (int i = 0; i < Math.min(3, tok.size()); i++) {
            String w = tok.get(i);
            if (w.chars().anyMatch(c -> c >= '0' && c <= '9')) {
                return 0;
            }
            if (isColon(w)) {
                return i == 0 ? 0 : i + 1;
            }
            if (isColon(w.substring(w.length() - 1))) {
                return i + 1;
            }
            if (i == 1) {
                // a third token may only be the lone colon after two words
                return tok.size() > 2 && isColon(tok.get(2)) ? 3 : 0;
            }
        }
        return 0;
    }

    private static boolean isColon(String w) {
        return w.equals(":") || w.equals("\uff1a");
    }

    private boolean average(List<String> rest, long n) throws ImportException {
        boolean anyNumber = rest.stream().anyMatch(r -> !Double.isNaN(SysstatSeries.number(r)));
        if (!anyNumber) {
            // sar's "Average:  CPU  %user ..." header over the averages of each of its reports
            columns = List.copyOf(rest);
            headerLine = n;
            return true;
        }
        if (columns.isEmpty() || rest.size() != columns.size()) {
            throw bad(n, "expected an averages (\"Average:\") line of " + columns.size() + " fields, as the header of line "
                    + headerLine + " has, got " + rest.size());
        }
        averages++;
        return true;
    }

    @Override
    protected void end(long lines) throws ImportException {
        if (lines > seen) {
            throw SysstatSeries.tooLong(ctx.report().file(), seen + 1, "a line of " + tool + "'s table");
        }
        if (series.samples() == 0) {
            // the line the output ends at: the place a cut file lost its figures
            throw new ImportException(ctx.report().file(), Math.max(1, lines), "no " + tool + " figures "
                    + (headerLine > 0 ? "after the column header of line " + headerLine + ": the output ends here"
                    + " (was it cut short?)" : systemLine ? "after the \"Linux ... (N CPU)\" line: the output ends"
                    + " here, before any column header (was it cut short?)" : "found")
                    + "; expected rows such as \"16:14:47  all  86.93 ...\" under a column header");
        }
        series.finish();
        if (restarts > 0) {
            ctx.report().note(restarts + " LINUX RESTART line" + (restarts == 1 ? "" : "s") + ": the tracks have a gap"
                    + " from the last figure before each to the first after it");
        }
    }

    private ImportException bad(long n, String what) {
        return new ImportException(ctx.report().file(), n, what);
    }

    static String unitOf(String column) {
        return column.startsWith("%") ? "%" : column.endsWith("/s") ? "/s" : "";
    }

    static List<String> tokens(String t) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = t.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(t.charAt(i))) {
                i++;
            }
            int s = i;
            while (i < n && !Character.isWhitespace(t.charAt(i))) {
                i++;
            }
            if (i > s) {
                out.add(t.substring(s, i));
            }
        }
        return out;
    }

    /**
     * The columns of a column header line ({@code 16:14:46  CPU  %usr ...}, 12- or 24-hour time):
     * the names after the time; empty for any other line (a row of figures, a restart, no time).
     */
    static List<String> headerColumns(String line) {
        List<String> rest = afterTime(line);
        for (String r : rest) {
            if (!Double.isNaN(SysstatSeries.number(r)) || r.equals("LINUX")) {
                return List.of();
            }
        }
        return rest;
    }

    /** The fields after a line's time of day (header names or figures); empty if it starts with no time. */
    private static List<String> afterTime(String line) {
        List<String> tok = tokens(line);
        if (tok.size() < 2) {
            return List.of();
        }
        String amPm = SysstatSeries.isAmPm(tok.get(1)) ? tok.get(1) : "";
        if (SysstatSeries.timeOfDayNs(tok.get(0), amPm) < 0) {
            return List.of();
        }
        return tok.subList(amPm.isEmpty() ? 1 : 2, tok.size());
    }

    /**
     * Columns only sar's reports have, for telling a sar table without its system line: sar -u's
     * {@code %user} and {@code %system} (mpstat prints {@code %usr} and {@code %sys}) and the first
     * columns of sar's other reports (-w, -q, -r, -S, -B, -b, -d, -n, -W, -v, -H, -I, -y, -F).
     */
    private static final java.util.Set<String> SAR_COLUMNS = java.util.Set.of("%user", "%system", "proc/s", "cswch/s",
            "runq-sz", "plist-sz", "kbmemfree", "kbswpfree", "pgpgin/s", "tps", "DEV", "IFACE", "pswpin/s", "dentunusd",
            "kbhugfree", "INTR", "TTY", "FILESYSTEM", "totsck", "call/s", "scall/s", "MHz");

    /**
     * Which tool printed a table with these column names - the names, not the layout, which
     * changes with the locale's time, the widths sysstat versions pad to and a user's editor:
     * <ul>
     * <li>mpstat's CPU (or -N NODE) utilisation: {@code %irq} and {@code %soft} before
     * {@code %steal}; sar -u ALL prints the same names with {@code %steal} before {@code %irq},
     * sar -u {@code %user %nice %system} and neither of the two;</li>
     * <li>mpstat's interrupt reports, keyed by CPU with per-second columns only ({@code -I SUM}
     * "intr/s", {@code -I CPU} "0/s 1/s", {@code -I SCPU} "HI/s TIMER/s"; sar keys them by INTR);</li>
     * <li>pidstat's per-task report (PID or TGID, Command): same system line and times, read by neither;</li>
     * <li>sar: a column only sar prints ({@link #SAR_COLUMNS}).</li>
     * </ul>
     * "" for names none of these tells ({@link #toolOfTable} decides those by the system line).
     */
    static String toolOfColumns(List<String> columns) {
        if (columns.size() < 2) {
            return "";
        }
        if (columns.contains("PID") || columns.contains("TGID") || columns.get(columns.size() - 1).equals("Command")) {
            return "pidstat";
        }
        int irq = columns.indexOf("%irq");
        int steal = columns.indexOf("%steal");
        if (irq >= 0 && columns.contains("%soft")) {
            return steal < 0 || irq < steal ? MpstatReader.FORMAT : SarReader.FORMAT;
        }
        if (columns.get(0).equals("CPU") && columns.subList(1, columns.size()).stream().allMatch(c -> c.endsWith("/s"))) {
            return MpstatReader.FORMAT;
        }
        for (String c : columns) {
            if (SAR_COLUMNS.contains(c)) {
                return SarReader.FORMAT;
            }
        }
        return "";
    }

    /** Whether the head is a sysstat table of {@code tool}: see {@link #toolOfTable}. */
    static boolean isTableOf(Sniff sniff, String tool) {
        return toolOfTable(sniff).equals(tool);
    }

    /**
     * Which tool printed the table the head holds, or "". The first column header decides, by
     * its names ({@link #toolOfColumns}), with a row of as many fields under it (the report's own
     * structure, which another tool's lines starting with a time would not have). After the
     * "Linux ... (N CPU)" system line a header of names no rule tells, with its row, is sar's,
     * sysstat's reporter of everything; without the system line (damaged, or cut off by
     * {@code tail}) or the row (a file cut in its header: "CPU %usr %nice %sys %iow" may be
     * mpstat's or sar -u ALL's) the names must tell. Only one line (a damaged system line) may
     * come before the header.
     */
    static String toolOfTable(Sniff sniff) {
        boolean system = false;
        int other = 0;
        List<String> header = List.of();
        for (String l : sniff.headLines()) {
            String t = l.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (!header.isEmpty()) {
                List<String> row = afterTime(t);
                return row.size() == header.size() && headerColumns(t).isEmpty() ? tool(header, system) : "";
            }
            if (t.startsWith("Linux ") && t.endsWith(" CPU)")) {
                system = true;
            } else if (isRestart(t)) {
                continue;
            } else if ((header = headerColumns(t)).isEmpty() && ++other > 1) {
                return "";
            }
        }
        // the head ends at the header: it may be cut inside it, so only the names may tell
        return toolOfColumns(header);
    }

    /**
     * The refusal of a head that is mpstat's or sar's by its system line but ends inside its first
     * column header, whose names so far tell neither ("CPU %usr %nice %sys %iow" begins both
     * mpstat's and sar -u ALL's): no reader takes it, and "not a recording format" would hide
     * that it is a sysstat report cut short. Empty for any other head.
     */
    static java.util.Optional<ImportException> cutInFirstHeader(Sniff sniff) {
        boolean system = false;
        List<String> lines = sniff.headLines();
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (t.isEmpty() || isRestart(t)) {
                continue;
            }
            if (t.startsWith("Linux ") && t.endsWith(" CPU)")) {
                system = true;
                continue;
            }
            List<String> header = headerColumns(t);
            boolean last = lines.subList(i + 1, lines.size()).stream().allMatch(String::isBlank);
            if (!system || header.isEmpty() || !last || !toolOfColumns(header).isEmpty()) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(new ImportException(sniff.name(), i + 1, "an mpstat or sar report that ends"
                    + " inside its first column header: its columns so far do not say which tool printed it, and no"
                    + " figures follow (was it cut short?); expected the whole header and rows such as"
                    + " \"16:14:47  all  86.93 ...\" under it"));
        }
        return java.util.Optional.empty();
    }

    private static String tool(List<String> header, boolean system) {
        String of = toolOfColumns(header);
        return of.isEmpty() && system ? SarReader.FORMAT : of;
    }

    /** sar's "16:20:00  LINUX RESTART  (2 CPU)". */
    private static boolean isRestart(String t) {
        List<String> rest = afterTime(t);
        return rest.size() > 1 && rest.get(0).equals("LINUX") && rest.get(1).equals("RESTART");
    }
}
