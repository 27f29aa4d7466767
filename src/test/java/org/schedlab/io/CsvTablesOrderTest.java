package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.univocity.parsers.csv.CsvParser;
import com.univocity.parsers.csv.CsvParserSettings;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.fixtures.RecordedWindow;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.Metadata;
import org.schedlab.model.OperationSamples;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * An export whose tables were sorted by another column in a spreadsheet (or shuffled) reads back
 * as the export in order does, with one warning per table saying how many rows were put in time
 * order; rows of one lane that overlap once ordered are refused with the later row's line.
 */
class CsvTablesOrderTest {
    @TempDir
    Path dir;

    /** The rows of a table as the reader parses them (quotes undone), header first. */
    static List<String[]> rows(Path table) throws Exception {
        CsvParserSettings s = new CsvParserSettings();
        s.getFormat().setLineSeparator("\n");
        s.getFormat().setComment('\0');
        s.setNullValue("");
        s.setEmptyValue("");
        s.setIgnoreLeadingWhitespaces(false);
        s.setIgnoreTrailingWhitespaces(false);
        s.setNormalizeLineEndingsWithinQuotes(false);
        s.setMaxCharsPerColumn(1 << 20);
        return new CsvParser(s).parseAll(new StringReader(Files.readString(table, StandardCharsets.UTF_8)));
    }

    /** Writes rows back, each non-empty cell quoted (what a spreadsheet may do too). */
    static void write(Path table, List<String[]> rows) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                String v = r[i] == null ? "" : r[i];
                sb.append(i == 0 ? "" : ",").append(v.isEmpty() ? "" : "\"" + v.replace("\"", "\"\"") + "\"");
            }
            sb.append('\n');
        }
        Files.writeString(table, sb.toString(), StandardCharsets.UTF_8);
    }

    /**
     * Which rows of a table the reader cannot tell apart by time: a lane's rows with the same start
     * (and end), a counter's samples at one time, marks at one time. Those keep their relative order
     * in a shuffle, as the reader keeps such rows in the file's order; every other row goes anywhere.
     */
    private static final Map<String, Function<String[], String>> TIES = Map.of(
            CsvExport.SLICES, r -> r[0] + "|" + r[1] + "|" + r[2],
            CsvExport.TASK_STATES, r -> r[0] + "|" + r[1] + "|" + r[2] + "|" + r[3] + "|" + r[4],
            CsvExport.LOCKS, r -> r[0] + "|" + r[3] + "|" + r[4],
            CsvExport.COUNTERS, r -> r[0] + "|" + r[2],
            CsvExport.MARKS, r -> r[0],
            CsvExport.OPERATIONS, r -> r[0] + "|" + r[1],
            CsvExport.TASKS, r -> r[0],
            CsvExport.CPUS, r -> r[0],
            CsvExport.PARAMETERS, r -> "");

    /** Shuffles the data rows of every table of an export, ties kept in their order. */
    static void shuffle(Path export, Random rnd) throws Exception {
        for (String f : CsvExport.FILES) {
            List<String[]> all = rows(export.resolve(f));
            List<String[]> data = new ArrayList<>(all.subList(1, all.size()));
            List<Integer> slots = new ArrayList<>();
            for (int i = 0; i < data.size(); i++) {
                slots.add(i);
            }
            Collections.shuffle(slots, rnd);
            // row i goes to slots[i]; then rows that tie are dealt back into their slots in order
            Map<String, List<Integer>> groups = new HashMap<>();
            for (int i = 0; i < data.size(); i++) {
                groups.computeIfAbsent(TIES.get(f).apply(data.get(i)), k -> new ArrayList<>()).add(i);
            }
            String[][] out = new String[data.size()][];
            for (List<Integer> g : groups.values()) {
                List<Integer> places = new ArrayList<>();
                for (int i : g) {
                    places.add(slots.get(i));
                }
                places.sort(Comparator.naturalOrder());
                for (int k = 0; k < g.size(); k++) {
                    out[places.get(k)] = data.get(g.get(k));
                }
            }
            List<String[]> shuffled = new ArrayList<>();
            shuffled.add(all.get(0));
            shuffled.addAll(List.of(out));
            write(export.resolve(f), shuffled);
        }
    }

    @Provide
    Arbitrary<Dataset> datasets() {
        return new CsvTablesTest().datasets();
    }

    @Property(tries = 150)
    void shuffledTablesReadBackAsTheTablesInOrder(@ForAll("datasets") Dataset d, @ForAll long seed) throws Exception {
        Path root = Files.createTempDirectory("csv-order");
        try {
            Path a = root.resolve("a");
            CsvExport.write(d, a);
            for (String f : CsvExport.FILES) {
                net.jqwik.api.Assume.that(!Files.readString(a.resolve(f), StandardCharsets.UTF_8).contains("\0"));
            }
            Dataset inOrder = CsvTables.read(a, CsvTables.Progress.NONE).dataset();
            Path b = root.resolve("b");
            CsvExport.write(d, b);
            shuffle(b, new Random(seed));
            assertSameData(inOrder, CsvTables.read(b, CsvTables.Progress.NONE).dataset());
        } finally {
            try (var files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * The same tasks, CPU lanes, task lanes and marks; the same locks, counters and operations by
     * name (their lanes are listed in the order the tables first name them, which a sort changes).
     */
    static void assertSameData(Dataset a, Dataset b) {
        assertEquals(a.tasks(), b.tasks());
        assertEquals(a.cpus(), b.cpus());
        assertEquals(a.taskLanes(), b.taskLanes());
        assertEquals(a.marks(), b.marks());
        assertEquals(byName(a.locks(), LockLane::name), byName(b.locks(), LockLane::name));
        assertEquals(byName(a.counters(), CounterSeries::name), byName(b.counters(), CounterSeries::name));
        assertEquals(byName(a.operations(), OperationSamples::name), byName(b.operations(), OperationSamples::name));
    }

    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        Map<String, T> m = new HashMap<>();
        for (T t : items) {
            m.put(name.apply(t), t);
        }
        return m;
    }

    /** Sorts a table's data rows by one column, as text, the way a spreadsheet's "sort A to Z" does. */
    private static void sortBy(Path table, int column, boolean descending) throws Exception {
        List<String[]> all = rows(table);
        List<String[]> data = new ArrayList<>(all.subList(1, all.size()));
        Comparator<String[]> c = Comparator.comparing(r -> r[column] == null ? "" : r[column]);
        data.sort(descending ? c.reversed() : c);
        List<String[]> out = new ArrayList<>();
        out.add(all.get(0));
        out.addAll(data);
        write(table, out);
    }

    @Test
    void aSimulatedWindowSortedByCommAndDurationOpensAsInOrderWithOneWarningPerTable() throws Exception {
        Dataset d = RecordedWindow.dataset();
        Path a = dir.resolve("a");
        CsvExport.write(d, a);
        sortBy(a.resolve(CsvExport.SLICES), 6, false); // comm
        sortBy(a.resolve(CsvExport.TASK_STATES), 5, true); // durationNs, longest first
        sortBy(a.resolve(CsvExport.LOCKS), 9, false); // comm
        CsvTables.Read read = CsvTables.read(a, CsvTables.Progress.NONE);
        assertEquals(d.cpus(), read.dataset().cpus());
        assertEquals(d.taskLanes(), read.dataset().taskLanes());
        assertEquals(d.locks(), read.dataset().locks());
        assertEquals(List.of(
                a.resolve(CsvExport.SLICES) + ": rows not in time order (a table sorted by another column?); read in"
                        + " time order, moving 5 of its 7 rows",
                a.resolve(CsvExport.TASK_STATES) + ": rows not in time order (a table sorted by another column?);"
                        + " read in time order, moving 2 of its 2 rows"), read.warnings());
    }

    /**
     * A task woken and run at the same nanosecond has a runnable state of no length just before the
     * state that starts then: sorted by duration, longest first, the zero-length row comes after
     * it, and the lane is still read with it first (by start, then end), not refused as an overlap.
     */
    @Test
    void aZeroLengthStateSortedAfterTheStateStartingWithItGoesBeforeIt() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("t", "test"));
        int t = b.addTask(5, 5, "postgres");
        b.cpuCount(1);
        b.slice(0, 0, 0, t, SliceState.KERNEL).slice(0, 0, 100, t, SliceState.USER);
        b.taskState(t, 0, 0, TaskState.RUNNABLE).taskState(t, 0, 100, TaskState.RUNNING)
                .taskState(t, 100, 100, TaskState.RUNNABLE).taskState(t, 100, 100, TaskState.RUNNING);
        Dataset d = b.build();
        Path a = dir.resolve("a");
        CsvExport.write(d, a);
        sortBy(a.resolve(CsvExport.SLICES), 3, true);
        sortBy(a.resolve(CsvExport.TASK_STATES), 5, true);
        Dataset back = CsvTables.read(a, CsvTables.Progress.NONE).dataset();
        assertEquals(d.cpus(), back.cpus());
        assertEquals(d.taskLanes(), back.taskLanes());
    }

    @Test
    void tasksSortedByCommAreReadInIdOrder() throws Exception {
        Dataset d = SampleDatasets.small();
        Path a = dir.resolve("a");
        CsvExport.write(d, a);
        sortBy(a.resolve(CsvExport.TASKS), 3, false);
        CsvTables.Read read = CsvTables.read(a, CsvTables.Progress.NONE);
        assertEquals(d.tasks(), read.dataset().tasks());
        assertEquals(d.cpus(), read.dataset().cpus());
        assertEquals(List.of(a.resolve(CsvExport.TASKS) + ": rows not in id order; read in id order, moving 3 of"
                + " its 3 rows"),
                read.warnings());
        List<String> rows = new ArrayList<>(Files.readAllLines(a.resolve(CsvExport.TASKS)));
        rows.set(2, rows.get(2).replaceFirst("^\"\\d+\"", "\"0\""));
        Files.write(a.resolve(CsvExport.TASKS), rows);
        String m = assertThrows(DatasetFormatException.class, () -> CsvTables.read(a, CsvTables.Progress.NONE))
                .getMessage();
        assertEquals(a.resolve(CsvExport.TASKS) + ":4:1: id 0 is given twice, also on line 3; expected each task"
                + " id once", m, String.join("\n", rows));
    }

    /** Rows that overlap once in time order: refused with the later row's line, and the other's. */
    @Test
    void rowsThatOverlapOnceOrderedAreRefusedWithTheLaterRowsLine() throws Exception {
        Path a = dir.resolve("a");
        CsvExport.write(SampleDatasets.small(), a);
        // CPU 0 in order: 1000-5000, 5000-6000, 6000-6500, 6500-9000; line 5 moves 5000-6000 to 4000-6000,
        // and each row of CPU 0 starts before the one above it: only in time order do two overlap
        Files.write(a.resolve(CsvExport.SLICES), List.of(String.join(",", CsvTables.HEADERS.get(CsvExport.SLICES)),
                "0,6500,9000,2500,88,88,kworker/0:1,spinning,1",
                "0,6000,6500,500,,,,idle,",
                "1,2000,3000,1000,1300,1300,\"pgbench \"\"quoted\"\" ü\",fault,2",
                "0,4000,6000,2000,1201,1200,postgres,kernel,0",
                "0,1000,5000,4000,1201,1200,postgres,user,0"));
        String m = assertThrows(DatasetFormatException.class, () -> CsvTables.read(a, CsvTables.Progress.NONE))
                .getMessage();
        assertEquals(a.resolve(CsvExport.SLICES) + ":5:1: starts at 4000, before the slice of CPU 0 on line 6 ends"
                + " at 5000; slices of one CPU must not overlap (the rows were put in time order first)", m);
        // an exclusive lock's holds: any order, and an overlap named the same way
        Files.write(a.resolve(CsvExport.SLICES), List.of(String.join(",", CsvTables.HEADERS.get(CsvExport.SLICES))));
        Files.write(a.resolve(CsvExport.LOCKS), List.of(String.join(",", CsvTables.HEADERS.get(CsvExport.LOCKS)),
                "rq->lock,spinlock,false,hold,5000,6000,1000,1201,1200,postgres,,0",
                "rq->lock,spinlock,false,hold,1000,2000,1000,88,88,kworker/0:1,,1",
                "rq->lock,spinlock,false,hold,5500,7000,1500,88,88,kworker/0:1,,1"));
        m = assertThrows(DatasetFormatException.class, () -> CsvTables.read(a, CsvTables.Progress.NONE)).getMessage();
        assertEquals(a.resolve(CsvExport.LOCKS) + ":4:1: starts at 5500, before the hold of lock rq->lock on line 2"
                + " ends at 6000; holds of an exclusive lock must not overlap (the rows were put in time order"
                + " first)", m);
    }

    @Test
    void anExclusiveLocksHoldsInAnyOrderAreReadInTimeOrder() throws Exception {
        Path a = dir.resolve("a");
        CsvExport.write(SampleDatasets.small(), a);
        Files.write(a.resolve(CsvExport.LOCKS), List.of(String.join(",", CsvTables.HEADERS.get(CsvExport.LOCKS)),
                "rq->lock,spinlock,false,hold,5000,6000,1000,1201,1200,postgres,,0",
                "rq->lock,spinlock,false,hold,1000,2000,1000,88,88,kworker/0:1,,1"));
        CsvTables.Read read = CsvTables.read(a, CsvTables.Progress.NONE);
        Intervals holds = read.dataset().locks().get(0).holds();
        assertEquals(List.of(1000L, 5000L), List.of(holds.startNs(0), holds.startNs(1)));
        assertEquals(List.of(a.resolve(CsvExport.LOCKS) + ": holds of an exclusive lock not in time order; read in"
                + " time order, moving 2 of its 2 rows"), read.warnings());
    }
}
