package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.schedlab.io.ChromeTraceWriter;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/**
 * Turns Chrome trace events into lanes. Every thread (pid, tid) is a task named by its
 * "thread_name" metadata; its top-level X and B/E spans (nested ones fold into their parent)
 * are intervals of its task lane, RUNNING unless the span's args say another {@code state}.
 * "C" events are counter tracks ("name" or "name.key" per numeric arg), "i"/"I" instants are
 * marks (bookmarks unless args name a {@code mark} kind). A thread named "CPU n" is CPU lane
 * n - the convention {@link ChromeTraceWriter} follows: each of its X spans is a slice whose
 * args carry the task ({@code tid}, {@code pid}, {@code comm}) and optionally its
 * {@code state} ("user", "kernel", ...); a span named "idle" or with tid 0 is idle time. Spans
 * whose args name a {@code lock} are that lock's holds or waits ({@code role}, {@code mode}).
 * Spans whose args name an {@code operation} are completed operations of that name (a pgbench
 * transaction): each ends where its span ends and its latency is the span's duration, whatever
 * thread it is on.
 * Events arrive in any order (the format does not promise one), so spans are kept per thread
 * and sorted at the end.
 */
final class ChromeTraceAssembler {
    private record Sample(long tNs, double value) {
    }

    /**
     * An instant event; kind and comm are "" when absent, a note may be given as "". {@code waker},
     * {@code wakerTid} and {@code wakerPid}: the wake-up's waker as SchedLab's export names it (its
     * label or {@code <idle>}, its tid and pid), "", -1 and {@link RecordingSink#UNKNOWN_PID} when absent.
     */
    private record Instant(long tNs, long thread, String name, String kind, Optional<String> note, int cpu, int tid,
                           int pid, String comm, int reason, int taskThread, String waker, int wakerTid,
                           int wakerPid) {
    }

    private record LockSpan(String lock, String kind, boolean shared, boolean waits, String mode, long startNs,
                            long endNs, int tid, int pid, String comm, int taskThread) {
    }

    /** A task of a reused tid as SchedLab's export lists it (otherData.schedlab.taskThreads). */
    private record TaskThread(int thread, int tid, int pid, String comm) {
    }

    private final List<TaskThread> taskThreads = new ArrayList<>();
    /** The task each listed thread was made for, by {@link #key} of its process and thread id. */
    private final Map<Long, Integer> taskOfListedThread = new HashMap<>();
    /** The tasks of reused tids the export listed, by their labels (sleep[4250#2]): a waker names them so. */
    private final Map<String, Integer> listedTaskOfLabel = new HashMap<>();

    /** A task of a reused tid SchedLab's export listed, in the dataset's order. */
    void taskThread(int thread, int tid, int pid, String comm) {
        taskThreads.add(new TaskThread(thread, tid, pid, comm));
    }

    /** The process a task's lane is in, in SchedLab's export. */
    private static long processOf(int pid) {
        return pid >= 0 ? pid : ChromeTraceWriter.UNKNOWN_PID_PROCESS;
    }

    /**
     * The task an event's args name: by its lane's thread ({@code thread}) for a task of a reused tid
     * SchedLab's export listed, else by tid, pid and comm as a recording names it.
     */
    private int taskOfArgs(int tid, int pid, String comm, int thread) {
        if (thread >= 0) {
            Integer id = taskOfListedThread.get(key(processOf(pid), thread));
            if (id != null) {
                return id;
            }
        }
        return ctx.sink().task(tid, pid, comm);
    }

    private final RecordingReader.ReadContext ctx;
    private final Map<Long, ChromeSpans> threads = new LinkedHashMap<>();
    private final Map<Long, String> threadNames = new HashMap<>();
    private final Map<Long, String> processNames = new HashMap<>();
    private final Map<String, List<Sample>> counters = new LinkedHashMap<>();
    private final Map<String, String> counterUnits = new LinkedHashMap<>();
    private final List<Instant> instants = new ArrayList<>();
    private final List<LockSpan> lockSpans = new ArrayList<>();
    /** Each lock's first span, in the file's order: SchedLab's export writes the locks in the dataset's order. */
    private final Map<String, LockSpan> lockOrder = new LinkedHashMap<>();
    private final Map<String, Long> other = new TreeMap<>();
    /** Operation names the export listed (otherData.schedlab.operations), in the dataset's order. */
    private final List<String> operationNames = new ArrayList<>();
    private final Map<String, OperationColumn> operations = new LinkedHashMap<>();
    private long unmatchedEnds;
    private boolean schedlabExport;
    private long minNs = Long.MAX_VALUE;

    ChromeTraceAssembler(RecordingReader.ReadContext ctx) {
        this.ctx = ctx;
    }

    private static long key(long pid, long tid) {
        return (pid << 32) ^ (tid & 0xffff_ffffL);
    }

    /** The unit SchedLab's export recorded for a counter (otherData.schedlab.counterUnits). */
    void counterUnit(String counter, String unit) {
        counterUnits.put(counter, unit);
    }

    /** An operation SchedLab's export listed, with or without samples (otherData.schedlab.operations). */
    void operationName(String name) {
        operationNames.add(name);
    }

    /** The trace carries {@code otherData.schedlab}: SchedLab wrote it, in the layout of its export. */
    void schedlabExport() {
        schedlabExport = true;
    }

    void event(ChromeEvent e) {
        long t = Double.isFinite(e.tsUs) ? Math.round(e.tsUs * 1000.0) : Long.MIN_VALUE;
        if (Double.isFinite(e.tsUs) && (t < 0 || t > 1L << 62)) {
            // (a ts far below 0 rounds to Long.MIN_VALUE, which is not "no ts")
            other.merge("events with an unusable ts", 1L, Long::sum);
            return;
        }
        long k = key(e.pid, e.tid);
        switch (e.ph) {
            case "M":
                Optional<String> argName = e.str("name");
                if (argName.isPresent() && e.name.equals("thread_name")) {
                    threadNames.put(k, argName.get());
                } else if (argName.isPresent() && e.name.equals("process_name")) {
                    processNames.put(e.pid, argName.get());
                }
                break;
            case "X":
                if (t == Long.MIN_VALUE || !Double.isFinite(e.durUs) || e.durUs < 0) {
                    other.merge("X events without ts/dur", 1L, Long::sum);
                    return;
                }
                if (e.durUs * 1000.0 >= 1L << 62) {
                    // its end would pass the 64-bit nanosecond clock and come out before its start
                    other.merge("X events with an unusable dur", 1L, Long::sum);
                    return;
                }
                span(k, t, t + Math.round(e.durUs * 1000.0), e);
                break;
            case "B":
                if (t != Long.MIN_VALUE) {
                    threads.computeIfAbsent(k, x -> new ChromeSpans()).begin(t);
                }
                break;
            case "E":
                ChromeSpans s = threads.get(k);
                if (s == null || s.depth == 0 || t == Long.MIN_VALUE) {
                    unmatchedEnds++;
                    return;
                }
                long begin = s.open[--s.depth];
                if (t < begin) {
                    // a zero-length span would vanish from the lanes without a word
                    other.merge("\"E\" events earlier than their \"B\"", 1L, Long::sum);
                    return;
                }
                span(k, begin, t, e);
                break;
            case "C":
                if (t == Long.MIN_VALUE) {
                    other.merge("\"C\" events without ts", 1L, Long::sum);
                    return;
                }
                int samples = 0;
                for (int i = 0; i < e.argCount; i++) {
                    String name = e.argCount == 1 && e.argKeys[i].equals("value") ? e.name : e.name + "." + e.argKeys[i];
                    if (Double.isFinite(e.argValues[i])) {
                        counters.computeIfAbsent(name, x -> new ArrayList<>()).add(new Sample(t, e.argValues[i]));
                        samples++;
                    } else if (Double.isNaN(e.argValues[i])) {
                        // a null value (SchedLab's export of a gap): no value until the counter's next sample
                        counters.computeIfAbsent(name, x -> new ArrayList<>()).add(new Sample(t, Double.NaN));
                        samples++;
                    }
                }
                if (samples == 0) {
                    // {"v": "x"}: counted as read, it gave an empty dataset and no word about why
                    other.merge("\"C\" events without a numeric value in args", 1L, Long::sum);
                    return;
                }
                seen(t);
                break;
            case "i":
            case "I":
                if (t != Long.MIN_VALUE) {
                    instants.add(new Instant(t, k, e.name, e.str("mark").orElse(""), e.str("note"), e.intArg("cpu", -2),
                            e.intArg("tid", -1), e.intArg("pid", RecordingSink.UNKNOWN_PID), e.str("comm").orElse(""),
                            e.intArg("reason", 0), e.intArg(ChromeTraceWriter.THREAD_ARG, -1),
                            e.str(ChromeTraceWriter.WAKER_ARG).orElse(""), e.intArg(ChromeTraceWriter.WAKER_TID_ARG, -1),
                            e.intArg(ChromeTraceWriter.WAKER_PID_ARG, RecordingSink.UNKNOWN_PID)));
                    seen(t);
                }
                break;
            default:
                other.merge(e.ph.isEmpty() ? "events without \"ph\"" : "\"" + e.ph + "\" events", 1L, Long::sum);
                return;
        }
        ctx.report().event();
    }

    private void span(long k, long s, long e, ChromeEvent ev) {
        Optional<String> operation = ev.str(ChromeTraceWriter.OPERATION_ARG);
        if (operation.isPresent()) {
            operations.computeIfAbsent(operation.get(), x -> new OperationColumn()).add(e, e - s);
            seen(e); // as the dataset's own extent counts an operation: by its end
            return;
        }
        Optional<String> lock = ev.str("lock");
        if (lock.isPresent()) {
            LockSpan l = new LockSpan(lock.get(), ev.str("kind").orElse("lock"), ev.arg("shared", 0) != 0,
                    ev.str("role").orElse("").equals("wait"), ev.str("mode").orElse(""), s, e, ev.intArg("tid", -1),
                    ev.intArg("pid", RecordingSink.UNKNOWN_PID), ev.str("comm").orElse(""),
                    ev.intArg(ChromeTraceWriter.THREAD_ARG, -1));
            lockSpans.add(l);
            lockOrder.putIfAbsent(l.lock(), l);
        } else {
            threads.computeIfAbsent(k, x -> new ChromeSpans()).add(s, e, ev);
        }
        seen(s);
    }

    private void seen(long t) {
        minNs = Math.min(minNs, t);
    }

    void finish() throws ImportException {
        long unclosed = 0;
        long spans = 0;
        for (ChromeSpans s : threads.values()) {
            unclosed += s.depth;
            spans += s.n;
        }
        if (unclosed > 0) {
            other.merge("\"B\" events without an \"E\"", unclosed, Long::sum);
        }
        if (spans == 0 && lockSpans.isEmpty() && counters.isEmpty() && instants.isEmpty() && operations.isEmpty()) {
            // metadata alone, or events that all were kept out, gave an empty dataset and exit 0;
            // what was there instead, if anything: "no events" alone for a file full of them sent the user looking
            throw new ImportException(ctx.report().file(), 0, "no trace events with times found (X, B/E, C or i)"
                    + (other.isEmpty() ? "" : "; kept out: " + keptOut()));
        }
        RecordingSink sink = ctx.sink();
        DatasetBuilder data = sink.data();
        sink.sawAbsoluteTime(minNs);
        Map<Long, Integer> taskOfThread = new HashMap<>();
        Map<Long, Integer> cpuOfThread = new HashMap<>();
        Map<Integer, Long> pidOfTid = new HashMap<>();
        int synthetic = 0;
        long folded = 0;
        if (schedlabExport) {
            // the tasks of a reused tid, one thread each, made again in the dataset's order (sleep[4250]
            // before sleep[4250#2]): each later one lets the tid go from the one before
            Map<String, Integer> seenOfName = new HashMap<>();
            for (TaskThread tt : taskThreads) {
                int before = sink.taskIdOf(tt.tid());
                if (before >= 0) {
                    sink.retireListed(tt.tid(), before);
                }
                int id = sink.task(tt.tid(), tt.pid(), tt.comm());
                taskOfListedThread.put(key(processOf(tt.pid()), tt.thread()), id);
                // model.TaskInfo.label()'s numbering: the later tasks of one tid and comm, in the dataset's order
                String name = tt.comm() + "[" + tt.tid();
                int reuse = seenOfName.merge(name, 1, Integer::sum) - 1;
                listedTaskOfLabel.put(name + (reuse > 0 ? "#" + (reuse + 1) : "") + "]", id);
                // a thread of another process with this tid is kept apart from these, as below
                pidOfTid.putIfAbsent(tt.tid(), processOf(tt.pid()));
            }
        }
        for (Map.Entry<Long, ChromeSpans> e : threads.entrySet()) {
            long k = e.getKey();
            String name = threadNames.getOrDefault(k, "");
            int cpu = cpuLane(name);
            ChromeSpans s = e.getValue();
            s.sortByStart();
            if (cpu >= 0) {
                cpuOfThread.put(k, cpu);
                cpuLane(data, cpu, s);
                continue;
            }
            int pid = (int) (k >> 32);
            int tid = (int) k;
            Integer listed = taskOfListedThread.get(k);
            if (listed != null) {
                taskOfThread.put(k, listed);
                folded += taskLane(data, listed, s, schedlabExport);
                continue;
            }
            Long owner = pidOfTid.putIfAbsent(tid, (long) pid);
            if (owner != null && owner != pid) {
                // Chrome's tids may repeat across processes; keep the threads apart
                tid = (1 << 30) + synthetic++;
            }
            String comm = !name.isEmpty() ? name : processNames.getOrDefault((long) pid, "thread " + tid);
            int id = sink.task(tid, pid == ChromeTraceWriter.UNKNOWN_PID_PROCESS ? RecordingSink.UNKNOWN_PID : pid, comm);
            taskOfThread.put(k, id);
            folded += taskLane(data, id, s, schedlabExport);
        }
        for (Map.Entry<Long, String> e : threadNames.entrySet()) {
            int cpu = cpuLane(e.getValue());
            if (cpu >= 0) {
                // a CPU that ran nothing still is a CPU (and its marks need the lane)
                cpuOfThread.putIfAbsent(e.getKey(), cpu);
                data.cpuCount(cpu + 1);
            }
        }
        locks(data);
        if (schedlabExport) {
            // the export names every counter with its unit in the dataset's order, those without samples too
            for (Map.Entry<String, String> u : counterUnits.entrySet()) {
                data.counter(u.getKey(), u.getValue());
            }
        }
        for (Map.Entry<String, List<Sample>> c : counters.entrySet()) {
            List<Sample> ss = c.getValue();
            ss.sort((a, b) -> Long.compare(a.tNs(), b.tNs()));
            DatasetBuilder.CounterBuilder cb = data.counter(c.getKey(), counterUnits.getOrDefault(c.getKey(), ""));
            for (Sample x : ss) {
                cb.add(x.tNs(), x.value());
            }
        }
        for (Instant in : instants) {
            mark(data, in, taskOfThread, cpuOfThread);
        }
        for (String name : operationNames) {
            data.operation(name);
        }
        for (Map.Entry<String, OperationColumn> op : operations.entrySet()) {
            op.getValue().addTo(data.operation(op.getKey()));
        }
        if (synthetic > 0) {
            ctx.report().note(synthetic == 1 ? "1 thread reuses a tid of another process; it got a tid from 2^30 up"
                    : synthetic + " threads reuse a tid of another process; they got tids from 2^30 up");
        }
        if (unmatchedEnds > 0) {
            ctx.report().note(counted(unmatchedEnds, "\"E\" events without a \"B\""));
        }
        if (folded > 0) {
            // a call stack's 933 spans read as 346 states without a word: say where the rest went
            ctx.report().note((folded == 1 ? "1 span starts" : folded + " spans start") + " inside an earlier span of"
                    + " the same thread and " + (folded == 1 ? "folds" : "fold") + " into it: a task lane shows each"
                    + " thread's top-level spans");
        }
        if (!other.isEmpty()) {
            ctx.report().note("kept out of the dataset: " + keptOut());
        }
    }

    /** What was kept out, as a sentence: "2 X events without ts/dur, 1 event without "ph"". */
    private String keptOut() {
        StringBuilder sb = new StringBuilder();
        other.forEach((what, n) -> sb.append(sb.length() == 0 ? "" : ", ").append(counted(n, what)));
        return sb.toString();
    }

    /**
     * {@code n} and {@code events}, a phrase said in the plural ("\"E\" events earlier than their
     * \"B\""), in the singular when n is 1: "1 \"E\" event earlier than its \"B\"", not "1 ... events".
     */
    private static String counted(long n, String events) {
        return n + " " + (n == 1 ? events.replaceFirst("\\bevents\\b", "event").replace(" their ", " its ") : events);
    }

    /**
     * Top-level spans become the task's states; spans inside them (call stacks) fold into them.
     * A zero-length span is a state of its own in SchedLab's export (a task woken and run at the
     * same nanosecond has a runnable state of no length, and the lane keeps it); in other tools'
     * traces it is an instant-like event and adds no state. Returns how many spans folded into
     * one that started before them.
     */
    private static int taskLane(DatasetBuilder data, int id, ChromeSpans s, boolean keepEmpty) {
        int folded = 0;
        long topEnd = Long.MIN_VALUE;
        long topStart = 0;
        boolean open = false;
        TaskState topState = TaskState.RUNNING;
        for (int i = 0; i < s.n; i++) {
            if (!open || s.start[i] >= topEnd) {
                if (open && (topEnd > topStart || keepEmpty)) {
                    data.taskState(id, topStart, topEnd, topState);
                }
                open = true;
                topStart = s.start[i];
                topEnd = s.end[i];
                topState = TaskState.ofLabel(s.state[i]).orElse(TaskState.RUNNING);
            } else {
                topEnd = Math.max(topEnd, s.end[i]);
                folded++;
            }
        }
        if (open && (topEnd > topStart || keepEmpty)) {
            data.taskState(id, topStart, topEnd, topState);
        }
        return folded;
    }

    private void mark(DatasetBuilder data, Instant in, Map<Long, Integer> taskOfThread, Map<Long, Integer> cpuOfThread) {
        MarkKind kind = MarkKind.ofLabel(in.kind()).orElse(MarkKind.BOOKMARK);
        int cpu = in.cpu() >= -1 ? in.cpu() : cpuOfThread.getOrDefault(in.thread(), -1);
        if (cpu > TraceLine.MAX_CPU) {
            cpu = -1;
        } else if (cpu >= 0) {
            data.cpuCount(cpu + 1);
        }
        int task;
        if (in.tid() >= 0 && !in.comm().isEmpty()) {
            task = taskOfArgs(in.tid(), in.pid(), in.comm(), in.taskThread());
        } else {
            task = taskOfThread.getOrDefault(in.thread(), Intervals.NO_TASK);
        }
        data.mark(kind, in.tNs(), cpu, task, in.note().orElse(in.name()), in.reason(),
                kind == MarkKind.WAKEUP ? waker(in) : Marks.NO_WAKER);
    }

    /**
     * The waker a wake-up's args name as SchedLab's export writes it ({@code waker}: the task's
     * label or {@code <idle>}; {@code wakerTid}, {@code wakerPid}): {@link Marks#IDLE_WAKER} for
     * {@code <idle>}, the listed task of a reused tid by its label, else the task of that tid
     * (made, with the label's comm and the pid, if the file has no other event of it).
     * {@link Marks#NO_WAKER} without a waker, or for args that do not name one (no tid, a negative,
     * fractional or huge one; a pid other than the known task of that tid has): the mark stays.
     */
    private int waker(Instant in) {
        if (in.waker().equals(ChromeTraceWriter.IDLE_WAKER_LABEL)) {
            return Marks.IDLE_WAKER;
        }
        if (in.waker().isEmpty() || in.wakerTid() < 0) {
            return Marks.NO_WAKER;
        }
        Integer listed = listedTaskOfLabel.get(in.waker());
        if (listed != null) {
            return listed;
        }
        RecordingSink sink = ctx.sink();
        int known = sink.taskIdOf(in.wakerTid());
        if (known >= 0) {
            // a waker said to be of another process than the task of its tid is not that task (the
            // export lists any two tasks of one tid, so only a hand edit or another tool says so)
            int pid = sink.pidOf(known);
            return in.wakerPid() >= 0 && pid >= 0 && pid != in.wakerPid() ? Marks.NO_WAKER : known;
        }
        String label = in.waker();
        String tidSuffix = "[" + in.wakerTid() + "]";
        String comm = label.endsWith(tidSuffix) && label.length() > tidSuffix.length()
                ? label.substring(0, label.length() - tidSuffix.length()) : label;
        return sink.task(in.wakerTid(), in.wakerPid() >= 0 ? in.wakerPid() : RecordingSink.UNKNOWN_PID, comm);
    }

    private void locks(DatasetBuilder data) {
        for (LockSpan first : lockOrder.values()) {
            data.lock(first.lock(), first.kind(), first.shared()); // lanes in the order the file names them
        }
        lockSpans.sort((a, b) -> Long.compare(a.startNs(), b.startNs()));
        Map<String, Long> lastHoldEnd = new HashMap<>();
        long overlapping = 0;
        for (LockSpan l : lockSpans) {
            int id = taskOfArgs(Math.max(0, l.tid()), l.pid(), l.comm(), l.taskThread());
            DatasetBuilder.LockBuilder lb = data.lock(l.lock(), l.kind(), l.shared());
            if (l.waits()) {
                WaitMode mode = WaitMode.ofLabel(l.mode()).orElse(WaitMode.SLEEP);
                lb.waitFor(l.startNs(), l.endNs(), id, mode);
            } else if (l.shared() || l.startNs() >= lastHoldEnd.getOrDefault(l.lock(), Long.MIN_VALUE)) {
                lb.hold(l.startNs(), l.endNs(), id, switch (l.mode()) {
                    case "read" -> LockLane.HOLD_READ;
                    case "write" -> LockLane.HOLD_WRITE;
                    default -> LockLane.HOLD_NOT_RECORDED;
                });
                lastHoldEnd.merge(l.lock(), l.endNs(), Math::max);
            } else {
                overlapping++;
            }
        }
        if (overlapping > 0) {
            ctx.report().note(overlapping + " holds of exclusive locks overlap an earlier hold; left out");
        }
    }

    /** One operation's samples as read: end and latency, sorted by end when handed over. */
    private static final class OperationColumn {
        private long[] end = new long[64];
        private long[] latency = new long[64];
        private int n;
        private boolean sorted = true;

        void add(long endNs, long latencyNs) {
            if (n == end.length) {
                end = java.util.Arrays.copyOf(end, n * 2);
                latency = java.util.Arrays.copyOf(latency, n * 2);
            }
            sorted &= n == 0 || end[n - 1] <= endNs;
            end[n] = endNs;
            latency[n++] = latencyNs;
        }

        void addTo(DatasetBuilder.OperationBuilder b) {
            if (sorted) {
                // SchedLab's export writes them in order of end, as the dataset keeps them
                for (int i = 0; i < n; i++) {
                    b.add(end[i], latency[i]);
                }
                return;
            }
            for (int i : org.schedlab.model.StableOrder.byKey(end, n)) { // ties keep the file's order
                b.add(end[i], latency[i]);
            }
        }
    }

    /** "CPU 3" -> 3, else -1. */
    static int cpuLane(String threadName) {
        if (!threadName.startsWith(ChromeTraceWriter.CPU_THREAD_PREFIX)) {
            return -1;
        }
        int n = LineReader.parseUint(threadName, 4, threadName.length());
        return n <= TraceLine.MAX_CPU ? n : -1;
    }

    private void cpuLane(DatasetBuilder data, int cpu, ChromeSpans s) {
        data.cpuCount(cpu + 1);
        long lastEnd = Long.MIN_VALUE;
        for (int i = 0; i < s.n; i++) {
            long start = Math.max(s.start[i], lastEnd);
            if (s.end[i] < start || s.end[i] == start && s.start[i] < lastEnd) {
                continue; // overlaps the slice before: a CPU runs one thing at a time
            }
            String label = s.label[i];
            Optional<SliceState> given = SliceState.ofLabel(s.state[i]);
            boolean idleLabel = label.equals("idle") || label.equals("<idle>");
            boolean noTask = s.argTid[i] == 0 || s.argTid[i] < 0 && given.map(SliceState::allowsNoTask).orElse(idleLabel);
            if (noTask) {
                SliceState st = given.filter(SliceState::allowsNoTask).orElse(SliceState.IDLE);
                data.cpu(cpu).add(start, s.end[i], Intervals.NO_TASK, st.code());
            } else {
                int lb = label.lastIndexOf('[');
                int labelTid = lb > 0 && label.endsWith("]") ? LineReader.parseUint(label, lb + 1, label.length() - 1) : -1;
                int tid = s.argTid[i] >= 0 ? s.argTid[i] : labelTid;
                String comm = !s.comm[i].isEmpty() ? s.comm[i] : labelTid >= 0 ? label.substring(0, lb) : label;
                if (tid <= 0) {
                    tid = (1 << 29) + Math.abs(comm.hashCode() % (1 << 28));
                }
                int id = taskOfArgs(tid, s.argPid[i], comm, s.argThread[i]);
                data.cpu(cpu).add(start, s.end[i], id, given.orElse(SliceState.USER).code());
            }
            lastEnd = s.end[i];
        }
    }
}
