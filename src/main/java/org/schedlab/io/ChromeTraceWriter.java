package org.schedlab.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.Marks;
import org.schedlab.model.Metadata;
import org.schedlab.model.OperationSamples;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/**
 * A dataset as Chrome Trace Event JSON (the object form), which Perfetto and chrome://tracing
 * open. Layout:
 * <ul>
 *   <li>process "CPUs": one thread per CPU named "CPU n" whose complete ("X") events are the
 *       slices, named by the task's comm (idle and stolen time by their state), with the task in
 *       args ({@code tid}, {@code pid}, {@code comm}) and the slice state ({@code state});</li>
 *   <li>one thread per task (in its own pid's process; tasks whose pid is unknown share the
 *       process "tasks (pid unknown)"), its states as X events named running/runnable/...; the
 *       later tasks of a reused tid get threads of their own ({@link #REUSED_TID_THREAD_BASE}), the
 *       tasks of such a tid named by their labels and listed in {@code otherData.schedlab.taskThreads};</li>
 *   <li>process "locks": per lock, rows of hold and wait slices (args {@code lock},
 *       {@code role}, {@code mode}); overlapping waits are spread over as many rows as needed,
 *       because slices of one thread must nest;</li>
 *   <li>process "counters": "C" events, one track per counter;</li>
 *   <li>process "operations": the workload's completed operations (a pgbench transaction, a YCSB
 *       {@code READ (server)}) as X events from their start to their end, named by the operation,
 *       with {@code operation} and {@code latency_us} in args; operations of one kind overlap
 *       (every client has one in flight), so they are spread over rows "transaction",
 *       "transaction 2", ... as lock waits are; their names, in the dataset's order and with
 *       those that have no samples, go to {@code otherData.schedlab.operations};</li>
 *   <li>marks as instant ("i") events on their CPU's thread (or their task's, or global).</li>
 * </ul>
 * Timestamps are microseconds written with three decimals, so nanoseconds survive exactly.
 * The dataset's metadata (source, format, seed, version, parameters - a cut's window among them)
 * and counter units go to {@code otherData.schedlab}, from which the reader makes the dataset's
 * metadata again (docs/FORMATS.md); the import's
 * warnings, when there are any, to its {@code importWarnings} and to the top-level
 * {@code metadata.schedlabImportWarnings} (Perfetto's trace info page). The io.read
 * Chrome reader understands this layout, so SchedLab's own export reads back into the same
 * lanes. Written token by token with Jackson's generator: memory stays flat for any size.
 */
public final class ChromeTraceWriter {
    /** Synthetic process and thread ids, far above Linux's pid_max (2^22), so no real id collides. */
    public static final int CPU_PROCESS_PID = 2_000_000_000;
    public static final int LOCK_PROCESS_PID = 2_000_000_001;
    public static final int COUNTER_PROCESS_PID = 2_000_000_002;
    /** The process of tasks whose pid the recording did not say; read back as pid -1. */
    public static final int UNKNOWN_PID_PROCESS = 2_000_000_003;
    public static final int OPERATION_PROCESS_PID = 2_000_000_004;
    public static final int CPU_THREAD_TID_BASE = 2_000_100_000;
    public static final int LOCK_THREAD_TID_BASE = 2_000_200_000;
    public static final int OPERATION_THREAD_TID_BASE = 2_000_300_000;
    /**
     * Thread ids of the later tasks of a reused tid (sleep[4250#2], cat[4250] after sleep[4250]
     * exited): a trace names a thread by pid and tid alone, so each such task gets one of these.
     */
    public static final int REUSED_TID_THREAD_BASE = 2_000_400_000;
    /** The args key giving, for a task of a reused tid, the thread id of its lane (see {@link #TASK_THREADS}). */
    public static final String THREAD_ARG = "thread";
    /** A wake-up mark's args: its waker's label ({@link #IDLE_WAKER_LABEL} for the idle task), tid and pid. */
    public static final String WAKER_ARG = "waker";
    public static final String WAKER_TID_ARG = "wakerTid";
    public static final String WAKER_PID_ARG = "wakerPid";
    public static final String IDLE_WAKER_LABEL = "<idle>";
    /**
     * The field of {@code otherData.schedlab} listing the tasks of reused tids in the dataset's order:
     * each its lane's thread id ({@code thread}), {@code tid}, {@code pid} and {@code comm}.
     */
    public static final String TASK_THREADS = "taskThreads";
    /** The args key naming an X event's operation; the reader takes such events as operation samples. */
    public static final String OPERATION_ARG = "operation";
    /** The field of {@code otherData.schedlab} listing the import's warnings, as the dataset JSON's. */
    public static final String IMPORT_WARNINGS = "importWarnings";
    /** The field of the top-level {@code metadata} object listing them too, for Perfetto. */
    public static final String METADATA_IMPORT_WARNINGS = "schedlabImportWarnings";
    /** Thread name prefix of CPU lanes: "CPU 0", "CPU 1", ... */
    public static final String CPU_THREAD_PREFIX = "CPU ";

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();

    private final JsonGenerator g;
    private int lockThreads;
    /** Which tasks have a thread of their own (a task lane): marks of a task go there. */
    private boolean[] hasLane = new boolean[0];
    /** Per task, the thread id of its lane: its tid, or for a later task of a reused tid one from {@link #REUSED_TID_THREAD_BASE}. */
    private int[] threadOf = new int[0];
    /** Per task, whether another task of the dataset has its tid (a reused tid, in its process or another). */
    private boolean[] sharesTid = new boolean[0];

    private ChromeTraceWriter(JsonGenerator g) {
        this.g = g;
        // one event per line: greppable, diffable, and still a single JSON document
        g.setPrettyPrinter(new MinimalPrettyPrinter() {
            private static final long serialVersionUID = 1L;

            @Override
            public void beforeArrayValues(JsonGenerator gen) throws IOException {
                gen.writeRaw('\n');
            }

            @Override
            public void writeArrayValueSeparator(JsonGenerator gen) throws IOException {
                gen.writeRaw(",\n");
            }
        });
    }

    /** Writes {@code d} to {@code out} (left open, flushed). */
    public static void write(Dataset d, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            new ChromeTraceWriter(g).document(d);
        }
    }

    /** Writes {@code d} to {@code file} (gzip if the name ends in .gz), atomically. */
    public static void write(Dataset d, Path file) throws IOException {
        AtomicFiles.write(file, out -> write(d, out));
    }

    private void document(Dataset d) throws IOException {
        g.writeStartObject();
        g.writeArrayFieldStart("traceEvents");
        threads(d);
        cpus(d);
        tasks(d);
        locks(d);
        counters(d);
        operations(d);
        marks(d);
        g.writeEndArray();
        g.writeStringField("displayTimeUnit", "ns");
        otherData(d);
        importWarningsMetadata(d.metadata());
        g.writeEndObject();
        g.writeRaw('\n');
        g.flush();
    }

    /**
     * Each task's thread: its tid, unless an earlier task of the dataset had its process and tid (the
     * kernel gave the tid again), which makes it a thread from {@link #REUSED_TID_THREAD_BASE} up.
     */
    private void threads(Dataset d) {
        int n = d.tasks().size();
        threadOf = new int[n];
        sharesTid = new boolean[n];
        Map<Long, Integer> firstOf = new HashMap<>();
        Map<Integer, Integer> firstOfTid = new HashMap<>();
        int reused = 0;
        for (TaskInfo t : d.tasks()) {
            long key = (long) processOf(t) << 32 | (t.tid() & 0xffffffffL);
            threadOf[t.id()] = firstOf.putIfAbsent(key, t.id()) == null ? t.tid() : REUSED_TID_THREAD_BASE + reused++;
            // any two tasks of one tid, in one process or not, are listed: the args' tid alone would fold them
            Integer first = firstOfTid.putIfAbsent(t.tid(), t.id());
            if (first != null) {
                sharesTid[t.id()] = true;
                sharesTid[first] = true;
            }
        }
    }

    private void cpus(Dataset d) throws IOException {
        if (d.cpuCount() == 0) {
            return;
        }
        processName(CPU_PROCESS_PID, "CPUs", 0);
        for (CpuLane lane : d.cpus()) {
            int tid = CPU_THREAD_TID_BASE + lane.cpu();
            threadName(CPU_PROCESS_PID, tid, CPU_THREAD_PREFIX + lane.cpu(), lane.cpu());
            Intervals s = lane.slices();
            for (int i = 0; i < s.size(); i++) {
                SliceState state = lane.state(i);
                int task = s.task(i);
                String name = task == Intervals.NO_TASK ? state.label() : d.task(task).comm();
                complete(CPU_PROCESS_PID, tid, "cpu", name, s.startNs(i), s.endNs(i));
                g.writeObjectFieldStart("args");
                if (task != Intervals.NO_TASK) {
                    taskArgs(d.task(task));
                }
                g.writeStringField("state", state.label());
                g.writeEndObject();
                g.writeEndObject();
            }
        }
    }

    private void tasks(Dataset d) throws IOException {
        boolean unknownNamed = false;
        Set<Integer> namedProcesses = new HashSet<>();
        Map<Integer, String> commOfTid = new HashMap<>();
        for (TaskInfo t : d.tasks()) {
            commOfTid.putIfAbsent(t.tid(), t.comm());
        }
        hasLane = new boolean[d.tasks().size()];
        for (TaskLane lane : d.taskLanes()) {
            hasLane[lane.task()] = true;
            TaskInfo t = d.task(lane.task());
            int pid = processOf(t);
            if (pid == UNKNOWN_PID_PROCESS && !unknownNamed) {
                processName(pid, "tasks (pid unknown)", 1);
                unknownNamed = true;
            } else if (pid != UNKNOWN_PID_PROCESS && namedProcesses.add(pid)) {
                // the process is named after its main thread when the dataset has it
                processName(pid, commOfTid.getOrDefault(pid, t.comm()), 2);
            }
            // the tasks of a reused tid by their labels, as the workbench names them: sleep[4250], sleep[4250#2]
            threadName(pid, threadOf[t.id()], sharesTid[t.id()] ? t.label() : t.comm(), -1);
            Intervals iv = lane.intervals();
            for (int i = 0; i < iv.size(); i++) {
                TaskState st = lane.state(i);
                complete(pid, threadOf[t.id()], "task", st.label(), iv.startNs(i), iv.endNs(i));
                g.writeStringField("cname", color(st));
                g.writeObjectFieldStart("args");
                g.writeStringField("state", st.label());
                g.writeEndObject();
                g.writeEndObject();
            }
        }
    }

    /** chrome://tracing's reserved thread-state colours (Perfetto picks its own). */
    private static String color(TaskState st) {
        switch (st) {
            case RUNNING:
                return "thread_state_running";
            case RUNNABLE:
                return "thread_state_runnable";
            case BLOCKED:
                return "thread_state_iowait";
            default:
                return "thread_state_sleeping";
        }
    }

    private void locks(Dataset d) throws IOException {
        if (d.locks().isEmpty()) {
            return;
        }
        processName(LOCK_PROCESS_PID, "locks", 3);
        for (LockLane l : d.locks()) {
            lockRows(d, l, l.holds(), "holds", false);
            lockRows(d, l, l.waits(), "waits", true);
        }
    }

    /** Spreads possibly overlapping intervals over rows (threads) so that each row's slices never overlap. */
    private void lockRows(Dataset d, LockLane l, Intervals iv, String role, boolean waits) throws IOException {
        long[] rowEnd = new long[4];
        int rows = 0;
        int firstTid = LOCK_THREAD_TID_BASE + lockThreads;
        for (int i = 0; i < iv.size(); i++) {
            int row = 0;
            while (row < rows && rowEnd[row] > iv.startNs(i)) {
                row++;
            }
            if (row == rows) {
                if (rows == rowEnd.length) {
                    rowEnd = java.util.Arrays.copyOf(rowEnd, rows * 2);
                }
                rows++;
                lockThreads++;
                threadName(LOCK_PROCESS_PID, firstTid + row, "lock " + l.name() + " " + role
                        + (row == 0 ? "" : " " + (row + 1)), firstTid + row - LOCK_THREAD_TID_BASE);
            }
            rowEnd[row] = iv.endNs(i);
            TaskInfo t = d.task(iv.task(i));
            complete(LOCK_PROCESS_PID, firstTid + row, "lock", t.comm(), iv.startNs(i), iv.endNs(i));
            if (waits) {
                g.writeStringField("cname", "bad");
            }
            g.writeObjectFieldStart("args");
            taskArgs(t);
            g.writeStringField("lock", l.name());
            g.writeStringField("kind", l.kind());
            g.writeNumberField("shared", l.shared() ? 1 : 0);
            g.writeStringField("role", waits ? "wait" : "hold");
            if (waits) {
                g.writeStringField("mode", WaitMode.ofCode(iv.code(i)).label());
            } else if (iv.code(i) == LockLane.HOLD_READ || iv.code(i) == LockLane.HOLD_WRITE) {
                // an rwsem's hold: taken for read or for write (not written when the source did not say)
                g.writeStringField("mode", iv.code(i) == LockLane.HOLD_READ ? "read" : "write");
            }
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    private void counters(Dataset d) throws IOException {
        if (d.counters().isEmpty()) {
            return;
        }
        processName(COUNTER_PROCESS_PID, "counters", 4);
        for (CounterSeries c : d.counters()) {
            for (int i = 0; i < c.size(); i++) {
                g.writeStartObject();
                g.writeStringField("ph", "C");
                g.writeStringField("name", c.name());
                g.writeNumberField("pid", COUNTER_PROCESS_PID);
                g.writeNumberField("tid", 0);
                g.writeFieldName("ts");
                g.writeNumber(micros(c.tNs(i)));
                g.writeObjectFieldStart("args");
                if (c.hasValue(i)) {
                    g.writeNumberField("value", c.value(i));
                } else {
                    g.writeNullField("value"); // a gap: JSON has no NaN
                }
                g.writeEndObject();
                g.writeEndObject();
            }
        }
    }

    /**
     * Each operation from its start (end minus latency) to its end, on the row of its kind that
     * became free latest by its start (best fit). The samples come sorted by end time, so a row's
     * last end is its latest and a slice placed on a row never overlaps one before it: Perfetto
     * drops X events of one thread that overlap without nesting. Best fit in order of end never
     * needs more rows than operations were in flight at once (the greedy that is optimal for
     * interval scheduling on k machines); first fit took 1,245 rows for case A's 997. Memory: one
     * long per row.
     */
    private void operations(Dataset d) throws IOException {
        boolean named = false;
        int rowsSoFar = 0;
        for (OperationSamples op : d.operations()) {
            if (op.size() == 0) {
                continue;
            }
            if (!named) {
                processName(OPERATION_PROCESS_PID, "operations", 5);
                named = true;
            }
            long[] rowEnd = new long[8];
            int rows = 0;
            int firstTid = OPERATION_THREAD_TID_BASE + rowsSoFar;
            for (int i = 0; i < op.size(); i++) {
                long end = op.endNs(i);
                long start = end - op.latencyNs(i);
                // best fit: the row free by then whose last operation ended latest
                int row = -1;
                for (int r = 0; r < rows; r++) {
                    if (rowEnd[r] <= start && (row < 0 || rowEnd[r] > rowEnd[row])) {
                        row = r;
                    }
                }
                if (row < 0) {
                    if (rows == rowEnd.length) {
                        rowEnd = java.util.Arrays.copyOf(rowEnd, rows * 2);
                    }
                    row = rows++;
                    threadName(OPERATION_PROCESS_PID, firstTid + row, op.name() + (row == 0 ? "" : " " + (row + 1)),
                            firstTid + row - OPERATION_THREAD_TID_BASE);
                }
                rowEnd[row] = end;
                complete(OPERATION_PROCESS_PID, firstTid + row, "operation", op.name(), start, end);
                g.writeObjectFieldStart("args");
                g.writeStringField(OPERATION_ARG, op.name());
                g.writeFieldName("latency_us");
                g.writeNumber(micros(op.latencyNs(i)));
                g.writeEndObject();
                g.writeEndObject();
            }
            rowsSoFar += rows;
        }
    }

    private void marks(Dataset d) throws IOException {
        Marks m = d.marks();
        for (int i = 0; i < m.size(); i++) {
            int cpu = m.cpu(i);
            int task = m.task(i);
            g.writeStartObject();
            g.writeStringField("ph", "i");
            g.writeStringField("cat", "mark");
            g.writeStringField("name", m.note(i).isEmpty() ? m.kind(i).label() : m.note(i));
            if (cpu >= 0) {
                g.writeStringField("s", "t");
                g.writeNumberField("pid", CPU_PROCESS_PID);
                g.writeNumberField("tid", CPU_THREAD_TID_BASE + cpu);
            } else if (task >= 0 && hasLane[task]) {
                g.writeStringField("s", "t");
                g.writeNumberField("pid", processOf(d.task(task)));
                g.writeNumberField("tid", threadOf[task]);
            } else {
                g.writeStringField("s", "g");
                g.writeNumberField("pid", CPU_PROCESS_PID);
                g.writeNumberField("tid", 0);
            }
            g.writeFieldName("ts");
            g.writeNumber(micros(m.tNs(i)));
            g.writeObjectFieldStart("args");
            g.writeStringField("mark", m.kind(i).label());
            g.writeStringField("note", m.note(i));
            g.writeNumberField("cpu", cpu);
            if (task >= 0) {
                taskArgs(d.task(task));
            }
            int waker = m.waker(i);
            if (waker == Marks.IDLE_WAKER) {
                // who woke the task, as the recording named it: the idle task (an interrupt on an idle CPU)
                g.writeStringField(WAKER_ARG, IDLE_WAKER_LABEL);
                g.writeNumberField(WAKER_TID_ARG, 0);
            } else if (waker >= 0) {
                g.writeStringField(WAKER_ARG, d.task(waker).label());
                g.writeNumberField(WAKER_TID_ARG, d.task(waker).tid());
                if (d.task(waker).pid() >= 0) {
                    // with the label and tid, the reader finds the waker again (made if nothing else names it)
                    g.writeNumberField(WAKER_PID_ARG, d.task(waker).pid());
                }
            }
            if (m.reasonCode(i) != 0) {
                // why the simulator made it, packed as the dataset JSON's marks.reason (model.MarkReason)
                g.writeNumberField("reason", m.reasonCode(i));
            }
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    private void otherData(Dataset d) throws IOException {
        Metadata md = d.metadata();
        g.writeObjectFieldStart("otherData");
        g.writeObjectFieldStart("schedlab");
        g.writeStringField("version", md.schedlabVersion());
        g.writeStringField("source", md.source());
        g.writeStringField("format", md.format());
        if (md.seed().isPresent()) {
            g.writeNumberField("seed", md.seed().getAsLong());
        }
        g.writeObjectFieldStart("parameters");
        for (Map.Entry<String, String> e : md.parameters().entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeObjectFieldStart("counterUnits");
        for (CounterSeries c : d.counters()) {
            g.writeStringField(c.name(), c.unit());
        }
        g.writeEndObject();
        // every operation the workload has, in its order: one that no sample has still is one
        g.writeArrayFieldStart("operations");
        for (OperationSamples op : d.operations()) {
            g.writeString(op.name());
        }
        g.writeEndArray();
        // the import's warnings, where chrome://tracing's Metadata button shows them and the
        // reader takes them back; none written for a dataset without, whose trace is as before
        if (!md.importWarnings().isEmpty()) {
            stringArray(IMPORT_WARNINGS, md.importWarnings());
        }
        // the tasks of reused tids in the dataset's order, so the reader makes them again as they were
        // (none written for a dataset without, whose trace is as before)
        boolean anyShared = false;
        for (boolean b : sharesTid) {
            anyShared |= b;
        }
        if (anyShared) {
            g.writeArrayFieldStart(TASK_THREADS);
            for (TaskInfo t : d.tasks()) {
                if (sharesTid[t.id()]) {
                    g.writeStartObject();
                    g.writeNumberField("thread", threadOf[t.id()]);
                    g.writeNumberField("tid", t.tid());
                    g.writeNumberField("pid", t.pid());
                    g.writeStringField("comm", t.comm());
                    g.writeEndObject();
                }
            }
            g.writeEndArray();
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /**
     * The import's warnings again in the top-level {@code "metadata"} object, the one Perfetto
     * reads into its metadata table ({@code json_metadata.schedlabImportWarnings}, shown on its
     * trace info page), as it does not read {@code otherData}. Only for a dataset with warnings.
     */
    private void importWarningsMetadata(Metadata md) throws IOException {
        if (md.importWarnings().isEmpty()) {
            return;
        }
        g.writeObjectFieldStart("metadata");
        stringArray(METADATA_IMPORT_WARNINGS, md.importWarnings());
        g.writeEndObject();
    }

    private void stringArray(String field, java.util.List<String> values) throws IOException {
        g.writeArrayFieldStart(field);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    private static int processOf(TaskInfo t) {
        return t.pid() >= 0 ? t.pid() : UNKNOWN_PID_PROCESS;
    }

    private void taskArgs(TaskInfo t) throws IOException {
        g.writeNumberField("tid", t.tid());
        g.writeNumberField("pid", t.pid());
        g.writeStringField("comm", t.comm());
        if (sharesTid[t.id()]) {
            g.writeNumberField(THREAD_ARG, threadOf[t.id()]);
        }
    }

    /** Opens an X event up to its args; the caller writes args and closes the object. */
    private void complete(int pid, int tid, String cat, String name, long startNs, long endNs) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", "X");
        g.writeStringField("cat", cat);
        g.writeStringField("name", name);
        g.writeNumberField("pid", pid);
        g.writeNumberField("tid", tid);
        g.writeFieldName("ts");
        g.writeNumber(micros(startNs));
        g.writeFieldName("dur");
        g.writeNumber(micros(endNs - startNs));
    }

    private void processName(int pid, String name, int sortIndex) throws IOException {
        metadata("process_name", pid, 0, "name", name);
        metadataIndex("process_sort_index", pid, 0, sortIndex);
    }

    private void threadName(int pid, int tid, String name, int sortIndex) throws IOException {
        metadata("thread_name", pid, tid, "name", name);
        if (sortIndex >= 0) {
            metadataIndex("thread_sort_index", pid, tid, sortIndex);
        }
    }

    private void metadata(String what, int pid, int tid, String key, String value) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", "M");
        g.writeStringField("name", what);
        g.writeNumberField("pid", pid);
        g.writeNumberField("tid", tid);
        g.writeObjectFieldStart("args");
        g.writeStringField(key, value);
        g.writeEndObject();
        g.writeEndObject();
    }

    private void metadataIndex(String what, int pid, int tid, int index) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", "M");
        g.writeStringField("name", what);
        g.writeNumberField("pid", pid);
        g.writeNumberField("tid", tid);
        g.writeObjectFieldStart("args");
        g.writeNumberField("sort_index", index);
        g.writeEndObject();
        g.writeEndObject();
    }

    /** ns as microseconds with exactly three decimals ("330000000.123"): no binary rounding. */
    static String micros(long ns) {
        long abs = Math.abs(ns);
        long frac = abs % 1000;
        StringBuilder sb = new StringBuilder(24);
        if (ns < 0) {
            sb.append('-');
        }
        sb.append(abs / 1000).append('.');
        if (frac < 100) {
            sb.append(frac < 10 ? "00" : "0");
        }
        return sb.append(frac).toString();
    }
}
