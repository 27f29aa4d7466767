package org.schedlab.io.read;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * YCSB client output: the closing summary ("[OVERALL], Throughput(ops/sec), 1481.48",
 * "[READ], 99thPercentileLatency(us), 508") becomes metadata ({@code ycsb.READ.99thPercentileLatency(us)};
 * the overall throughput is also the run's {@code throughput}); the status lines of {@code -s}
 * ("10 sec: 45123 operations; 4512.3 current ops/sec; ... [READ: Count=.., Max=.., Avg=123.4 ...]")
 * and time-series measurements ("[READ], 1000, 235.8": interval start in ms, average latency
 * in us) become counter tracks relative to the run's start. The buckets of
 * {@code measurementtype=histogram} ("[READ], 3, 700": 700 operations took 3 to 4 ms; whole
 * numbers, where a time series prints a double) are kept as {@code ycsb.READ.latencyHistogram(ms)}
 * = "0:41234,1:8012,...", the buckets that counted operations.
 */
public final class YcsbReader extends LineReader {
    static final String FORMAT = "ycsb";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public int probe(Sniff sniff) {
        int rows = 0;
        for (String l : sniff.headLines()) {
            if (l.startsWith("[OVERALL], ") || l.startsWith("[READ], ") || l.startsWith("[UPDATE], ")
                    || l.startsWith("[INSERT], ") || l.contains(" current ops/sec;")) {
                rows++;
            }
        }
        return rows >= 2 ? 90 : rows == 1 ? 50 : 0;
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return new Parser(ctx);
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        private boolean any;
        /** Whether the file had "[OVERALL], ..." measurement lines, and status lines (YCSB's stderr). */
        private boolean measurements;
        private boolean status;
        /** The last time-series interval start (ms) per section, and the last status line's seconds. */
        private final Map<String, Long> lastSeriesMs = new LinkedHashMap<>();
        /** The smallest step between two buckets of one series: the run's timeseries.granularity. */
        private long seriesStepMs = Long.MAX_VALUE;
        /** [OVERALL], RunTime(ms), or -1. */
        private long runTimeMs = -1;
        private long lastStatusSecs = -1;
        /** The last status line's figures and time, repeated there when the file ends. */
        private Map<String, Double> lastStatus;
        /** The status series that have had a value so far. */
        private final java.util.Set<String> seen = new java.util.LinkedHashSet<>();
        private long lastStatusNs;
        /** Per section, the last latency bucket read and the non-empty buckets as "ms:count,...". */
        private final Map<String, Long> lastBucketMs = new HashMap<>();
        private final Map<String, StringBuilder> buckets = new LinkedHashMap<>();

        Parser(ReadContext ctx) {
            this.ctx = ctx;
        }

        @Override
        protected boolean line(String s, long n) {
            String t = s.strip();
            if (t.isEmpty() || t.startsWith("YCSB Client") || t.startsWith("Command line:") || t.startsWith("Loading workload")
                    || t.startsWith("Starting test") || t.startsWith("DBWrapper:") || t.startsWith("[WARN]")
                    || t.startsWith("SLF4J:") || t.startsWith("Adding shard node URL") || t.startsWith("***")
                    // YCSB's MongoDB bindings print their connection once, before the first status line
                    || t.startsWith("mongo client connection created with ")
                    || t.startsWith("mongo connection created with ")
                    // -p maxexecutiontime=N: the client's TerminatorThread says when it stops the run
                    || t.startsWith("Maximum execution time specified as: ") || t.startsWith("Maximum time elapsed.")
                    || t.startsWith("Stop requested for workload.") || t.startsWith("Still waiting for thread ")) {
                return true;
            }
            if (t.startsWith("[") && t.indexOf("], ") > 1) {
                return measurement(t);
            }
            int sec = t.indexOf(" sec: ");
            if (sec > 0 && t.contains(" operations;")) {
                return status(t, sec);
            }
            return reject("expected a YCSB line such as \"[OVERALL], RunTime(ms), 675\"");
        }

        private boolean measurement(String t) {
            int close = t.indexOf("], ");
            String section = t.substring(1, close);
            String rest = t.substring(close + 3);
            int comma = rest.indexOf(", ");
            if (comma < 0) {
                return reject("expected \"[SECTION], METRIC, VALUE\"");
            }
            String metric = rest.substring(0, comma).strip();
            String value = rest.substring(comma + 2).strip();
            double v = Numbers.finiteOrNaN(value, 40);
            if (Double.isNaN(v)) {
                return reject("expected a number after \"[" + section + "], " + metric + ", \"");
            }
            long ms = parseUlong(metric, 0, metric.length());
            if (ms >= 0 && ms < 1L << 40 && isWholeNumber(value)) {
                // measurementtype=histogram: "[READ], 3, 700" is a bucket (700 operations took 3 to 4 ms);
                // a time series' average latency is a double, which YCSB always prints with a '.'
                Long before = lastBucketMs.put(section, ms);
                if (before != null && ms <= before) {
                    lastBucketMs.put(section, before);
                    return reject("latency bucket " + ms + " ms after bucket " + before + " ms of an earlier ["
                            + section + "] line (a histogram's buckets go up)");
                }
                if (v > 0) {
                    StringBuilder b = buckets.computeIfAbsent(section, k -> new StringBuilder());
                    b.append(b.length() == 0 ? "" : ",").append(ms).append(':').append(value);
                }
                measurements = true;
                ctx.report().event();
                any = true;
                return true;
            }
            if (ms >= 0 && ms < 1L << 40) {
                Long before = lastSeriesMs.put(section, ms);
                if (before != null && ms < before) {
                    lastSeriesMs.put(section, before);
                    return reject("time " + ms + " ms goes back before " + before + " ms of an earlier [" + section
                            + "] line (a time series must be in time order)");
                }
                if (before != null && ms > before) {
                    seriesStepMs = Math.min(seriesStepMs, ms - before);
                }
                ctx.sink().relativeSample("ycsb " + section + " latency", "us", ms * 1_000_000L, v);
            } else {
                ctx.sink().parameter("ycsb." + section + "." + metric, value);
                measurements = true;
                if (section.equals("OVERALL") && metric.equals("RunTime(ms)") && isWholeNumber(value)) {
                    runTimeMs = (long) v;
                }
                if (section.equals("OVERALL") && metric.startsWith("Throughput")) {
                    // YCSB prints a double's every digit ("1481.4814814814815", even "1.2345678E7"):
                    // the headline is rounded as pgbench prints its tps, to two decimals
                    ctx.sink().parameter("throughput", String.format(java.util.Locale.ROOT, "%.2f ops/s", v));
                }
            }
            ctx.report().event();
            any = true;
            return true;
        }

        /** How the histogram and time-series measurements print an interval's latency in a status line. */
        private static final String AVERAGE = " AverageLatency(us)=";

        /**
         * "[date time] 10 sec: 45123 operations; 4512.3 current ops/sec; ... [READ: ... Avg=123.4 ...]" (the
         * default HdrHistogram measurement) or "... [READ AverageLatency(us)=123.4]" (histogram, timeseries).
         */
        private boolean status(String t, int sec) {
            int a = sec;
            while (a > 0 && TraceLine.isDigit(t.charAt(a - 1))) {
                a--;
            }
            long secs = parseUlong(t, a, sec);
            if (secs < 0) {
                return reject("expected \"N sec: \" in a YCSB status line");
            }
            if (secs < lastStatusSecs) {
                return reject("time " + secs + " sec goes back before " + lastStatusSecs + " sec of an earlier"
                        + " status line (status lines must be in time order)");
            }
            long tNs = secs * 1_000_000_000L;
            // every figure is checked before any is kept: a damaged line is refused whole, not read in part
            Map<String, Double> samples = new LinkedHashMap<>();
            int cur = t.indexOf(" current ops/sec");
            if (cur > 0) {
                int b = cur;
                while (b > 0 && t.charAt(b - 1) != ' ') {
                    b--;
                }
                double ops = Numbers.finiteOrNaN(t.substring(b, cur), 40);
                if (!(ops >= 0)) {
                    return reject("expected a number (0 or more) before \" current ops/sec\", found \""
                            + Printable.clip(t.substring(b, cur), 40) + "\"");
                }
                samples.put("ycsb ops/sec", ops);
            }
            int lb = t.indexOf('[', sec);
            while (lb >= 0) {
                int colon = t.indexOf(':', lb);
                int rb = t.indexOf(']', lb);
                int average = t.indexOf(AVERAGE, lb);
                if (rb > 0 && average > lb && average < rb && (colon < 0 || colon > rb)) {
                    // measurementtype=histogram or timeseries: "[READ AverageLatency(us)=410.2]" (an
                    // operation that did not run in the interval has no block at all: a gap below)
                    String op = t.substring(lb + 1, average).strip();
                    String figure = t.substring(average + AVERAGE.length(), rb).strip();
                    double v = Numbers.finiteOrNaN(figure, 40);
                    if (op.isEmpty() || !TraceLine.isPlainDecimal(figure) || !(v >= 0)) {
                        return reject("expected \"[OPERATION AverageLatency(us)=NUMBER]\", found \""
                                + Printable.clip(t.substring(lb, rb + 1), 60) + "\"");
                    }
                    samples.put("ycsb " + op + " avg latency", v);
                    lb = t.indexOf('[', rb);
                    continue;
                }
                if (colon < 0 || rb < 0 || colon > rb) {
                    break;
                }
                String op = t.substring(lb + 1, colon).strip();
                int avg = t.indexOf("Avg=", colon);
                if (avg > 0 && avg < rb) {
                    int e = avg + 4;
                    while (e < rb && t.charAt(e) != ',' && t.charAt(e) != ' ') {
                        e++;
                    }
                    String figure = t.substring(avg + 4, e);
                    // YCSB prints Avg=NaN (or, with HdrHistogram, Count=0 and Avg=0) for an operation
                    // that did not run in the interval: no latency there, a gap below
                    if (!figure.equals("NaN") && !noneCounted(t, colon, rb)) {
                        double v = Numbers.finiteOrNaN(figure, 40);
                        if (!(v >= 0)) {
                            return reject("expected a number (0 or more) after \"" + op + ": ... Avg=\", found \""
                                    + Printable.clip(figure, 40) + "\"");
                        }
                        samples.put("ycsb " + op + " avg latency", v);
                    }
                }
                lb = t.indexOf('[', rb);
            }
            // a series this log already has but this line gives no figure for (an operation that
            // did not run in the interval) has none there: a gap, not the previous interval's value
            for (String name : seen) {
                samples.putIfAbsent(name, Double.NaN);
            }
            seen.addAll(samples.keySet());
            // a status line's figures are the interval since the previous line (since the start for
            // the first): a step sample at the interval's start, as pgbench's progress reports
            long startNs = Math.max(0, lastStatusSecs) * 1_000_000_000L;
            lastStatusSecs = secs;
            status = true;
            lastStatus = samples;
            lastStatusNs = tNs;
            statusSamples(startNs, samples);
            ctx.report().event();
            any = true;
            return true;
        }

        /**
         * measurementtype=timeseries: "[READ], 2000, 250.0" is the average over the bucket from
         * 2000 ms on, one granularity long (the step between buckets; YCSB's default 1000 ms when
         * a series has one bucket), the last ending with the run. Without a closing sample the last
         * bucket ended where it began: a 3 s run drew 2 s and hid its last average.
         */
        private void closeTimeSeries() {
            for (Map.Entry<String, Long> e : lastSeriesMs.entrySet()) {
                long last = e.getValue();
                long step = seriesStepMs == Long.MAX_VALUE ? 1000 : seriesStepMs;
                long endMs = last + step;
                if (runTimeMs > last && runTimeMs < endMs) {
                    endMs = runTimeMs;
                }
                // no figure from there on (a gap), as after an operation's last status interval: a
                // series whose operation stopped earlier is not drawn on to the run's end
                ctx.sink().relativeSample("ycsb " + e.getKey() + " latency", "us", endMs * 1_000_000L, Double.NaN);
            }
        }

        private static boolean isWholeNumber(String v) {
            return !v.isEmpty() && v.length() <= 19 && v.chars().allMatch(c -> c >= '0' && c <= '9');
        }

        /** Whether the operation's block {@code (from, to)} says {@code Count=0}: nothing ran. */
        private static boolean noneCounted(String t, int from, int to) {
            int c = t.indexOf("Count=", from);
            if (c < 0 || c > to) {
                return false;
            }
            int e = c + 6;
            while (e < to && TraceLine.isDigit(t.charAt(e))) {
                e++;
            }
            return e > c + 6 && parseUlong(t, c + 6, e) == 0;
        }

        private void statusSamples(long tNs, Map<String, Double> samples) {
            for (Map.Entry<String, Double> e : samples.entrySet()) {
                ctx.sink().relativeSample(e.getKey(), e.getKey().equals("ycsb ops/sec") ? "ops/s" : "us", tNs,
                        e.getValue());
            }
        }

        @Override
        protected void end(long lines) throws ImportException {
            if (lastStatus != null && !lastStatus.isEmpty()) {
                statusSamples(lastStatusNs, lastStatus); // the last interval ends at its own line's time
            }
            if (!any) {
                throw new ImportException(ctx.report().file(), 0, "no YCSB measurements found");
            }
            closeTimeSeries();
            for (Map.Entry<String, StringBuilder> e : buckets.entrySet()) {
                // the buckets that counted operations, as runqlat's histograms are kept
                ctx.sink().parameter("ycsb." + e.getKey() + ".latencyHistogram(ms)", e.getValue().toString());
            }
            // the results are metadata keys and the status figures one series: a second log of
            // either kind would overwrite or interleave with the first's (its stdout and its
            // stderr, one of each, are one run)
            if (measurements) {
                ctx.sink().oneOfAKind("a YCSB result ([OVERALL], [READ], ... lines)");
            }
            if (status) {
                ctx.sink().oneOfAKind("a YCSB status log");
            }
        }
    }
}
