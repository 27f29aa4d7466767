package org.schedlab.io;

import com.univocity.parsers.common.TextParsingException;
import com.univocity.parsers.csv.CsvParser;
import com.univocity.parsers.csv.CsvParserSettings;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.IntervalsBuilder;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;
import org.schedlab.io.read.CountingInput;
import org.schedlab.io.read.ExportTables;
import org.schedlab.io.read.Printable;

/**
 * Reads back the tables {@link CsvExport} writes: a directory's {@code slices.csv},
 * {@code tasks.csv}, {@code task-states.csv}, {@code locks.csv}, {@code counters.csv},
 * {@code marks.csv}, {@code operations.csv}, {@code cpus.csv} and {@code parameters.csv} become
 * one dataset again, so an export edited in a spreadsheet, or filtered with pandas, opens in the
 * timeline. {@code tasks.csv} and
 * {@code slices.csv} must be there; a missing other table is an empty one, with a warning.
 * {@code cpus.csv} gives the CPUs no slice or mark names, {@code parameters.csv} the dataset's
 * parameters (an export made before they were written is read with the CPUs its slices and marks
 * name, and no parameters). What the tables do not hold is not read back: the dataset's origin and
 * seed (the dataset JSON keeps them) and why a mark was made. The import's
 * warnings, which {@code import-warnings.csv} beside them holds when there were some, are: the
 * dataset's {@code importWarnings}, and the first of the read's warnings.
 * <p>
 * Rows stream through univocity's CSV parser (the one Tablesaw reads and writes with), so a
 * table of ten million slices costs the dataset's columns and no more; every refusal names the
 * file, the line and what was expected there.
 */
public final class CsvTables {
    /** The format named in a dataset read from tables. */
    public static final String FORMAT = "schedlab-csv";

    /** Each table's header row, as {@link CsvExport} writes it. */
    static final Map<String, List<String>> HEADERS = ExportTables.HEADERS;

    /** What a read reports to, and asks about, as it goes. */
    public interface Progress {
        /** Bytes of all the tables read so far, of {@code total}. */
        void bytesRead(long done, long total);

        boolean isCancelled();

        Progress NONE = new Progress() {
            @Override
            public void bytesRead(long done, long total) {
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
    }

    /** The dataset and what the user should know about how it was read (tables missing). */
    public record Read(Dataset dataset, List<String> warnings) {
        public Read {
            warnings = List.copyOf(warnings);
        }
    }

    private CsvTables() {
    }

    /** Whether {@code dir} holds an export: its {@code tasks.csv} and {@code slices.csv}. */
    public static boolean isExportDirectory(Path dir) {
        return Files.isDirectory(dir) && Files.isRegularFile(dir.resolve(CsvExport.TASKS))
                && Files.isRegularFile(dir.resolve(CsvExport.SLICES));
    }

    /**
     * For a directory that holds some of an export's tables but not {@code tasks.csv} or
     * {@code slices.csv}: the refusal naming the one missing, as {@link #read} words it. Given
     * such a directory, a command said "is a directory, expected a dataset or recording file",
     * though a directory is what a CSV export is given as. Empty for any other path.
     */
    public static java.util.Optional<String> missingTable(Path dir) {
        if (!Files.isDirectory(dir) || isExportDirectory(dir)
                || CsvExport.FILES.stream().noneMatch(f -> Files.isRegularFile(dir.resolve(f)))) {
            return java.util.Optional.empty();
        }
        Path missing = dir.resolve(Files.isRegularFile(dir.resolve(CsvExport.TASKS)) ? CsvExport.SLICES : CsvExport.TASKS);
        return java.util.Optional.of(missing + ": " + notFound());
    }

    private static String notFound() {
        return "not found; a CSV export is read as the tables of one directory, by the names `schedlab export"
                + " --format csv` gives them (" + String.join(", ", CsvExport.FILES) + "), of which tasks.csv and"
                + " slices.csv are needed";
    }

    /**
     * Reads the export in {@code dirOrTable}: a directory, or one of its tables (the others are
     * found beside it by their names).
     *
     * @throws DatasetFormatException naming the file and line of the first problem
     * @throws IOException when a table cannot be read at all
     */
    public static Read read(Path dirOrTable, Progress progress) throws IOException, DatasetFormatException {
        Path dir = (Files.isDirectory(dirOrTable) ? dirOrTable : dirOrTable.toAbsolutePath().getParent())
                .toAbsolutePath().normalize();
        List<String> warnings = new ArrayList<>();
        long total = 0;
        for (String f : CsvExport.FILES) {
            Path p = dir.resolve(f);
            if (Files.isRegularFile(p)) {
                total += Files.size(p);
            } else if (f.equals(CsvExport.TASKS) || f.equals(CsvExport.SLICES)) {
                throw new DatasetFormatException(p.toString(), notFound());
            } else if (!f.equals(CsvExport.CPUS) && !f.equals(CsvExport.PARAMETERS)) {
                // no cpus.csv or parameters.csv is an export made before they were written: its CPUs are
                // those its slices and marks name, and it has no parameters
                warnings.add(p + ": not found; read as an empty table");
            }
        }
        Path carriedFile = dir.resolve(ExportTables.WARNINGS);
        boolean carries = Files.isRegularFile(carriedFile);
        if (carries) {
            total += Files.size(carriedFile);
        }
        Reading r = new Reading(dir, total, progress, warnings);
        List<String> carried = List.of();
        if (carries) {
            // the warnings of the import the tables were exported from, said first and as they were
            // said then; this read's own (tables missing, rows moved) follow
            carried = r.carriedWarnings();
            warnings.addAll(0, carried);
        }
        r.b.metadata(new Metadata(dir.toString(), FORMAT, r.parameters(), java.util.OptionalLong.empty(),
                org.schedlab.model.Version.current(), carried));
        r.tasks();
        r.slices();
        r.taskStates();
        r.locks();
        r.counters();
        r.marks();
        r.operations();
        r.cpus();
        r.alikeWarnings();
        try {
            return new Read(r.b.build(), warnings);
        } catch (InvalidDatasetException e) {
            DatasetFormatException f = new DatasetFormatException(dir.toString(), e.getMessage()
                    + " (the tables, read back, are not a valid dataset)");
            f.initCause(e);
            throw f;
        }
    }

    /** One read of a directory's tables into a builder. */
    private static final class Reading {
        private final Path dir;
        private final long total;
        private final Progress progress;
        private final DatasetBuilder b;
        /** tid -> the ids of tasks with that tid (several when a tid was reused, or renamed). */
        private final Map<Integer, List<Integer>> byTid = new HashMap<>();
        private final List<Integer> tids = new ArrayList<>();
        private final List<Integer> pids = new ArrayList<>();
        private final List<String> comms = new ArrayList<>();
        private final List<String> warnings;
        private int alike;
        /** Where the tasks' "same tid, pid and comm" warnings go, and them: said only if a table names tasks without ids. */
        private int alikeAt = -1;
        private final List<String> alikeWarnings = new ArrayList<>();
        /** Whether a table was read with the header of an export made before the task id column (tid, pid, comm alone). */
        private boolean namedByTid;
        private long doneBefore;
        /** Reading a table again for the lines of two rows: no progress to report. */
        private boolean rescanning;
        /** The data rows of the table read last. */
        private long tableRows;
        private int maxCpu = -1;
        /*
         * Lanes whose rows came out of time order (a table sorted by another column in a
         * spreadsheet): they are put in order when their table is read. Lanes in order stream
         * straight into the builder and are never touched again.
         */
        private final java.util.BitSet disorderedCpus = new java.util.BitSet();
        private final java.util.BitSet disorderedTasks = new java.util.BitSet();
        private final java.util.Set<String> disorderedHolds = new java.util.LinkedHashSet<>();
        private final java.util.Set<String> disorderedCounters = new java.util.LinkedHashSet<>();
        private final java.util.Set<String> disorderedOperations = new java.util.LinkedHashSet<>();
        /** The line of the last row of each CPU and of each task's lane, to name it in an overlap. */
        private long[] cpuLine = new long[0];
        private long[] taskLine = new long[0];

        Reading(Path dir, long total, Progress progress, List<String> warnings) {
            this.dir = dir;
            this.warnings = warnings;
            this.total = total;
            this.progress = progress;
            b = Dataset.builder(Metadata.of(dir.toString(), FORMAT));
        }

        /** The rows of {@value ExportTables#WARNINGS}: the warnings of the import the export was made from. */
        List<String> carriedWarnings() throws IOException, DatasetFormatException {
            List<String> out = new ArrayList<>();
            each(ExportTables.WARNINGS, row -> out.add(row.text(0)));
            return out;
        }

        /**
         * The tasks, in the order of their ids (a task's id is its place in the dataset). Rows may
         * come in any order (sorted by comm in a spreadsheet); the ids must be 0..n-1, each once.
         * A table of tasks is small (one row per thread), so its rows are held until all are read.
         */
        void tasks() throws IOException, DatasetFormatException {
            List<Row> rows = new ArrayList<>();
            Path file = dir.resolve(CsvExport.TASKS);
            each(CsvExport.TASKS, row -> {
                row.integer(0, "a task id");
                row.integer(1, "a thread id");
                row.integer(2, "a process id");
                rows.add(row);
            });
            Row[] byId = new Row[rows.size()];
            int moved = 0;
            for (int i = 0; i < rows.size(); i++) {
                Row row = rows.get(i);
                int id = row.integer(0, "a task id");
                if (id < 0 || id >= byId.length) {
                    throw new DatasetFormatException(file.toString(), row.line(), 1, "id: expected a task id 0.."
                            + (byId.length - 1) + " (ids number the table's " + byId.length + " rows from 0), found " + id);
                }
                if (byId[id] != null) {
                    throw new DatasetFormatException(file.toString(), row.line(), 1, "id " + id + " is given twice,"
                            + " also on line " + byId[id].line() + "; expected each task id once");
                }
                byId[id] = row;
                moved += id != i ? 1 : 0;
            }
            for (Row row : byId) {
                int id = b.taskCount();
                int tid = row.integer(1, "a thread id");
                int pid = row.integer(2, "a process id");
                List<Integer> sameTid = byTid.getOrDefault(tid, List.of());
                for (int other : sameTid) {
                    if (pids.get(other) == pid && comms.get(other).equals(row.text(3)) && ++alike <= 3) {
                        alikeWarnings.add(row.file() + ":" + row.line() + ": task " + id + " has the tid, pid and comm of"
                                + " task " + other + "; the other tables name a task by these, so its rows are read"
                                + " as task " + other + "'s");
                    }
                }
                b.addTask(tid, pid, row.text(3));
                tids.add(tid);
                pids.add(pid);
                comms.add(row.text(3));
                byTid.computeIfAbsent(tid, t -> new ArrayList<>(1)).add(id);
            }
            alikeAt = warnings.size();
            if (moved > 0) {
                warnings.add(file + ": rows not in id order; read in id order, moving " + moved + " of its "
                        + rows.size() + " rows");
            }
        }

        /**
         * Says that tasks of one tid, pid and comm were read as one, if a table named its tasks by
         * those alone (an export made before the {@value ExportTables#TASK_ID} column): the column
         * tells them apart.
         */
        void alikeWarnings() {
            if (namedByTid && alikeAt >= 0) {
                warnings.addAll(alikeAt, alikeWarnings);
            }
        }

        void slices() throws IOException, DatasetFormatException {
            each(CsvExport.SLICES, row -> {
                int cpu = row.integer(0, "a CPU number");
                if (cpu < 0 || cpu > 65_535) {
                    throw row.problem("cpu: expected a CPU number 0..65535, found " + cpu);
                }
                ensureCpu(cpu);
                long start = row.nanos(1, "startNs");
                long end = row.nanos(2, "endNs");
                SliceState state = SliceState.ofLabel(row.text(7)).orElseThrow(() -> row.problem(
                        "state: expected one of " + labels(SliceState.values(), SliceState::label) + ", found '" + row.text(7) + "'"));
                IntervalsBuilder lane = b.cpu(cpu);
                if (cpu >= cpuLine.length) {
                    cpuLine = java.util.Arrays.copyOf(cpuLine, Math.max(cpu + 1, cpuLine.length * 2));
                }
                if (!follows(row, lane, start, end, cpuLine[cpu], "slice of CPU ", cpu, "slices of one CPU")) {
                    disorderedCpus.set(cpu);
                }
                cpuLine[cpu] = row.line();
                lane.add(start, end, task(row, 4), state.code());
            });
            long moved = 0;
            for (int cpu = disorderedCpus.nextSetBit(0); cpu >= 0; cpu = disorderedCpus.nextSetBit(cpu + 1)) {
                int c = cpu;
                moved += inTimeOrder(CsvExport.SLICES, b.cpu(cpu), "slice of CPU " + cpu, "slices of one CPU",
                        row -> row.integer(0, "a CPU number") == c);
            }
            reordered(CsvExport.SLICES, moved);
        }

        void taskStates() throws IOException, DatasetFormatException {
            each(CsvExport.TASK_STATES, row -> {
                int task = task(row, 0);
                if (task == Intervals.NO_TASK) {
                    throw row.problem("a task-state row needs its task (tid, pid, comm)");
                }
                TaskState state = TaskState.ofLabel(row.text(6)).orElseThrow(() -> row.problem(
                        "state: expected one of " + labels(TaskState.values(), TaskState::label) + ", found '" + row.text(6) + "'"));
                long start = row.nanos(3, "startNs");
                long end = row.nanos(4, "endNs");
                IntervalsBuilder lane = b.taskLane(task);
                if (task >= taskLine.length) {
                    taskLine = java.util.Arrays.copyOf(taskLine, Math.max(task + 1, b.taskCount()));
                }
                if (!follows(row, lane, start, end, taskLine[task], "state of this task", -1, "states of one task")) {
                    disorderedTasks.set(task);
                }
                taskLine[task] = row.line();
                lane.add(start, end, task, state.code());
            });
            long moved = 0;
            for (int task = disorderedTasks.nextSetBit(0); task >= 0; task = disorderedTasks.nextSetBit(task + 1)) {
                int t = task;
                moved += inTimeOrder(CsvExport.TASK_STATES, b.taskLane(task), "state of this task",
                        "states of one task", row -> task(row, 0) == t);
            }
            reordered(CsvExport.TASK_STATES, moved);
        }

        void locks() throws IOException, DatasetFormatException {
            each(CsvExport.LOCKS, row -> {
                String shared = row.text(2);
                if (!shared.equals("true") && !shared.equals("false")) {
                    throw row.problem("shared: expected true or false, found '" + shared + "'");
                }
                DatasetBuilder.LockBuilder lock = b.lock(row.text(0), row.text(1), shared.equals("true"));
                long start = row.nanos(4, "startNs");
                long end = row.nanos(5, "endNs");
                if (end < start) {
                    throw row.problem("endNs " + end + " is before startNs " + start);
                }
                int task = task(row, 7);
                if (task == Intervals.NO_TASK) {
                    throw row.problem("a lock's hold or wait row needs its task (tid, pid, comm)");
                }
                String mode = row.text(10);
                IntervalsBuilder holds = lock.holds();
                if (row.text(3).equals("hold") && !lock.shared() && holds.size() > 0 && (start < holds.lastEndNs()
                        || start == holds.lastStartNs() && end < holds.lastEndNs())) {
                    // out of order, or overlapping: an exclusive lock's holds are put in time order
                    // below, where an overlap is named by the lines of both rows
                    disorderedHolds.add(row.text(0));
                }
                switch (row.text(3)) {
                    case "hold" -> lock.hold(start, end, task, switch (mode) {
                        case "" -> LockLane.HOLD_NOT_RECORDED;
                        case "read" -> LockLane.HOLD_READ;
                        case "write" -> LockLane.HOLD_WRITE;
                        default -> throw row.problem("mode of a hold: expected read, write or nothing, found '"
                                + mode + "'");
                    });
                    case "wait" -> lock.waitFor(start, end, task, WaitMode.ofLabel(mode).orElseThrow(() ->
                            row.problem("mode of a wait: expected one of " + labels(WaitMode.values(), WaitMode::label)
                                    + ", found '" + mode + "'")));
                    default -> throw row.problem("event: expected hold or wait, found '" + row.text(3) + "'");
                }
            });
            long moved = 0;
            for (String name : disorderedHolds) {
                // any lock's holds and waits may come in any order: shared holds and waits are ordered
                // when the dataset is built, as they may overlap; an exclusive lock's holds are ordered
                // here, where an overlap can be named by its line
                moved += inTimeOrder(CsvExport.LOCKS, b.lock(name, "", false).holds(), "hold of lock " + name,
                        "holds of an exclusive lock", row -> row.text(0).equals(name) && row.text(3).equals("hold"));
            }
            if (moved > 0) {
                warnings.add(dir.resolve(CsvExport.LOCKS) + ": holds of an exclusive lock not in time order; read in"
                        + " time order, moving " + moved + " of its " + tableRows + " rows");
            }
        }

        void counters() throws IOException, DatasetFormatException {
            each(CsvExport.COUNTERS, row -> {
                String v = row.text(3);
                double value;
                if (v.isEmpty()) {
                    value = Double.NaN; // a gap: no value until the counter's next row
                } else {
                    try {
                        value = Double.parseDouble(v);
                    } catch (NumberFormatException e) {
                        throw row.problem("value: expected a number or an empty cell (a gap), found '" + v + "'");
                    }
                    if (!Double.isFinite(value)) {
                        throw row.problem("value: expected a finite number or an empty cell (a gap), found '" + v + "'");
                    }
                }
                long t = row.nanos(2, "tNs");
                DatasetBuilder.CounterBuilder counter = b.counter(row.text(0), row.text(1));
                if (t < counter.lastTNs()) {
                    disorderedCounters.add(row.text(0));
                }
                counter.add(t, value);
            });
            long moved = 0;
            for (String name : disorderedCounters) {
                // equal times keep the file's order: the later row is the value the counter goes on with
                moved += movedRows(b.counter(name, "").sortByTime());
            }
            reordered(CsvExport.COUNTERS, moved);
        }

        void marks() throws IOException, DatasetFormatException {
            each(CsvExport.MARKS, row -> {
                MarkKind kind = MarkKind.ofLabel(row.text(1)).orElseThrow(() -> row.problem(
                        "kind: expected one of " + labels(MarkKind.values(), MarkKind::label) + ", found '" + row.text(1) + "'"));
                int cpu = -1;
                if (!row.text(2).isEmpty()) {
                    cpu = row.integer(2, "a CPU number or an empty cell");
                    if (cpu < 0 || cpu > 65_535) {
                        throw row.problem("cpu: expected a CPU number 0..65535 or an empty cell, found " + cpu);
                    }
                    ensureCpu(cpu);
                }
                b.mark(kind, row.nanos(0, "tNs"), cpu, task(row, 3), row.text(6), 0, waker(row));
            });
        }

        /** The dataset's parameters, in the table's order; a parameter given twice is refused with both lines. */
        Map<String, String> parameters() throws IOException, DatasetFormatException {
            Map<String, String> out = new java.util.LinkedHashMap<>();
            Map<String, Long> lines = new HashMap<>();
            each(CsvExport.PARAMETERS, row -> {
                Long first = lines.putIfAbsent(row.text(0), row.line());
                if (first != null) {
                    throw row.problem("parameter '" + Printable.clip(row.text(0), 60) + "' again, also on line " + first
                            + "; expected each parameter once");
                }
                out.put(row.text(0), row.text(1));
            });
            return out;
        }

        /** The dataset's CPUs, one a row: those no slice or mark names are known from here alone. */
        void cpus() throws IOException, DatasetFormatException {
            each(CsvExport.CPUS, row -> {
                int cpu = row.integer(0, "a CPU number");
                if (cpu < 0 || cpu > 65_535) {
                    throw row.problem("cpu: expected a CPU number 0..65535, found " + cpu);
                }
                ensureCpu(cpu);
            });
        }

        void operations() throws IOException, DatasetFormatException {
            each(CsvExport.OPERATIONS, row -> {
                long latency = row.nanos(2, "latencyNs");
                if (latency < 0) {
                    throw row.problem("latencyNs: expected a latency of 0 ns or more, found " + latency);
                }
                long end = row.nanos(1, "endNs");
                DatasetBuilder.OperationBuilder op = b.operation(row.text(0));
                if (end < op.lastEndNs()) {
                    disorderedOperations.add(row.text(0));
                }
                op.add(end, latency);
            });
            long moved = 0;
            for (String name : disorderedOperations) {
                moved += movedRows(b.operation(name).sortByEnd());
            }
            reordered(CsvExport.OPERATIONS, moved);
        }

        /**
         * Whether a row may follow its lane's last row as it is: false when it starts earlier (or
         * at the same time and ends earlier), so the lane is put in time order once its table is
         * read. Refuses at once a row that ends before it starts, or that starts inside the lane's
         * last row (an overlap in any order), naming both rows' lines.
         */
        private static boolean follows(Row row, IntervalsBuilder lane, long start, long end, long lastLine,
                                       String what, int laneNumber, String lanes) {
            if (end < start) {
                throw row.problem("endNs " + end + " is before startNs " + start);
            }
            long lastStart = lane.lastStartNs();
            long lastEnd = lane.lastEndNs();
            if (lane.size() == 0) {
                return true;
            }
            if (start < lastStart || start == lastStart && end < lastEnd) {
                return false;
            }
            if (start < lastEnd) {
                // the lane's name is made only here: this runs for each of millions of rows
                throw row.problem(overlap(start, laneNumber < 0 ? what : what + laneNumber, lastLine, lastEnd, lanes));
            }
            return true;
        }

        private static String overlap(long start, String what, long otherLine, long otherEnd, String lanes) {
            return "starts at " + start + ", before the " + what + " on line " + otherLine + " ends at " + otherEnd
                    + "; " + lanes + " must not overlap";
        }

        /**
         * Puts a lane whose rows came out of order in time order - by start, then end, then the
         * row's place in the file - and refuses it if two of its rows then overlap, naming the
         * later one's line (found by reading the table again: only on this error, and no line
         * number per row is kept). Returns how many rows moved.
         */
        private long inTimeOrder(String table, IntervalsBuilder lane, String what, String lanes,
                                 java.util.function.Predicate<Row> inLane) throws IOException, DatasetFormatException {
            int[] order = lane.sortByStartThenEnd();
            int k = lane.firstOverlap();
            if (k >= 0) {
                long[] lines = linesOf(table, inLane, order[k - 1], order[k]);
                int before = k - 1;
                throw new DatasetFormatException(dir.resolve(table).toString(), lines[1], 1, overlap(
                        lane.startAt(k), what, lines[0], lane.endAt(before), lanes)
                        + " (the rows were put in time order first)");
            }
            return movedRows(order);
        }

        private static long movedRows(int[] order) {
            long moved = 0;
            for (int k = 0; k < order.length; k++) {
                moved += order[k] != k ? 1 : 0;
            }
            return moved;
        }

        /** Says once per table that rows were put in time order, and how many of them moved. */
        private void reordered(String table, long moved) {
            if (moved > 0) {
                warnings.add(dir.resolve(table) + ": rows not in time order (a table sorted by another column?); read"
                        + " in time order, moving " + moved + " of its " + tableRows + " rows");
            }
        }

        /** The lines of the {@code a}-th and {@code b}-th rows (from 0) of a lane, in the file's order. */
        private long[] linesOf(String table, java.util.function.Predicate<Row> inLane, int a, int b)
                throws IOException, DatasetFormatException {
            long[] lines = new long[2];
            int[] seen = {0, 0};
            rescanning = true;
            try {
                each(table, row -> {
                    if (inLane.test(row)) {
                        int i = seen[0]++;
                        if (i == a) {
                            lines[0] = row.line();
                            seen[1]++;
                        }
                        if (i == b) {
                            lines[1] = row.line();
                            seen[1]++;
                        }
                        if (seen[1] == 2) {
                            throw new Found();
                        }
                    }
                });
            } catch (Found done) {
                // both rows named
            } finally {
                rescanning = false;
            }
            return lines;
        }

        private void ensureCpu(int cpu) {
            if (cpu > maxCpu) {
                maxCpu = cpu;
                b.cpuCount(cpu + 1);
            }
        }

        /**
         * A mark row's waker: the task its {@code waker} cell names (its {@code wakerTid} must be that
         * task's), the idle task for a {@code wakerTid} of 0 and no {@code waker}, none for two empty
         * cells (and in an export made before the columns).
         */
        private int waker(Row row) {
            int at = row.header().indexOf(ExportTables.WAKER_TID);
            if (at < 0) {
                return Marks.NO_WAKER;
            }
            String tid = row.text(at);
            String id = row.text(at + 1);
            if (tid.isEmpty() && id.isEmpty()) {
                return Marks.NO_WAKER;
            }
            int t = row.integer(at, "the waker's thread id (0 the idle task) or an empty cell");
            if (id.isEmpty()) {
                if (t != 0) {
                    throw row.problem(ExportTables.WAKER + ": expected the waker's task id of " + CsvExport.TASKS
                            + " for " + ExportTables.WAKER_TID + " " + t + " (empty only for the idle task, tid 0)");
                }
                return Marks.IDLE_WAKER;
            }
            int w = row.integer(at + 1, "a task id of " + CsvExport.TASKS + " or an empty cell");
            if (w < 0 || w >= pids.size() || tids.get(w) != t) {
                throw row.problem(ExportTables.WAKER + ": expected the id of a task of " + CsvExport.TASKS
                        + " whose tid is " + ExportTables.WAKER_TID + " " + t + ", found " + w);
            }
            return w;
        }

        /**
         * The task a row names: by its {@value ExportTables#TASK_ID} cell where the table has one and
         * it is not empty (checked against the row's tid, pid and comm), else the first task of the
         * tid, pid and comm cells (from {@code at}); NO_TASK when all are empty.
         */
        private int task(Row row, int at) {
            String tid = row.text(at);
            String pid = row.text(at + 1);
            String comm = row.text(at + 2);
            int idAt = row.header().indexOf(ExportTables.TASK_ID);
            boolean byId = idAt >= 0;
            if (tid.isEmpty() && pid.isEmpty() && comm.isEmpty() && (!byId || row.text(idAt).isEmpty())) {
                return Intervals.NO_TASK;
            }
            int t = row.integer(at, "a thread id (or empty cells for no task)");
            int p = row.integer(at + 1, "a process id");
            if (byId && !row.text(idAt).isEmpty()) {
                // the task's id tells apart tasks of one tid, pid and comm; its cells must still name it.
                // A row without one (added in a spreadsheet) is the first task its tid, pid and comm name
                int id = row.integer(idAt, "a task id of " + CsvExport.TASKS + " or an empty cell");
                if (id < 0 || id >= pids.size()) {
                    throw row.problem(ExportTables.TASK_ID + ": expected a task id of " + CsvExport.TASKS + ", 0.."
                            + (pids.size() - 1) + ", found " + id);
                }
                if (tids.get(id) != t || pids.get(id) != p || !comms.get(id).equals(comm)) {
                    throw row.problem(ExportTables.TASK_ID + ": task " + id + " of " + CsvExport.TASKS + " is tid "
                            + tids.get(id) + ", pid " + pids.get(id) + " and comm '" + Printable.clip(comms.get(id), 40)
                            + "', but the row names tid " + t + ", pid " + p + " and comm '" + Printable.clip(comm, 40)
                            + "'; expected the id of the task the row names");
                }
                return id;
            }
            for (int id : byTid.getOrDefault(t, List.of())) {
                if (pids.get(id) == p && comms.get(id).equals(comm)) {
                    return id;
                }
            }
            throw row.problem("no task with tid " + t + ", pid " + p + " and comm '" + comm + "' in "
                    + CsvExport.TASKS);
        }

        /** Streams the rows of one table (after its header) into {@code each}; a missing table has none. */
        private void each(String name, RowHandler each) throws IOException, DatasetFormatException {
            Path file = dir.resolve(name);
            if (!Files.isRegularFile(file)) {
                return;
            }
            CsvParserSettings s = new CsvParserSettings();
            s.getFormat().setLineSeparator("\n");
            s.getFormat().setComment('\0'); // no comment lines: a counter or lock may be named "#..."
            s.setLineSeparatorDetectionEnabled(true);
            s.setNullValue("");
            s.setEmptyValue("");
            s.setIgnoreLeadingWhitespaces(false);
            s.setIgnoreTrailingWhitespaces(false);
            s.setSkipEmptyLines(true);
            s.setNormalizeLineEndingsWithinQuotes(false); // a name's own \r\n stays as it was written
            s.setMaxColumns(64);
            s.setMaxCharsPerColumn(1 << 20);
            s.setReadInputOnSeparateThread(false);
            CsvParser parser = new CsvParser(s);
            List<String> header = name.equals(ExportTables.WARNINGS) ? ExportTables.WARNINGS_HEADER : HEADERS.get(name);
            long size = Files.size(file);
            try (CountingInput counted = new CountingInput(Files.newInputStream(file));
                 Reader in = new InputStreamReader(counted, StandardCharsets.UTF_8.newDecoder()
                         .onMalformedInput(CodingErrorAction.REPORT)
                         .onUnmappableCharacter(CodingErrorAction.REPORT))) {
                try {
                    parser.beginParsing(in);
                } catch (TextParsingException e) {
                    throw unreadable(file, e);
                }
                String[] cells;
                long rows = 0;
                boolean first = true;
                while ((cells = next(parser, file)) != null) {
                    long line = parser.getContext().currentLine();
                    Row row = new Row(file, line, cells, header);
                    if (first) {
                        first = false;
                        List<String> old = ExportTables.OLD_HEADERS.get(name);
                        if (old != null && List.of(cells).equals(old)) {
                            header = old; // an export made before the task id column: tasks named by tid, pid and comm
                            namedByTid = true;
                        } else if (List.of(cells).equals(ExportTables.BEFORE_WAKER_HEADERS.get(name))) {
                            header = ExportTables.BEFORE_WAKER_HEADERS.get(name); // no waker recorded
                        } else if (!List.of(cells).equals(header)) {
                            throw new DatasetFormatException(file.toString(), line, 1, "expected the header "
                                    + String.join(",", header) + " (as `schedlab export --format csv` writes " + name
                                    + "), found " + Printable.clip(String.join(",", cells), 80));
                        }
                        continue;
                    }
                    if (cells.length != header.size()) {
                        throw row.problem("expected " + header.size() + " fields (" + String.join(",", header)
                                + "), found " + cells.length);
                    }
                    try {
                        each.accept(row);
                    } catch (IllegalArgumentException e) {
                        // what the builder refuses at once (an end before its start, a counter out of order)
                        throw row.problem(e.getMessage());
                    }
                    if ((++rows & 0x3fff) == 0) {
                        if (progress.isCancelled()) {
                            throw new java.io.InterruptedIOException("cancelled");
                        }
                        if (!rescanning) {
                            progress.bytesRead(doneBefore + counted.count(), total);
                        }
                    }
                }
                if (first) {
                    throw new DatasetFormatException(file.toString(), 1, 1, "the table is empty; expected the header "
                            + String.join(",", header) + " (as `schedlab export --format csv` writes " + name + ")");
                }
                if (!rescanning) {
                    tableRows = rows;
                }
            } catch (RowProblem e) {
                long column = e.field <= 0 ? 1 : fieldColumn(parser.getContext().currentParsedContent(), e.field);
                throw new DatasetFormatException(file.toString(), e.line, column, e.getMessage(), e);
            } catch (TextParsingException e) {
                throw unreadable(file, e);
            } catch (java.nio.charset.CharacterCodingException e) {
                throw notUtf8(file, e);
            } finally {
                parser.stopParsing();
            }
            if (!rescanning) {
                doneBefore += size;
                progress.bytesRead(doneBefore, total);
            }
        }

        /** The parser's next row; its own failures (a field past 1 MiB, a coding error) as the user's. */
        private static String[] next(CsvParser parser, Path file) throws IOException, DatasetFormatException {
            try {
                return parser.parseNext();
            } catch (TextParsingException e) {
                throw unreadable(file, e);
            }
        }

        private static DatasetFormatException unreadable(Path file, TextParsingException e) throws IOException {
            // the parser decodes a buffer ahead of its rows: the coding error comes wrapped (in an
            // IllegalStateException when it fills its first buffer) and its line is not the byte's
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                if (c instanceof java.nio.charset.CharacterCodingException) {
                    return notUtf8(file, e);
                }
            }
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            long line = Math.max(1, e.getLineIndex() + 1);
            String what = e.getCause() instanceof ArrayIndexOutOfBoundsException
                    ? "a field longer than 1 MiB or more than 64 fields (a quote that is never closed?)"
                    : "a row the CSV parser cannot read";
            return new DatasetFormatException(file.toString(), line, 1, what, e);
        }
    }

    /**
     * A table that is not UTF-8 (saved by a spreadsheet in another encoding, or damaged), named at
     * its first byte that is not, which the file is read again to find: the parser's own error
     * said line 1 and "a row the CSV parser cannot read".
     */
    private static DatasetFormatException notUtf8(Path file, Exception cause) throws IOException {
        java.util.Optional<Utf8Scan.Bad> bad = Utf8Scan.firstBad(file);
        String expected = "expected UTF-8 text, as `schedlab export --format csv` writes it"
                + " (a spreadsheet that saved it in another encoding? save it as CSV UTF-8)";
        if (bad.isEmpty()) {
            return new DatasetFormatException(file.toString(), 1, 1, "not UTF-8 text; " + expected, cause);
        }
        if (bad.get().endsInside()) { // cut while copied or written: no other encoding to save it in
            return new DatasetFormatException(file.toString(), bad.get().line(), bad.get().column(),
                    "the file ends inside a character (" + bad.get().cut() + "): it was cut there, not saved in another"
                    + " encoding; expected the whole table, as `schedlab export --format csv` writes it (copy or"
                    + " export it again)", cause);
        }
        return new DatasetFormatException(file.toString(), bad.get().line(), bad.get().column(),
                bad.get().what() + "; " + expected, cause);
    }

    private static <E> String labels(E[] values, java.util.function.Function<E, String> label) {
        List<String> out = new ArrayList<>();
        for (E v : values) {
            out.add(label.apply(v));
        }
        return String.join(", ", out);
    }

    @FunctionalInterface
    private interface RowHandler {
        void accept(Row row) throws DatasetFormatException;
    }

    /** Ends a second reading of a table once the rows it looked for are found. */
    private static final class Found extends RuntimeException {
        Found() {
            super(null, null, false, false);
        }
    }

    /** A refusal inside a row's handler, carried out of the lambdas as an unchecked exception. */
    private static final class RowProblem extends RuntimeException {
        final long line;
        /** The 0-based field the message is about (it begins with that column's name), -1 for the row. */
        final int field;

        RowProblem(long line, int field, String message) {
            super(message, null, false, false);
            this.line = line;
            this.field = field;
        }
    }

    /**
     * The 1-based character column where field {@code field} begins in a row's text as read
     * ({@code raw}: quotes and all), 1 when it cannot be told: the place an editor jumps to. Every
     * message said column 1, also for a bad {@code state} in field 8.
     */
    static long fieldColumn(String raw, int field) {
        if (raw == null || field <= 0) {
            return 1;
        }
        boolean quoted = false;
        int seen = 0;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '"') {
                quoted = !quoted; // a doubled quote inside a quoted field turns it off and on again
            } else if (c == ',' && !quoted && ++seen == field) {
                return i + 2L;
            } else if ((c == '\n' || c == '\r') && !quoted) {
                break;
            }
        }
        return 1;
    }

    /** One data row, with where it is for messages. */
    private record Row(Path file, long line, String[] cells, List<String> header) {
        String text(int i) {
            return cells[i] == null ? "" : cells[i];
        }

        /** A refusal of this row; one whose message begins with a column's name points at that field. */
        RowProblem problem(String what) {
            int field = -1;
            for (int i = 0; i < header.size(); i++) {
                String h = header.get(i);
                if ((what.startsWith(h + ":") || what.startsWith(h + " "))
                        && (field < 0 || h.length() > header.get(field).length())) {
                    field = i;
                }
            }
            return new RowProblem(line, field, what);
        }

        int integer(int i, String expected) {
            String v = text(i);
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw problem(header.get(i) + ": expected " + expected + ", found '"
                        + Printable.clip(v, 40) + "'");
            }
        }

        long nanos(int i, String column) {
            String v = text(i);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw problem(column + ": expected a time in whole nanoseconds, found '" + Printable.clip(v, 40) + "'");
            }
        }
    }
}
