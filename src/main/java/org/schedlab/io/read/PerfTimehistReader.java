package org.schedlab.io.read;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * {@code perf sched timehist} output: one row per switch-out,
 * <pre>
 *      329.520126 [0000]  pgbench[7379/7377]     0.000      0.068      0.026
 * </pre>
 * (time, CPU, task[tid/pid] or {@code <idle>}, wait time, scheduling delay, run time in ms;
 * {@code -P} adds a pre-migration column, {@code --state} a state letter, {@code -V} a column of
 * one cell per CPU before the task (the header's "0123..." says how many), {@code -w} and
 * {@code -M} add "awakened:" and "migrated:" rows). Each row is a slice of the task on its CPU
 * ending at the row's time; before it the task lane holds the delay as RUNNABLE and the rest of
 * the wait as SLEEPING (BLOCKED when the state column says D). Times are whole microseconds,
 * so neighbouring intervals are clamped to never overlap by a rounding microsecond.
 */
public final class PerfTimehistReader extends LineReader {
    static final String FORMAT = "perf-sched-timehist";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public int probe(Sniff sniff) {
        boolean header = false;
        boolean summary = false;
        int rows = 0;
        Row r = new Row();
        for (String l : sniff.headLines()) {
            String t = l.strip();
            if (isHeader(t)) {
                header = true;
            } else if (isSummaryStart(t)) {
                summary = true;
            } else if (r.parse(l).isEmpty()) {
                rows++;
            }
        }
        // the header alone (a recording cut after it) is still timehist: the reader then says it has no rows
        // its summary alone (-s) is timehist too: the reader says the rows are missing
        return header ? (rows > 0 ? 95 : 60) : rows >= 3 ? 40 : summary ? 60 : 0;
    }

    /** timehist's header line, "time    cpu  task name   wait time  sch delay   run time". */
    static boolean isHeader(String stripped) {
        return stripped.startsWith("time") && stripped.contains("cpu") && stripped.contains("task name")
                && stripped.contains("sch delay");
    }

    /** The line that opens timehist's summary (-s, or -S after the rows); the file ends with it. */
    static boolean isSummaryStart(String stripped) {
        return stripped.equals("Runtime summary") || stripped.equals("Idle-time summary");
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return new Parser(ctx);
    }

    /** One parsed row; {@link #parse} returns "" or what it expected and did not find. */
    static final class Row {
        long tNs;
        int cpu;
        boolean idle;
        int tid;
        int pid;
        int commFrom;
        int commTo;
        long waitNs;
        long delayNs;
        long runNs;
        char state;
        /** 0 for a switch row, 'w' for "awakened:", 'm' for "migrated:". */
        char kind;
        int otherFrom;
        /** CPUs in the -V (--cpu-visual) column the header announced, 0 without it. */
        int visualCpus;
        private final long[] values = new long[4];

        String parse(String s) {
            int n = s.length();
            int a = skipSpaces(s, 0);
            int e = tokenEnd(s, a);
            if (e >= n) {
                return "expected \"SECONDS [CPU] TASK[TID/PID] WAIT DELAY RUN\"";
            }
            tNs = parseSecondsToNs(s, a, e);
            if (tNs < 0) {
                return "expected the time in seconds at the start of a timehist row";
            }
            int b = skipSpaces(s, e);
            if (b >= n || s.charAt(b) != '[') {
                return "expected \"[CPU]\" after the time";
            }
            int close = s.indexOf(']', b);
            cpu = close < 0 ? -1 : parseUint(s, b + 1, close);
            if (cpu < 0 || cpu > TraceLine.MAX_CPU) {
                return "expected a CPU number in brackets after the time";
            }
            int t;
            if (visualCpus > 0) {
                // -V: " " and one cell per CPU ('s' where this row's switch happened, 'i' for idle) after "] "
                int cells = close + 3;
                if (cells + visualCpus > n || !visualCells(s, close + 1, cells + visualCpus)) {
                    return "expected the -V column (" + visualCpus + " characters, 's' or 'i' under the row's CPU)"
                            + " after the CPU";
                }
                t = skipSpaces(s, cells + visualCpus);
            } else {
                t = skipSpaces(s, close + 1);
            }
            kind = 0;
            if (s.startsWith("<idle>", t)) {
                idle = true;
                tid = 0;
                pid = 0;
                commFrom = t;
                commTo = t + 6;
                return numbers(s, t + 6);
            }
            idle = false;
            int lb = t;
            while (true) {
                lb = s.indexOf('[', lb);
                if (lb < 0) {
                    return "expected \"TASK[TID]\" or \"<idle>\" after the CPU";
                }
                int rb = s.indexOf(']', lb);
                if (rb < 0) {
                    return "expected \"]\" after the task's tid";
                }
                int slash = s.indexOf('/', lb);
                int tidEnd = slash > 0 && slash < rb ? slash : rb;
                int tidv = parseUint(s, lb + 1, tidEnd);
                int pidv = tidEnd == rb ? tidv : parseUint(s, slash + 1, rb);
                if (tidv >= 0 && pidv >= 0 && lb > t) {
                    tid = tidv;
                    pid = pidv;
                    commFrom = t;
                    commTo = lb;
                    return numbers(s, rb + 1);
                }
                lb = rb;
            }
        }

        private static boolean visualCells(String s, int from, int to) {
            for (int i = from; i < to; i++) {
                char c = s.charAt(i);
                if (c != ' ' && c != 's' && c != 'i') {
                    return false;
                }
            }
            return true;
        }

        /**
         * The width of the -V column a header shows between "cpu" and "task name": one hex digit per
         * CPU, counting 0-f and again ("0123456789abcdef01"); 0 for a header without it.
         */
        static int visualColumn(String header) {
            String[] f = header.strip().split("\\s+");
            if (f.length < 4 || !f[0].equals("time") || !f[1].equals("cpu") || !f[3].equals("task")) {
                return 0;
            }
            for (int i = 0; i < f[2].length(); i++) {
                if (f[2].charAt(i) != Character.forDigit(i % 16, 16)) {
                    return 0;
                }
            }
            return f[2].length();
        }

        private String numbers(String s, int from) {
            int p = skipSpaces(s, from);
            if (s.startsWith("awakened:", p) || s.startsWith("migrated:", p)) {
                kind = s.charAt(p) == 'a' ? 'w' : 'm';
                otherFrom = skipSpaces(s, p + 9);
                return "";
            }
            long[] v = values;
            int count = 0;
            while (p < s.length() && count < 4 && TraceLine.isDigit(s.charAt(p))) {
                int e = tokenEnd(s, p);
                long ns = parseSecondsToNs(s, p, e);
                if (ns < 0) {
                    return "expected a time in ms (like 0.123) in a timehist row";
                }
                v[count++] = ns / 1000;
                p = skipSpaces(s, e);
            }
            if (count < 3) {
                return "expected wait time, sch delay and run time (ms) after the task";
            }
            waitNs = v[0];
            delayNs = v[1];
            runNs = v[2];
            state = p < s.length() && Character.isLetter(s.charAt(p)) && tokenEnd(s, p) - p <= 2 ? s.charAt(p) : 0;
            return "";
        }
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        private final DatasetBuilder data;
        private final Row r = new Row();
        private long[] cpuEnd = new long[0];
        private long[] laneEnd = new long[0];
        // the state column, when present, says how each task left the CPU at the end of its last row
        private char[] lastState = new char[0];
        private long lastNs = Long.MIN_VALUE;
        /** The line of the row that set {@link #lastNs}, for the reason a later row is refused. */
        private long lastNsLine;
        /** CPUs rows ran on (the highest + 1), and the first line naming each CPU a task migrated to. */
        private int rowCpus;
        private final Map<Integer, Long> targetCpus = new TreeMap<>();
        private long lineNumber;
        private boolean anyRow;
        /** The line "Runtime summary" (or "Idle-time summary") was on, 0 before it. */
        private long summaryLine;
        /** The first row's line and time, and the header's line (0: none yet). */
        private long firstRowLine;
        private long firstRowNs;
        private long headerLine;
        /** perf's "Samples do not have callchains." after the last row: a second output's first line (0: none). */
        private long preambleLine;
        /** timehist's header again after rows, until the row after it says what it opens (0: none). */
        private long secondHeaderLine;
        /** Whether rows going back in time are a second recording's, as in the sched trace reader. */
        private final SecondRecordingWatch second = new SecondRecordingWatch();

        Parser(ReadContext ctx) {
            this.ctx = ctx;
            this.data = ctx.sink().data();
        }

        /**
         * timehist's header again after rows (or after the summary that ends them): a second output
         * put after the first in one file (cat run1.txt run2.txt, the same recording saved twice).
         * Its rows would each be refused as going back in time, or, after a summary, read past
         * unseen; it is refused once, at its first line. A header whose rows start inside the
         * first's time (a mail quoting timehist and then timehist --cpu 2 of the same recording) is
         * not refused: its rows are read as before, those that go back each one line not understood.
         */
        private ImportException secondOutput(long n) {
            long at = preambleLine > 0 ? preambleLine : n;
            return new ImportException(ctx.report().file(), at, "perf sched timehist's header again (line " + n
                    + "; the first at line " + headerLine + ", its rows from line " + firstRowLine + "): "
                    + SecondRecordingWatch.ADVICE);
        }

        /** As {@link #secondOutput}, for rows without a header again, whose times go back to the first row's or before. */
        private ImportException secondRows() {
            return new ImportException(ctx.report().file(), second.fromLine(), "time "
                    + SchedTraceReader.seconds(second.fromNs()) + " goes back before " + SchedTraceReader.seconds(lastNs)
                    + " of line " + lastNsLine + ", to the first row's time (" + SchedTraceReader.seconds(firstRowNs)
                    + ", line " + firstRowLine + ") or before: " + SecondRecordingWatch.ADVICE);
        }

        @Override
        protected boolean line(String s, long n) throws ImportException {
            String t = s.strip();
            if (t.startsWith("Samples do not have callchains")) {
                // perf prints it first, before the header: after rows, it opens a second output
                preambleLine = anyRow && preambleLine == 0 ? n : preambleLine;
                return true;
            }
            if (PerfTimehistReader.isHeader(t) && anyRow) {
                if (summaryLine > 0) {
                    throw secondOutput(n); // perf prints nothing after its summary
                }
                secondHeaderLine = n;
                r.visualCpus = Row.visualColumn(t);
                return true;
            }
            if (summaryLine > 0) {
                return true; // the summary's tables and totals, to the end of the file
            }
            if (PerfTimehistReader.isSummaryStart(t)) {
                summaryLine = n;
                return true;
            }
            if (t.startsWith("time ")) {
                r.visualCpus = Row.visualColumn(t);
                headerLine = headerLine == 0 && PerfTimehistReader.isHeader(t) ? n : headerLine;
                return true;
            }
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("[tid/pid]") || t.startsWith("---")) {
                return true;
            }
            String err = r.parse(s);
            if (!err.isEmpty()) {
                return reject(err);
            }
            if (r.kind == 0 && r.runNs + Math.max(r.waitNs, r.delayNs) > r.tNs) {
                // the clock counts from boot: a run (and its wait) cannot have begun before it, and a
                // damaged figure drawn as such would stretch the recording by hours
                return reject("wait, sch delay and run time reach back before time 0 from "
                        + SchedTraceReader.seconds(r.tNs) + " s; expected times in ms that fit before the row's time");
            }
            if (secondHeaderLine > 0) {
                // the same recording again, or another boot's, starts at the first's start or before; a
                // later run starts at its end or after: either is a second recording
                if (r.tNs <= firstRowNs || r.tNs >= lastNs) {
                    throw secondOutput(secondHeaderLine);
                }
                secondHeaderLine = 0;
            }
            if (r.tNs < lastNs) {
                if (second.wentBack(n, r.tNs, r.tNs <= firstRowNs && lastNsLine > firstRowLine)) {
                    throw secondRows();
                }
                return reject("time " + SchedTraceReader.seconds(r.tNs) + " goes back before "
                        + SchedTraceReader.seconds(lastNs) + " of line " + lastNsLine + " (rows must be in time order)");
            }
            second.inOrder();
            preambleLine = 0;
            lastNs = r.tNs;
            lastNsLine = n;
            if (!anyRow) {
                ctx.sink().sawAbsoluteTime(r.tNs);
                anyRow = true;
                firstRowLine = n;
                firstRowNs = r.tNs;
            }
            data.cpuCount(r.cpu + 1);
            rowCpus = Math.max(rowCpus, r.cpu + 1);
            lineNumber = n;
            int id = r.idle || r.kind != 0 ? -1 : ctx.sink().task(r.tid, r.pid, s, r.commFrom, r.commTo);
            if (r.kind != 0) {
                return otherRow(s);
            }
            long runStart = r.tNs - r.runNs;
            growCpu(r.cpu);
            long sliceStart = Math.max(runStart, cpuEnd[r.cpu]);
            if (r.tNs > sliceStart) {
                if (id < 0) {
                    data.cpu(r.cpu).add(sliceStart, r.tNs, Intervals.NO_TASK, SliceState.IDLE.code());
                } else {
                    data.cpu(r.cpu).add(sliceStart, r.tNs, id, (kernel(id) ? SliceState.KERNEL : SliceState.USER).code());
                }
                cpuEnd[r.cpu] = r.tNs;
            }
            if (id >= 0) {
                lane(id, runStart);
                if (SchedAssembler.isDead(r.state)) {
                    // --state says the task left the CPU dead: a later row of its tid is a new thread's
                    ctx.sink().retire(r.tid, id);
                }
            }
            ctx.report().event();
            return true;
        }

        private void lane(int id, long runStart) {
            if (id >= laneEnd.length) {
                int old = laneEnd.length;
                laneEnd = Arrays.copyOf(laneEnd, Math.max(id + 1, old * 2));
                Arrays.fill(laneEnd, old, laneEnd.length, Long.MIN_VALUE);
                lastState = Arrays.copyOf(lastState, laneEnd.length);
            }
            char before = lastState[id];
            long from = laneEnd[id];
            long waitStart = runStart - r.waitNs;
            long delayStart = runStart - Math.min(r.delayNs, r.waitNs > 0 ? r.waitNs : r.delayNs);
            if (r.waitNs > 0 && delayStart > waitStart) {
                long s = Math.max(waitStart, from);
                if (delayStart > s) {
                    data.taskState(id, s, delayStart, before == 'D' ? TaskState.BLOCKED : TaskState.SLEEPING);
                }
            }
            if (runStart > delayStart) {
                long s = Math.max(delayStart, from);
                if (runStart > s) {
                    data.taskState(id, s, runStart, TaskState.RUNNABLE);
                    boolean preempted = before == 'R' || before == 0 && r.waitNs > 0 && r.delayNs == r.waitNs;
                    if (!preempted) {
                        // the waker, if an "awakened:" row (-w) named this wake-up
                        data.mark(MarkKind.WAKEUP, s, r.cpu, id, "", 0, wakerByTid.get(r.tid));
                    }
                    wakerByTid.put(r.tid, Marks.NO_WAKER);
                }
            }
            long s = Math.max(runStart, from);
            if (r.tNs > s) {
                data.taskState(id, s, r.tNs, TaskState.RUNNING);
                laneEnd[id] = r.tNs;
            } else {
                laneEnd[id] = Math.max(from, r.tNs);
            }
            if (r.state == 'R') {
                data.mark(MarkKind.PREEMPTION, r.tNs, r.cpu, id, "R");
            }
            lastState[id] = r.state;
        }

        /**
         * Per wakee tid, the waker its last "awakened:" row named (a task id or {@link Marks#IDLE_WAKER}),
         * for the wake-up mark its next switch row makes; {@link Marks#NO_WAKER} when none.
         */
        private final IntIntMap wakerByTid = new IntIntMap(Marks.NO_WAKER);

        /**
         * "migrated: comm[tid] cpu A => B" becomes a migration mark; "awakened: comm[tid]" names the
         * waker of that task's next wake-up: the row's task (perf prints the task running when the
         * wake-up was traced), {@code <idle>} for an interrupt on an idle CPU.
         */
        private boolean otherRow(String s) {
            if (r.kind == 'w') {
                int lb = s.lastIndexOf('[');
                int e = lb + 1;
                while (lb > r.otherFrom && e < s.length() && TraceLine.isDigit(s.charAt(e))) {
                    e++;
                }
                int wakee = lb > r.otherFrom ? parseUint(s, lb + 1, e) : -1;
                if (wakee > 0) {
                    int known = r.idle ? Marks.IDLE_WAKER : ctx.sink().taskIdOf(r.tid);
                    wakerByTid.put(wakee, known != -1 ? known
                            : ctx.sink().task(r.tid, r.pid, s, r.commFrom, r.commTo));
                }
            }
            if (r.kind == 'm') {
                int cpuWord = s.indexOf(" cpu ", r.otherFrom);
                int arrow = cpuWord < 0 ? -1 : s.indexOf("=>", cpuWord);
                int d = arrow < 0 ? -1 : skipSpaces(s, arrow + 2);
                int dest = d < 0 ? -1 : parseUint(s, d, tokenEnd(s, d));
                int lb = cpuWord < 0 ? -1 : s.lastIndexOf('[', cpuWord);
                int tid = -1;
                if (lb > r.otherFrom) {
                    int e = lb + 1;
                    while (e < cpuWord && TraceLine.isDigit(s.charAt(e))) {
                        e++;
                    }
                    tid = parseUint(s, lb + 1, e);
                }
                if (dest < 0 || dest > TraceLine.MAX_CPU || tid < 0) {
                    return reject("expected \"migrated: TASK[TID] cpu A => B\"");
                }
                if (tid > 0) {
                    data.cpuCount(dest + 1);
                    targetCpus.putIfAbsent(dest, lineNumber);
                    int moved = ctx.sink().task(tid, RecordingSink.UNKNOWN_PID, s, r.otherFrom, lb);
                    data.mark(MarkKind.MIGRATION, r.tNs, dest, moved, "");
                }
            }
            ctx.report().event();
            return true;
        }

        private final java.util.Map<String, Boolean> kernelByComm = new java.util.HashMap<>();

        private boolean kernel(int id) {
            return kernelByComm.computeIfAbsent(ctx.sink().commOf(id), KernelThreads::isKernelThread);
        }

        private void growCpu(int cpu) {
            if (cpu >= cpuEnd.length) {
                int old = cpuEnd.length;
                cpuEnd = Arrays.copyOf(cpuEnd, cpu + 1);
                Arrays.fill(cpuEnd, old, cpu + 1, Long.MIN_VALUE);
            }
        }

        @Override
        protected void end(long lines) throws ImportException {
            if (!anyRow && summaryLine > 0) {
                throw new ImportException(ctx.report().file(), 0, "only perf sched timehist's summary (-s), no rows to"
                        + " draw; run `perf sched timehist` without -s (or with -S, which keeps the rows before it)");
            }
            if (!anyRow) {
                throw new ImportException(ctx.report().file(), 0, "no timehist rows found; expected rows such as"
                        + " \"329.520126 [0000]  pgbench[7379/7377]  0.000  0.068  0.026\"");
            }
            if (summaryLine > 0) {
                ctx.report().note("perf sched timehist's summary (-S), from line " + summaryLine + " on, was read past:"
                        + " the per-task figures are computed from the rows");
            }
            // one flipped digit in a migration's cpu adds hundreds of empty CPU lanes: say which and where
            targetCpus.keySet().removeIf(c -> c < rowCpus);
            if (!targetCpus.isEmpty()) {
                Map.Entry<Integer, Long> first = targetCpus.entrySet().iterator().next();
                ctx.report().note("cpu " + first.getKey() + " (line " + first.getValue() + ")"
                        + (targetCpus.size() > 1 ? " and " + (targetCpus.size() - 1) + " more" : "")
                        + " is above every CPU a row ran on, named only as a migration target: a damaged number,"
                        + " or a recording of some CPUs only");
            }
        }
    }
}
