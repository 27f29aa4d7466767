package org.schedlab.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.schedlab.io.read.ExportTables;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.Marks;
import org.schedlab.model.OperationSamples;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskLane;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvWriteOptions;

/**
 * A dataset as plain CSV tables (docs/FORMATS.md), for spreadsheets, pandas or R: one file per
 * kind of row, written into a directory. Built as Tablesaw tables so the same tables can be
 * summarised or filtered in-process before they are written.
 */
public final class CsvExport {
    public static final String SLICES = ExportTables.SLICES;
    public static final String TASKS = ExportTables.TASKS;
    public static final String TASK_STATES = ExportTables.TASK_STATES;
    public static final String LOCKS = ExportTables.LOCKS;
    public static final String COUNTERS = ExportTables.COUNTERS;
    public static final String MARKS = ExportTables.MARKS;
    public static final String OPERATIONS = ExportTables.OPERATIONS;
    public static final String CPUS = ExportTables.CPUS;
    public static final String PARAMETERS = ExportTables.PARAMETERS;
    /** The tables {@link #write(Dataset, Path)} writes, in its order. */
    public static final List<String> FILES = ExportTables.FILES;
    /** The import's warnings, written beside the tables when the dataset has some ({@link ExportTables#WARNINGS}). */
    public static final String WARNINGS = ExportTables.WARNINGS;

    private CsvExport() {
    }

    /**
     * Writes every table of {@code d} into {@code dir} (created if needed; files of the same names
     * are replaced) and returns the files written, in a stable order. The tables are replaced
     * together or not at all ({@link AtomicFiles#writeAll}): a failure part way left some tables
     * of the new export beside others of the previous one, which no reader could tell apart.
     * <p>
     * A dataset whose import warned (lines not understood, events the recording lost) gets
     * {@value ExportTables#WARNINGS} too, written with the tables: the tables themselves stay as
     * every CSV reader reads them, and the export still says the recording is not whole. One
     * without warnings gets the seven tables alone, as before, and a {@value ExportTables#WARNINGS}
     * an earlier export left in {@code dir} is removed once they are in place: it would say so of
     * this one.
     */
    public static List<Path> write(Dataset d, Path dir) throws IOException {
        return write(d, dir, UnaryOperator.identity());
    }

    /** As {@link #write(Dataset, Path)}, each file's raw stream passed through {@code wrap} (the tests' full disk). */
    static List<Path> write(Dataset d, Path dir, UnaryOperator<OutputStream> wrap) throws IOException {
        Files.createDirectories(dir);
        Map<String, Table> tables = tables(d);
        Map<Path, AtomicFiles.Body> files = new LinkedHashMap<>();
        for (Map.Entry<String, Table> e : tables.entrySet()) {
            files.put(dir.resolve(e.getKey()), body(e.getValue()));
        }
        boolean warned = !d.metadata().importWarnings().isEmpty();
        if (warned) {
            files.put(dir.resolve(WARNINGS), body(warnings(d)));
        }
        AtomicFiles.writeAll(files, wrap);
        if (!warned && Files.isRegularFile(dir.resolve(WARNINGS), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.delete(dir.resolve(WARNINGS));
            } catch (IOException e) {
                throw new IOException(dir.resolve(WARNINGS) + ": the tables were written, but this file of an"
                        + " earlier export, whose import warned, could not be removed (" + e + "); remove it, as it"
                        + " does not belong to this export", e);
            }
        }
        return new ArrayList<>(files.keySet());
    }

    /**
     * The import's warnings ({@code importWarnings}), one row each under the header {@code warning},
     * verbatim: {@value ExportTables#WARNINGS}.
     */
    public static Table warnings(Dataset d) {
        StringColumn warning = StringColumn.create(ExportTables.WARNINGS_HEADER.get(0));
        for (String w : d.metadata().importWarnings()) {
            warning.append(w);
        }
        return Table.create("import-warnings", warning);
    }

    /** The tables by file name, in the order they are written. */
    public static Map<String, Table> tables(Dataset d) {
        Map<String, Table> t = new LinkedHashMap<>();
        t.put(SLICES, slices(d));
        t.put(TASKS, tasks(d));
        t.put(TASK_STATES, taskStates(d));
        t.put(LOCKS, locks(d));
        t.put(COUNTERS, counters(d));
        t.put(MARKS, marks(d));
        t.put(OPERATIONS, operations(d));
        t.put(CPUS, cpus(d));
        t.put(PARAMETERS, parameters(d));
        return t;
    }

    /**
     * One table as CSV (unformatted values, header row, LF line ends) through {@link AtomicFiles}:
     * a failed write leaves the previous file whole, never half of a new one.
     */
    public static void writeCsv(Table table, Path file) throws IOException {
        writeCsv(table, file, UnaryOperator.identity());
    }

    static void writeCsv(Table table, Path file, UnaryOperator<OutputStream> wrap) throws IOException {
        AtomicFiles.write(file, body(table), wrap);
    }

    /**
     * One table as CSV (unformatted values, header row, LF line ends), as the content of a file
     * written through {@link AtomicFiles}, alone or with others ({@link AtomicFiles#writeAll}).
     */
    public static AtomicFiles.Body body(Table table) {
        return out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            // Unformatted values: full-precision numbers, empty cells for missing ones; names keep
            // their spaces (a comm may end in one).
            try {
                table.write().csv(CsvWriteOptions.builder(w).header(true).lineEnd("\n").usePrintFormatters(false)
                        .ignoreLeadingWhitespaces(false).ignoreTrailingWhitespaces(false).build());
            } catch (IllegalStateException e) {
                throw diskError(e);
            }
            w.flush();
        };
    }

    /** The CSV writer wraps the disk's IOException ("Error closing the output"): the disk's own words. */
    private static IOException diskError(IllegalStateException e) {
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (c instanceof IOException io) {
                return io;
            }
        }
        throw e;
    }

    /**
     * One row per CPU, {@code cpu} from 0 to the dataset's CPU count - 1: the CPUs no slice or mark
     * names (a lock-only recording has no slice at all) are read back from here.
     */
    public static Table cpus(Dataset d) {
        IntColumn cpu = IntColumn.create("cpu");
        for (int c = 0; c < d.cpuCount(); c++) {
            cpu.append(c);
        }
        return Table.create("cpus", cpu);
    }

    /** One row per parameter of the dataset's metadata, in its order: {@code parameter,value}. */
    public static Table parameters(Dataset d) {
        StringColumn key = StringColumn.create("parameter");
        StringColumn value = StringColumn.create("value");
        for (Map.Entry<String, String> e : d.metadata().parameters().entrySet()) {
            key.append(e.getKey());
            value.append(e.getValue());
        }
        return Table.create("parameters", key, value);
    }

    /**
     * One row per CPU slice: {@code cpu,startNs,endNs,durationNs,tid,pid,comm,state,task}. Like every
     * table naming a task, it ends with {@code task}, the task's {@code id} in {@code tasks.csv}
     * (empty for none): two tasks of one tid, pid and comm (a reused tid) differ only there.
     */
    public static Table slices(Dataset d) {
        IntColumn cpu = IntColumn.create("cpu");
        TaskColumns tc = new TaskColumns();
        LongColumn start = LongColumn.create("startNs");
        LongColumn end = LongColumn.create("endNs");
        LongColumn dur = LongColumn.create("durationNs");
        StringColumn state = StringColumn.create("state");
        for (CpuLane lane : d.cpus()) {
            Intervals s = lane.slices();
            for (int i = 0; i < s.size(); i++) {
                cpu.append(lane.cpu());
                start.append(s.startNs(i));
                end.append(s.endNs(i));
                dur.append(s.durationNs(i));
                tc.append(d, s.task(i));
                state.append(lane.state(i).label());
            }
        }
        return Table.create("slices", cpu, start, end, dur, tc.tid, tc.pid, tc.comm, state, tc.id);
    }

    /** One row per task: {@code id,tid,pid,comm}; {@code id} is what the JSON's task columns hold. */
    public static Table tasks(Dataset d) {
        IntColumn id = IntColumn.create("id");
        IntColumn tid = IntColumn.create("tid");
        IntColumn pid = IntColumn.create("pid");
        StringColumn comm = StringColumn.create("comm");
        for (TaskInfo t : d.tasks()) {
            id.append(t.id());
            tid.append(t.tid());
            pid.append(t.pid());
            comm.append(t.comm());
        }
        return Table.create("tasks", id, tid, pid, comm);
    }

    /** One row per task-state interval: {@code tid,pid,comm,startNs,endNs,durationNs,state,task}. */
    public static Table taskStates(Dataset d) {
        TaskColumns tc = new TaskColumns();
        LongColumn start = LongColumn.create("startNs");
        LongColumn end = LongColumn.create("endNs");
        LongColumn dur = LongColumn.create("durationNs");
        StringColumn state = StringColumn.create("state");
        for (TaskLane lane : d.taskLanes()) {
            Intervals iv = lane.intervals();
            for (int i = 0; i < iv.size(); i++) {
                tc.append(d, lane.task());
                start.append(iv.startNs(i));
                end.append(iv.endNs(i));
                dur.append(iv.durationNs(i));
                state.append(lane.state(i).label());
            }
        }
        return Table.create("task-states", tc.tid, tc.pid, tc.comm, start, end, dur, state, tc.id);
    }

    /**
     * One row per hold or wait: {@code lock,kind,shared,event,startNs,endNs,durationNs,tid,pid,comm,mode,task};
     * {@code event} is hold or wait; {@code mode} is spin or sleep for a wait, read or write for a hold
     * where the source says how it was taken (an rwsem), else empty.
     */
    public static Table locks(Dataset d) {
        StringColumn lock = StringColumn.create("lock");
        StringColumn kind = StringColumn.create("kind");
        StringColumn shared = StringColumn.create("shared");
        StringColumn event = StringColumn.create("event");
        LongColumn start = LongColumn.create("startNs");
        LongColumn end = LongColumn.create("endNs");
        LongColumn dur = LongColumn.create("durationNs");
        TaskColumns tc = new TaskColumns();
        StringColumn mode = StringColumn.create("mode");
        for (LockLane l : d.locks()) {
            for (int pass = 0; pass < 2; pass++) {
                Intervals iv = pass == 0 ? l.holds() : l.waits();
                for (int i = 0; i < iv.size(); i++) {
                    lock.append(l.name());
                    kind.append(l.kind());
                    shared.append(Boolean.toString(l.shared()));
                    event.append(pass == 0 ? "hold" : "wait");
                    start.append(iv.startNs(i));
                    end.append(iv.endNs(i));
                    dur.append(iv.durationNs(i));
                    tc.append(d, iv.task(i));
                    mode.append(pass == 0 ? holdLabel(l.holdMode(i)) : l.waitMode(i).label());
                }
            }
        }
        return Table.create("locks", lock, kind, shared, event, start, end, dur, tc.tid, tc.pid, tc.comm, mode, tc.id);
    }

    /** How a hold was taken, where the source says: read, write, else empty. */
    private static String holdLabel(byte mode) {
        return mode == LockLane.HOLD_READ ? "read" : mode == LockLane.HOLD_WRITE ? "write" : "";
    }

    /** One row per sample: {@code counter,unit,tNs,value}. */
    public static Table counters(Dataset d) {
        StringColumn name = StringColumn.create("counter");
        StringColumn unit = StringColumn.create("unit");
        LongColumn t = LongColumn.create("tNs");
        DoubleColumn value = DoubleColumn.create("value");
        for (CounterSeries c : d.counters()) {
            for (int i = 0; i < c.size(); i++) {
                name.append(c.name());
                unit.append(c.unit());
                t.append(c.tNs(i));
                value.append(c.value(i));
            }
        }
        return Table.create("counters", name, unit, t, value);
    }

    /**
     * One row per mark: {@code tNs,kind,cpu,tid,pid,comm,note,task,wakerTid,waker}; cpu and task cells
     * empty where none; a wake-up's waker by its tid and its task id (tid 0 and no id: the idle task,
     * an interrupt on an idle CPU; both empty where the recording did not name it).
     */
    public static Table marks(Dataset d) {
        Marks m = d.marks();
        LongColumn t = LongColumn.create("tNs");
        StringColumn kind = StringColumn.create("kind");
        IntColumn cpu = IntColumn.create("cpu");
        TaskColumns tc = new TaskColumns();
        StringColumn note = StringColumn.create("note");
        IntColumn wakerTid = IntColumn.create(ExportTables.WAKER_TID);
        IntColumn waker = IntColumn.create(ExportTables.WAKER);
        for (int i = 0; i < m.size(); i++) {
            int w = m.waker(i);
            if (w == Marks.IDLE_WAKER) {
                wakerTid.append(0);
                waker.appendMissing();
            } else if (w >= 0) {
                wakerTid.append(d.task(w).tid());
                waker.append(w);
            } else {
                wakerTid.appendMissing();
                waker.appendMissing();
            }
            t.append(m.tNs(i));
            kind.append(m.kind(i).label());
            if (m.cpu(i) < 0) {
                cpu.appendMissing();
            } else {
                cpu.append(m.cpu(i));
            }
            tc.append(d, m.task(i));
            note.append(m.note(i));
        }
        return Table.create("marks", t, kind, cpu, tc.tid, tc.pid, tc.comm, note, tc.id, wakerTid, waker);
    }

    /**
     * One row per completed operation of the workload (a simulated run's): {@code op,endNs,latencyNs},
     * by operation then end time. Only a header for a recording, which has no such samples.
     */
    public static Table operations(Dataset d) {
        StringColumn op = StringColumn.create("op");
        LongColumn end = LongColumn.create("endNs");
        LongColumn latency = LongColumn.create("latencyNs");
        for (OperationSamples o : d.operations()) {
            for (int i = 0; i < o.size(); i++) {
                op.append(o.name());
                end.append(o.endNs(i));
                latency.append(o.latencyNs(i));
            }
        }
        return Table.create("operations", op, end, latency);
    }

    /** tid, pid, comm and id of a task id; empty cells for {@link Intervals#NO_TASK} (an idle CPU). */
    private static final class TaskColumns {
        final IntColumn tid = IntColumn.create("tid");
        final IntColumn pid = IntColumn.create("pid");
        final StringColumn comm = StringColumn.create("comm");
        /** The task's id in tasks.csv: what tells apart two tasks of one tid, pid and comm (a reused tid). */
        final IntColumn id = IntColumn.create(ExportTables.TASK_ID);

        void append(Dataset d, int task) {
            if (task == Intervals.NO_TASK) {
                tid.appendMissing();
                pid.appendMissing();
                comm.append("");
                id.appendMissing();
            } else {
                TaskInfo t = d.task(task);
                tid.append(t.tid());
                pid.append(t.pid());
                comm.append(t.comm());
                id.append(t.id());
            }
        }
    }
}
