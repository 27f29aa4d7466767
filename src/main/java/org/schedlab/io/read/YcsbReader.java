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
 * = "0:41234,1:8012,...", the buckets that counted operations. {@code measurementtype=raw}'s lines
 * ("READ,1700000000123,456": the operation, when it ended in Unix ms, its latency in us) give the
 * summary figures the other types print ({@code ycsb.READ.Operations}, {@code .AverageLatency(us)},
 * {@code .MinLatency(us)}, {@code .MaxLatency(us)}, the 50th, 95th and 99th percentiles) and per
 * second the tracks {@code ycsb READ latency} and {@code ycsb ops/sec}.
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
            if (l.strip().endsWith(RAW_HEADER)) {
                rows += 2; // measurementtype=raw's header: YCSB's beyond doubt
            }
        }
        return rows >= 2 ? 90 : rows == 1 ? 50 : 0;
    }

    /** What measurementtype=raw prints after the operation's name, over its lines (to stdout or its output file). */
    static final String RAW_HEADER = " latency raw data: op, timestamp(ms), latency(us)";

    /** A raw data point: the operation, its end in Unix ms, its latency in us. */
    private static final java.util.regex.Pattern RAW = java.util.regex.Pattern.compile(
            "([A-Za-z][A-Za-z0-9_-]*),([0-9]{1,18}),([0-9]{1,10})");

    /** measurementtype=raw's summary names, and the names the other measurement types print. */
    private static final Map<String, String> RAW_SUMMARY = Map.of("Total Operations", "Operations",
            "Average", "AverageLatency(us)", "Min", "MinLatency(us)", "Max", "MaxLatency(us)");

    /**
     * A percentile's figure as YCSB's HdrHistogram measurement names it: a whole one with its English
     * ordinal ("1stPercentileLatency(us)", "95thPercentileLatency(us)"), a fraction bare
     * ("99.9PercentileLatency(us)").
     */
    static String percentileName(String q) {
        if (q.contains(".")) {
            return q + "PercentileLatency(us)";
        }
        int n = Integer.parseInt(q);
        String suffix = n % 100 >= 11 && n % 100 <= 13 ? "th"
                : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
        return n + suffix + "PercentileLatency(us)";
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
        protected boolean line(String s, long n) throws ImportException {
            String t = s.strip();
            if (t.isEmpty() || t.startsWith("YCSB Client") || t.startsWith("Command line:") || t.startsWith("Loading workload")
                    || t.startsWith("Starting test") || t.startsWith("DBWrapper:") || t.startsWith("[WARN]")
                    || t.startsWith("SLF4J:") || t.startsWith("Adding shard node URL") || t.startsWith("***")
                    // YCSB's MongoDB bindings print their connection once, before the first status line
                    || t.startsWith("mongo client connection created with ")
                    || t.startsWith("mongo connection created with ")
                    // -p maxexecutiontime=N: the client's TerminatorThread says when it stops the run
                    || t.startsWith("Maximum execution time specified as: ") || t.startsWith("Maximum time elapsed.")
                    || t.startsWith("Stop requested for workload.") || t.startsWith("Still waiting for thread ")
                    // measurementtype=raw says where its points go, once per operation
                    || t.startsWith("Raw data measurement: will output to ")) {
                return true;
            }
            if (t.endsWith(RAW_HEADER)) {
                rawOp = t.substring(0, t.length() - RAW_HEADER.length()).strip();
                return true;
            }
            if (!rawOp.isEmpty() && !t.startsWith("[") && !(t.contains(" sec: ") && t.contains(" operations;"))) {
                return raw(t);
            }
            if (t.startsWith("[") && t.indexOf("], ") > 1) {
                return measurement(t, n);
            }
            int sec = t.indexOf(" sec: ");
            if (sec > 0 && t.contains(" operations;")) {
                return status(t, sec);
            }
            return reject("expected a YCSB line such as \"[OVERALL], RunTime(ms), 675\"");
        }

        /**
         * The line of each "[OVERALL], ..." figure. YCSB prints them once a run, before its
         * measurements: one given again is a second run's result (two outputs put in one file, as
         * {@code ycsb load ... >> out.txt; ycsb run ... >> out.txt} does), whose figures would replace
         * the first run's one by one and leave those it lacks, a mix of two runs read as one.
         */
        private final Map<String, Long> overallLines = new HashMap<>();

        private boolean measurement(String t, long n) throws ImportException {
            int close = t.indexOf("], ");
            String section = t.substring(1, close);
            String rest = t.substring(close + 3);
            int comma = rest.indexOf(", ");
            if (comma < 0) {
                return reject("expected \"[SECTION], METRIC, VALUE\"");
            }
            String metric = rest.substring(0, comma).strip();
            String value = rest.substring(comma + 2).strip();
            if (metric.startsWith("Below is a summary of latency in m")) {
                return true; // measurementtype=raw's heading over its summary ("..., -1"; "miscroseconds" in Go)
            }
            // measurementtype=raw's summary under the names the other types print, so they compare
            if (RAW_SUMMARY.containsKey(metric)) {
                metric = RAW_SUMMARY.get(metric);
            } else if (metric.matches("p[0-9]{1,2}(\\.[0-9]+)?")) {
                metric = percentileName(metric.substring(1));
            }
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
                Long first = section.equals("OVERALL") ? overallLines.putIfAbsent(metric, n) : null;
                if (first != null) {
                    throw new ImportException(ctx.report().file(), n, "a second YCSB run's result starts here (\"["
                            + section + "], " + Printable.clip(metric, 40) + "\" again, the first at line " + first
                            + "): expected one run's output a file (split the file there and open each part, or"
                            + " compare them as A and B)");
                }
                ctx.sink().parameter("ycsb." + section + "." + metric, value);
                printed.add(section + "." + metric);
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

        /** The operation of the raw data points being read ("" before measurementtype=raw's first header). */
        private String rawOp = "";
        /** Per operation, its raw latencies (us) in the file's order, and per second its count and latency sum. */
        private final Map<String, int[]> rawLatencies = new LinkedHashMap<>();
        private final Map<String, Integer> rawCounts = new HashMap<>();
        private final Map<String, java.util.TreeMap<Long, long[]>> rawSeconds = new LinkedHashMap<>();
        /**
         * The Unix ms of the first raw point read (the seconds are counted from it), the last end, and the
         * last end of an operation of the workload (see {@link #countedOperation}).
         */
        private long rawFirstMs = -1;
        private long rawLastMs = Long.MIN_VALUE;
        private long rawLastOpMs = Long.MIN_VALUE;
        /** The "[SECTION].METRIC" summary figures the file printed itself (which win over the raw points'). */
        private final java.util.Set<String> printed = new java.util.HashSet<>();

        /** "READ,1700000000123,456": an operation ended at Unix ms 1700000000123 after 456 us. */
        private boolean raw(String t) {
            java.util.regex.Matcher m = RAW.matcher(t);
            if (!m.matches()) {
                return reject("expected \"" + rawOp + ",TIMESTAMP_MS,LATENCY_US\" (measurementtype=raw), found \""
                        + Printable.clip(t, 60) + "\"");
            }
            if (!m.group(1).equals(rawOp)) {
                return reject("expected a raw data point of " + rawOp + " under its \"" + rawOp + RAW_HEADER
                        + "\" header, found one of " + m.group(1));
            }
            long ms = Long.parseLong(m.group(2));
            long us = Long.parseLong(m.group(3));
            if (ms > 9_223_372_036_854L || us > Integer.MAX_VALUE) {
                return reject("expected a Unix time in ms and a latency in us (YCSB measures an int), found \""
                        + Printable.clip(t, 60) + "\"");
            }
            if (rawFirstMs < 0) {
                rawFirstMs = ms;
            }
            rawLastMs = Math.max(rawLastMs, ms);
            if (countedOperation(rawOp)) {
                rawLastOpMs = Math.max(rawLastOpMs, ms);
            }
            int n = rawCounts.getOrDefault(rawOp, 0);
            int[] lat = rawLatencies.computeIfAbsent(rawOp, k -> new int[64]);
            if (n == lat.length) {
                lat = java.util.Arrays.copyOf(lat, n * 2);
                rawLatencies.put(rawOp, lat);
            }
            lat[n] = (int) us;
            rawCounts.put(rawOp, n + 1);
            long second = Math.floorDiv(ms - rawFirstMs, 1000L);
            long[] sec = rawSeconds.computeIfAbsent(rawOp, k -> new java.util.TreeMap<>())
                    .computeIfAbsent(second, k -> new long[2]);
            sec[0]++;
            sec[1] += us;
            measurements = true;
            any = true;
            ctx.report().event();
            return true;
        }

        /**
         * A raw data point on the last line without its line break: YCSB ends each point with one, so the
         * file was cut inside it, and the point still matches ("READ,1733328001040,40" of ",400") with a
         * latency or time short of digits. It is left out, with a note naming its line, rather than counted
         * in its operation's figures and its second's rate and mean.
         */
        @Override
        protected boolean cutLastLine(String text, long n) {
            if (rawOp.isEmpty() || !RAW.matcher(text.strip()).matches()) {
                return false;
            }
            ctx.report().note("line " + n + ", the last, is a raw data point without its line break: the file was"
                    + " cut inside it, so its time or latency may have lost digits; left out");
            return true;
        }

        /**
         * The raw points' figures: the summary the other measurement types print (where the file did
         * not print it itself), percentiles as YCSB takes them (the latency at index count x q of the
         * sorted latencies); per second from the first point's second, each operation's mean latency
         * (a gap in a second without one) and, unless status lines give it, the operations per second.
         */
        private void rawFigures() {
            if (rawFirstMs < 0) {
                return;
            }
            long firstSecond = Long.MAX_VALUE;
            long lastSecond = Long.MIN_VALUE;
            for (java.util.TreeMap<Long, long[]> secs : rawSeconds.values()) {
                firstSecond = Math.min(firstSecond, secs.firstKey());
                lastSecond = Math.max(lastSecond, secs.lastKey());
            }
            long zeroMs = rawFirstMs + firstSecond * 1000L;
            if (!status) {
                // on the Unix clock: lines up with a recording on the wall clock (perf record -k CLOCK_REALTIME);
                // status lines count from the run's start, which the points do not give
                ctx.sink().wallClockZero(zeroMs * 1_000_000L);
            }
            // the last second ends with the last operation: its rate is over its own length
            long lastLenMs = Math.max(1, rawLastMs - (rawFirstMs + lastSecond * 1000L));
            long endNs = ((lastSecond - firstSecond) * 1000L + lastLenMs) * 1_000_000L;
            java.util.TreeMap<Long, Long> all = new java.util.TreeMap<>();
            for (Map.Entry<String, int[]> e : rawLatencies.entrySet()) {
                String op = e.getKey();
                int n = rawCounts.get(op);
                int[] lat = java.util.Arrays.copyOf(e.getValue(), n);
                java.util.Arrays.sort(lat);
                long sum = 0;
                for (int v : lat) {
                    sum += v;
                }
                Map<String, String> figures = new LinkedHashMap<>();
                figures.put("Operations", Integer.toString(n));
                figures.put("AverageLatency(us)", Double.toString((double) sum / n));
                figures.put("MinLatency(us)", Integer.toString(lat[0]));
                figures.put("MaxLatency(us)", Integer.toString(lat[n - 1]));
                for (int q : new int[] {50, 95, 99}) {
                    figures.put(percentileName(Integer.toString(q)), Integer.toString(lat[(int) (n * (q / 100.0))]));
                }
                for (Map.Entry<String, String> f : figures.entrySet()) {
                    if (!printed.contains(op + "." + f.getKey())) {
                        ctx.sink().parameter("ycsb." + op + "." + f.getKey(), f.getValue());
                    }
                }
                long previous = firstSecond - 1;
                String track = "ycsb " + op + " latency";
                for (Map.Entry<Long, long[]> sec : rawSeconds.get(op).entrySet()) {
                    long b = sec.getKey();
                    if (b > previous + 1) {
                        ctx.sink().relativeSample(track, "us", (previous + 1 - firstSecond) * 1_000_000_000L, Double.NaN);
                    }
                    ctx.sink().relativeSample(track, "us", (b - firstSecond) * 1_000_000_000L,
                            (double) sec.getValue()[1] / sec.getValue()[0]);
                    if (countedOperation(op)) {
                        all.merge(b, sec.getValue()[0], Long::sum);
                    }
                    previous = b;
                }
                ctx.sink().relativeSample(track, "us", endNs, Double.NaN);
            }
            if (status) {
                ctx.report().note("the status lines' ycsb ops/sec is drawn; the raw data points give each"
                        + " operation's latency per second");
                return;
            }
            if (all.isEmpty()) {
                return; // CLEANUP's points alone: no operation to count
            }
            if (rawSeconds.containsKey(READ_MODIFY_WRITE)) {
                ctx.report().note("ycsb ops/sec counts a READ-MODIFY-WRITE as the READ and the UPDATE it made, each"
                        + " measured itself; YCSB's Throughput(ops/sec) counts the two as one operation");
            }
            // the operations' last second ends with the last of them, not with the teardown after them: a
            // CLEANUP that ran on for most of a second made a rate over time no operation ran in
            long lastOpSecond = all.lastKey();
            long lastOpLenMs = Math.max(1, rawLastOpMs - (rawFirstMs + lastOpSecond * 1000L));
            long opsEndNs = ((lastOpSecond - firstSecond) * 1000L + lastOpLenMs) * 1_000_000L;
            long previous = firstSecond - 1;
            for (Map.Entry<Long, Long> sec : all.entrySet()) {
                long b = sec.getKey();
                if (b > previous + 1) {
                    // a run of seconds without an operation: one 0 where it begins
                    ctx.sink().relativeSample("ycsb ops/sec", "ops/s", (previous + 1 - firstSecond) * 1_000_000_000L, 0);
                }
                double rate = b == lastOpSecond ? sec.getValue() * 1000.0 / lastOpLenMs : sec.getValue();
                ctx.sink().relativeSample("ycsb ops/sec", "ops/s", (b - firstSecond) * 1_000_000_000L, rate);
                previous = b;
            }
            ctx.sink().relativeSample("ycsb ops/sec", "ops/s", opsEndNs, Double.NaN);
        }

        /** Workload F's operation: YCSB measures it around the READ and the UPDATE it makes, which it measures too. */
        private static final String READ_MODIFY_WRITE = "READ-MODIFY-WRITE";

        /**
         * Whether the raw points of {@code op} count in ycsb ops/sec, each operation once: not CLEANUP (each
         * client thread's teardown), nor an Intended- twin (measurement.interval=both measures every
         * operation again from its intended start), nor a READ-MODIFY-WRITE (its READ and UPDATE are counted).
         */
        private static boolean countedOperation(String op) {
            return !op.equals("CLEANUP") && !op.startsWith("Intended-") && !op.equals(READ_MODIFY_WRITE);
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
            rawFigures();
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
