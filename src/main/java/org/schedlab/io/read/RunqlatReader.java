package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * runqlat histograms: BCC's ("     usecs : count distribution" over "0 -> 1 : 233 |***|" rows,
 * {@code -m} msecs, {@code -P}/{@code --pidnss}/{@code -L} sections headed "pid = 12929",
 * "pidns = ...", "tid = 7", intervals repeating the histogram) and bpftrace's
 * ("@usecs:" or "@usecs[comm]:" over "[16, 32)  220 |@@@|" rows with K/M/G suffixes). Each
 * histogram becomes metadata ({@code runqlat.<section>.count, .meanUs, .p50Us, .p99Us,
 * .maxUs, .buckets}); a section repeated over intervals gets one entry per interval
 * ("#2", "#3"). Percentiles are bucket upper bounds, the mean uses bucket midpoints - as
 * close as a log2 histogram allows. Prose around the histograms (as in the tools' example
 * files) is counted as not understood.
 */
public final class RunqlatReader extends LineReader {
    static final String FORMAT = "runqlat";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public int probe(Sniff sniff) {
        int headers = 0;
        int rows = 0;
        for (String l : sniff.headLines()) {
            String t = l.strip();
            if (isBccHeader(t) || isBpftraceHeader(t)) {
                headers++;
            } else if (Bucket.parse(t).isPresent()) {
                rows++;
            }
        }
        // a header without rows is a runqlat output cut after its first line: read, and refused as such
        return headers > 0 && rows > 0 ? 90 : headers > 0 ? 40 : 0;
    }

    static boolean isBccHeader(String t) {
        return (t.startsWith("usecs") || t.startsWith("msecs") || t.startsWith("nsecs")) && t.contains(": count")
                && t.contains("distribution");
    }

    /**
     * "@usecs:", "@usecs[postgres]:"; a key may hold spaces: a comm ("@usecs[C2 CompilerThre]:", as
     * the JVM and browsers name threads) or several keys, which bpftrace joins with ", "
     * ("@usecs[1234, postgres]:"). The map's name has none.
     */
    static boolean isBpftraceHeader(String t) {
        if (!t.startsWith("@") || !t.endsWith(":") || t.length() <= 2) {
            return false;
        }
        int lb = t.indexOf('[');
        return lb < 0 ? !t.contains(" ") : lb > 1 && t.endsWith("]:") && t.lastIndexOf(' ', lb) < 0;
    }

    /** One bucket [lo, hi] in the histogram's unit. */
    record Bucket(long lo, long hi, long count) {
        /** "0 -> 1          : 233      |***|", "[2, 4)   16 |@@|", "[0]   1 |   |"; empty if not one. */
        static Optional<Bucket> parse(String t) {
            try {
                if (t.startsWith("[")) {
                    int close = t.indexOf(t.contains(")") ? ')' : ']');
                    if (close < 0) {
                        return Optional.empty();
                    }
                    String inside = t.substring(1, close);
                    long lo;
                    long hi;
                    int comma = inside.indexOf(',');
                    if (comma >= 0) {
                        lo = size(inside.substring(0, comma).strip());
                        hi = size(inside.substring(comma + 1).strip()) - 1;
                    } else {
                        lo = size(inside.strip());
                        hi = lo;
                    }
                    String rest = t.substring(close + 1).strip();
                    long count = parseUlong(rest, 0, tokenEnd(rest, 0));
                    return lo < 0 || hi < lo || count < 0 ? Optional.empty() : Optional.of(new Bucket(lo, hi, count));
                }
                int arrow = t.indexOf("->");
                int colon = t.indexOf(':');
                if (arrow < 0 || colon < arrow) {
                    return Optional.empty();
                }
                long lo = parseUlong(t, 0, tokenEnd(t, 0));
                int h = skipSpaces(t, arrow + 2);
                long hi = parseUlong(t, h, tokenEnd(t, h));
                int c = skipSpaces(t, colon + 1);
                long count = parseUlong(t, c, tokenEnd(t, c));
                return lo < 0 || hi < lo || count < 0 ? Optional.empty() : Optional.of(new Bucket(lo, hi, count));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }

        /** bpftrace's sizes: 512, 1K, 2M, 1G (powers of 1024). */
        private static long size(String s) {
            if (s.isEmpty()) {
                return -1;
            }
            char last = s.charAt(s.length() - 1);
            long mult = last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : last == 'G' ? 1L << 30 : 1;
            String digits = mult == 1 ? s : s.substring(0, s.length() - 1);
            long v = parseUlong(digits, 0, digits.length());
            return v < 0 || v > (Long.MAX_VALUE >> 31) ? -1 : v * mult;
        }
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return new Parser(ctx);
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        private final Map<String, Integer> seen = new HashMap<>();
        private String pendingSection = "";
        private String label = "";
        private long unitNs;
        private final List<Bucket> buckets = new ArrayList<>();
        private String lastLabel = "";
        private int histograms;
        private boolean headerSeen;

        Parser(ReadContext ctx) {
            this.ctx = ctx;
        }

        @Override
        protected boolean line(String s, long n) {
            String t = s.strip();
            if (t.isEmpty()) {
                return true;
            }
            Optional<Bucket> b = Bucket.parse(t);
            if (b.isPresent() && unitNs > 0) {
                if (!buckets.isEmpty() && b.get().lo() <= buckets.get(buckets.size() - 1).hi()) {
                    // a repeated or misplaced row would count its wake-ups twice or bend the percentiles
                    return reject("bucket " + rowLabel(t) + " does not follow " + lastLabel
                            + "; expected each histogram's buckets once, in rising order");
                }
                buckets.add(b.get());
                lastLabel = rowLabel(t);
                return true;
            }
            if (unitNs > 0 && looksLikeRow(t)) {
                // one damaged row must not end its histogram: the rows after it still count
                return reject("expected a bucket row (\"LO -> HI : COUNT\" or \"[LO, HI) COUNT\") with whole"
                        + " numbers; this one's bounds or count are not");
            }
            flush();
            headerSeen |= isBccHeader(t) || isBpftraceHeader(t);
            if (isBccHeader(t)) {
                unitNs = t.startsWith("msecs") ? 1_000_000L : t.startsWith("usecs") ? 1_000L : 1L;
                label = pendingSection.isEmpty() ? "all" : pendingSection;
                pendingSection = "";
                return true;
            }
            if (isBpftraceHeader(t)) {
                String name = t.substring(1, t.length() - 1);
                int lb = name.indexOf('[');
                String map = lb >= 0 ? name.substring(0, lb) : name;
                unitNs = mapUnitNs(map);
                label = lb >= 0 ? name.substring(lb + 1, name.length() - 1) : "all";
                return true;
            }
            int eq = t.indexOf(" = ");
            if (eq > 0 && (t.startsWith("pid") || t.startsWith("tid") || t.startsWith("pidns") || t.startsWith("comm")
                    || t.startsWith("cgroup"))) {
                pendingSection = t.substring(0, eq) + " " + t.substring(eq + 3).strip();
                return true;
            }
            // bpftrace says "Attaching 5 probes..." (older versions) or "Attached 5 probes" before its output
            if (t.startsWith("Tracing ") || t.startsWith("Attached ") || t.startsWith("Attaching ") || t.equals("^C")
                    || t.startsWith("#")
                    || t.matches("\\d\\d:\\d\\d:\\d\\d")) {
                return true;
            }
            return reject("expected a runqlat histogram (\"usecs : count distribution\" or \"@usecs:\") or one of"
                    + " its bucket rows");
        }

        /** A row of a histogram whatever its numbers: "[..." or "N -> ...". */
        private static boolean looksLikeRow(String t) {
            return t.startsWith("[") && (t.indexOf(')') > 0 || t.indexOf(']') > 0)
                    || TraceLine.isDigit(t.charAt(0)) && t.contains("->") && t.indexOf(':') > t.indexOf("->");
        }

        /** How the row names its bucket: "[4, 8)", "4 -> 7". */
        private static String rowLabel(String t) {
            if (t.startsWith("[")) {
                int close = t.indexOf(t.contains(")") ? ')' : ']');
                return t.substring(0, close + 1);
            }
            return t.substring(0, t.indexOf(':')).strip().replaceAll("\\s+", " ");
        }

        private void flush() {
            if (unitNs == 0) {
                return;
            }
            if (!buckets.isEmpty()) {
                record();
            }
            buckets.clear();
            unitNs = 0;
        }

        private void record() {
            int nth = seen.merge(label, 1, Integer::sum);
            String key = "runqlat." + label + (nth > 1 ? "#" + nth : "");
            long count = 0;
            double sumUs = 0;
            long maxHi = 0;
            StringBuilder list = new StringBuilder();
            for (Bucket b : buckets) {
                count += b.count();
                sumUs += b.count() * (b.lo() + b.hi()) / 2.0 * unitNs / 1000.0;
                if (b.count() > 0) {
                    maxHi = Math.max(maxHi, b.hi());
                }
                list.append(list.length() == 0 ? "" : ",").append(b.lo()).append('-').append(b.hi()).append(':')
                        .append(b.count());
            }
            RecordingSink sink = ctx.sink();
            sink.parameter(key + ".count", Long.toString(count));
            sink.parameter(key + ".unit", unitNs == 1_000_000L ? "ms" : unitNs == 1_000L ? "us" : "ns");
            sink.parameter(key + ".meanUs", fmt(count == 0 ? 0 : sumUs / count));
            sink.parameter(key + ".p50Us", fmt(quantileUs(0.50, count)));
            sink.parameter(key + ".p99Us", fmt(quantileUs(0.99, count)));
            sink.parameter(key + ".maxUs", fmt(maxHi * unitNs / 1000.0));
            sink.parameter(key + ".buckets", list.toString());
            histograms++;
            ctx.report().events(buckets.size());
        }

        private double quantileUs(double q, long count) {
            long want = (long) Math.ceil(q * count);
            long cum = 0;
            for (Bucket b : buckets) {
                cum += b.count();
                if (cum >= want && count > 0) {
                    return b.hi() * (double) unitNs / 1000.0;
                }
            }
            return 0;
        }

        private static String fmt(double v) {
            return String.format(Locale.ROOT, "%.1f", v);
        }

        @Override
        protected void end(long lines) throws ImportException {
            flush();
            if (histograms == 0) {
                throw new ImportException(ctx.report().file(), 0, "no runqlat histogram found"
                        + (headerSeen ? ": a histogram header without bucket rows (was the output cut after it?)" : ""));
            }
            ctx.sink().parameter("runqlat.histograms", Integer.toString(histograms));
        }
    }

    /**
     * A bpftrace map's unit, from a word of its name: {@code @nsecs}, {@code @lat_ns},
     * {@code @runqLatMs}, {@code @wait_msecs}; microseconds otherwise, as runqlat.bt's
     * {@code @usecs}. A word, not a substring: {@code @runs}, {@code @transactions} and
     * {@code @items} were read as nanoseconds or milliseconds, their figures 1,000 times off.
     */
    static long mapUnitNs(String map) {
        long unit = 1_000L;
        // words split at anything not a letter or digit and where a capital follows a small letter
        for (String w : map.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT)
                .split("[^a-z0-9]+")) {
            switch (w) {
                case "ns", "nsec", "nsecs", "nanos", "nanoseconds" -> unit = 1L;
                case "us", "usec", "usecs", "micros", "microseconds" -> unit = 1_000L;
                case "ms", "msec", "msecs", "millis", "milliseconds" -> unit = 1_000_000L;
                default -> {
                    continue;
                }
            }
            return unit;
        }
        return unit;
    }
}
