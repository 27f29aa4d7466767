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
    /** Whether the first header's time had AM/PM (en_US's %X), which tells its slashed date's order. */
    private boolean twelveHour;
    /** Whether the locale prints a zone after each time (en_IN: "09:55:36 PM IST"), dropped from every line. */
    private boolean zoned;
    /** Whether the first header's time may be followed by a zone ({@link SysstatSeries#zoneMayFollow}). */
    private boolean zoneMayFollow;
    private long restarts;
    /** The last line given; a line number after the next means LineReader skipped a too-long line. */
    private long seen;

    SysstatTableParser(String tool, RecordingReader.ReadContext ctx) {
        this.tool = tool;
        this.ctx = ctx;
        this.series = new SysstatSeries(ctx.sink());
    }

    /** sysstat prints in the locale's charset: see {@link #utf8OrLatin1}. */
    @Override
    protected boolean line(byte[] b, int from, int to, long n) throws ImportException {
        return line(utf8OrLatin1(b, from, to, n, ctx.report()), n);
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
        SysstatSeries.TimeOfDay time = SysstatSeries.timeAt(tok);
        long tod = time.ns();
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
                    + Printable.clip(t, 40) + "'" + SysstatSeries.LOCALE_TIME_HINT);
        }
        List<String> rest = tok.subList(time.fields() + (zoned && tok.size() > time.fields() ? 1 : 0), tok.size());
        boolean amPm = time.fields() == 2;
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
        return anyNumber ? row(tod, rest, n) : header(tod, amPm, SysstatSeries.zoneMayFollow(t, tok, time), rest, n);
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
                // ko_KR's date is three words (2026년 12월 04일): all between the host and the architecture
                ctx.sink().parameter(tool + ".date", String.join(" ", tok.subList(3, Math.max(4, tok.size() - 3))));
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

    private boolean header(long tod, boolean amPm, boolean zoneMayFollow, List<String> rest, long n)
            throws ImportException {
        keyed = isKey(rest);
        columns = List.copyOf(rest);
        headerLine = n;
        if (!series.started()) {
            // the first header's time is when the first interval began; later headers repeat
            // the previous figures' time (sar -u -q prints a block per report, each headed so)
            series.relative(tod);
            currentNs = 0;
            currentStartNs = -1;
            startTod = tod;
            twelveHour = amPm;
            this.zoneMayFollow = zoneMayFollow;
        }
        return true;
    }

    /** Whether a header's first column is the key of its rows: a name in capitals (CPU, IFACE, DEV). */
    private static boolean isKey(List<String> columns) {
        return columns.get(0).chars().allMatch(c -> c >= 'A' && c <= 'Z') && columns.size() > 1;
    }

    /** The first interval's date and time, set at the first row; a note when the date does not say its order. */
    private String startText(long tod) {
        String date = ctx.sink().parameters().getOrDefault(tool + ".date", "");
        String iso = isoDate(date, twelveHour);
        if (iso.isEmpty() && !date.isEmpty()) {
            ctx.report().note(undatedNote(tool, date));
        }
        return (iso.isEmpty() ? "" : iso + " ") + SysstatSeries.clock(tod);
    }

    /**
     * The header's date as YYYY-MM-DD, or "" when its printed form does not tell it. sysstat
     * prints it with the locale's {@code %x}: 2026-12-03 under {@code S_TIME_FORMAT=ISO},
     * 03.12.2026 (day first, as the locales that write dots print it: de_DE, ru_RU; bg_BG's 3.12.2026),
     * 2026年12月03日 (zh_TW, ja_JP, zh_CN), 2026년 12월 03일 (ko_KR), and a slashed date whose
     * order the file does not say: month first in the C locale (12/03/26) and en_US (12/03/2026),
     * day first in en_GB (03/12/26), fr_FR (03/12/2026) and most others, with the same times and
     * (in JSON) the same decimal point. A slashed date is read only when its numbers tell the
     * order - a part above 12 is the day, and a date whose day and month are alike reads the same
     * either way - or its times do: of glibc's locales, only en_US prints a four-digit year
     * between slashes beside times with AM/PM ({@code twelveHour}). So 12/03/26 is not guessed
     * to be 3 December.
     */
    static String isoDate(String d, boolean twelveHour) {
        if (d.length() == 10 && d.charAt(4) == '-' && d.charAt(7) == '-') {
            return d;
        }
        String ymd = yearFirst(d);
        if (!ymd.isEmpty()) {
            return ymd;
        }
        boolean dots = d.indexOf('.') >= 0;
        String[] p = d.split(dots ? "\\." : "/");
        if (dots && p.length == 3 && p[0].length() == 1) {
            p[0] = "0" + p[0]; // bg_BG's %e: 4.12.2026
        }
        if (p.length == 3 && p[0].length() == 2 && p[1].length() == 2 && (p[2].length() == 2 || p[2].length() == 4)
                && (p[0] + p[1] + p[2]).chars().allMatch(Character::isDigit)) {
            String year = p[2].length() == 2 ? "20" + p[2] : p[2];
            if (dots) {
                return year + "-" + p[1] + "-" + p[0];
            }
            int a = Integer.parseInt(p[0]);
            int b = Integer.parseInt(p[1]);
            if (a == b || b > 12 && a <= 12 || twelveHour && p[2].length() == 4 && a <= 12) {
                return year + "-" + p[0] + "-" + p[1];
            }
            if (a > 12 && b <= 12) {
                return year + "-" + p[1] + "-" + p[0];
            }
        }
        return "";
    }

    /** 2026年12月03日 (zh_TW, ja_JP, zh_CN) or 2026년 12월 03일 (ko_KR) as 2026-12-03; "" for another form. */
    private static String yearFirst(String d) {
        String s = d.replace(" ", "");
        boolean han = s.length() == 11 && s.charAt(4) == '\u5e74' && s.charAt(7) == '\u6708' && s.charAt(10) == '\u65e5';
        boolean hangul = s.length() == 11 && s.charAt(4) == '\ub144' && s.charAt(7) == '\uc6d4' && s.charAt(10) == '\uc77c';
        String digits = s.length() == 11 ? s.substring(0, 4) + s.substring(5, 7) + s.substring(8, 10) : "";
        if ((han || hangul) && digits.chars().allMatch(Character::isDigit)) {
            return s.substring(0, 4) + "-" + s.substring(5, 7) + "-" + s.substring(8, 10);
        }
        return "";
    }

    /** The note on a file whose date {@link #isoDate} does not read: the start has the time only. */
    static String undatedNote(String tool, String date) {
        boolean slashed = date.chars().filter(c -> c == '/').count() == 2;
        return tool + "'s date '" + Printable.clip(date, 30) + "' " + (slashed
                ? "may be month first (the C and en_US locales) or day first (en_GB, fr_FR and most others): "
                : "is in a form not read: ") + tool + ".start has the time only (S_TIME_FORMAT=ISO prints the date"
                + " as YYYY-MM-DD)";
    }

    private boolean row(long tod, List<String> rest, long n) throws ImportException {
        if (columns.isEmpty()) {
            throw bad(n, "expected a column header (\"HH:MM:SS  CPU  %usr ...\") before the first figures");
        }
        if (!zoned && zoneMayFollow && series.samples() == 0 && columns.size() > 1 && rest.get(0).equals(columns.get(0))
                && SysstatSeries.isZone(rest.get(0))) {
            // the header and the first row both start with the zone the locale prints after each time:
            // not a column, and every later line has it too
            zoned = true;
            columns = columns.subList(1, columns.size());
            keyed = isKey(columns);
            rest = rest.subList(1, rest.size());
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
            ctx.sink().parameter(tool + ".start", startText(startTod));
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
        if (rest.get(0).equals(columns.get(0))) {
            throw bad(n, "expected figures after the time, got '" + Printable.clip(rest.get(0), 10) + "' where the header"
                    + " of line " + headerLine + " has it too (a word the locale's time format prints after the time?); "
                    + SysstatSeries.TIME_HINT);
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
        SysstatSeries.TimeOfDay time = SysstatSeries.timeAt(tok);
        return time.found() ? tok.subList(time.fields(), tok.size()) : List.of();
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
                if (row.size() != header.size() || !headerColumns(t).isEmpty()) {
                    return "";
                }
                boolean zone = header.size() > 1 && row.get(0).equals(header.get(0)) && SysstatSeries.isZone(header.get(0));
                return tool(zone ? header.subList(1, header.size()) : header, system);
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

    /**
     * The refusal of a head that is mpstat's or sar's by its system line and its first column
     * header's names, but whose times are in a form {@link SysstatSeries#timeAt} does not read
     * (zh_HK's "下午 09時55分37秒 UTC", a zone before the time): "not a recording format" would hide
     * what to do. Empty for any other head.
     */
    static java.util.Optional<ImportException> unreadTimes(Sniff sniff) {
        List<String> lines = sniff.headLines();
        boolean system = false;
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (t.isEmpty()) {
                continue;
            }
            if (!system) {
                if (!(t.startsWith("Linux ") && t.endsWith(" CPU)"))) {
                    return java.util.Optional.empty();
                }
                system = true;
                continue;
            }
            List<String> tok = tokens(t);
            if (SysstatSeries.timeAt(tok).found()) {
                return java.util.Optional.empty();
            }
            for (int k = 1; k < tok.size() - 1; k++) {
                String of = toolOfColumns(tok.subList(k, tok.size()));
                boolean digits = String.join("", tok.subList(0, k)).chars().anyMatch(c -> c >= '0' && c <= '9');
                if (digits && (of.equals(MpstatReader.FORMAT) || of.equals(SarReader.FORMAT))) {
                    String article = of.equals(SarReader.FORMAT) ? "a " : "an ";
                    return java.util.Optional.of(new ImportException(sniff.name(), i + 1, article + of + " report whose"
                            + " times are in a form not read ('" + Printable.clip(String.join(" ", tok.subList(0, k)), 30)
                            + "': sysstat prints them in the locale's time format); expected HH:MM:SS or HH:MM:SS AM/PM"
                            + " before the columns - " + SysstatSeries.TIME_HINT));
                }
            }
            return java.util.Optional.empty();
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
