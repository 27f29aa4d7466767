package org.schedlab.io.read;

import java.util.LinkedHashMap;
import java.util.List;
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

    /** A time of day at the start of a line's fields: ns since midnight and how many fields it takes. */
    record TimeOfDay(long ns, int fields) {
        static final TimeOfDay NONE = new TimeOfDay(-1, 0);

        boolean found() {
            return ns >= 0;
        }
    }

    /**
     * The time of day a line's fields start with, in the forms sysstat prints with strftime's
     * {@code %X} (or {@code %H:%M:%S} under {@code S_TIME_FORMAT=ISO}): {@code 16:14:47} (C, de_DE,
     * fr_FR ...), {@code 04:14:47 PM} (en_US), {@code 16時14分47秒} (zh_TW, ja_JP), {@code 16时14分47秒}
     * (zh_CN), {@code 16시 14분 47초} (ko_KR, three fields) and {@code 9:14:47} (bg_BG's {@code %k},
     * the hour padded with a space). Each is a 24-hour clock but en_US's, so the time is the same
     * whatever the locale; {@link TimeOfDay#NONE} for any other form (a locale's own AM/PM words, a
     * zone before the time), which is not guessed. A zone after the time (en_IN's {@code 09:14:47 PM
     * IST}) is its callers' to tell: in a table it looks like a column ({@link #isZone}).
     */
    static TimeOfDay timeAt(List<String> fields) {
        if (fields.isEmpty()) {
            return TimeOfDay.NONE;
        }
        String f = fields.get(0);
        if (f.length() == 9 && (f.charAt(2) == '\u6642' || f.charAt(2) == '\u65f6') && f.charAt(5) == '\u5206'
                && f.charAt(8) == '\u79d2') {
            long ns = timeOfDayNs(f.substring(0, 2) + ":" + f.substring(3, 5) + ":" + f.substring(6, 8), "");
            return ns < 0 ? TimeOfDay.NONE : new TimeOfDay(ns, 1);
        }
        if (f.length() == 3 && f.charAt(2) == '\uc2dc' && fields.size() > 2 && isKorean(fields.get(1), '\ubd84')
                && isKorean(fields.get(2), '\ucd08')) {
            long ns = timeOfDayNs(f.substring(0, 2) + ":" + fields.get(1).substring(0, 2) + ":"
                    + fields.get(2).substring(0, 2), "");
            return ns < 0 ? TimeOfDay.NONE : new TimeOfDay(ns, 3);
        }
        String amPm = fields.size() > 1 && isAmPm(fields.get(1)) ? fields.get(1) : "";
        long ns = timeOfDayNs(f.length() == 7 && f.charAt(1) == ':' ? "0" + f : f, amPm);
        return ns < 0 ? TimeOfDay.NONE : new TimeOfDay(ns, amPm.isEmpty() ? 1 : 2);
    }

    /**
     * Whether {@code s} may be the zone strftime's {@code %Z} prints after the time in locales
     * such as en_IN ({@code %I:%M:%S %p %Z}): an abbreviation in capitals ({@code IST}, {@code UTC},
     * {@code CEST}) or an offset ({@code +03}, {@code -0330}). Never two letters: POSIX's TZ and
     * zic ask for three or more, and two capitals after a time are a 12-hour clock's own words for
     * AM and PM (ak_GH's {@code AN}/{@code EW}, om_ET's {@code WD}/{@code WB}), not to be dropped.
     */
    static boolean isZone(String s) {
        if (s.length() < 3 || s.length() > 6) {
            return false;
        }
        if (s.charAt(0) == '+' || s.charAt(0) == '-') {
            return (s.length() == 3 || s.length() == 5) && s.chars().skip(1).allMatch(c -> c >= '0' && c <= '9');
        }
        return s.chars().allMatch(c -> c >= 'A' && c <= 'Z');
    }

    /**
     * Whether a zone may follow {@code time}, the time {@code fields} of {@code text} start with,
     * and still tell the time: a time with AM/PM (en_IN's {@code 09:14:47 PM IST}) or in ko_KR's
     * words does, and so does a one-field time the zone follows after one space, as a 24-hour
     * {@code %X} ending in {@code %Z} prints it (mt_MT's {@code %H:%M:%S %Z}: {@code 21:14:47 CET}).
     * Two spaces are ms_MY's {@code %I:%M:%S %p %Z} with empty AM/PM words ({@code 09:14:47  +08}):
     * a 12-hour clock that never says which half of the day, not to be read as 24-hour.
     */
    static boolean zoneMayFollow(String text, List<String> fields, TimeOfDay time) {
        if (time.fields() != 1) {
            return true;
        }
        int after = text.indexOf(fields.get(0)) + fields.get(0).length();
        return after + 1 < text.length() && text.charAt(after) == ' ' && !Character.isWhitespace(text.charAt(after + 1));
    }

    /** ko_KR's "14분": two digits and the unit. */
    private static boolean isKorean(String field, char unit) {
        return field.length() == 3 && field.charAt(2) == unit;
    }

    /**
     * What to do about times a reader does not understand, for its messages: sysstat prints them
     * with the locale's {@code %X}, which these settings replace by {@code HH:MM:SS}.
     */
    static final String TIME_HINT = "record with LC_ALL=C or S_TIME_FORMAT=ISO, which print HH:MM:SS";

    /** How a refusal of a time it does not read asks about the locale, {@link #TIME_HINT} in it. */
    static final String LOCALE_TIME_HINT = " (a time in a locale's own form? " + TIME_HINT + ")";

    /**
     * {@code problem} without the advice to record in another locale ({@link #LOCALE_TIME_HINT})
     * where the time it quotes ends in the character the file was cut inside ("got 'Moyenne?'" of
     * a report cut in "Moyenne\u202f:"): the cut is the cause, not the locale. Kept where the
     * quote is whole: a row cut at its end whose time is followed by a word the header has too
     * ("12:00:02 Uhr all ...") is refused for the locale's word, and recording with LC_ALL=C is
     * the remedy; the cut at the line's end had lost it that advice.
     */
    static String withoutTimeHint(String problem) {
        boolean quoteCut = problem.contains("?'" + LOCALE_TIME_HINT) || problem.contains("\ufffd'" + LOCALE_TIME_HINT);
        return quoteCut ? problem.replace(LOCALE_TIME_HINT, "") : problem;
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

    /**
     * The refusal of a line {@link LineReader} skipped for being longer than
     * {@link LineSource#MAX_LINE_BYTES}: these readers take every line of a table, so a skipped one
     * would be a row or counter left out without a word.
     */
    static ImportException tooLong(String file, long line, String expected) {
        return new ImportException(file, line, "a line longer than " + (LineSource.MAX_LINE_BYTES >> 20) + " MiB;"
                + " expected " + expected + " (is the file damaged?)");
    }

    /** A time of day ({@code ns} since midnight) as "HH:MM:SS", for messages. */
    static String clock(long todNs) {
        long s = todNs / SECOND_NS;
        return String.format(java.util.Locale.ROOT, "%02d:%02d:%02d", s / 3600 % 24, s / 60 % 60, s % 60);
    }
}
