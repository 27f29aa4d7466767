package org.schedlab.io.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One counter line of {@code perf stat} output, in each of its three forms: the human table
 * ({@code "  1,234      context-switches   #  1.106 K/sec"}), {@code -x SEP} (the perf-stat man
 * page's field order: [time] [aggregate id] [CPUs aggregated] value, unit, event, [variance],
 * run time, percentage running, [metric value, metric unit]) and {@code -j} (one JSON object a
 * line). The first counter line fixes a {@link Layout}; every later line must have the same
 * one, so a value is never read from the wrong column.
 */
final class PerfStatLine {
    private PerfStatLine() {
    }

    enum Form { HUMAN, CSV, JSON }

    /** How the output is aggregated: over everything, per CPU ({@code -A}), per socket/die/core/node, per thread. */
    enum Agg {
        NONE("aggregated (no CPU or thread column)"), CPU("per CPU (-a -A: a CPU0 column)"),
        AGGR("--per-socket/--per-die/--per-core/--per-node (an S0-D0-C0 column and the CPUs counted)"),
        THREAD("--per-thread (a comm-tid column)");

        final String said;

        Agg(String said) {
            this.said = said;
        }
    }

    /** The shape every counter line of one file shares; {@code sep} only for CSV. */
    record Layout(Form form, boolean interval, Agg agg, String sep, boolean variance) {
        String said() {
            String f = switch (form) {
                case HUMAN -> "perf stat's table";
                case CSV -> "perf stat -x '" + Printable.of(sep) + "' CSV";
                case JSON -> "perf stat -j JSON";
            };
            return f + (interval ? " with -I (a time column)" : " without -I") + ", " + agg.said;
        }
    }

    enum Status { COUNTED, NOT_COUNTED, NOT_SUPPORTED }

    /**
     * One counter reading: {@code timeS} NaN without -I, {@code id} "" when aggregated,
     * {@code value} NaN unless counted, {@code variance} "" without -r, {@code runningPct}
     * 100 unless the event was multiplexed (or NaN when not printed).
     */
    record Reading(double timeS, String id, double value, Status status, String unit, String event,
                   String variance, double runningPct) {
    }

    /** A line that is not what the layout expects, with what was expected there. */
    static final class BadLine extends Exception {
        private static final long serialVersionUID = 1L;

        BadLine(String expected) {
            super(expected, null, false, false);
        }
    }

    /** Units perf prints for a counter; time units turn into CPUs utilized. */
    static final Set<String> UNITS = Set.of("msec", "usec", "us", "ns", "sec", "Joules", "MiB", "MB", "GiB", "GB",
            "KiB", "kB");

    /** Seconds in one {@code unit}, or 0 when it is no time unit. */
    static double secondsPer(String unit) {
        return switch (unit) {
            case "msec" -> 1e-3;
            case "usec", "us" -> 1e-6;
            case "ns" -> 1e-9;
            case "sec" -> 1;
            default -> 0;
        };
    }

    static final String NOT_COUNTED = "<not counted>";
    static final String NOT_SUPPORTED = "<not supported>";
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,3}(,[0-9]{3})*(\\.[0-9]+)?|[0-9]+(\\.[0-9]+)?");
    private static final Pattern SECONDS = Pattern.compile("[0-9]+\\.[0-9]+");
    private static final Pattern CPU_ID = Pattern.compile("CPU[0-9]+");
    private static final Pattern AGGR_ID = Pattern.compile("S[0-9]+(-D[0-9]+)?(-C[0-9]+)?|N[0-9]+");
    private static final Pattern THREAD_ID = Pattern.compile(".+-[0-9]+");
    private static final Pattern PERCENT = Pattern.compile("[0-9]+(\\.[0-9]+)?%");
    /** Separators tried on a CSV line ({@code -x SEP}); ':' is left out: it is in event names ({@code cycles:u}). */
    static final List<String> SEPARATORS = List.of(",", ";", "\t", "|", "@", "!");
    private static final ObjectMapper JSON = new ObjectMapper();

    static boolean isValue(String s) {
        return s.equals(NOT_COUNTED) || s.equals(NOT_SUPPORTED) || NUMBER.matcher(s).matches();
    }

    private static String expectNumber(String s) {
        return "expected a count (1234, 1,234 or 12.34), <not counted> or <not supported>, found '"
                + Printable.clip(s, 30) + "'" + (s.matches("[0-9.]+,[0-9]+") ? " (perf in a locale that writes"
                + " decimals with a comma: run it with LC_ALL=C)" : "");
    }

    private static Status status(String v) {
        return v.equals(NOT_COUNTED) ? Status.NOT_COUNTED : v.equals(NOT_SUPPORTED) ? Status.NOT_SUPPORTED
                : Status.COUNTED;
    }

    private static double number(String v) throws BadLine {
        if (status(v) != Status.COUNTED) {
            return Double.NaN;
        }
        if (!NUMBER.matcher(v).matches()) {
            throw new BadLine(expectNumber(v));
        }
        return Double.parseDouble(v.replace(",", ""));
    }

    private static String unit(String u) throws BadLine {
        if (!u.isEmpty() && !UNITS.contains(u)) {
            throw new BadLine("expected a unit perf prints (" + String.join(", ", new java.util.TreeSet<>(UNITS))
                    + ") or none before the event name, found unit '" + Printable.clip(u, 30) + "'");
        }
        return u;
    }

    private static double seconds(String s) throws BadLine {
        if (!SECONDS.matcher(s).matches()) {
            throw new BadLine("expected the interval's time in seconds (0.500260082) in the first column, found '"
                    + Printable.clip(s, 30) + "'");
        }
        return Double.parseDouble(s);
    }

    // ---- the human table

    /**
     * A line of the table: {@code [time] [id [cpus]] value [unit] event [# metric] [( +- 1.23% )] [(50.00%)]}.
     * With {@code layout} null, works out the layout from the line ({@code interval} from the
     * header seen); empty for a line that is a metric's continuation only ({@code # 0.5 insn per cycle}).
     */
    static Optional<Reading> human(String line, Layout layout, boolean interval) throws BadLine {
        String rest = line.strip();
        String variance = "";
        double running = 100;
        while (rest.endsWith(")")) {
            int open = rest.lastIndexOf('(');
            if (open < 0) {
                throw new BadLine("expected '(' before the ')' at the end of the line");
            }
            String in = rest.substring(open + 1, rest.length() - 1).strip();
            if (in.startsWith("+-") && PERCENT.matcher(in.substring(2).strip()).matches()) {
                variance = in.substring(2).strip();
            } else if (PERCENT.matcher(in).matches()) {
                running = Double.parseDouble(in.substring(0, in.length() - 1));
            } else {
                break; // a metric's own parentheses ("(50.00% of all branches)" is not ours)
            }
            rest = rest.substring(0, open).strip();
        }
        int hash = rest.indexOf('#');
        String left = (hash < 0 ? rest : rest.substring(0, hash)).strip();
        List<String> t = new ArrayList<>(Arrays.asList(left.isEmpty() ? new String[0] : left.split("\\s+")));
        int i = 0;
        double time = Double.NaN;
        if (interval) {
            if (t.isEmpty()) {
                throw new BadLine("expected the interval's time in seconds in the first column");
            }
            time = seconds(t.get(i++));
        }
        if (i == t.size()) {
            if (hash >= 0) {
                return Optional.empty(); // a further metric of the line above
            }
            throw new BadLine("expected a counter line ([time] value [unit] event)");
        }
        Agg agg = layout != null ? layout.agg : humanAgg(t, i);
        String id = "";
        switch (agg) {
            case CPU -> {
                if (!CPU_ID.matcher(t.get(i)).matches()) {
                    throw new BadLine("expected a CPU column (CPU0) first, as " + Agg.CPU.said + ", found '"
                            + Printable.clip(t.get(i), 30) + "'");
                }
                id = t.get(i++);
            }
            case AGGR -> {
                if (!AGGR_ID.matcher(t.get(i)).matches() || i + 1 >= t.size()
                        || LineReader.parseUint(t.get(i + 1), 0, t.get(i + 1).length()) < 0) {
                    throw new BadLine("expected an aggregate column (S0-D0-C0) and the number of CPUs in it,"
                            + " as " + Agg.AGGR.said + ", found '" + Printable.clip(t.get(i), 30) + "'");
                }
                id = t.get(i);
                i += 2;
            }
            case THREAD -> {
                int end = threadEnd(t, i);
                if (end < 0) {
                    throw new BadLine("expected a thread column (comm-tid) then a value, as " + Agg.THREAD.said);
                }
                id = String.join(" ", t.subList(i, end + 1));
                i = end + 1;
            }
            case NONE -> {
                // the value comes first
            }
        }
        if (i == t.size()) {
            if (hash >= 0) {
                return Optional.empty();
            }
            throw new BadLine("expected a value after the " + (interval ? "time" : "aggregate") + " column");
        }
        String value = t.get(i++);
        if (value.equals("<not") && i < t.size() && (t.get(i).equals("counted>") || t.get(i).equals("supported>"))) {
            value += " " + t.get(i++);
        }
        if (!isValue(value)) {
            throw new BadLine(expectNumber(value) + (agg == Agg.NONE && layout != null ? " (the lines before are "
                    + Agg.NONE.said + ")" : ""));
        }
        List<String> words = t.subList(i, t.size());
        if (words.isEmpty() || words.size() > 2) {
            throw new BadLine("expected [unit] and an event name after the value " + value + ", found "
                    + (words.isEmpty() ? "nothing" : "'" + Printable.clip(String.join(" ", words), 40) + "'"));
        }
        String unit = words.size() == 2 ? unit(words.get(0)) : "";
        String event = words.get(words.size() - 1);
        return Optional.of(new Reading(time, id, number(value), status(value), unit, event, variance, running));
    }

    /** The aggregation a first line of the table shows (a further metric's line does not say). */
    static Agg humanAgg(String line, boolean interval) throws BadLine {
        String left = line.strip();
        int hash = left.indexOf('#');
        left = (hash < 0 ? left : left.substring(0, hash)).strip();
        List<String> t = Arrays.asList(left.isEmpty() ? new String[0] : left.split("\\s+"));
        int i = interval ? 1 : 0;
        if (t.size() <= i) {
            throw new BadLine("expected a counter line before a further metric ('#' only)");
        }
        return humanAgg(t, i);
    }

    /** The aggregation a first line of the table shows, by the column before its value. */
    private static Agg humanAgg(List<String> t, int i) throws BadLine {
        String first = t.get(i);
        if (isValue(first) || first.equals("<not")) {
            return Agg.NONE;
        }
        if (CPU_ID.matcher(first).matches()) {
            return Agg.CPU;
        }
        if (AGGR_ID.matcher(first).matches()) {
            return Agg.AGGR;
        }
        if (threadEnd(t, i) >= 0) {
            return Agg.THREAD;
        }
        if (Character.isDigit(first.charAt(0))) {
            throw new BadLine(expectNumber(first));
        }
        throw new BadLine("expected a counter line ([time] [CPU0 | S0-D0-C0 cpus | comm-tid] value [unit] event),"
                + " found '" + Printable.clip(first, 30) + "' where the value goes");
    }

    /** The last token of a comm-tid column (a comm may have spaces) that a value follows; -1 if none. */
    private static int threadEnd(List<String> t, int i) {
        for (int k = i; k + 1 < t.size(); k++) {
            String next = t.get(k + 1);
            if (THREAD_ID.matcher(t.get(k)).matches() && (isValue(next) || next.equals("<not"))) {
                return k;
            }
        }
        return -1;
    }

    // ---- -x SEP

    /**
     * The layout of a first {@code -x} line: the separator and the fields before the value (time,
     * aggregate id and its CPUs, or a CPU or thread), whether a variance column follows the event
     * (-r); empty when the line is no perf stat CSV.
     */
    static Optional<Layout> csvLayout(String line) {
        for (String sep : SEPARATORS) {
            String[] f = split(line, sep);
            for (int k = 0; k <= 3 && k + 5 <= f.length; k++) {
                if (!isValue(f[k]) || f[k + 1].chars().anyMatch(Character::isDigit) || f[k + 2].isEmpty()) {
                    continue;
                }
                boolean variance = f.length >= k + 6 && PERCENT.matcher(f[k + 3]).matches();
                int run = k + 3 + (variance ? 1 : 0);
                if (run + 1 >= f.length || LineReader.parseUlong(f[run], 0, f[run].length()) < 0
                        || !TraceLine.isPlainDecimal(f[run + 1])) {
                    continue;
                }
                boolean interval = k > 0 && SECONDS.matcher(f[0]).matches();
                int prefix = k - (interval ? 1 : 0);
                int p = interval ? 1 : 0;
                Agg agg = prefix == 0 ? Agg.NONE
                        : prefix == 1 ? (CPU_ID.matcher(f[p]).matches() ? Agg.CPU
                        : THREAD_ID.matcher(f[p]).matches() ? Agg.THREAD : null)
                        : prefix == 2 && AGGR_ID.matcher(f[p]).matches() ? Agg.AGGR : null;
                if (agg != null) {
                    return Optional.of(new Layout(Form.CSV, interval, agg, sep, variance));
                }
            }
        }
        return Optional.empty();
    }

    /** Splits on a literal separator, keeping empty fields, each field stripped (-I pads the time). */
    private static String[] split(String line, String sep) {
        String[] f = line.split(Pattern.quote(sep), -1);
        for (int i = 0; i < f.length; i++) {
            f[i] = f[i].strip();
        }
        return f;
    }

    /** A {@code -x} line in {@code layout}; empty for a further metric (value, unit and event empty). */
    static Optional<Reading> csv(String line, Layout layout) throws BadLine {
        String[] f = split(line, layout.sep);
        int prefix = (layout.interval ? 1 : 0) + switch (layout.agg) {
            case NONE -> 0;
            case CPU, THREAD -> 1;
            case AGGR -> 2;
        };
        int v = prefix;
        int need = v + 5 + (layout.variance ? 1 : 0);
        if (f.length >= v + 3 && f[v].isEmpty() && f[v + 1].isEmpty() && f[v + 2].isEmpty()) {
            return Optional.empty();
        }
        if (f.length < need) {
            throw new BadLine("expected at least " + need + " fields separated by '" + Printable.of(layout.sep)
                    + "' (" + layout.said() + "), found " + f.length);
        }
        double time = layout.interval ? seconds(f[0]) : Double.NaN;
        String id = "";
        int p = layout.interval ? 1 : 0;
        switch (layout.agg) {
            case CPU -> id = checked(f[p], CPU_ID, "a CPU (CPU0)");
            case THREAD -> id = checked(f[p], THREAD_ID, "a thread (comm-tid)");
            case AGGR -> {
                id = checked(f[p], AGGR_ID, "an aggregate id (S0-D0-C0)");
                if (LineReader.parseUint(f[p + 1], 0, f[p + 1].length()) < 0) {
                    throw new BadLine("expected the number of CPUs aggregated in field " + (p + 2) + ", found '"
                            + Printable.clip(f[p + 1], 30) + "'");
                }
            }
            case NONE -> {
                // no column before the value
            }
        }
        if (!isValue(f[v])) {
            throw new BadLine("field " + (v + 1) + ": " + expectNumber(f[v]) + " (" + layout.said() + ")");
        }
        if (f[v + 2].isEmpty()) {
            throw new BadLine("expected an event name in field " + (v + 3));
        }
        String variance = "";
        int run = v + 3;
        if (layout.variance) {
            if (!PERCENT.matcher(f[run]).matches()) {
                throw new BadLine("expected the variance of -r (1.24%) in field " + (run + 1) + ", found '"
                        + Printable.clip(f[run], 30) + "'");
            }
            variance = f[run++];
        }
        if (!TraceLine.isPlainDecimal(f[run + 1])) {
            throw new BadLine("expected the percentage of time counted (100.00) in field " + (run + 2) + ", found '"
                    + Printable.clip(f[run + 1], 30) + "'");
        }
        return Optional.of(new Reading(time, id, number(f[v]), status(f[v]), unit(f[v + 1]), f[v + 2], variance,
                Double.parseDouble(f[run + 1])));
    }

    private static String checked(String s, Pattern p, String what) throws BadLine {
        if (!p.matcher(s).matches()) {
            throw new BadLine("expected " + what + " before the value, found '" + Printable.clip(s, 30) + "'");
        }
        return s;
    }

    // ---- -j

    /** Whether a line is a perf stat -j object (it names a counter value or a metric). */
    static boolean isJson(String line) {
        return line.startsWith("{") && (line.contains("\"counter-value\"") || line.contains("\"metric-value\""));
    }

    /** The layout of a first {@code -j} line. */
    static Layout jsonLayout(String line) throws BadLine {
        JsonNode o = jsonObject(line);
        Agg agg = o.has("cpu") ? Agg.CPU : o.has("thread") ? Agg.THREAD
                : o.has("core") || o.has("die") || o.has("socket") || o.has("node") ? Agg.AGGR : Agg.NONE;
        return new Layout(Form.JSON, o.has("interval"), agg, "", o.has("variance"));
    }

    /** A {@code -j} line in {@code layout}; empty for a metric-only object (no event). */
    static Optional<Reading> json(String line, Layout layout) throws BadLine {
        JsonNode o = jsonObject(line);
        if (!o.has("event") && !o.has("counter-value")) {
            return Optional.empty();
        }
        Layout own = jsonLayout(line);
        if (own.interval != layout.interval || own.agg != layout.agg) {
            throw new BadLine("expected " + layout.said() + " as in the first line, found " + own.said());
        }
        double time = Double.NaN;
        if (layout.interval) {
            JsonNode t = o.get("interval");
            if (!t.isNumber() || t.asDouble() < 0) {
                throw new BadLine("expected \"interval\" as seconds, found " + Printable.clip(t.toString(), 30));
            }
            time = t.asDouble();
        }
        String id = switch (layout.agg) {
            case CPU -> "CPU" + text(o, "cpu");
            case THREAD -> text(o, "thread");
            case AGGR -> firstText(o, "core", "die", "socket", "node");
            case NONE -> "";
        };
        String value = text(o, "counter-value");
        if (status(value) == Status.COUNTED && !TraceLine.isPlainDecimal(value)) {
            throw new BadLine("\"counter-value\": " + expectNumber(value));
        }
        String event = text(o, "event");
        if (event.isEmpty()) {
            throw new BadLine("expected an \"event\" name");
        }
        JsonNode running = o.path("pcnt-running");
        JsonNode var = o.path("variance");
        String variance = var.isNumber() ? String.format(Locale.ROOT, "%.2f%%", var.asDouble()) : "";
        return Optional.of(new Reading(time, id, number(value), status(value), unit(text(o, "unit")), event, variance,
                running.isNumber() ? running.asDouble() : 100));
    }

    /**
     * The line's one JSON object. What follows it must be blank: a second object there (two lines
     * run together where a line break was lost) was read past, its counter lost without a word.
     */
    private static JsonNode jsonObject(String line) throws BadLine {
        try (com.fasterxml.jackson.core.JsonParser p = JSON.createParser(line)) {
            JsonNode o = JSON.readTree(p);
            if (o == null || !o.isObject()) {
                throw new BadLine("expected one perf stat -j object on the line");
            }
            int end = (int) Math.min(line.length(), Math.max(0, p.currentLocation().getCharOffset()));
            if (!line.substring(end).isBlank()) {
                int from = end + (line.length() - end - line.substring(end).stripLeading().length());
                throw new BadLine("expected one perf stat -j object on the line, found more after it at column "
                        + (from + 1) + ": '" + Printable.clipAtWord(line.substring(from), 30) + "'");
            }
            return o;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new BadLine("expected one perf stat -j object on the line: the JSON is not valid ("
                    + org.schedlab.io.JsonTokens.problemInLine(e) + ")");
        } catch (java.io.IOException e) {
            // parsing a String in memory: Jackson declares the exception but reads no device
            throw new BadLine("expected one perf stat -j object on the line: " + e.getMessage());
        }
    }

    private static String text(JsonNode o, String key) throws BadLine {
        JsonNode n = o.get(key);
        if (n == null || !n.isValueNode()) {
            throw new BadLine("expected a \"" + key + "\" field");
        }
        return n.asText();
    }

    private static String firstText(JsonNode o, String... keys) throws BadLine {
        for (String k : keys) {
            if (o.has(k)) {
                return text(o, k);
            }
        }
        throw new BadLine("expected one of " + String.join(", ", keys));
    }
}
