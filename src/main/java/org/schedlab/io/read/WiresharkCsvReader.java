package org.schedlab.io.read;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Wireshark's TCP analysis exported as CSV, in the three shapes it comes in, and tshark's Expert Info text:
 * <ul>
 * <li>the Expert Information summary ("Severity","Summary","Group","Protocol","Count"): totals
 *     per kind, in metadata ({@code wireshark.<Summary>}) and in the TCP totals below;</li>
 * <li>the packet list (File > Export Packet Dissections > As CSV: "No.","Time",...,"Info"; the time
 *     as seconds, a date and time, or a time of day (counted on past midnight)): the
 *     "[TCP Dup ACK ...]", "[TCP Fast Retransmission]" ... tags of each packet;</li>
 * <li>{@code tshark -T fields -E header=y -E separator=,} with {@code frame.time_relative} (or
 *     {@code _epoch}, or {@code _delta}, summed) and {@code tcp.analysis.*} fields: a non-empty field
 *     marks the packet; also without {@code -E separator=,}, separated by tabs as tshark prints fields
 *     by default;</li>
 * <li>the Expert Information as {@code tshark -r CAPTURE -q -z expert} prints it (sections "Notes (157)"
 *     over rows "FREQUENCY GROUP PROTOCOL  SUMMARY"), read as the Expert Info CSV is;</li>
 * <li>tshark's packet summary, {@code tshark -r CAPTURE} without {@code -T} ("  7 0.000412 10.0.0.1 → 10.0.0.2
 *     TCP 66 [TCP Dup ACK 5#1] 5201 → 43210 [ACK] ..."): the Info column's tags, as in the packet list
 *     CSV.</li>
 * </ul>
 * Per-packet shapes become cumulative counter tracks (tcp dupAcks, fastRetrans,
 * spuriousRetrans, retransSegs, outOfOrder, lostSegment, ackLostSegment, dsack) relative to
 * the capture's first packet, each from a 0 there; every shape leaves the totals in metadata ({@code tcp.dupAcks}, ...).
 */
public final class WiresharkCsvReader extends LineReader {
    static final String FORMAT = "wireshark-csv";

    /** Our counter name for each tshark field / Info tag / Expert summary. */
    private static final String[][] KINDS = {
        {"dupAcks", "tcp.analysis.duplicate_ack", "[TCP Dup ACK", "Duplicate ACK"},
        {"fastRetrans", "tcp.analysis.fast_retransmission", "[TCP Fast Retransmission]", "fast retransmission"},
        {"spuriousRetrans", "tcp.analysis.spurious_retransmission", "[TCP Spurious Retransmission]",
            "spurious retransmission"},
        {"retransSegs", "tcp.analysis.retransmission", "[TCP Retransmission]", "retransmission"},
        {"outOfOrder", "tcp.analysis.out_of_order", "[TCP Out-Of-Order]", "out-of-order"},
        {"lostSegment", "tcp.analysis.lost_segment", "[TCP Previous segment not captured]",
            "Previous segment(s) not captured"},
        {"ackLostSegment", "tcp.analysis.ack_lost_segment", "[TCP ACKed unseen segment]", "ACKed segment that wasn't captured"},
        // Wireshark marks a D-SACK block in its Expert Info and the field only: the Info column shows every
        // SACK block as "SLE=.. SRE=..", so a packet list cannot count them (n/a there, never 0)
        {"dsack", "tcp.options.sack.dsack", null, "D-SACK Sequence"},
        // the seed mail's two other rows: Expert Info summaries only (their field and Info tag are
        // not verified, so a packet list or tshark fields cannot count them: n/a there, never 0)
        {"partialAcks", null, null, "Partial Acknowledgement of a segment"},
        {"karnAcks", null, null, "Ambiguous ACK (Karn)"},
    };

    @Override
    public String format() {
        return FORMAT;
    }

    /**
     * tshark's fields separated by tabs, its default ({@code -E separator=,} makes them CSV): a header
     * of tshark field names, tab separated, with no comma. tshark quotes nothing unless {@code -E quote}
     * says so, so a line splits at every tab.
     */
    static boolean isTsharkTabs(String header) {
        if (header.indexOf('\t') < 0 || header.indexOf(',') >= 0) {
            return false;
        }
        for (String c : header.split("\t")) {
            if (c.startsWith("tcp.analysis.") || c.startsWith("tcp.options.sack")) {
                return true;
            }
        }
        return false;
    }

    /** One line's fields: at every tab for tshark's default output, else as CSV; empty if a quote is not closed. */
    static Optional<List<String>> fields(String line, boolean tabs) {
        return tabs ? Optional.of(List.of(line.split("\t", -1))) : CsvLine.split(line);
    }

    /** The column heading tshark -z expert prints over each severity's rows. */
    static final String EXPERT_TEXT_HEADER = "Frequency      Group           Protocol  Summary";

    /**
     * A packet line of tshark's default output: number, time (seconds, {@code -t a}'s time of day or
     * {@code -t ad}'s date and time), source, the arrow ("→", "->" in tshark before 2.0 or without UTF-8),
     * destination, protocol, length and the Info column.
     */
    private static final java.util.regex.Pattern SUMMARY = java.util.regex.Pattern.compile(
            "\\s*(\\d+)\\s+((?:\\d{4}-\\d{2}-\\d{2}\\s+)?\\S+)\\s+(\\S+)\\s+(?:\u2192|->)\\s+(\\S+)\\s+(\\S+)\\s+(\\d+)(?:\\s(.*))?");

    /** Whether most of the head's lines (and at least two, or the only one) are tshark packet lines. */
    static boolean isPacketSummary(Sniff sniff) {
        int lines = 0;
        int packets = 0;
        for (String l : sniff.headLines()) {
            if (l.isBlank()) {
                continue;
            }
            lines++;
            if (SUMMARY.matcher(l).matches()) {
                packets++;
            }
            if (lines == 50) {
                break;
            }
        }
        return packets * 2 > lines && (packets >= 2 || lines == 1);
    }

    @Override
    public int probe(Sniff sniff) {
        if (sniff.headLines().stream().anyMatch(l -> l.strip().equals(EXPERT_TEXT_HEADER))) {
            return 90;
        }
        if (isPacketSummary(sniff)) {
            return 85;
        }
        String first = sniff.firstContentLine();
        List<String> h = fields(first, isTsharkTabs(first)).orElse(List.of());
        if (h.size() < 2) {
            return 0;
        }
        if (h.contains("Severity") && h.contains("Summary")) {
            return 90;
        }
        if (h.contains("Info") && (h.contains("Time") || h.contains("No."))) {
            return 85;
        }
        for (String c : h) {
            if (c.startsWith("tcp.analysis.") || c.startsWith("tcp.options.sack")) {
                return 85;
            }
        }
        return 0;
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        Parser p = new Parser(ctx);
        if (sniff.headLines().stream().anyMatch(l -> l.strip().equals(EXPERT_TEXT_HEADER))) {
            p.shape = "expert-text";
        } else if (isPacketSummary(sniff)) {
            p.shape = "summary";
        }
        return p;
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        private final Map<String, Long> totals = new LinkedHashMap<>();
        private List<String> header;
        /** Whether the lines are tshark's tab-separated fields (see {@link #isTsharkTabs}). */
        private boolean tabs;
        private int timeCol = -1;
        /**
         * Whether the time column is tshark's frame.time_delta: each packet's time since the one before,
         * which sum to its time in the capture (read as the time itself, every packet fell at the
         * largest gap so far).
         */
        private boolean deltas;
        /** The sum of the deltas so far (ns). */
        private long deltaSumNs;
        private int infoCol = -1;
        private int summaryCol = -1;
        private int countCol = -1;
        private final int[] fieldCol = new int[KINDS.length];
        private long firstNs = Long.MIN_VALUE;
        private long lastNs = Long.MIN_VALUE;
        /** Whether a packet marked any kind came yet: none, the tracks' 0 can still move before it. */
        private boolean marked;
        private String shape = "";
        private long rows;
        /** The last time of day read (ns since midnight, -1 before any) and the days the capture has passed. */
        private long lastTimeOfDay = -1;
        private long dayNs;
        private static final long DAY_NS = 86_400_000_000_000L;

        Parser(ReadContext ctx) {
            this.ctx = ctx;
            for (String[] k : KINDS) {
                totals.put(k[0], 0L);
            }
        }

        @Override
        protected boolean line(String s, long n) {
            lineNo = n;
            if (s.isBlank()) {
                return true;
            }
            String line = s.charAt(0) == '\uFEFF' ? s.substring(1) : s;
            if (shape.equals("expert-text")) {
                return expertTextLine(line);
            }
            if (shape.equals("summary")) {
                return summaryLine(line);
            }
            if (header == null) {
                tabs = isTsharkTabs(line);
            }
            Optional<List<String>> fields = fields(line, tabs);
            if (fields.isEmpty()) {
                return reject("a quoted CSV field is not closed on its line");
            }
            List<String> f = fields.get();
            if (header == null) {
                return header(f);
            }
            rows++;
            if (f.size() != header.size()) {
                return reject("expected " + header.size() + (tabs ? " tab-separated" : " CSV") + " fields, found "
                        + f.size());
            }
            return shape.equals("expert") ? expertRow(f) : packetRow(f);
        }

        private boolean header(List<String> f) {
            header = f;
            summaryCol = f.indexOf("Summary");
            countCol = f.indexOf("Count");
            if (summaryCol >= 0 && f.contains("Severity")) {
                shape = "expert";
                return true;
            }
            timeCol = f.indexOf("Time");
            for (String c : List.of("frame.time_relative", "frame.time_epoch", "frame.time_delta")) {
                if (timeCol < 0) {
                    timeCol = f.indexOf(c);
                }
            }
            deltas = timeCol >= 0 && f.get(timeCol).equals("frame.time_delta");
            infoCol = f.indexOf("Info");
            for (int i = 0; i < KINDS.length; i++) {
                fieldCol[i] = KINDS[i][1] == null ? -1 : f.indexOf(KINDS[i][1]);
            }
            shape = infoCol >= 0 ? "packets" : "fields";
            return true;
        }

        /**
         * A Count cell: a whole number up to Long.MAX_VALUE (the totals are longs); -1 if not one.
         * parseUlong stops at 18 digits, which refused counts Wireshark can print.
         */
        private static long parseCount(String c) {
            long v = parseUlong(c, 0, c.length());
            if (v >= 0 || c.length() != 19) {
                return v;
            }
            for (int i = 0; i < c.length(); i++) {
                if (!TraceLine.isDigit(c.charAt(i))) {
                    return -1;
                }
            }
            return c.compareTo(Long.toString(Long.MAX_VALUE)) <= 0 ? Long.parseLong(c) : -1;
        }

        /** Whether a "Notes (157)" heading has been read: rows come after one, under its column heading. */
        private boolean inSection;

        /**
         * tshark -z expert: "Warns (45)" (or Errors, Notes, Chats, Comments), "=============", the column
         * heading, then rows "%12u %10s %18s  %s" - frequency, group, protocol, summary. Group and protocol
         * are right-aligned and may hold a space ("Dissector bug", "HTTP 2") or overflow their width: the
         * summary starts after the two spaces that follow the protocol, column 44 unless a field overflowed.
         */
        private boolean expertTextLine(String line) {
            String t = line.strip();
            if (t.chars().allMatch(c -> c == '=')) {
                return true;
            }
            if (t.equals(EXPERT_TEXT_HEADER)) {
                inSection = true;
                return true;
            }
            int open = t.lastIndexOf(" (");
            if (open > 0 && t.endsWith(")") && t.substring(0, open).chars().allMatch(Character::isLetter)) {
                return true; // a severity's heading and total: "Notes (157)"
            }
            int c = TraceLine.isDigit(t.isEmpty() ? ' ' : t.charAt(0)) ? line.indexOf(t.charAt(0)) : -1;
            int ce = c;
            while (ce >= 0 && ce < line.length() && TraceLine.isDigit(line.charAt(ce))) {
                ce++;
            }
            if (!inSection || c < 0 || ce >= line.length() || line.charAt(ce) != ' ') {
                return reject(inSection ? "expected a row \"FREQUENCY GROUP PROTOCOL  SUMMARY\" of tshark -z expert"
                        : "expected tshark -z expert's tables (\"Notes (N)\" over \"" + EXPERT_TEXT_HEADER
                                + "\"); run tshark with -q so that no packet lines come before them");
            }
            rows++;
            int from = Math.max(41, ce + 1);
            int at = -1;
            for (int k = from; k + 3 < line.length(); k++) {
                if (line.charAt(k) != ' ' && line.charAt(k + 1) == ' ' && line.charAt(k + 2) == ' '
                        && line.charAt(k + 3) != ' ') {
                    at = k + 3;
                    break;
                }
            }
            if (at < 0) {
                return reject("expected a row \"FREQUENCY GROUP PROTOCOL  SUMMARY\" of tshark -z expert, with two"
                        + " spaces before the summary");
            }
            return expert(line.substring(at).strip(), line.substring(c, ce), "frequency");
        }

        private boolean expertRow(List<String> f) {
            return expert(f.get(summaryCol), countCol >= 0 ? f.get(countCol).strip() : "1", "Count column");
        }

        /** One kind of Expert Info and how often it came: a total, added to the TCP counts it names. */
        private boolean expert(String summary, String c, String column) {
            long count = parseCount(c);
            if (count < 0) {
                return reject("expected a count (0 .. " + Long.MAX_VALUE + ") in the " + column + ", found \""
                        + Printable.clip(c, 40) + "\"");
            }
            String kind = null;
            for (String[] k : KINDS) {
                if (summary.toLowerCase(Locale.ROOT).contains(k[3].toLowerCase(Locale.ROOT))
                        && !(k[0].equals("retransSegs") && summary.toLowerCase(Locale.ROOT).contains("fast"))
                        && !(k[0].equals("retransSegs") && summary.toLowerCase(Locale.ROOT).contains("spurious"))) {
                    kind = k[0];
                    break;
                }
            }
            long before = kind == null ? 0 : totals.getOrDefault(kind, 0L);
            if (count > Long.MAX_VALUE - before) {
                return reject("the Count " + count + " takes the total of " + kind + " past " + Long.MAX_VALUE);
            }
            ctx.sink().parameter("wireshark." + summary, Long.toString(count));
            if (kind != null) {
                totals.put(kind, before + count);
            }
            ctx.report().event();
            return true;
        }

        /** The last frame number of tshark's packet summary (0 before the first). */
        private long lastFrame;
        /** How many packets of the summary came earlier than the one before them. */
        private long timeWentBack;
        /** The first line whose time went back, for the note. */
        private long firstBackLine;
        /** The number of the line being read. */
        private long lineNo;

        /**
         * "    7   0.000412 10.0.0.2 → 10.0.0.1 TCP 66 [TCP Dup ACK 5#1] 5201 → 43210 [ACK] Seq=1 Ack=1449 ...":
         * the Info column's "[TCP ...]" tags, as a packet list CSV's.
         */
        private boolean summaryLine(String line) {
            java.util.regex.Matcher m = SUMMARY.matcher(line);
            if (!m.matches()) {
                return reject("expected a tshark packet line \"NO. TIME SOURCE \u2192 DESTINATION PROTOCOL LENGTH INFO\""
                        + " (tshark -r CAPTURE without -T)");
            }
            long frame = parseUlong(m.group(1), 0, m.group(1).length());
            if (frame <= lastFrame) {
                return reject("packet number " + m.group(1) + " after " + lastFrame + ": expected numbers that go up (two"
                        + " outputs in one file?)");
            }
            String time = m.group(2).replaceAll("\\s+", " ");
            long tNs = time(time);
            if (tNs == Long.MIN_VALUE) {
                return reject("expected a time (seconds, HH:mm:ss.ffffff or yyyy-MM-dd HH:mm:ss.ffffff) after the packet"
                        + " number, found \"" + Printable.clip(time, 40) + "\"");
            }
            lastFrame = frame;
            rows++;
            if (packet(tNs, m.group(7) == null ? "" : m.group(7), null) && timeWentBack++ == 0) {
                firstBackLine = lineNo;
            }
            return true;
        }

        private boolean packetRow(List<String> f) {
            long tNs = timeCol >= 0 ? time(f.get(timeCol).strip()) : -1;
            if (timeCol >= 0 && tNs == Long.MIN_VALUE) {
                return reject("expected a time (seconds, HH:mm:ss.ffffff or yyyy-MM-dd HH:mm:ss.ffffff) in column \""
                        + header.get(timeCol) + "\"");
            }
            if (deltas && tNs >= 0) {
                if (tNs > Long.MAX_VALUE - deltaSumNs) {
                    return reject("the deltas in column \"frame.time_delta\" sum past " + Long.MAX_VALUE + " ns");
                }
                deltaSumNs += tNs;
                tNs = deltaSumNs;
            } else if (deltas) {
                return reject("expected seconds since the previous packet (0.000120) in column \"frame.time_delta\"");
            }
            packet(tNs, infoCol >= 0 ? f.get(infoCol) : "", f);
            return true;
        }

        /**
         * One packet at {@code tNs} (-1 for none, -2 - ns for a time of day): its Info column's tags, or
         * with {@code f} and no Info column its tshark fields, add to the counters. Returns whether it
         * came earlier than the packet before (it is drawn at that one's time).
         */
        private boolean packet(long tNs, String info, List<String> f) {
            if (tNs <= -2) {
                // View > Time Display Format > Time of Day: ns since midnight, a capture past midnight
                // goes on into the next day
                long ofDay = -2 - tNs;
                if (lastTimeOfDay >= 0 && ofDay < lastTimeOfDay - DAY_NS / 2) {
                    dayNs += DAY_NS;
                }
                lastTimeOfDay = ofDay;
                tNs = dayNs + ofDay;
            }
            boolean[] set = new boolean[KINDS.length];
            boolean any = false;
            for (int i = 0; i < KINDS.length; i++) {
                if (f == null || infoCol >= 0) {
                    set[i] = KINDS[i][2] != null && info.contains(KINDS[i][2])
                            || KINDS[i][0].equals("retransSegs") && isRetransmission(info);
                } else {
                    set[i] = fieldCol[i] >= 0 && !f.get(fieldCol[i]).isBlank();
                }
                any |= set[i];
            }
            if (firstNs == Long.MIN_VALUE) {
                firstNs = tNs; // the tracks' 0 is at the capture's first packet
            }
            if (any && !marked && Math.max(tNs - firstNs, lastNs) <= 0) {
                // the first marked packet, at the 0 itself (the first packet, or one at its time: a
                // millisecond clock gives a burst one time) comes a nanosecond after it, and the
                // unmarked packets before it with it, so that a range from the start counts it too:
                // at the 0 the count read 1 already and the whole file's change left it out
                firstNs--;
                if (lastNs != Long.MIN_VALUE) {
                    lastNs++;
                }
            }
            marked |= any;
            boolean back = tNs - firstNs < lastNs;
            long rel = Math.max(0, Math.max(tNs - firstNs, lastNs));
            lastNs = rel;
            for (int i = 0; i < KINDS.length; i++) {
                if (set[i]) {
                    long total = totals.merge(KINDS[i][0], 1L, Long::sum);
                    if (total == 1) {
                        // the count is 0 where the capture begins, so the TCP table's change from there counts
                        // this first event (it said "Duplicate ACK 0" for a capture of one)
                        ctx.sink().relativeSample("tcp " + KINDS[i][0], "count", 0, 0);
                    }
                    ctx.sink().relativeSample("tcp " + KINDS[i][0], "count", rel, total);
                }
            }
            ctx.report().event();
            return back;
        }

        /**
         * Whether a packet's Info column marks it as retransmitted: Wireshark shows one tag, but a fast or
         * spurious retransmission is a retransmission too (its tcp.analysis.retransmission field and Expert
         * Info row count it), as the kernel's RetransSegs does.
         */
        private static boolean isRetransmission(String info) {
            return info.contains("[TCP Retransmission]") || info.contains("[TCP Fast Retransmission]")
                    || info.contains("[TCP Spurious Retransmission]");
        }

        /**
         * Whether this file can show kind {@code i} at all, else its 0 would claim a count: Expert Info lists
         * every kind it saw; a packet list or packet summary only those with an Info tag; tshark's fields
         * only those whose field was exported.
         */
        private boolean countable(int i) {
            if (shape.startsWith("expert")) {
                return true;
            }
            return byInfo() ? KINDS[i][2] != null : fieldCol[i] >= 0;
        }

        /** Whether packets are told by their Info column (packet list CSV, tshark's packet summary). */
        private boolean byInfo() {
            return shape.equals("packets") || shape.equals("summary");
        }

        private static final DateTimeFormatter DATE_TIME =
                DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSSSSS][.SSSSSS][.SSS]", Locale.ROOT);

        private static final DateTimeFormatter TIME_OF_DAY =
                DateTimeFormatter.ofPattern("HH:mm:ss[.SSSSSSSSS][.SSSSSS][.SSS]", Locale.ROOT);

        /**
         * Seconds as ns, or a date-time as ns since the epoch; a time of day as -2 - its ns since
         * midnight (the caller counts the days); MIN_VALUE if none of these.
         */
        private static long time(String v) {
            long ns = parseSecondsToNs(v, 0, v.length());
            if (ns >= 0) {
                return ns;
            }
            if (v.length() >= 8 && v.charAt(2) == ':') {
                try {
                    return -2 - java.time.LocalTime.parse(v, TIME_OF_DAY).toNanoOfDay();
                } catch (DateTimeParseException e) {
                    return Long.MIN_VALUE;
                }
            }
            try {
                LocalDateTime t = LocalDateTime.parse(v, DATE_TIME);
                return t.toEpochSecond(ZoneOffset.UTC) * 1_000_000_000L + t.getNano();
            } catch (DateTimeParseException e) {
                return Long.MIN_VALUE;
            }
        }

        @Override
        protected void end(long lines) throws ImportException {
            if (shape.equals("expert-text")) {
                if (rows == 0) {
                    ctx.report().note("tshark -z expert printed no rows: every TCP counter is 0 (was the capture"
                            + " without Expert Info, or the output cut short?)");
                }
            } else if (shape.equals("summary")) {
                if (timeWentBack > 0) {
                    ctx.report().note((timeWentBack == 1 ? "1 packet is" : timeWentBack + " packets are")
                            + " earlier than the one before (first on line "
                            + firstBackLine + "), drawn at that one's time: tshark's -t d and -t dd print each"
                            + " packet's time since the one before; print with the default -t r, or -t a or -t ad");
                }
            } else if (header == null) {
                throw new ImportException(ctx.report().file(), 0, "empty CSV: expected a Wireshark header row");
            } else if (rows == 0) {
                // zeros from no rows are not zeros measured: the user must not read them as a clean run
                ctx.report().note("only the CSV header, no rows: every TCP counter it can show is 0 (was the export"
                        + " empty or cut short?)");
            }
            if (byInfo() && (rows > 0 || shape.equals("summary"))) {
                // the Info column does not say which SACK blocks are D-SACK (Wireshark's Expert Info does): n/a, not 0
                ctx.report().note((shape.equals("summary") ? "tshark's packet summary" : "a packet list's Info column")
                        + " does not mark D-SACK blocks (SLE=/SRE= are any SACK block): tcp.dsack is not counted;"
                        + " Wireshark's Expert Info (or tshark -q -z expert, or -T fields -e tcp.options.sack.dsack)"
                        + " gives it");
            }
            List<String> unseen = new java.util.ArrayList<>();
            for (int i = 0; i < KINDS.length; i++) {
                if (countable(i)) {
                    ctx.sink().parameter("tcp." + KINDS[i][0], Long.toString(totals.get(KINDS[i][0])));
                } else if (shape.equals("fields") && KINDS[i][1] != null) {
                    unseen.add(KINDS[i][1]);
                }
            }
            if (!unseen.isEmpty()) {
                // a field not exported is no count of 0: say which, and how to get them
                ctx.report().note("tshark fields without " + String.join(", ", unseen) + ": those counters are not"
                        + " counted (add -e FIELD for each)");
            }
        }
    }
}
