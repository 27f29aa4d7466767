package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * Turns Chrome trace events into lanes. Every thread (pid, tid) is a task named by its
 * "thread_name" metadata; its top-level X and B/E spans (nested ones fold into their parent)
 * are RUNNING intervals of its task lane. "C" events are counter tracks ("name" or
 * "name.key" per numeric arg), "i"/"I" instants are bookmarks. A thread named "CPU n" is CPU
 * lane n - the convention SchedLab's Chrome export follows: each of its X spans is a slice
 * whose args carry the task ({@code "tid"}, {@code "comm"}) and optionally its
 * {@code "state"} ("user", "kernel", ...); a span named "idle" or with tid 0 is idle time.
 * Events arrive in any order (the format does not promise one), so spans are kept per thread
 * and sorted at the end.
 */
final class ChromeTraceAssembler {
    /** One event's fields, reused. */
    static final class Event {
        String ph = "";
        String name = "";
        long pid = -1;
        long tid = -1;
        double tsUs = Double.NaN;
        double durUs = Double.NaN;
        final String[] argKeys = new String[16];
        final double[] argValues = new double[16];
        int argCount;
        String argName;
        String argComm;

        void clear() {
            ph = "";
            name = "";
            pid = -1;
            tid = -1;
            tsUs = Double.NaN;
            durUs = Double.NaN;
            argCount = 0;
            argName = null;
            argComm = null;
        }

        double arg(String key, double missing) {
            for (int i = 0; i < argCount; i++) {
                if (argKeys[i].equals(key)) {
                    return argValues[i];
                }
            }
            return missing;
        }
    }

    private static final class Spans {
        long[] start = new long[8];
        long[] end = new long[8];
        int[] argTid = new int[8];
        String[] comm = new String[8];
        String[] label = new String[8];
        int n;
        long[] open = new long[8];
        int depth;

        void add(long s, long e, int tid, String c, String l) {
            if (n == start.length) {
                int cap = n * 2;
                start = Arrays.copyOf(start, cap);
                end = Arrays.copyOf(end, cap);
                argTid = Arrays.copyOf(argTid, cap);
                comm = Arrays.copyOf(comm, cap);
                label = Arrays.copyOf(label, cap);
            }
            start[n] = s;
            end[n] = e;
            argTid[n] = tid;
            comm[n] = c;
            label[n] = l;
            n++;
        }
    }

    private record Sample(long tNs, double value) {
    }

    private record Instant(long tNs, long thread, String name) {
    }

    private final RecordingReader.ReadContext ctx;
    private final Map<Long, Spans> threads = new LinkedHashMap<>();
    private final Map<Long, String> threadNames = new HashMap<>();
    private final Map<Long, String> processNames = new HashMap<>();
    private final Map<String, List<Sample>> counters = new LinkedHashMap<>();
    private final List<Instant> instants = new ArrayList<>();
    private final Map<String, Long> other = new TreeMap<>();
    private long unmatchedEnds;
    private long minNs = Long.MAX_VALUE;

    ChromeTraceAssembler(RecordingReader.ReadContext ctx) {
        this.ctx = ctx;
    }

    private static long key(long pid, long tid) {
        return (pid << 32) ^ (tid & 0xffff_ffffL);
    }

    void event(Event e) {
        long t = Double.isFinite(e.tsUs) ? Math.round(e.tsUs * 1000.0) : Long.MIN_VALUE;
        if (t != Long.MIN_VALUE && (t < 0 || t > 1L << 62)) {
            other.merge("events with an unusable ts", 1L, Long::sum);
            return;
        }
        long k = key(e.pid, e.tid);
        switch (e.ph) {
            case "M":
                if (e.argName != null && e.name.equals("thread_name")) {
                    threadNames.put(k, e.argName);
                } else if (e.argName != null && e.name.equals("process_name")) {
                    processNames.put(e.pid, e.argName);
                }
                break;
            case "X":
                if (t == Long.MIN_VALUE || !Double.isFinite(e.durUs) || e.durUs < 0) {
                    other.merge("X events without ts/dur", 1L, Long::sum);
                    return;
                }
                span(k, t, t + Math.round(e.durUs * 1000.0), e);
                break;
            case "B":
                if (t != Long.MIN_VALUE) {
                    Spans s = threads.computeIfAbsent(k, x -> new Spans());
                    if (s.depth == s.open.length) {
                        s.open = Arrays.copyOf(s.open, s.depth * 2);
                    }
                    s.open[s.depth++] = t;
                }
                break;
            case "E":
                Spans s = threads.get(k);
                if (s == null || s.depth == 0 || t == Long.MIN_VALUE) {
                    unmatchedEnds++;
                    return;
                }
                long begin = s.open[--s.depth];
                span(k, begin, Math.max(begin, t), e);
                break;
            case "C":
                if (t == Long.MIN_VALUE) {
                    return;
                }
                for (int i = 0; i < e.argCount; i++) {
                    String name = e.argCount == 1 && e.argKeys[i].equals("value") ? e.name : e.name + "." + e.argKeys[i];
                    if (Double.isFinite(e.argValues[i])) {
                        counters.computeIfAbsent(name, x -> new ArrayList<>()).add(new Sample(t, e.argValues[i]));
                    }
                }
                seen(t);
                break;
            case "i":
            case "I":
                if (t != Long.MIN_VALUE) {
                    instants.add(new Instant(t, k, e.name));
                    seen(t);
                }
                break;
            default:
                other.merge("\"" + e.ph + "\" events", 1L, Long::sum);
                return;
        }
        ctx.report().event();
    }

    private void span(long k, long s, long e, Event ev) {
        double tid = ev.arg("tid", -1);
        int argTid = tid >= 0 && tid <= Integer.MAX_VALUE ? (int) tid : -1;
        threads.computeIfAbsent(k, x -> new Spans()).add(s, e, argTid, ev.argComm, ev.name);
        seen(s);
    }

    private void seen(long t) {
        minNs = Math.min(minNs, t);
    }

    void finish() throws ImportException {
        if (ctx.report().eventCount() == 0) {
            throw new ImportException(ctx.report().file(), 0, "no trace events with times found (X, B/E, C or i)");
        }
        RecordingSink sink = ctx.sink();
        DatasetBuilder data = sink.data();
        sink.sawAbsoluteTime(minNs);
        Map<Long, Integer> taskOfThread = new HashMap<>();
        Map<Integer, Long> pidOfTid = new HashMap<>();
        int synthetic = 0;
        for (Map.Entry<Long, Spans> e : threads.entrySet()) {
            long k = e.getKey();
            String name = threadNames.getOrDefault(k, "");
            int cpu = cpuLane(name);
            Spans s = e.getValue();
            sortByStart(s);
            if (cpu >= 0) {
                cpuLane(data, cpu, s);
                continue;
            }
            int pid = (int) (k >> 32);
            int tid = (int) k;
            Long owner = pidOfTid.putIfAbsent(tid, (long) pid);
            if (owner != null && owner != pid) {
                // Chrome's tids may repeat across processes; keep the threads apart
                tid = (1 << 30) + synthetic++;
            }
            String comm = !name.isEmpty() ? name : processNames.getOrDefault((long) pid, "thread " + tid);
            int id = sink.task(tid, pid, comm);
            taskOfThread.put(k, id);
            long topEnd = Long.MIN_VALUE;
            long topStart = 0;
            for (int i = 0; i < s.n; i++) {
                if (s.start[i] >= topEnd) {
                    if (topEnd > topStart) {
                        data.taskState(id, topStart, topEnd, TaskState.RUNNING);
                    }
                    topStart = s.start[i];
                    topEnd = s.end[i];
                } else {
                    topEnd = Math.max(topEnd, s.end[i]);
                }
            }
            if (topEnd > topStart) {
                data.taskState(id, topStart, topEnd, TaskState.RUNNING);
            }
        }
        for (Map.Entry<String, List<Sample>> c : counters.entrySet()) {
            List<Sample> ss = c.getValue();
            ss.sort((a, b) -> Long.compare(a.tNs(), b.tNs()));
            DatasetBuilder.CounterBuilder cb = data.counter(c.getKey(), "");
            for (Sample x : ss) {
                cb.add(x.tNs(), x.value());
            }
        }
        for (Instant in : instants) {
            Integer id = taskOfThread.get(in.thread());
            data.mark(MarkKind.BOOKMARK, in.tNs(), -1, id == null ? Intervals.NO_TASK : id, in.name());
        }
        if (synthetic > 0) {
            ctx.report().note(synthetic + " threads reuse a tid of another process; they got tids from 2^30 up");
        }
        if (unmatchedEnds > 0) {
            ctx.report().note(unmatchedEnds + " \"E\" events without a \"B\"");
        }
        if (!other.isEmpty()) {
            ctx.report().note("kept out of the dataset: " + other);
        }
    }

    /** "CPU 3" -> 3, else -1. */
    static int cpuLane(String threadName) {
        if (!threadName.startsWith("CPU ")) {
            return -1;
        }
        int n = LineReader.parseUint(threadName, 4, threadName.length());
        return n <= TraceLine.MAX_CPU ? n : -1;
    }

    private void cpuLane(DatasetBuilder data, int cpu, Spans s) {
        data.cpuCount(cpu + 1);
        long lastEnd = Long.MIN_VALUE;
        for (int i = 0; i < s.n; i++) {
            long start = Math.max(s.start[i], lastEnd);
            if (s.end[i] <= start) {
                continue;
            }
            String label = s.label[i] == null ? "" : s.label[i];
            boolean idle = s.argTid[i] == 0 || label.equals("idle") || label.equals("<idle>");
            if (idle) {
                data.cpu(cpu).add(start, s.end[i], Intervals.NO_TASK, SliceState.IDLE.code());
            } else {
                int lb = label.lastIndexOf('[');
                int labelTid = lb > 0 && label.endsWith("]") ? LineReader.parseUint(label, lb + 1, label.length() - 1) : -1;
                int tid = s.argTid[i] >= 0 ? s.argTid[i] : labelTid;
                String comm = s.comm[i] != null ? s.comm[i] : labelTid >= 0 ? label.substring(0, lb) : label;
                if (tid <= 0) {
                    tid = (1 << 29) + Math.abs(comm.hashCode() % (1 << 28));
                }
                int id = ctx.sink().task(tid, RecordingSink.UNKNOWN_PID, comm);
                data.cpu(cpu).add(start, s.end[i], id, SliceState.USER.code());
            }
            lastEnd = s.end[i];
        }
    }

    private static void sortByStart(Spans s) {
        boolean sorted = true;
        for (int i = 1; i < s.n && sorted; i++) {
            sorted = s.start[i - 1] <= s.start[i];
        }
        if (sorted) {
            return;
        }
        Integer[] order = new Integer[s.n];
        for (int i = 0; i < s.n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(s.start[a], s.start[b]));
        long[] st = new long[s.n];
        long[] en = new long[s.n];
        int[] at = new int[s.n];
        String[] co = new String[s.n];
        String[] la = new String[s.n];
        for (int i = 0; i < s.n; i++) {
            int o = order[i];
            st[i] = s.start[o];
            en[i] = s.end[o];
            at[i] = s.argTid[o];
            co[i] = s.comm[o];
            la[i] = s.label[o];
        }
        s.start = st;
        s.end = en;
        s.argTid = at;
        s.comm = co;
        s.label = la;
    }
}
