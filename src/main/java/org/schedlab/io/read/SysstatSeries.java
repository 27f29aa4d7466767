package org.schedlab.io.read;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The per-interval tracks of one vmstat, mpstat or sar output, on the clock of the file's first
 * interval: each figure covers the interval from {@code startNs} to {@code endNs} and is drawn
 * from its start, as a pgbench progress figure is. A track whose next figure starts after its
 * last one ended (a CPU missing from a block, a sar restart, a sample the tool skipped) gets a gap
 * there; when the file ends, each track's last figure is repeated at the end of its interval so
 * the step chart shows the whole interval. Also turns the times of day these tools print into
 * times since the first interval, across midnight.
 */
final class SysstatSeries {
    static final long SECOND_NS = 1_000_000_000L;
    static final long DAY_NS = 86_400L * SECOND_NS;

    private final RecordingSink sink;
    private final Map<String, Track> tracks = new LinkedHashMap<>();
    /** The time of day (ns since midnight) the file's clock counts from, -1 until known. */
    private long originTodNs = -1;
    /** The last time given to {@link #relative}, on the file's clock, for the midnight rollover. */
    private long lastRelNs;
    private int samples;

    private static final class Track {
        final String unit;
        long lastEndNs = -1;
        double lastValue;

        Track(String unit) {
            this.unit = unit;
        }
    }

    SysstatSeries(RecordingSink sink) {
        this.sink = sink;
    }

    /**
     * A time of day as ns since the file's first time: a time earlier than the one before by more
     * than twelve hours is the next day (a file recorded across midnight); -1 for a time that
     * goes back less than that, which no tool prints.
     */
    long relative(long todNs) {
        if (originTodNs < 0) {
            originTodNs = todNs;
            lastRelNs = 0;
            return 0;
        }
        long rel = todNs - originTodNs;
        while (rel < lastRelNs - DAY_NS / 2) {
            rel += DAY_NS;
        }
        if (rel < lastRelNs) {
            return -1;
        }
        lastRelNs = rel;
        return rel;
    }

    boolean started() {
        return originTodNs >= 0;
    }

    /** One figure of track {@code name} over {@code [startNs, endNs)}; NaN is a gap. */
    void add(String name, String unit, long startNs, long endNs, double value) {
        Track t = tracks.computeIfAbsent(name, k -> new Track(unit));
        if (t.lastEndNs >= 0 && startNs > t.lastEndNs) {
            sink.relativeSample(name, t.unit, t.lastEndNs, Double.NaN);
        }
        sink.relativeSample(name, t.unit, startNs, value);
        t.lastEndNs = endNs;
        t.lastValue = value;
        samples++;
    }

    /** How many figures were added. */
    int samples() {
        return samples;
    }

    /** Ends every track: its last figure again at the end of its interval. */
    void finish() {
        tracks.forEach((name, t) -> sink.relativeSample(name, t.unit, t.lastEndNs, t.lastValue));
    }

    /**
     * "16:14:47" as ns since midnight; with {@code amPm} "AM" or "PM" (a 12-hour clock, as a
     * locale such as en_US prints it: 12:05:00 AM is 00:05) ; -1 if malformed.
     */
    static long timeOfDayNs(String hms, String amPm) {
        if (hms.length() != 8 || hms.charAt(2) != ':' || hms.charAt(5) != ':') {
            return -1;
        }
        int h = LineReader.parseUint(hms, 0, 2);
        int m = LineReader.parseUint(hms, 3, 5);
        int s = LineReader.parseUint(hms, 6, 8);
        if (h < 0 || m < 0 || m > 59 || s < 0 || s > 60) {
            return -1;
        }
        if (amPm.isEmpty()) {
            if (h > 23) {
                return -1;
            }
        } else {
            if (h < 1 || h > 12) {
                return -1;
            }
            h = h % 12 + (amPm.equals("PM") ? 12 : 0);
        }
        return ((h * 60L + m) * 60L + s) * SECOND_NS;
    }

    /** Whether {@code s} is "AM" or "PM". */
    static boolean isAmPm(String s) {
        return s.equals("AM") || s.equals("PM");
    }

    /** A figure as the tools print it ("86.93", "0", "7124", "-1.5"); NaN if it is not one. */
    static double number(String s) {
        if (s.isEmpty()) {
            return Double.NaN;
        }
        int i = s.charAt(0) == '-' ? 1 : 0;
        boolean digit = false;
        boolean dot = false;
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                digit = true;
            } else if ((c == '.' || c == ',') && !dot) {
                dot = true; // a locale with a decimal comma (LC_NUMERIC=de_DE) prints 86,93
            } else {
                return Double.NaN;
            }
        }
        return digit ? Double.parseDouble(s.replace(',', '.')) : Double.NaN;
    }

    /** A time of day ({@code ns} since midnight) as "HH:MM:SS", for messages. */
    static String clock(long todNs) {
        long s = todNs / SECOND_NS;
        return String.format(java.util.Locale.ROOT, "%02d:%02d:%02d", s / 3600 % 24, s / 60 % 60, s % 60);
    }
}
