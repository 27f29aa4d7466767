package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A lock contention table a tool printed ({@code perf lock contention} or {@code report}, BCC {@code klockstat},
 * {@code /proc/lock_stat}), read back from the metadata parameters its importer stored it in
 * ("lockContention.&lt;caller&gt;.&lt;field&gt;", "klockstat...", "lockStat..."): one row per
 * caller or lock class in the file's order, one column per field in the order first seen. These
 * tables have no timeline, so the Locks tab and the text reports show them as the tool did instead
 * of listing hundreds of key=value pairs. A caller may contain dots
 * ("__page_cache_release.part.0+0x58"): the field is what follows the last one. {@code key} is what the
 * rows are keyed by, as the tool's header names it (the importer's "perf-lock-contention.keyColumn"):
 * perf lock contention's rows are callers by default, but tasks ("pid comm") with {@code -t}, locks
 * ("symbol") with {@code -l} or cgroups with {@code -g}, and a task titled "caller" read as a function.
 */
public record LockTable(String tool, String key, List<String> fields, List<Row> rows) {
    /** One caller, task, lock or lock class; {@code values} follow {@link #fields()}, "" where it has none. */
    public record Row(String name, List<String> values) {
    }

    private static final Map<String, String> TOOLS = Map.of("lockContention.", "perf lock contention",
            "lockReport.", "perf lock report", "klockstat.", "klockstat", "lockStat.", "/proc/lock_stat");

    /** Per tool, the fields a reader looks at first (the tool's own order after them). */
    private static final Map<String, List<String>> FIRST = Map.of(
            "lockContention.", List.of("contended", "totalWaitUs", "maxWaitUs", "avgWaitUs"),
            "lockReport.", List.of("acquired", "contended", "totalWaitUs", "maxWaitUs", "avgWaitUs"),
            "klockstat.", List.of("SpinCount", "SpinTotalNs", "SpinMaxNs", "HoldCount", "HoldTotalNs", "HoldMaxNs"),
            "lockStat.", List.of("contentions", "waittimeTotalUs", "waittimeMaxUs", "acquisitions",
                    "holdtimeTotalUs"));

    /** Per tool, the importer's format name: "&lt;format&gt;.rows" and "&lt;format&gt;.keyColumn" are its parameters. */
    private static final Map<String, String> FORMATS = Map.of("lockContention.", "perf-lock-contention",
            "lockReport.", "perf-lock-report", "klockstat.", "klockstat", "lockStat.", "proc-lock-stat");

    private static final String KEY_COLUMN = ".keyColumn";

    /** Per tool, what its rows are keyed by in a dataset saved before the importer kept it: the tool's default. */
    private static final Map<String, String> DEFAULT_KEYS = Map.of("lockContention.", "caller", "lockReport.", "name",
            "klockstat.", "caller", "lockStat.", "class name");

    /** perf lock contention -t's key, "1950 nv_queue" ("-1" for a task perf did not know). */
    private static final java.util.regex.Pattern PID_COMM = java.util.regex.Pattern.compile("-?[0-9]+ .+");

    /**
     * Whether a metadata key belongs to a lock table: a cell, or what its rows are keyed by (which the
     * table's heading shows, so a parameter list leaves it out as it does the cells).
     */
    public static boolean isTableKey(String key) {
        return isCell(key) || key.endsWith(KEY_COLUMN)
                && FORMATS.containsValue(key.substring(0, key.length() - KEY_COLUMN.length()));
    }

    /** Whether a metadata key is a cell of a lock table: "lockContention.&lt;caller&gt;.&lt;field&gt;". */
    private static boolean isCell(String key) {
        return prefix(key) != null && key.lastIndexOf('.') > prefix(key).length();
    }

    /** Whether the rows are tasks, "PID COMM" (perf lock contention -t, or -t -o's lock owners). */
    public boolean tasks() {
        return key.startsWith("pid ");
    }

    /** The lock table in {@code parameters}, if any (the first tool's when a dataset holds two). */
    public static Optional<LockTable> of(Map<String, String> parameters) {
        String tool = null;
        LinkedHashSet<String> fields = new LinkedHashSet<>();
        Map<String, Map<String, String>> byName = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : parameters.entrySet()) {
            String key = e.getKey();
            if (!isCell(key)) {
                continue;
            }
            String p = prefix(key);
            if (tool == null) {
                tool = p;
            } else if (!tool.equals(p)) {
                continue;
            }
            int dot = key.lastIndexOf('.');
            String field = key.substring(dot + 1);
            fields.add(field);
            byName.computeIfAbsent(key.substring(p.length(), dot), n -> new LinkedHashMap<>()).put(field, e.getValue());
        }
        if (tool == null) {
            return Optional.empty();
        }
        LinkedHashSet<String> ordered = new LinkedHashSet<>();
        FIRST.get(tool).stream().filter(fields::contains).forEach(ordered::add);
        ordered.addAll(fields);
        fields = ordered;
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> r : byName.entrySet()) {
            List<String> values = new ArrayList<>();
            for (String f : fields) {
                values.add(r.getValue().getOrDefault(f, ""));
            }
            rows.add(new Row(r.getKey(), List.copyOf(values)));
        }
        String key = parameters.get(FORMATS.get(tool) + KEY_COLUMN);
        if (key == null || key.isBlank()) {
            key = olderKey(tool, fields, rows);
        }
        return Optional.of(new LockTable(TOOLS.get(tool), key, List.copyOf(fields), List.copyOf(rows)));
    }

    /**
     * What the rows of a dataset saved before the importer kept its key column are keyed by, as perf's
     * groupings leave it in the cells: a lock's row has its address (-l), a caller's its lock type
     * (perf prints one beside every caller), a task's neither and "PID COMM" for a name (-t); else the
     * tool's default.
     */
    private static String olderKey(String tool, java.util.Set<String> fields, List<Row> rows) {
        if (tool.equals("lockContention.") && !rows.isEmpty()) {
            if (fields.contains("address")) {
                return "symbol";
            }
            if (!fields.contains("type") && rows.stream().allMatch(r -> PID_COMM.matcher(r.name()).matches())) {
                return "pid comm";
            }
        }
        return DEFAULT_KEYS.get(tool);
    }

    /** A field as a column heading: "totalWaitUs" -> "total wait us", "SpinAvgNs" -> "spin avg ns". */
    public static String heading(String field) {
        return field.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    /**
     * The table as plain text under the tool's name: at most {@code maxRows} rows, names cut to {@code
     * nameWidth} at most under what they are ({@link #key()}), and the columns, in order, that keep a line
     * within {@code maxWidth}; a line says what was left out.
     */
    public String text(int maxRows, int nameWidth, int maxWidth) {
        List<Row> shown = rows.subList(0, Math.min(maxRows, rows.size()));
        int longest = PlainText.columns(PlainText.printable(key));
        for (Row r : shown) {
            longest = Math.max(longest, PlainText.columns(PlainText.printable(r.name())));
        }
        nameWidth = Math.min(nameWidth, longest);
        List<Integer> widths = new ArrayList<>();
        int line = nameWidth;
        for (int i = 0; i < fields.size(); i++) {
            int w = heading(fields.get(i)).length();
            for (Row r : shown) {
                w = Math.max(w, PlainText.countText(r.values().get(i)).length());
            }
            if (line + 2 + w > maxWidth) {
                break;
            }
            widths.add(w);
            line += 2 + w;
        }
        StringBuilder b = new StringBuilder();
        b.append(tool).append('\n');
        b.append(PlainText.padRight(key, nameWidth));
        for (int i = 0; i < widths.size(); i++) {
            b.append(String.format(Locale.ROOT, "  %" + widths.get(i) + "s", heading(fields.get(i))));
        }
        b.append('\n');
        // two callers alike for the column's width (a function's offsets) keep what tells them apart
        java.util.Iterator<String> names = PlainText.cutApart(shown.stream().map(Row::name).toList(), nameWidth)
                .iterator();
        for (Row r : shown) {
            b.append(PlainText.padRight(names.next(), nameWidth));
            for (int i = 0; i < widths.size(); i++) {
                // thousands grouped as in every text table: 8,580.00 us as perf printed 8580.00
                b.append(String.format(Locale.ROOT, "  %" + widths.get(i) + "s",
                        PlainText.countText(r.values().get(i))));
            }
            b.append('\n');
        }
        List<String> left = new ArrayList<>();
        if (shown.size() < rows.size()) {
            left.add((rows.size() - shown.size()) + " more rows");
        }
        if (widths.size() < fields.size()) {
            left.add("columns " + String.join(", ", fields.subList(widths.size(), fields.size()).stream()
                    .map(LockTable::heading).toList()));
        }
        if (!left.isEmpty()) {
            b.append("  ").append(PlainText.wrap("not shown: " + String.join("; ", left), 2)).append('\n');
        }
        return b.toString();
    }

    private static String prefix(String key) {
        for (String p : TOOLS.keySet()) {
            if (key.startsWith(p)) {
                return p;
            }
        }
        return null;
    }
}
