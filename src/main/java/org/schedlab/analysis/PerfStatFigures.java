package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A {@code perf stat} output's figures as tables, from the parameters its reader gives
 * (docs/FORMATS.md, "perf stat output (read)"): each event's total with its unit and its rate over
 * the elapsed time ({@code perf.EVENT[.UNIT]}, then {@code perf.EVENT.perSec},
 * {@code perf.EVENT.cpusUtilized} or {@code perf.EVENT.UNITPerSec}), the variance of {@code -r}
 * runs ({@code perfStat.variance.EVENT}), and the count of each CPU, core or thread
 * ({@code perfStat.ID.EVENT[.UNIT]}). The reader writes a total's rate right after it, so an event
 * name with a dot in it is never split at the wrong dot.
 */
public final class PerfStatFigures {
    /** The {@code perfStat.*} parameters that describe the output, not one CPU's count. */
    private static final Set<String> ABOUT = Set.of("output", "target", "runs", "elapsedS", "userS", "sysS",
            "intervals");
    private static final int MAX_ID_ROWS = 32;
    private static final int ID_COLUMN_WIDTH = 15;

    /** One event's total: {@code value} as perf printed it, or "not counted" / "not supported". */
    public record Event(String name, String unit, String value, String rate, String rateUnit, String variance) {
    }

    private final List<Event> events = new ArrayList<>();
    /** Per CPU, core or thread id: each event's count, by the event's column name. */
    private final Map<String, Map<String, String>> byId = new LinkedHashMap<>();
    private final List<String> idColumns = new ArrayList<>();
    private final String elapsedS;
    /** An event's unit where it has one ({@code perfStat.unit.task-clock=msec}). */
    private static final String UNIT_PREFIX = "perfStat.unit.";

    private PerfStatFigures(Map<String, String> params) {
        this.elapsedS = params.getOrDefault("perfStat.elapsedS", "");
        List<Map.Entry<String, String>> perf = new ArrayList<>();
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (e.getKey().startsWith(DatasetSummary.PERF_STAT_PREFIX)) {
                perf.add(e);
            } else if (isPerId(e.getKey())) {
                String rest = e.getKey().substring("perfStat.".length());
                int dot = rest.indexOf('.');
                String column = rest.substring(dot + 1);
                byId.computeIfAbsent(rest.substring(0, dot), k -> new LinkedHashMap<>()).put(column, e.getValue());
                if (!idColumns.contains(column)) {
                    idColumns.add(column);
                }
            }
        }
        for (int i = 0; i < perf.size(); i++) {
            String key = perf.get(i).getKey();
            String value = perf.get(i).getValue();
            String next = i + 1 < perf.size() ? perf.get(i + 1).getKey() : "";
            String event = key.substring(DatasetSummary.PERF_STAT_PREFIX.length());
            String unit = "";
            String rate = "";
            String rateUnit = "";
            String rateOf = rateOf(next);
            if (!rateOf.isEmpty() && (key.equals(rateOf) || key.startsWith(rateOf + "."))) {
                event = rateOf.substring(DatasetSummary.PERF_STAT_PREFIX.length());
                unit = key.length() > rateOf.length() ? key.substring(rateOf.length() + 1) : "";
                rate = perf.get(i + 1).getValue();
                String suffix = next.substring(rateOf.length() + 1);
                rateUnit = suffix.equals("cpusUtilized") ? "CPUs utilized" : suffix.equals("perSec") ? "/s"
                        : suffix.substring(0, suffix.length() - "PerSec".length()) + "/s";
                i++;
            } else {
                // no rate (perf stat -x without -I prints no elapsed time): the reader's unit parameter splits it
                int dot = event.lastIndexOf('.');
                if (dot > 0 && event.substring(dot + 1).equals(params.get(UNIT_PREFIX + event.substring(0, dot)))) {
                    unit = event.substring(dot + 1);
                    event = event.substring(0, dot);
                }
            }
            events.add(new Event(event, unit, value, rate, rateUnit,
                    params.getOrDefault("perfStat.variance." + event, "")));
        }
    }

    /** The figures of a dataset's (or a summary's) parameters; empty when they hold no perf stat totals. */
    public static PerfStatFigures of(Map<String, String> params) {
        return new PerfStatFigures(params);
    }

    public boolean isEmpty() {
        return events.isEmpty();
    }

    public List<Event> events() {
        return List.copyOf(events);
    }

    /** Each CPU's, core's or thread's counts: id, then event column ({@code task-clock.msec}) to count. */
    public Map<String, Map<String, String>> perId() {
        return java.util.Collections.unmodifiableMap(byId);
    }

    /** Whether {@code key} is one the tables show (so a list of the other parameters can leave it out). */
    public static boolean shownInTables(String key) {
        return key.startsWith(DatasetSummary.PERF_STAT_PREFIX) || key.startsWith("perfStat.variance.")
                || key.startsWith(UNIT_PREFIX) || isPerId(key);
    }

    private static boolean isPerId(String key) {
        if (!key.startsWith("perfStat.") || key.startsWith("perfStat.variance.") || key.startsWith(UNIT_PREFIX)) {
            return false;
        }
        String rest = key.substring("perfStat.".length());
        return rest.indexOf('.') > 0 && !ABOUT.contains(rest);
    }

    /** The total a rate key belongs to ({@code perf.context-switches} of {@code perf.context-switches.perSec}), or "". */
    private static String rateOf(String key) {
        if (!key.startsWith(DatasetSummary.PERF_STAT_PREFIX)) {
            return "";
        }
        int dot = key.lastIndexOf('.');
        String suffix = key.substring(dot + 1);
        boolean rate = suffix.equals("perSec") || suffix.equals("cpusUtilized")
                || suffix.endsWith("PerSec") && suffix.length() > "PerSec".length();
        return rate && dot > DatasetSummary.PERF_STAT_PREFIX.length() ? key.substring(0, dot) : "";
    }

    /**
     * The totals as mail text: event, count (with its unit and -r's variance), rate over the elapsed
     * time; then each CPU, core or thread's counts, at most {@value #MAX_ID_ROWS} of them, in blocks
     * of as many events as fit a line.
     */
    public String text() {
        StringBuilder b = new StringBuilder();
        int nameWidth = 16;
        for (Event e : events) {
            nameWidth = Math.max(nameWidth, Math.min(30, PlainText.columns(PlainText.printable(e.name()))));
        }
        String over = elapsedS.isEmpty() ? "" : " over " + trim(elapsedS) + " s";
        // a rate column only where perf said how long it counted (no "seconds time elapsed" in -x or -j)
        String rateHead = events.stream().anyMatch(e -> !e.rate().isEmpty()) ? "  rate" + over : "";
        b.append(String.format(Locale.ROOT, "perf stat %s %20s%s%n", " ".repeat(Math.max(0, nameWidth - 8)),
                "count", rateHead));
        java.util.Iterator<String> names = PlainText.cutApart(events.stream().map(Event::name).toList(), nameWidth)
                .iterator();
        for (Event e : events) {
            String count = number(e.value()) + (e.unit().isEmpty() ? "" : " " + e.unit())
                    + (e.variance().isEmpty() ? "" : " +- " + e.variance());
            String rate = e.rate().isEmpty() ? "" : rate(e.rate()) + " " + e.rateUnit();
            b.append(PlainText.clip(String.format(Locale.ROOT, "  %s %20s  %s",
                    PlainText.padRight(names.next(), nameWidth), count, rate).stripTrailing())).append('\n');
        }
        if (!byId.isEmpty()) {
            perId(b);
        }
        return b.toString();
    }

    private void perId(StringBuilder b) {
        // an event no CPU, core or thread counted (not supported) is in the totals, not a column of dashes
        List<String> counted = new ArrayList<>();
        for (String c : idColumns) {
            if (byId.values().stream().anyMatch(v -> !v.getOrDefault(c, "not counted").startsWith("not "))) {
                counted.add(c);
            }
        }
        Map<String, String> heads = new LinkedHashMap<>();
        for (Event e : events) {
            heads.put(e.name() + (e.unit().isEmpty() ? "" : "." + e.unit()), e.name() + (e.unit().isEmpty() ? "" : " " + e.unit()));
        }
        List<String> ids = List.copyOf(byId.keySet());
        java.util.function.BiFunction<Integer, Integer, String> cell = (r, c) -> {
            String v = byId.get(ids.get(r)).getOrDefault(counted.get(c), "");
            return v.startsWith("not ") ? "-" : number(v);
        };
        // as wide as the widest count: a CPU's cycles over ten minutes (1,812,345,678,901) were cut
        int width = ID_COLUMN_WIDTH;
        for (int r = 0; r < Math.min(ids.size(), MAX_ID_ROWS); r++) {
            for (int c = 0; c < counted.size(); c++) {
                width = Math.max(width, cell.apply(r, c).length());
            }
        }
        b.append(PlainText.grid("", ids, counted.stream().map(c -> heads.getOrDefault(c, c)).toList(), width,
                MAX_ID_ROWS, cell));
    }

    /** A count as perf prints it: thousands separated when whole ({@code 1,799}), else as given. */
    static String number(String v) {
        if (v.matches("[0-9]{4,18}")) {
            return String.format(Locale.ROOT, "%,d", Long.parseLong(v));
        }
        return v;
    }

    /** A rate to about four figures: {@code 894.37}, {@code 2,112}, {@code 0.198}. */
    static String rate(String v) {
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return v;
        }
        // the form by the value as rounded: 999.999 is "1,000", not "1000.00"
        String two = String.format(Locale.ROOT, "%.2f", d);
        String three = String.format(Locale.ROOT, "%.3f", d);
        return Math.abs(Double.parseDouble(two)) >= 1000 ? String.format(Locale.ROOT, "%,.0f", d)
                : Math.abs(Double.parseDouble(three)) >= 1 ? two : three;
    }

    private static String trim(String seconds) {
        try {
            return String.format(Locale.ROOT, "%.3f", Double.parseDouble(seconds));
        } catch (NumberFormatException e) {
            return seconds;
        }
    }
}
