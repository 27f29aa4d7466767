package org.schedlab.io.read;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.schedlab.io.read.PerfStatLine.Agg;
import org.schedlab.io.read.PerfStatLine.BadLine;
import org.schedlab.io.read.PerfStatLine.Layout;
import org.schedlab.io.read.PerfStatLine.Reading;
import org.schedlab.io.read.PerfStatLine.Status;
import org.schedlab.io.read.RecordingReader.ReadContext;

/**
 * What one {@code perf stat} output gives (docs/FORMATS.md): each event's total, summed over
 * CPUs, cores or threads, as the parameter {@code perf.EVENT} (time events with their unit,
 * {@code perf.task-clock.msec}), and over the elapsed time (the "seconds time elapsed" line, or
 * the last interval's time with -I) as {@code perf.EVENT.perSec} ({@code perf.task-clock.cpusUtilized}
 * for a time); the per-CPU, core or thread counts as {@code perfStat.ID.EVENT}. With -I, each event
 * (of each CPU, core or thread) is a counter track of its rate over each interval, a gap where
 * perf printed {@code <not counted>}. Interval mode is checked to repeat the first interval's
 * events in every interval, so a cut or mixed file is refused rather than summed short.
 */
final class PerfStatCounts {
    private final ReadContext ctx;
    private Layout layout;
    private String target = "";
    private int runs = 1;
    private double elapsedS = Double.NaN;
    private long elapsedLine;
    private final Map<String, String> times = new LinkedHashMap<>();
    private final Map<String, Series> series = new LinkedHashMap<>();
    /** With -I: the end of each interval so far, in seconds since perf stat started. */
    private final List<Double> intervalEnds = new ArrayList<>();
    private final Set<String> inInterval = new HashSet<>();
    private long intervalLine;
    private int firstIntervalSize = -1;

    /** One event of one CPU, core or thread (or of all: id ""). */
    private static final class Series {
        final String id;
        final String event;
        final String unit;
        final long line;
        /** Per interval (one without -I): the count, NaN where not counted. */
        final List<Double> values = new ArrayList<>();
        double total;
        boolean counted;
        boolean supported;
        double minRunningPct = 100;
        String variance = "";

        Series(String id, String event, String unit, long line) {
            this.id = id;
            this.event = event;
            this.unit = unit;
            this.line = line;
        }

        String said() {
            return id.isEmpty() ? event : event + " of " + id;
        }
    }

    PerfStatCounts(ReadContext ctx) {
        this.ctx = ctx;
    }

    void layout(Layout l) {
        this.layout = l;
    }

    /** The header after "Performance counter stats for ": {@code 'CMD' (5 runs):}, {@code 'system wide':}. */
    void header(String rest) {
        String h = rest.strip();
        if (h.endsWith(":")) {
            h = h.substring(0, h.length() - 1).strip();
        }
        int runsAt = h.lastIndexOf(" (");
        if (h.endsWith(" runs)") && runsAt > 0) {
            runs = Math.max(1, LineReader.parseUint(h, runsAt + 2, h.length() - 6));
            h = h.substring(0, runsAt).strip();
        }
        if (h.length() >= 2 && h.startsWith("'") && h.endsWith("'")) {
            h = h.substring(1, h.length() - 1);
        }
        target = h;
    }

    long elapsedLine() {
        return elapsedLine;
    }

    /** {@code 0.2017 seconds time elapsed}, with -r {@code 0.6375 +- 0.0609 seconds time elapsed ( +- 9.55% )}. */
    boolean elapsed(String t, long n) throws BadLine {
        String first = t.split("\\s+")[0];
        if (!TraceLine.isPlainDecimal(first)) {
            throw new BadLine("expected the seconds elapsed (0.201725361) before 'seconds time elapsed', found '"
                    + Printable.clip(first, 30) + "'");
        }
        elapsedS = Double.parseDouble(first);
        elapsedLine = n;
        times.put("perfStat.elapsedS", first);
        return true;
    }

    /** {@code 0.001757000 seconds user} or {@code sys}. */
    boolean timeLine(String t) throws BadLine {
        String first = t.split("\\s+")[0];
        if (!TraceLine.isPlainDecimal(first)) {
            throw new BadLine("expected seconds before '" + t.substring(t.lastIndexOf("seconds")) + "', found '"
                    + Printable.clip(first, 30) + "'");
        }
        times.put(t.endsWith("user") ? "perfStat.userS" : "perfStat.sysS", first);
        return true;
    }

    void add(Reading r, long n) throws BadLine {
        String key = r.id() + '\u0000' + r.event();
        int interval = 0;
        if (layout.interval()) {
            interval = intervalOf(r, key, n);
        } else if (series.containsKey(key)) {
            throw new BadLine(series.get(key).said() + " again (first at line " + series.get(key).line + "):"
                    + " expected each event once" + (layout.agg() == Agg.NONE ? "" : " per CPU, core or thread")
                    + " in one perf stat output");
        }
        Series s = series.get(key);
        if (s == null) {
            s = new Series(r.id(), r.event(), r.unit(), n);
            series.put(key, s);
        } else if (!s.unit.equals(r.unit())) {
            throw new BadLine("expected " + s.said() + " in " + (s.unit.isEmpty() ? "no unit" : s.unit) + " as at line "
                    + s.line + ", found " + (r.unit().isEmpty() ? "no unit" : r.unit()));
        }
        while (s.values.size() < interval) {
            s.values.add(Double.NaN);
        }
        s.values.add(r.value());
        if (r.status() == Status.COUNTED) {
            s.total += r.value();
            s.counted = true;
        }
        s.supported |= r.status() != Status.NOT_SUPPORTED;
        if (!Double.isNaN(r.runningPct()) && r.status() == Status.COUNTED) {
            s.minRunningPct = Math.min(s.minRunningPct, r.runningPct());
        }
        if (!r.variance().isEmpty()) {
            s.variance = r.variance();
        }
    }

    /** The interval a -I reading belongs to, checking the one before it was whole. */
    private int intervalOf(Reading r, String key, long n) throws BadLine {
        double last = intervalEnds.isEmpty() ? Double.NaN : intervalEnds.get(intervalEnds.size() - 1);
        if (intervalEnds.isEmpty() || r.timeS() != last) {
            if (!intervalEnds.isEmpty() && r.timeS() < last) {
                throw new BadLine(String.format(Locale.ROOT, "expected times that go on from %.9f s (the interval"
                        + " before), found %.9f s: is this two outputs in one file?", last, r.timeS()));
            }
            if (!intervalEnds.isEmpty()) {
                wholeInterval(n, false);
            }
            intervalEnds.add(r.timeS());
            inInterval.clear();
            intervalLine = n;
        }
        if (!inInterval.add(key)) {
            throw new BadLine(series.get(key).said() + " twice in the interval at " + r.timeS() + " s: expected"
                    + " each event once an interval");
        }
        if (intervalEnds.size() > 1 && !series.containsKey(key)) {
            throw new BadLine((r.id().isEmpty() ? r.event() : r.event() + " of " + r.id()) + " is not in the first"
                    + " interval: expected the same events in every interval" + inItsPlace(inInterval.size() - 1));
        }
        return intervalEnds.size() - 1;
    }

    /**
     * What the first interval has at position {@code p}, where perf prints each interval's events
     * in the same order: a line damaged there reads as an event of another name, and this names it
     * ("; line 3 has cpu-migration????1628897 in its place"). "" past the first interval's end.
     */
    private String inItsPlace(int p) {
        if (p < 0 || p >= firstIntervalSize) {
            return "";
        }
        Series s = new ArrayList<>(series.values()).get(p);
        return "; line " + s.line + " has " + Printable.clip(s.said(), 60) + " in its place (damaged?)";
    }

    /** Refuses an interval that has fewer lines than the first (cut, or perf stopped inside it). */
    private void wholeInterval(long n, boolean atEnd) throws BadLine {
        if (firstIntervalSize < 0) {
            firstIntervalSize = inInterval.size();
            return;
        }
        if (inInterval.size() < firstIntervalSize) {
            List<String> missing = new ArrayList<>();
            series.forEach((k, s) -> {
                if (!inInterval.contains(k) && missing.size() < 3) {
                    missing.add(s.said());
                }
            });
            double at = intervalEnds.get(intervalEnds.size() - 1);
            throw new BadLine(String.format(Locale.ROOT, "the interval at %s s (from line %d) has %d of the %d"
                    + " counter lines of the first: %s missing; %s", BigDecimal.valueOf(at).toPlainString(),
                    intervalLine, inInterval.size(), firstIntervalSize, String.join(", ", missing),
                    atEnd ? "the output ends inside it (was it cut short?)" : "expected every event in every interval"));
        }
    }

    void finish(long lastLine) throws ImportException {
        if (layout.interval()) {
            try {
                wholeInterval(lastLine, true);
            } catch (BadLine e) {
                throw new ImportException(ctx.report().file(), lastLine, e.getMessage());
            }
            elapsedS = intervalEnds.get(intervalEnds.size() - 1);
        }
        RecordingSink sink = ctx.sink();
        sink.parameter("perfStat.output", layout.said());
        if (!target.isEmpty()) {
            sink.parameter("perfStat.target", target);
        }
        if (runs > 1) {
            sink.parameter("perfStat.runs", Integer.toString(runs));
        }
        times.forEach(sink::parameter);
        if (layout.interval()) {
            sink.parameter("perfStat.intervals", Integer.toString(intervalEnds.size()));
            sink.parameter("perfStat.elapsedS", BigDecimal.valueOf(elapsedS).toPlainString());
        }
        totals(sink);
        if (layout.interval()) {
            tracks(sink);
        }
        notes();
    }

    /** Each event's total over every CPU, core or thread, and its rate over the elapsed time. */
    private void totals(RecordingSink sink) {
        Map<String, Series> byEvent = new LinkedHashMap<>();
        for (Series s : series.values()) {
            Series e = byEvent.computeIfAbsent(s.event, k -> new Series("", s.event, s.unit, s.line));
            e.total += s.total;
            e.counted |= s.counted;
            e.supported |= s.supported;
            if (!s.variance.isEmpty()) {
                e.variance = s.variance;
            }
            if (!s.id.isEmpty()) {
                sink.parameter("perfStat." + s.id + "." + s.event + unitSuffix(s.unit), s.counted ? plain(s.total)
                        : s.supported ? "not counted" : "not supported");
            }
        }
        for (Series e : byEvent.values()) {
            String name = "perf." + e.event;
            if (!e.unit.isEmpty()) {
                // the unit in a name of its own: "perf.task-clock.msec" alone cannot say where a
                // dotted event name (uncore's UNC_M_CAS_COUNT.RD) ends and its unit begins
                sink.parameter("perfStat.unit." + e.event, e.unit);
            }
            if (!e.counted) {
                sink.parameter(name + unitSuffix(e.unit), e.supported ? "not counted" : "not supported");
                continue;
            }
            sink.parameter(name + unitSuffix(e.unit), plain(e.total));
            if (elapsedS > 0) {
                double perS = PerfStatLine.secondsPer(e.unit);
                sink.parameter(perS > 0 ? name + ".cpusUtilized" : e.unit.isEmpty() ? name + ".perSec"
                        : name + "." + e.unit + "PerSec", plain((perS > 0 ? e.total * perS : e.total) / elapsedS));
            }
            if (!e.variance.isEmpty()) {
                sink.parameter("perfStat.variance." + e.event, e.variance);
            }
        }
    }

    /** "" for a count, ".msec" for an event in a unit. */
    static String unitSuffix(String unit) {
        return unit.isEmpty() ? "" : "." + unit;
    }

    /** With -I: each series as its rate over each interval, from the interval's start to its end. */
    private void tracks(RecordingSink sink) {
        for (Series s : series.values()) {
            if (!s.counted) {
                continue;
            }
            double perS = PerfStatLine.secondsPer(s.unit);
            String name = (s.id.isEmpty() ? "" : s.id + " ") + s.event + (perS > 0 ? " (CPUs utilized)"
                    : s.unit.isEmpty() ? " (/s)" : " (" + s.unit + "/s)");
            String unit = perS > 0 ? "CPUs" : s.unit.isEmpty() ? "/s" : s.unit + "/s";
            double rate = Double.NaN;
            for (int i = 0; i < intervalEnds.size(); i++) {
                double from = i == 0 ? 0 : intervalEnds.get(i - 1);
                double dt = intervalEnds.get(i) - from;
                double v = i < s.values.size() ? s.values.get(i) : Double.NaN;
                rate = dt > 0 ? (perS > 0 ? v * perS : v) / dt : Double.NaN;
                sink.relativeSample(name, unit, ns(from), rate);
            }
            // the last interval ends at its own line's time: a closing sample, so it is drawn to there
            sink.relativeSample(name, unit, ns(intervalEnds.get(intervalEnds.size() - 1)), rate);
        }
    }

    private void notes() {
        List<String> unsupported = new ArrayList<>();
        List<String> uncounted = new ArrayList<>();
        List<String> multiplexed = new ArrayList<>();
        Set<String> multiplexedEvents = new HashSet<>();
        for (Series s : series.values()) {
            List<String> to = !s.supported ? unsupported : !s.counted ? uncounted : null;
            if (to != null && !to.contains(s.event)) {
                to.add(s.event);
            }
            if (s.counted && s.minRunningPct < 100 && multiplexedEvents.add(s.event)) {
                multiplexed.add(String.format(Locale.ROOT, "%s (%.2f%%)", s.event, s.minRunningPct));
            }
        }
        FileReport.Builder r = ctx.report();
        if (!unsupported.isEmpty()) {
            r.note(String.join(", ", unsupported) + ": <not supported> (perf could not count "
                    + (unsupported.size() == 1 ? "it" : "them") + " on that machine), no value");
        }
        if (!uncounted.isEmpty()) {
            r.note(String.join(", ", uncounted) + ": <not counted> throughout, no value");
        }
        if (!multiplexed.isEmpty()) {
            r.note("counted part of the time only (multiplexed; perf scaled the counts up): "
                    + String.join(", ", multiplexed));
        }
        if (layout.interval() && series.values().stream().anyMatch(s -> s.counted && s.values.contains(Double.NaN))) {
            r.note("intervals perf printed as <not counted> are gaps in their tracks");
        }
    }

    private static long ns(double seconds) {
        return Math.round(seconds * 1e9);
    }

    /** A value as plain decimal text, to 6 decimals (sums of perf's 2-decimal msec stay exact). */
    static String plain(double v) {
        return BigDecimal.valueOf(v).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    }
}
