package org.schedlab.io.read;

import java.util.List;
import java.util.Map;

/**
 * vmstat's interval report ({@code vmstat 1 60}; {@code -n} one header, else the header again
 * every screenful; {@code -w} wide; {@code -a} inact/active for buff/cache; {@code -S} a memory
 * unit; {@code -t} a timestamp column). Each column is a track, {@code vmstat cs (/s)},
 * {@code vmstat st (%)}. The first row is averages since boot, not an interval, and is not
 * drawn. With {@code -t} each row covers the time from the row before it to its own timestamp;
 * without it vmstat prints no time at all, and the rows are taken as one second apart (the
 * report notes the assumption; the delay vmstat was given is not in its output).
 */
public final class VmstatReader extends LineReader {
    static final String FORMAT = "vmstat";

    /**
     * Column -> track name and unit. The memory columns are in KiB unless -S gave another unit, which the
     * output does not say; so are the swap rates si and so, which procps converts with the same unit.
     */
    private static final Map<String, String[]> COLUMNS = Map.ofEntries(
            Map.entry("r", new String[] {"vmstat r (runnable)", "tasks"}),
            Map.entry("b", new String[] {"vmstat b (blocked)", "tasks"}),
            Map.entry("swpd", new String[] {"vmstat swpd (KiB or -S unit)", ""}),
            Map.entry("free", new String[] {"vmstat free (KiB or -S unit)", ""}),
            Map.entry("buff", new String[] {"vmstat buff (KiB or -S unit)", ""}),
            Map.entry("cache", new String[] {"vmstat cache (KiB or -S unit)", ""}),
            Map.entry("inact", new String[] {"vmstat inact (KiB or -S unit)", ""}),
            Map.entry("active", new String[] {"vmstat active (KiB or -S unit)", ""}),
            Map.entry("si", new String[] {"vmstat si (KiB/s or -S unit)", "/s"}),
            Map.entry("so", new String[] {"vmstat so (KiB/s or -S unit)", "/s"}),
            Map.entry("bi", new String[] {"vmstat bi (blocks/s)", "blocks/s"}),
            Map.entry("bo", new String[] {"vmstat bo (blocks/s)", "blocks/s"}),
            Map.entry("in", new String[] {"vmstat in (/s)", "/s"}),
            Map.entry("cs", new String[] {"vmstat cs (/s)", "/s"}),
            Map.entry("us", new String[] {"vmstat us (%)", "%"}),
            Map.entry("sy", new String[] {"vmstat sy (%)", "%"}),
            Map.entry("id", new String[] {"vmstat id (%)", "%"}),
            Map.entry("wa", new String[] {"vmstat wa (%)", "%"}),
            Map.entry("st", new String[] {"vmstat st (%)", "%"}),
            Map.entry("gu", new String[] {"vmstat gu (%)", "%"}));

    /** The order of the tracks: procs, system and CPU before swap, I/O and memory. */
    private static final List<String> TRACK_ORDER = List.of("r", "b", "in", "cs", "us", "sy", "id", "wa", "st", "gu",
            "si", "so", "bi", "bo", "swpd", "free", "buff", "cache", "inact", "active");

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public int probe(Sniff sniff) {
        List<String> h = sniff.headLines();
        for (int i = 0; i + 1 < h.size() && i < 20; i++) {
            if (isGroupLine(h.get(i)) && isColumnHeader(h.get(i + 1))) {
                return 95;
            }
        }
        return damagedGroupLine(h) ? 90 : 0;
    }

    /**
     * Whether the head is vmstat's report with its first line (the "procs ---memory---" group
     * line) damaged or gone: at most one line other than that, then the column header of vmstat's interval
     * columns only ({@link #intervalColumns}) and a row of as many numbers under it - the header's
     * names and the row's structure tell vmstat, the group line adds nothing the reader uses.
     */
    static boolean damagedGroupLine(List<String> head) {
        int content = 0;
        for (int i = 0; i + 1 < head.size() && content < 2; i++) {
            if (head.get(i).isBlank()) {
                continue;
            }
            content++;
            List<String> tok = SysstatTableParser.tokens(head.get(i));
            int columns = intervalColumns(tok);
            if (isColumnHeader(head.get(i)) && columns >= 3) {
                List<String> row = SysstatTableParser.tokens(head.get(i + 1));
                // with -t the header ends in the time zone and each row in a date and a time
                int expected = columns == tok.size() ? columns : columns == tok.size() - 1 ? columns + 2 : -1;
                return row.size() == expected && row.subList(0, columns).stream()
                        .noneMatch(v -> Double.isNaN(SysstatSeries.number(v)));
            }
        }
        return false;
    }

    /** How many of the header's names, from the first on, are vmstat interval columns (r b swpd free ...). */
    static int intervalColumns(List<String> tok) {
        int known = 0;
        while (known < tok.size() && COLUMNS.containsKey(tok.get(known))) {
            known++;
        }
        return known;
    }

    /** "procs -----------memory---------- ---swap-- ..." (or "--procs-- ---..." with -w). */
    static boolean isGroupLine(String l) {
        String t = l.strip();
        return (t.startsWith("procs ") || t.startsWith("--procs--")) && t.contains("-cpu-");
    }

    /** Whether {@code l} is the column header " r  b   swpd ..." (its last token the time zone when -t). */
    static boolean isColumnHeader(String l) {
        List<String> tok = SysstatTableParser.tokens(l);
        return tok.size() >= 3 && tok.get(0).equals("r") && tok.get(1).equals("b");
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return new Parser(ctx);
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        private final SysstatSeries series;
        private List<String> header;
        /** The columns' indexes in the order their tracks are made. */
        private int[] order;
        private long headerLine;
        private int columns;
        private boolean timestamps;
        private long rows;
        private long previousNs = -1;
        private long firstEpochS = Long.MIN_VALUE;
        private long previousEpochS;
        /** The last line given; a line number after the next means LineReader skipped a too-long line. */
        private long seen;
        /** Whether a line other than a blank or the group line came yet (a damaged group line is the first). */
        private boolean content;

        Parser(ReadContext ctx) {
            this.ctx = ctx;
            this.series = new SysstatSeries(ctx.sink());
        }

        /** procps prints in the locale's charset (a translated header): see {@link #utf8OrLatin1}. */
        @Override
        protected boolean line(byte[] b, int from, int to, long n) throws ImportException {
            return line(utf8OrLatin1(b, from, to, n, ctx.report()), n);
        }

        @Override
        protected boolean line(String s, long n) throws ImportException {
            if (n > seen + 1) {
                throw SysstatSeries.tooLong(ctx.report().file(), seen + 1, "a vmstat row or header");
            }
            seen = n;
            String t = s.strip();
            if (t.isEmpty() || isGroupLine(t)) {
                return true;
            }
            List<String> tok = SysstatTableParser.tokens(t);
            if (tok.get(0).equals("r")) {
                return header(tok, n);
            }
            if (header == null && !content) {
                // the group line's place: damaged (the detection took the file by its column header)
                content = true;
                return reject("expected vmstat's \"procs ---memory--- ... ---cpu---\" line first; read without it"
                        + " (it only groups the columns)");
            }
            if (header == null) {
                throw bad(n, "expected vmstat's column header (\" r  b   swpd   free ...\") before the figures");
            }
            int expected = columns + (timestamps ? 2 : 0);
            if (tok.size() != expected) {
                throw bad(n, "expected " + expected + " fields under the header of line " + headerLine + " ("
                        + columns + " columns" + (timestamps ? " and a date and time" : "") + "), got " + tok.size()
                        + (tok.size() < expected ? " (a cut line?)" : ""));
            }
            double[] v = new double[columns];
            for (int i = 0; i < columns; i++) {
                v[i] = SysstatSeries.number(tok.get(i));
                if (Double.isNaN(v[i])) {
                    throw bad(n, "column " + header.get(i) + ": expected a number, got '" + Printable.clip(tok.get(i), 20) + "'");
                }
            }
            long endNs;
            if (timestamps) {
                long epochS = epochSeconds(tok.get(columns), tok.get(columns + 1));
                if (epochS == Long.MIN_VALUE) {
                    throw bad(n, "expected the date and time of vmstat -t (YYYY-MM-DD HH:MM:SS), got '"
                            + Printable.clip(tok.get(columns) + " " + tok.get(columns + 1), 30) + "'");
                }
                if (firstEpochS == Long.MIN_VALUE) {
                    firstEpochS = epochS;
                    if (header.size() > columns && header.get(columns).equals("UTC")) {
                        // a zone vmstat names: the one a time of day pins to the wall clock without guessing
                        ctx.sink().wallClockZero(epochS * SysstatSeries.SECOND_NS);
                    }
                    ctx.sink().parameter("vmstat.start", tok.get(columns) + " " + tok.get(columns + 1)
                            + (header.size() > columns ? " " + header.get(columns) : ""));
                } else if (epochS <= previousEpochS) {
                    throw bad(n, "expected a time after the previous row's; the time goes back or repeats");
                }
                previousEpochS = epochS;
                endNs = (epochS - firstEpochS) * SysstatSeries.SECOND_NS;
            } else {
                endNs = rows * SysstatSeries.SECOND_NS;
            }
            rows++;
            if (rows == 1) {
                return true; // averages since boot: no interval of the recording
            }
            long startNs = previousNs < 0 ? 0 : previousNs;
            for (int i : order) {
                String[] c = COLUMNS.get(header.get(i));
                series.add(c[0], c[1], startNs, endNs, v[i]);
            }
            previousNs = endNs;
            ctx.report().event();
            return true;
        }

        private boolean header(List<String> tok, long n) throws ImportException {
            content = true;
            int known = intervalColumns(tok);
            boolean withTime = known == tok.size() - 1;
            if (known < 3) {
                // a header cut short (" r  b") or another vmstat table's
                throw bad(n, "expected vmstat's interval columns (r b swpd free ... us sy id wa st), got "
                        + (known < tok.size() ? "'" + Printable.clip(tok.get(known), 20) + "' (" + otherTable(tok, known)
                        + ")" : "only '" + String.join(" ", tok) + "' (a cut line?)"));
            }
            if (known < tok.size() - 1) {
                throw bad(n, "expected vmstat's interval columns (r b swpd free ... us sy id wa st), got '"
                        + Printable.clip(tok.get(known), 20) + "' (" + otherTable(tok, known) + ")");
            }
            if (header != null) {
                if (!tok.equals(header)) {
                    throw bad(n, "expected the same columns as the header of line " + headerLine + "; this one differs");
                }
                return true; // repeated every screenful without -n
            }
            header = List.copyOf(tok);
            headerLine = n;
            columns = known;
            // the tracks a user comes for first (runnable, context switches, steal), memory last
            order = java.util.stream.IntStream.range(0, known).boxed()
                    .sorted(java.util.Comparator.comparingInt(i -> TRACK_ORDER.indexOf(header.get(i))))
                    .mapToInt(Integer::intValue).toArray();
            timestamps = withTime;
            if (!timestamps) {
                ctx.sink().parameter("vmstat.interval", "1 s (assumed: vmstat without -t prints no times)");
            }
            return true;
        }

        /**
         * Why a header's name at {@code unknown} is not read: vmstat's other tables, or - when the
         * interval report's CPU columns follow as usual - vmstat's names in the locale's language
         * (procps translates the memory columns: de_DE prints {@code frei} and {@code Cache}, fr_FR
         * {@code libre} and {@code tampon}), which the tracks are not named after.
         */
        private static String otherTable(List<String> tok, int unknown) {
            boolean cpuColumns = tok.containsAll(List.of("si", "so", "bi", "bo", "in", "cs", "us", "sy", "id"));
            return cpuColumns ? "vmstat's memory columns named in the locale's language: record with LC_ALL=C, which"
                    + " prints free, buff and cache" : "vmstat -d, -D, -m, -p and -s print other tables, which are not read";
        }

        private static long epochSeconds(String date, String time) {
            try {
                return java.time.LocalDateTime.parse(date + "T" + time).toEpochSecond(java.time.ZoneOffset.UTC);
            } catch (java.time.format.DateTimeParseException e) {
                return Long.MIN_VALUE;
            }
        }

        @Override
        protected void end(long lines) throws ImportException {
            if (lines > seen) {
                throw SysstatSeries.tooLong(ctx.report().file(), seen + 1, "a vmstat row or header");
            }
            if (series.samples() == 0) {
                // the line the output ends at: the place a cut file lost its rows
                throw new ImportException(ctx.report().file(), Math.max(1, lines), rows == 1
                        ? "only the first vmstat row (averages since boot), then the output ends; expected interval"
                        + " rows after it (`vmstat 1 60`; was it cut short?)"
                        : header != null ? "no vmstat rows after the column header of line " + headerLine + ": the"
                        + " output ends here (was it cut short?)"
                        : "no vmstat rows found; expected rows of figures under \" r  b   swpd ...\"");
            }
            series.finish();
            ctx.report().note("the first row (averages since boot) is not drawn" + (timestamps ? ""
                    : "; vmstat without -t prints no times: rows are taken as 1 s apart"));
        }

        private ImportException bad(long n, String what) {
            return new ImportException(ctx.report().file(), n, what);
        }
    }
}
