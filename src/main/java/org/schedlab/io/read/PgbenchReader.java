package org.schedlab.io.read;

import java.util.HashMap;
import java.util.Map;

/**
 * pgbench's output: {@code progress:} lines (with {@code -P}) become counter tracks (tps,
 * latency, its stddev, failed transactions, schedule lag), and the closing summary becomes
 * the run's headline numbers in metadata ({@code pgbench.tps}, {@code pgbench.latencyAverageMs},
 * {@code pgbench.clients}, ...). PG 14+ lines ("tps = ... (without initial connection time)")
 * and PG 13 and older ("including/excluding connections establishing") are both read.
 * Progress times are seconds since pgbench started (or Unix time with
 * {@code --progress-timestamp}); either way they are relative to the first progress line.
 */
public final class PgbenchReader extends LineReader {
    static final String FORMAT = "pgbench";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public int probe(Sniff sniff) {
        int score = 0;
        for (String l : sniff.headLines()) {
            if (l.startsWith("progress: ") && l.contains(" tps, lat ")) {
                score += 30;
            } else if (l.startsWith("pgbench (") || l.startsWith("transaction type: ")
                    || l.startsWith("number of transactions actually processed:") || l.startsWith("tps = ")) {
                score += 25;
            }
            if (score >= 90) {
                return 90;
            }
        }
        return Math.min(score, 90);
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return new Parser(ctx);
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        private long firstProgressNs = -1;
        private long previousNs;
        private boolean any;
        /** The last progress report's values, repeated at its own time when the file ends. */
        private double[] lastValues;
        /** Which of {@link #SERIES} a line has given a figure for so far. */
        private final boolean[] seen = new boolean[SERIES.length];
        private boolean versionSeen;
        /** Whether a "SQL script N:" line opened the per-script breakdown of a run of several scripts. */
        private boolean inScriptSection;
        /** pgbench's own error lines (stderr kept with the output): how many, the first and its line. */
        private long errorLines;
        private String firstError = "";
        private long firstErrorLine;
        /** Whether pgbench said "Run was aborted; the above results are incomplete." */
        private boolean aborted;
        /**
         * The line each summary figure and script came from: one given again is a second run's (two
         * outputs put in one file, {@code pgbench ... >> results.txt}), which would replace the first
         * run's figures one by one while its progress lines, refused as going back, stayed the first's.
         */
        private final Map<String, Long> summaryLines = new HashMap<>();
        /** The first line of the run: its version line, or its first figure (0: none yet). */
        private long runLine;

        Parser(ReadContext ctx) {
            this.ctx = ctx;
        }

        @Override
        protected boolean line(String s, long n) throws ImportException {
            String t = s.strip();
            if (t.isEmpty() || t.startsWith("starting vacuum") || t.startsWith("dropping old tables")
                    || t.startsWith("creating tables") || t.startsWith("generating data") || t.startsWith("vacuuming")
                    || t.startsWith("creating primary keys") || t.startsWith("done in ")
                    || t.startsWith("statement latencies in milliseconds")) {
                return true;
            }
            if (t.startsWith("progress: ")) {
                runLine = runLine == 0 ? n : runLine;
                return progress(t);
            }
            if (t.startsWith("pgbench: warning: ") || t.startsWith("pgbench: hint: ")
                    || t.startsWith("scale option ignored, using count from ")) { // PostgreSQL 11 and older: no prefix
                return true; // "scale option ignored, using count from pgbench_branches table (100)": no figure
            }
            if (t.startsWith("pgbench: ") || t.startsWith("client ") && t.contains(" aborted in command ")
                    || t.startsWith("Run was aborted")) {
                // pgbench's stderr: "pgbench: error: client 3 script 0 aborted in command 5 query 0: ERROR: ..."
                // (PostgreSQL 14+), "client 3 aborted in command 5 (SQL) of script 0; ERROR: ..." before; a
                // client that aborts leaves the others running, and the figures are of fewer clients
                aborted |= t.contains("Run was aborted");
                if (errorLines++ == 0) {
                    firstError = t;
                    firstErrorLine = n;
                }
                return true;
            }
            if (t.startsWith("pgbench (")) {
                if (runLine > 0) {
                    // pgbench prints its version first, before any figure: this one starts another run
                    throw secondRun(n, "its \"pgbench (\" line", runLine);
                }
                runLine = n;
                int close = t.lastIndexOf(')');
                ctx.sink().parameter("pgbench.version", t.substring(9, close > 9 ? close : t.length()).strip());
                // no figure: a log of only this line is a run stopped (or a file cut) before it measured anything
                versionSeen = true;
                return true;
            }
            if (t.startsWith("- ") && inScriptSection) {
                // a script's share of the figures above (-b a@5 -b b@5): its weight, transactions,
                // latency; the run's own figures are kept, the breakdown is not drawn
                return true;
            }
            if (t.startsWith("SQL script ")) {
                int c = t.indexOf(": ");
                String number = c > 11 ? t.substring(11, c) : "";
                if (c < 0 || number.isEmpty() || !number.chars().allMatch(Character::isDigit)) {
                    return reject("expected \"SQL script N: DESCRIPTION\"");
                }
                once("pgbench.script" + number, "\"SQL script " + number + ":\"", n);
                ctx.sink().parameter("pgbench.script" + number, t.substring(c + 2).strip());
                inScriptSection = true;
                any = true;
                return true;
            }
            int colon = t.indexOf(": ");
            int eq = t.indexOf(" = ");
            if (eq > 0 && (colon < 0 || eq < colon)) {
                return summary(t.substring(0, eq), t.substring(eq + 3), n);
            }
            if (colon > 0) {
                return summary(t.substring(0, colon), t.substring(colon + 2), n);
            }
            if (Character.isDigit(t.charAt(0)) || t.charAt(0) == '-') {
                // per-statement latencies under "statement latencies in milliseconds" (-r)
                return TraceLine.isDigit(t.charAt(0));
            }
            return reject("expected a pgbench \"progress:\" line or a summary line such as \"tps = 2599.6\"");
        }

        /** progress: 1.0 s, 2347.3 tps, lat 6.017 ms stddev 3.354, 0 failed[, lag 0.1 ms] */
        private boolean progress(String t) {
            int sEnd = t.indexOf(" s,", 10);
            if (sEnd < 0) {
                return reject("expected \"progress: SECONDS s, TPS tps, lat MS ms ...\"");
            }
            long tNs = parseSecondsToNs(t, 10, sEnd);
            if (tNs < 0) {
                return reject("expected the seconds after \"progress: \"");
            }
            if (firstProgressNs < 0) {
                // relative times count from pgbench's start; Unix times (--progress-timestamp) from
                // one interval (1 s unless the next line says otherwise) before the first report
                firstProgressNs = tNs > 100_000_000_000_000L ? tNs - 1_000_000_000L : 0;
                previousNs = firstProgressNs;
            }
            if (tNs < previousNs) {
                return reject("progress time goes back before the previous line's");
            }
            double tps = numberBefore(t, " tps");
            double lat = numberAfter(t, ", lat ");
            double sd = numberAfter(t, " stddev ");
            double failed = numberBefore(t, " failed");
            double lag = numberAfter(t, ", lag ");
            if (Double.isNaN(tps)) {
                return reject("expected \"N tps\" in the progress line");
            }
            String[] names = {"tps", "lat", "stddev", "failed", "lag"};
            double[] values = {tps, lat, sd, failed, lag};
            for (int i = 0; i < values.length; i++) {
                if (values[i] == MALFORMED) {
                    return reject("expected a number (0 or more) for \"" + names[i] + "\" in the progress line");
                }
            }
            if (tps == 0 && lat == 0) {
                // no transaction finished in the interval: pgbench prints its latency, stddev and lag
                // as 0 (older versions as nan), which are no measurements - gaps, as tps 0 is one
                values[1] = Double.NaN;
                values[2] = Double.NaN;
                values[4] = Double.NaN;
            }
            // a report describes the interval since the previous one: a step sample at its start
            long rel = previousNs - firstProgressNs;
            previousNs = tNs;
            lastValues = values;
            samples(rel, values);
            ctx.report().event();
            any = true;
            return true;
        }

        /** A second run in the file, from line {@code n}: the file is refused, as a second perf stat output is. */
        private ImportException secondRun(long n, String what, long first) {
            return new ImportException(ctx.report().file(), n, "a second pgbench run starts here (" + what
                    + "; the first run's output from line " + first + "): expected one run's output a file"
                    + " (split the file there and open each part, or compare them as A and B)");
        }

        /** Refuses a summary figure (or script) the run gave already, at line {@code first}: another run's. */
        private void once(String name, String what, long n) throws ImportException {
            Long first = summaryLines.putIfAbsent(name, n);
            if (first != null) {
                throw new ImportException(ctx.report().file(), n, "a second pgbench run's summary: " + what
                        + " again (the first at line " + first + "): expected one run's output a file (split the"
                        + " file after the first run's summary and open each part, or compare them as A and B)");
            }
            runLine = runLine == 0 ? n : runLine;
        }

        private boolean summary(String key, String value, long n) throws ImportException {
            String k = key.strip();
            String v = value.strip();
            String name;
            if (k.startsWith("number of transactions above the ") && k.endsWith(" ms latency limit")) {
                // --latency-limit: "number of transactions above the 10.0 ms latency limit: 12/7004 (0.171%)"
                String limit = k.substring(33, k.length() - 17);
                if (!TraceLine.isPlainDecimal(limit)) {
                    return reject("expected the latency limit in ms in \"" + Printable.clip(k, 60) + "\"");
                }
                ctx.sink().parameter("pgbench.latencyLimitMs", limit);
                k = "number of transactions above the latency limit";
            }
            switch (k) {
                case "transaction type":
                case "scaling factor":
                case "query mode":
                case "number of clients":
                case "number of threads":
                case "maximum number of tries":
                case "duration":
                case "number of transactions actually processed":
                case "number of failed transactions":
                case "number of transactions retried":
                case "total number of retries":
                case "number of transactions above the latency limit":
                case "number of transactions skipped":
                case "latency average":
                case "latency stddev":
                case "initial connection time":
                case "rate limit schedule lag":
                case "number of transactions per client":
                case "number of serialization failures":
                case "number of deadlock failures":
                case "partition method":
                case "partitions":
                    name = camel(k);
                    break;
                case "tps":
                    name = v.contains("excluding") ? "tpsExcludingConnections"
                            : v.contains("including") ? "tpsIncludingConnections" : "tps";
                    break;
                default:
                    return reject("expected a pgbench summary line; \"" + k + "\" is not one");
            }
            once(name, "\"" + Printable.clip(key.strip(), 60) + "\"", n);
            if (WORDS.contains(k)) {
                // words and compound figures are kept as printed: "<builtin: TPC-B (sort of)>",
                // "avg 0.100 (max 2.000) ms", "12/7004 (0.171%)"
                ctx.sink().parameter("pgbench." + name, v);
                any = true;
                return true;
            }
            String unit = "";
            String num = v;
            int paren = num.indexOf(" (");
            if (paren > 0) {
                num = num.substring(0, paren);
            }
            if (num.endsWith(" ms")) {
                unit = "Ms";
                num = num.substring(0, num.length() - 3);
            } else if (num.endsWith(" s")) {
                unit = "S";
                num = num.substring(0, num.length() - 2);
            }
            if (name.equals("numberOfTransactionsActuallyProcessed") && num.contains("/")) {
                num = num.substring(0, num.indexOf('/'));
            }
            num = num.strip();
            if (!TraceLine.isPlainDecimal(num)) {
                if (num.equalsIgnoreCase("nan") || num.equalsIgnoreCase("-nan")) {
                    return true; // a run without transactions has no latency: nothing to keep
                }
                // a damaged figure kept as text would be the run's headline ("banana tps")
                return reject("expected a number for \"" + k + "\", found \"" + Printable.clip(num, 30) + "\"");
            }
            ctx.sink().parameter("pgbench." + name + unit, num.strip());
            if (name.startsWith("tps")) {
                // the figure benchmarks are compared on, also as the "throughput" headline
                ctx.sink().parameter("throughput", num.strip() + " tps");
            }
            any = true;
            return true;
        }

        /** Summary lines whose value is words or a compound figure, not one number. */
        private static final java.util.Set<String> WORDS = java.util.Set.of("transaction type", "query mode",
                "partition method", "rate limit schedule lag", "number of transactions above the latency limit");

        private static String camel(String words) {
            StringBuilder sb = new StringBuilder();
            boolean up = false;
            for (char c : words.toCharArray()) {
                if (c == ' ') {
                    up = true;
                } else {
                    sb.append(up ? Character.toUpperCase(c) : c);
                    up = false;
                }
            }
            return sb.toString();
        }

        /**
         * What a figure is when it is there but is no number (or a negative one, which no progress
         * figure can be): the line is refused rather than read up to the first odd character.
         * Never a value {@link Numbers#finiteOrNaN} returns.
         */
        private static final double MALFORMED = Double.NEGATIVE_INFINITY;

        /** The figure that ends where {@code suffix} starts: NaN if absent or printed as nan, else a number or MALFORMED. */
        private static double numberBefore(String t, String suffix) {
            int i = t.indexOf(suffix);
            if (i <= 0) {
                return Double.NaN;
            }
            int a = i;
            while (a > 0 && t.charAt(a - 1) != ' ' && t.charAt(a - 1) != ',') {
                a--;
            }
            return figure(t.substring(a, i));
        }

        /** The figure that follows {@code prefix}, as {@link #numberBefore}. */
        private static double numberAfter(String t, String prefix) {
            int i = t.indexOf(prefix);
            if (i < 0) {
                return Double.NaN;
            }
            int a = i + prefix.length();
            int e = a;
            while (e < t.length() && t.charAt(e) != ' ' && t.charAt(e) != ',') {
                e++;
            }
            return figure(t.substring(a, e));
        }

        /** An interval without transactions has no latency: older pgbench prints it as "nan" or "-nan". */
        private static double figure(String token) {
            if (token.equalsIgnoreCase("nan") || token.equalsIgnoreCase("-nan")) {
                return Double.NaN;
            }
            boolean plain = !token.isEmpty();
            for (int k = 0; k < token.length(); k++) {
                plain &= TraceLine.isDigit(token.charAt(k)) || token.charAt(k) == '.';
            }
            double v = plain ? Numbers.finiteOrNaN(token, 30) : Double.NaN;
            return Double.isNaN(v) ? MALFORMED : v;
        }

        private static final String[][] SERIES = {{"pgbench tps", "tps"}, {"pgbench latency", "ms"},
            {"pgbench latency stddev", "ms"}, {"pgbench failed", "transactions"}, {"pgbench schedule lag", "ms"}};

        /**
         * One report's values (tps, lat, stddev, failed, lag; NaN where the line has none) at
         * {@code rel}: a figure missing from a series an earlier line started is a gap there.
         */
        private void samples(long rel, double[] values) {
            for (int i = 0; i < SERIES.length; i++) {
                seen[i] |= !Double.isNaN(values[i]);
                if (seen[i]) {
                    ctx.sink().relativeSample(SERIES[i][0], SERIES[i][1], rel, values[i]);
                }
            }
        }

        @Override
        protected void end(long lines) throws ImportException {
            if (errorLines > 0) {
                ctx.report().note((aborted ? "pgbench says the run was aborted and its results are incomplete"
                        + " (a client stopped on an error; the figures are not those of the run asked for); " : "")
                        + errorLines + " pgbench error line(s), the first at line " + firstErrorLine + ": "
                        + Printable.clip(firstError, 160));
            }
            if (lastValues != null) {
                // the last report's interval ends at its own time: a closing sample there, so the
                // series (and the dataset) reach the last second instead of stopping a second short
                samples(previousNs - firstProgressNs, lastValues);
            }
            if (!any) {
                throw new ImportException(ctx.report().file(), 0, "no pgbench progress or summary lines found"
                        + (versionSeen ? ", only pgbench's start (was the run stopped, or its output cut, before"
                                + " its first progress report?)" : ""));
            }
        }
    }
}
