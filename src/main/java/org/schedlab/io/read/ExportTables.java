package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tables of SchedLab's CSV export (docs/FORMATS.md): their file names and header rows. The
 * export writes them, the CSV tables reader reads them back, and the importer recognises one by
 * its header so that it can say what the file is rather than "not a recording".
 */
public final class ExportTables {
    public static final String SLICES = "slices.csv";
    public static final String TASKS = "tasks.csv";
    public static final String TASK_STATES = "task-states.csv";
    public static final String LOCKS = "locks.csv";
    public static final String COUNTERS = "counters.csv";
    public static final String MARKS = "marks.csv";
    public static final String OPERATIONS = "operations.csv";
    /**
     * One row per CPU of the dataset, {@code 0..cpuCount-1}: a CPU with no slice and no mark (a
     * lock-only recording's, a CPU named only as a migration target) is in no other table, and
     * read back without it the dataset lost it. An export made before this table was read back
     * with the CPUs its slices and marks name, as it still is.
     */
    public static final String CPUS = "cpus.csv";
    /**
     * The dataset's parameters, one a row in their order: a run's, or what a recording says of
     * itself (a perf lock contention or klockstat table imported alone is its parameters and no
     * lane, so read back without them it was empty). An export made before this table was read
     * back without parameters, as it still is.
     */
    public static final String PARAMETERS = "parameters.csv";
    /**
     * The import's warnings (the dataset's {@code importWarnings}), one per row under the header
     * {@code warning}; written beside the tables only when there are some, so the export of a
     * recording whose import warned still says so, and reads back with them. Not one of
     * {@link #FILES}: its absence is an export of a dataset without warnings, not a table lost.
     */
    public static final String WARNINGS = "import-warnings.csv";
    /** The header row of {@link #WARNINGS}. */
    public static final List<String> WARNINGS_HEADER = List.of("warning");

    /**
     * The last column of the tables that name a task (slices, task states, locks, marks): the
     * task's {@code id} in {@link #TASKS}, empty where the row has no task. Its tid, pid and comm
     * do not tell apart two tasks of one tid, pid and comm (a tid the kernel reused for the same
     * program after its first task exited); the id does.
     */
    public static final String TASK_ID = "task";

    /** Each table's header row, in the order the export writes the tables. */
    public static final Map<String, List<String>> HEADERS;
    /**
     * The header rows of exports made before {@link #TASK_ID} was written, for the tables that now
     * end with it: read as before, a task named by its tid, pid and comm.
     */
    public static final Map<String, List<String>> OLD_HEADERS;
    /**
     * The header rows of exports made after {@link #TASK_ID} but before the wake-ups' wakers were
     * written ({@link #WAKER_TID}, {@link #WAKER}), for the tables that now have them: read with no
     * waker recorded.
     */
    public static final Map<String, List<String>> BEFORE_WAKER_HEADERS;
    /** marks.csv: the waker's tid (0 the idle task), empty where none was recorded. */
    public static final String WAKER_TID = "wakerTid";
    /** marks.csv: the waker's id in tasks.csv (empty for the idle task and where none was recorded). */
    public static final String WAKER = "waker";

    static {
        Map<String, List<String>> h = new LinkedHashMap<>();
        Map<String, List<String>> old = new LinkedHashMap<>();
        old.put(SLICES, List.of("cpu", "startNs", "endNs", "durationNs", "tid", "pid", "comm", "state"));
        old.put(TASK_STATES, List.of("tid", "pid", "comm", "startNs", "endNs", "durationNs", "state"));
        old.put(LOCKS, List.of("lock", "kind", "shared", "event", "startNs", "endNs", "durationNs", "tid", "pid",
                "comm", "mode"));
        old.put(MARKS, List.of("tNs", "kind", "cpu", "tid", "pid", "comm", "note"));
        OLD_HEADERS = Collections.unmodifiableMap(old);
        h.put(SLICES, withTaskId(old.get(SLICES)));
        h.put(TASKS, List.of("id", "tid", "pid", "comm"));
        h.put(TASK_STATES, withTaskId(old.get(TASK_STATES)));
        h.put(LOCKS, withTaskId(old.get(LOCKS)));
        h.put(COUNTERS, List.of("counter", "unit", "tNs", "value"));
        List<String> marks = new ArrayList<>(withTaskId(old.get(MARKS)));
        BEFORE_WAKER_HEADERS = Map.of(MARKS, List.copyOf(marks));
        marks.add(WAKER_TID);
        marks.add(WAKER);
        h.put(MARKS, List.copyOf(marks));
        h.put(OPERATIONS, List.of("op", "endNs", "latencyNs"));
        h.put(CPUS, List.of("cpu"));
        h.put(PARAMETERS, List.of("parameter", "value"));
        HEADERS = Collections.unmodifiableMap(h);
    }

    /** The file names, in the order the export writes them. */
    public static final List<String> FILES = List.copyOf(HEADERS.keySet());

    private ExportTables() {
    }

    private static List<String> withTaskId(List<String> header) {
        List<String> out = new ArrayList<>(header);
        out.add(TASK_ID);
        return List.copyOf(out);
    }

    /**
     * Which table a file is, by its first line (the header row): the name the export gives it
     * ({@link #WARNINGS} for the import's warnings beside the tables).
     */
    public static Optional<String> tableOf(String firstLine) {
        List<String> cells = List.of(firstLine.strip().split(",", -1));
        if (cells.equals(WARNINGS_HEADER)) {
            return Optional.of(WARNINGS);
        }
        for (Map.Entry<String, List<String>> e : HEADERS.entrySet()) {
            if (e.getValue().equals(cells) || cells.equals(OLD_HEADERS.get(e.getKey()))
                    || cells.equals(BEFORE_WAKER_HEADERS.get(e.getKey()))) {
                return Optional.of(e.getKey());
            }
        }
        return Optional.empty();
    }

    /**
     * The table a header row that is not one resembles, for a message saying so: a row named as a
     * table's file ({@code fileName} is {@code slices.csv}), or holding at least three of a
     * table's columns and half of them, as a table with a column cut out or renamed does. The one
     * sharing the most columns; empty for anything else (a CSV sharing a name or two with one).
     */
    public static Optional<String> resembledBy(String fileName, String firstLine) {
        List<String> cells = List.of(firstLine.strip().split(",", -1));
        if (cells.size() < 2) {
            return Optional.empty();
        }
        String best = null;
        long bestShared = 0;
        for (Map.Entry<String, List<String>> e : HEADERS.entrySet()) {
            long shared = e.getValue().stream().filter(cells::contains).count();
            boolean named = e.getKey().equals(fileName);
            if ((named || shared >= 3 && shared * 2 >= e.getValue().size()) && (best == null || shared > bestShared)) {
                best = e.getKey();
                bestShared = shared;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * What a header row that {@link #resembledBy} {@code table} lacks or has besides its columns:
     * "missing comm", "missing comm; not an export column: name".
     */
    public static String headerDifference(String table, String firstLine) {
        List<String> cells = List.of(firstLine.strip().split(",", -1));
        List<String> header = HEADERS.get(table);
        List<String> missing = header.stream().filter(c -> !cells.contains(c)).toList();
        List<String> extra = cells.stream().filter(c -> !header.contains(c)).toList();
        List<String> parts = new ArrayList<>();
        if (!missing.isEmpty()) {
            parts.add("missing " + String.join(", ", missing));
        }
        if (!extra.isEmpty()) {
            parts.add("not an export column: " + Printable.clip(String.join(", ", extra), 60));
        }
        return parts.isEmpty() ? "the columns in another order" : String.join("; ", parts);
    }
}
