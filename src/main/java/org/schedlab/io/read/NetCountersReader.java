package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kernel network counters in the shapes engineers capture them: {@code nstat} /
 * {@code nstat -a} ("#kernel" then "TcpExtTCPDSACKRecv  12  0.0"; with {@code --json},
 * {"kernel":{"TcpExtTCPDSACKRecv":12,...}} per snapshot, on one line or pretty), the raw
 * {@code /proc/net/netstat} and {@code /proc/net/snmp} files (a "TcpExt: names..." row over a
 * "TcpExt: values..." row; names are joined as nstat joins them, "Tcp"+"RetransSegs" =
 * "TcpRetransSegs"), and {@code netstat -s} ("Tcp:" sections of "    227 segments
 * retransmitted"). Several snapshots in one file (a repeated "#kernel" or section) become one
 * counter track per name, a snapshot a second apart (the files carry no clock; the metadata
 * says so); snapshots of increments (nstat's default) become running totals
 * ({@link NetCounterIncrements}). Counters that stay zero in every snapshot are counted, not drawn.
 */
public final class NetCountersReader extends LineReader {
    static final String NSTAT = "nstat";
    static final String PROC = "proc-net-snmp";
    static final String NETSTAT_S = "netstat-s";

    @Override
    public String format() {
        return NSTAT;
    }

    @Override
    public String kind() {
        return "nstat / netstat -s / /proc/net/netstat or snmp";
    }

    @Override
    public int probe(Sniff sniff) {
        int nstat = 0;
        int netstat = 0;
        boolean kernelHeader = false;
        for (String l : sniff.headLines()) {
            if (l.equals("#kernel")) {
                kernelHeader = true;
            } else if (isNstatRow(l)) {
                nstat++;
            } else if (isSectionHeader(l) || isNetstatCountRow(l)) {
                netstat++;
            }
        }
        if (kernelHeader && nstat > 0 || nstat >= 5 || isNstatJson(sniff)) {
            return 90;
        }
        if (procTables(sniff.headLines()) >= 1) {
            return 85;
        }
        return netstat >= 4 ? 70 : 0;
    }

    /**
     * {@code nstat --json}: {"kernel":{"IpInReceives":4585,...}} on one line, or spread over lines
     * with {@code --pretty}. The "kernel" object (nstat's source of the counters) tells it from other JSON.
     */
    static boolean isNstatJson(Sniff sniff) {
        String first = sniff.firstContentLine();
        if (first.startsWith("{\"kernel\":{") || first.startsWith("{ \"kernel\": {")) {
            return true;
        }
        if (!first.equals("{")) {
            return false;
        }
        for (String l : sniff.headLines()) {
            String t = l.strip();
            if (!t.isEmpty() && !t.equals("{")) {
                return t.startsWith("\"kernel\":");
            }
        }
        return false;
    }

    /**
     * nstat's "TcpRetransSegs  227  0.0": a name, the count and the rate nstat always prints
     * ({@code %-32s%-16llu%6.1f}), perhaps " (overflow)" after it. The rate is required: other
     * tools print a capitalised key and a count too - perf stat's per-CPU "CPU0  650  context-switches"
     * made a perf stat file whose header was damaged an nstat snapshot of "CPU0" and "CPU1".
     */
    static boolean isNstatRow(String l) {
        int a = 0;
        int n = l.length();
        if (n == 0 || l.charAt(0) < 'A' || l.charAt(0) > 'Z') {
            return false;
        }
        while (a < n && Character.isLetterOrDigit(l.charAt(a))) {
            a++;
        }
        int b = skipSpaces(l, a);
        int e = tokenEnd(l, b);
        if (b == a || e == b || parseCount(l, b, e) < 0) {
            return false;
        }
        int r = skipSpaces(l, e);
        int re = tokenEnd(l, r);
        if (r == e || re == r || !isRate(l, r, re)) {
            return false;
        }
        int after = skipSpaces(l, re);
        return after == n || l.startsWith("(overflow)", after) && skipSpaces(l, after + "(overflow)".length()) == n;
    }

    /**
     * The count of a row of nstat's shape whose whole-number count is past 2^64 - 1 (no kernel
     * counter, so not an nstat row), or null: said as such rather than as a line of another shape.
     */
    static String nstatCountPastRange(String l) {
        int n = l.length();
        if (n == 0 || l.charAt(0) < 'A' || l.charAt(0) > 'Z') {
            return null;
        }
        int a = 0;
        while (a < n && Character.isLetterOrDigit(l.charAt(a))) {
            a++;
        }
        int b = skipSpaces(l, a);
        int e = tokenEnd(l, b);
        if (b == a || e == b || parseCount(l, b, e) >= 0) {
            return null;
        }
        for (int i = b; i < e; i++) {
            if (!TraceLine.isDigit(l.charAt(i))) {
                return null;
            }
        }
        int r = skipSpaces(l, e);
        int re = tokenEnd(l, r);
        return r == e || re == r || !isRate(l, r, re) ? null : l.substring(b, e);
    }

    /** nstat's rate column, {@code %6.1f}: digits, a point, one or more digits. */
    private static boolean isRate(String s, int from, int to) {
        int dot = s.indexOf('.', from);
        if (dot <= from || dot >= to - 1) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (i != dot && !TraceLine.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** The largest value the kernel prints for a counter: 2^64 - 1, an unsigned 64-bit counter. */
    private static final String U64_MAX = "18446744073709551615";

    /**
     * A counter value in {@code s[from, to)}: a decimal of the kernel's unsigned 64-bit range
     * ({@code 0 .. 18446744073709551615}), as the nearest double (counters are doubles: exact up
     * to 2^53); -1 if it is not one. parseUlong stops at 18 digits, and a value past that (a
     * counter near its wrap) rejected the whole row of a /proc/net/netstat file.
     */
    static double parseCount(String s, int from, int to) {
        long v = parseUlong(s, from, to);
        if (v >= 0) {
            return v;
        }
        int digits = to - from;
        if (digits < 19 || digits > U64_MAX.length()) {
            return -1;
        }
        for (int i = from; i < to; i++) {
            if (!TraceLine.isDigit(s.charAt(i))) {
                return -1;
            }
        }
        String number = s.substring(from, to);
        if (digits == U64_MAX.length() && number.compareTo(U64_MAX) > 0) {
            return -1;
        }
        return Double.parseDouble(number);
    }

    /** netstat -s's "Tcp:" (a capital, letters and digits, a colon, nothing else). No regex: probes run on every file. */
    static boolean isSectionHeader(String l) {
        int n = l.length();
        if (n < 2 || l.charAt(n - 1) != ':' || l.charAt(0) < 'A' || l.charAt(0) > 'Z') {
            return false;
        }
        for (int i = 1; i < n - 1; i++) {
            if (!isAsciiLetterOrDigit(l.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** netstat -s's "    227 segments retransmitted": four spaces, digits, a space, a lower-case word. */
    static boolean isNetstatCountRow(String l) {
        if (!l.startsWith("    ")) {
            return false;
        }
        int i = 4;
        int n = l.length();
        while (i < n && TraceLine.isDigit(l.charAt(i))) {
            i++;
        }
        return i > 4 && i + 1 < n && l.charAt(i) == ' ' && l.charAt(i + 1) >= 'a' && l.charAt(i + 1) <= 'z';
    }

    private static boolean isAsciiLetterOrDigit(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }

    static boolean isProcRow(String l) {
        int c = l.indexOf(": ");
        return c > 1 && c < 16 && Character.isUpperCase(l.charAt(0)) && l.substring(0, c).chars().allMatch(Character::isLetter);
    }

    /**
     * How many /proc/net/netstat or snmp tables the head holds: a "Tcp: RtoAlgorithm RtoMin ..."
     * row of names directly over a "Tcp: 1 200 ..." row of as many whole numbers. The pair, not
     * a "Word: " start, is the format: sar's and mpstat's "Average:  CPU  %usr ..." rows have that
     * start too, and made a sysstat report whose system line was damaged a file of counters.
     */
    static int procTables(List<String> lines) {
        int tables = 0;
        for (int i = 0; i + 1 < lines.size(); i++) {
            String names = lines.get(i);
            String values = lines.get(i + 1);
            if (!isProcRow(names)) {
                continue;
            }
            int c = names.indexOf(": ");
            if (!values.startsWith(names.substring(0, c + 2))) {
                continue;
            }
            String[] ns = names.substring(c + 2).strip().split("\\s+");
            String[] vs = values.substring(c + 2).strip().split("\\s+");
            boolean pair = ns.length == vs.length && !ns[0].isEmpty();
            for (int k = 0; pair && k < ns.length; k++) {
                pair = ns[k].chars().allMatch(NetCountersReader::isNameChar) && !TraceLine.isDigit(ns[k].charAt(0))
                        && parseCount(vs[k], vs[k].startsWith("-") ? 1 : 0, vs[k].length()) >= 0;
            }
            if (pair) {
                tables++;
                i++;
            }
        }
        return tables;
    }

    private static boolean isNameChar(int c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return new Parser(ctx);
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        /** name -> value per snapshot (NaN where a snapshot lacked it). */
        private final Map<String, List<Double>> series = new LinkedHashMap<>();
        private final Map<String, String> procNames = new LinkedHashMap<>();
        /** The line each row of names in {@link #procNames} was read at, for a report if its values never come. */
        private final Map<String, Long> procNameLines = new LinkedHashMap<>();
        private final List<String> sectionsThisSnapshot = new ArrayList<>();
        private int snapshot = -1;
        private String section = "";
        private String dialect = "";

        Parser(ReadContext ctx) {
            this.ctx = ctx;
        }

        /** An nstat --json object being read (several lines with --pretty), null outside one. */
        private StringBuilder json;
        private int jsonDepth;
        private long jsonLine;

        @Override
        protected boolean line(String s, long n) {
            if (json != null || s.startsWith("{") && !dialect.equals(PROC) && !dialect.equals(NETSTAT_S)) {
                return jsonLine(s, n);
            }
            if (s.isBlank()) {
                return true;
            }
            if (s.equals("#kernel")) {
                dialect = NSTAT;
                snapshot++;
                return true;
            }
            if (isNstatRow(s) && !dialect.equals(PROC)) {
                dialect = NSTAT;
                if (snapshot < 0) {
                    snapshot = 0;
                }
                int a = 0;
                while (Character.isLetterOrDigit(s.charAt(a))) {
                    a++;
                }
                int b = skipSpaces(s, a);
                String name = s.substring(0, a);
                List<Double> seen = series.get(name);
                if (seen != null && seen.size() == snapshot + 1) {
                    // no snapshot names a counter twice: this is the next one, printed without "#kernel"
                    snapshot++;
                }
                put(name, parseCount(s, b, tokenEnd(s, b)));
                return true;
            }
            if (isProcRow(s)) {
                return procRow(s, n);
            }
            if (isSectionHeader(s)) {
                dialect = NETSTAT_S;
                section = s.substring(0, s.length() - 1);
                if (snapshot < 0 || sectionsThisSnapshot.contains(section)) {
                    snapshot++;
                    sectionsThisSnapshot.clear();
                }
                sectionsThisSnapshot.add(section);
                return true;
            }
            if (dialect.equals(NETSTAT_S) && s.startsWith("    ")) {
                return netstatRow(s.strip());
            }
            String past = nstatCountPastRange(s);
            if (past != null && !dialect.equals(PROC)) {
                return reject("expected a counter value (0 .. " + U64_MAX + ") for \"" + Printable.clip(
                        s.substring(0, s.indexOf(' ')), 40) + "\", found \"" + Printable.clip(past, 40) + "\"");
            }
            return reject("expected a counter line (\"TcpRetransSegs 227 0.0\", \"Tcp: ...\" or \"    227 segments"
                    + " retransmitted\")");
        }

        /** Collects an nstat --json object up to its closing brace, then reads it as one snapshot. */
        private boolean jsonLine(String s, long n) {
            if (json == null) {
                json = new StringBuilder();
                jsonDepth = 0;
                jsonLine = n;
            }
            if (json.length() + s.length() > JSON_MAX_CHARS) {
                json = null;
                return reject("expected an nstat --json object of at most " + (JSON_MAX_CHARS >> 20) + " MiB; the one"
                        + " from line " + jsonLine + " goes on past it");
            }
            json.append(s).append('\n');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                jsonDepth += c == '{' ? 1 : c == '}' ? -1 : 0;
            }
            if (jsonDepth > 0) {
                return true;
            }
            String text = json.toString();
            long from = jsonLine;
            json = null;
            return jsonSnapshot(text, from);
        }

        private static final int JSON_MAX_CHARS = 4 << 20;

        /** {"kernel":{"IpInReceives":4585,...}}: each counter of the object, as one nstat snapshot. */
        private boolean jsonSnapshot(String text, long from) {
            Map<String, Double> values = new LinkedHashMap<>();
            try (com.fasterxml.jackson.core.JsonParser p = new com.fasterxml.jackson.core.JsonFactory()
                    .createParser(text)) {
                if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT
                        || p.nextToken() != com.fasterxml.jackson.core.JsonToken.FIELD_NAME
                        || p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                    return reject("expected nstat --json output, {\"kernel\":{\"NAME\":VALUE,...}}, from line " + from);
                }
                com.fasterxml.jackson.core.JsonToken t;
                while ((t = p.nextToken()) == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    String v = p.getText();
                    double x = p.currentToken() == com.fasterxml.jackson.core.JsonToken.VALUE_NUMBER_INT
                            ? parseCount(v, 0, v.length()) : -1;
                    if (x < 0) {
                        return reject("expected a counter value (0 .. " + U64_MAX + ") for \"" + Printable.clip(name, 40)
                                + "\" in the nstat --json object from line " + from + ", found " + Printable.clip(v, 40));
                    }
                    values.put(name, x);
                }
                if (t != com.fasterxml.jackson.core.JsonToken.END_OBJECT) {
                    return reject("expected only counters in the nstat --json object from line " + from);
                }
                // a second object on the object's last line (a line break lost) was read past, its snapshot lost
                if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.END_OBJECT || p.nextToken() != null) {
                    com.fasterxml.jackson.core.JsonLocation at = p.currentTokenLocation();
                    return reject("expected one nstat --json object, {\"kernel\":{...}}, from line " + from
                            + ", found more after its \"kernel\" counters at line " + (from + at.getLineNr() - 1)
                            + ", column " + at.getColumnNr());
                }
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return reject("expected nstat --json output: the JSON from line " + from + " is not valid ("
                        + org.schedlab.io.JsonTokens.problemFromLine(e, from) + ")");
            } catch (java.io.IOException e) {
                // parsing a String in memory: Jackson declares the exception but reads no device
                return reject("expected nstat --json output from line " + from + ": " + e.getMessage());
            }
            // every value is checked before any is kept: a refused object leaves nothing of itself behind
            dialect = NSTAT;
            snapshot++;
            for (Map.Entry<String, Double> e : values.entrySet()) {
                put(e.getKey(), e.getValue());
            }
            return true;
        }

        /**
         * "Tcp: RtoAlgorithm RtoMin ..." then "Tcp: 1 200 ...". The row under a row of names is its
         * values whatever it starts with, so a damaged first value ("TcpExt: X#? 0 2 ...") is refused
         * by line rather than read as a second row of names, which dropped the section unsaid.
         */
        private boolean procRow(String s, long n) {
            dialect = PROC;
            int c = s.indexOf(": ");
            String prefix = s.substring(0, c);
            String rest = s.substring(c + 2).strip();
            if (rest.isEmpty()) {
                return true;
            }
            String pending = procNames.get(prefix);
            if (rest.equals(pending)) {
                // the same names again: the row of values under the first one is missing
                namesWithoutValues(prefix);
            }
            boolean names = !procNames.containsKey(prefix)
                    && !TraceLine.isDigit(rest.charAt(0)) && rest.charAt(0) != '-';
            if (names) {
                if (snapshot < 0 || sectionsThisSnapshot.contains(prefix)) {
                    snapshot++;
                    sectionsThisSnapshot.clear();
                }
                sectionsThisSnapshot.add(prefix);
                procNames.put(prefix, rest);
                procNameLines.put(prefix, n);
                return true;
            }
            procNameLines.remove(prefix);
            String header = procNames.remove(prefix);
            if (header == null) {
                return reject("expected a \"" + prefix + ":\" row of names before its row of values");
            }
            String[] ns = header.split("\\s+");
            String[] vs = rest.split("\\s+");
            if (ns.length != vs.length) {
                return reject(prefix + ": " + vs.length + " values for " + ns.length + " names");
            }
            // every value is checked before any is kept: a refused row leaves nothing of itself behind
            double[] values = new double[ns.length];
            for (int i = 0; i < ns.length; i++) {
                String v = vs[i];
                boolean neg = v.startsWith("-");
                double x = parseCount(v, neg ? 1 : 0, v.length());
                if (x < 0) {
                    return reject(prefix + ": expected a number (0 .. " + U64_MAX + ") for " + ns[i] + ", found \""
                            + Printable.clip(v, 40) + "\"");
                }
                values[i] = neg ? -x : x;
            }
            for (int i = 0; i < ns.length; i++) {
                put(prefix + ns[i], values[i]);
            }
            return true;
        }

        /** Reports the row of names of {@code prefix} still waiting for its values, and forgets it. */
        private void namesWithoutValues(String prefix) {
            procNames.remove(prefix);
            ctx.report().skipped(procNameLines.remove(prefix),
                    "expected a \"" + prefix + ":\" row of values under this row of names; there is no row of"
                            + " values (was the file cut?)");
        }

        /** "227 segments retransmitted", "InType3: 104", "TCPDSACKRecv: 12". */
        private boolean netstatRow(String t) {
            int c = t.indexOf(": ");
            if (c > 0 && TraceLine.isDigit(t.charAt(t.length() - 1))) {
                double v = parseCount(t, c + 2, t.length());
                if (v >= 0) {
                    put(section + ": " + t.substring(0, c), v);
                    return true;
                }
            }
            int e = tokenEnd(t, 0);
            double v = parseCount(t, 0, e);
            if (v < 0) {
                return reject("expected a number at the start of a netstat -s line");
            }
            put(section + ": " + t.substring(e).strip(), v);
            return true;
        }

        private void put(String name, double value) {
            if (value == -1 && name.isEmpty()) {
                return;
            }
            List<Double> vs = series.computeIfAbsent(name, k -> new ArrayList<>());
            while (vs.size() < snapshot) {
                vs.add(Double.NaN);
            }
            if (vs.size() == snapshot + 1) {
                vs.set(snapshot, value);
            } else {
                vs.add(value);
            }
            ctx.report().event();
        }

        @Override
        protected void end(long lines) throws ImportException {
            FileReport.Builder r = ctx.report();
            r.format(dialect.isEmpty() ? NSTAT : dialect);
            if (json != null) {
                r.skipped(jsonLine, "the nstat --json object from this line is not closed (was the file cut?)");
                json = null;
            }
            for (String prefix : List.copyOf(procNames.keySet())) {
                namesWithoutValues(prefix);
            }
            if (series.isEmpty()) {
                throw new ImportException(r.file(), 0, "no counters found; expected nstat, /proc/net/snmp or"
                        + " netstat -s output");
            }
            // every counter read, drawn or not: a second file of the same counters is refused
            ctx.sink().counterSnapshot(series.keySet());
            int zeroOnly = 0;
            List<String> wrapped = new ArrayList<>();
            boolean increments = snapshot > 0 && NetCounterIncrements.anyCounterWentDown(series);
            for (Map.Entry<String, List<Double>> e : series.entrySet()) {
                boolean allZero = true;
                for (double v : e.getValue()) {
                    allZero &= v == 0 || Double.isNaN(v);
                }
                if (allZero) {
                    zeroOnly++;
                    continue;
                }
                List<Double> vs = e.getValue();
                if (increments && !NetCounterIncrements.isGauge(e.getKey())) {
                    // each snapshot holds what happened in the second before it: running totals from 0
                    // one second before the first, so the change over the file is the sum of them all
                    double total = 0;
                    ctx.sink().relativeSample(e.getKey(), "count", 0, 0);
                    for (int i = 0; i <= snapshot; i++) {
                        // absent from a snapshot (nstat without -z leaves out what did not change): 0
                        total += i >= vs.size() || Double.isNaN(vs.get(i)) ? 0 : vs.get(i);
                        ctx.sink().relativeSample(e.getKey(), "count", (i + 1) * 1_000_000_000L, total);
                    }
                    continue;
                }
                if (!NetCounterIncrements.isGauge(e.getKey())) {
                    List<Double> unwrapped = NetCounterIncrements.unwrapped32(vs);
                    if (!unwrapped.equals(vs)) {
                        wrapped.add(e.getKey());
                        vs = unwrapped;
                    }
                }
                // a total missing from a snapshot after the counter's first is not known there: a gap
                // until the next snapshot that has it, not the previous snapshot's total held over
                boolean started = false;
                for (int i = 0; i <= snapshot; i++) {
                    double v = i < vs.size() ? vs.get(i) : Double.NaN;
                    started |= !Double.isNaN(v);
                    if (started) {
                        ctx.sink().relativeSample(e.getKey(), "count", i * 1_000_000_000L, v);
                    }
                }
            }
            int snapshots = snapshot + 1;
            ctx.sink().parameter("netCounters.snapshots", Integer.toString(snapshots));
            if (snapshots > 1) {
                ctx.sink().parameter("netCounters.snapshotSpacing", "1 s assumed (the files carry no clock)");
                ctx.sink().parameter("netCounters.values", increments ? NetCounterIncrements.INCREMENTS
                        : NetCounterIncrements.TOTALS);
            }
            if (!wrapped.isEmpty()) {
                r.note(String.join(", ", wrapped) + (wrapped.size() == 1 ? " wraps" : " wrap")
                        + " at 2^32 (a 32-bit counter) and " + (wrapped.size() == 1 ? "is" : "are")
                        + " drawn continuing past it");
            }
            if (zeroOnly > 0) {
                r.note(zeroOnly + " of " + series.size() + (zeroOnly == 1 ? " counters is zero throughout and is not drawn"
                        : " counters are zero throughout and are not drawn"));
            }
        }
    }
}
