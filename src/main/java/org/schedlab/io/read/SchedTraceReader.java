package org.schedlab.io.read;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.schedlab.model.Marks;
import org.schedlab.model.SchedEventKind;

/**
 * Scheduler event text in its common dialects - {@code perf sched script} / {@code perf script}
 * (classic and compact sched_switch, pid/tid columns), ftrace's {@code trace} file (with or
 * without the irq-flags column, 4 or 5 flag characters, with or without the TGID column),
 * {@code trace-cmd report} (no flags, padded event names, numeric prev_state, no "==>") and the
 * trace text embedded in a systrace HTML page. Reads sched_switch, sched_waking,
 * sched_wakeup(_new), sched_migrate_task, sched_stat_runtime and lock:contention_begin/end,
 * and the task records perf script --show-task-events prints among them (PERF_RECORD_COMM, FORK,
 * EXIT); other events and records are counted and listed in the report.
 */
public final class SchedTraceReader extends LineReader {
    static final String PERF_SCHED = "perf-sched-script";
    static final String PERF = "perf-script";
    static final String FTRACE = "ftrace";
    static final String TRACE_CMD = "trace-cmd-report";
    static final String SYSTRACE = "systrace-html";
    /** Content lines a probe looks at. */
    static final int PROBE_LINES = 400;
    /** Names of events not drawn that are counted one by one; real recordings have a few dozen. */
    static final int OTHER_NAMES_KEPT = 1000;
    /** A probe score that ends detection: the file cannot be anything else. */
    static final int CERTAIN = RecordingReader.CERTAIN;

    @Override
    public String format() {
        return PERF_SCHED;
    }

    @Override
    public String kind() {
        return "perf script / ftrace / trace-cmd / systrace";
    }

    @Override
    public int probe(Sniff sniff) {
        TraceLine h = new TraceLine();
        int events = 0;
        int known = 0;
        int content = 0;
        boolean html = isHtml(sniff);
        boolean inData = !html;
        for (String l : sniff.headLines()) {
            if (content == PROBE_LINES) {
                break; // a few hundred lines tell; parsing all 2000 would only cost start-up time
            }
            if (html && !inData) {
                inData = l.contains("class=\"trace-data\"") && !l.contains("</script>");
                continue;
            }
            if (l.isBlank() || l.startsWith("#")) {
                continue;
            }
            content++;
            if (h.parse(l)) {
                events++;
                if (h.kind != TraceLine.OTHER) {
                    known++;
                }
            }
        }
        if (events == 0) {
            return 0;
        }
        if (html) {
            return 85;
        }
        int share = events * 100 / Math.max(1, content);
        if (known >= 20 && known * 100 >= content * 90) {
            return CERTAIN; // nothing else reads lines like these: the other readers need not look
        }
        if (known > 0 && share >= 50) {
            return 90;
        }
        return known > 0 ? 60 : (share >= 50 ? 50 : 20);
    }

    /**
     * A time without any event, on any CPU, past which a scheduler trace is taken for two recordings
     * one after the other and the import warns. Far beyond a live system's quietest stretch, whose
     * ticks, kworkers and RCU threads switch every few ms to a second.
     */
    static final long LONG_GAP_NS = 10_000_000_000L;

    /** A line of ftrace's latency format: "kworker/-8123      1d..2.  123us : sched_switch: ..." ("123us+:" with a delay mark). */
    private static final java.util.regex.Pattern LATENCY_LINE = java.util.regex.Pattern.compile(
            "\\s*\\S+-\\d+\\s+\\d+[A-Za-z.][A-Za-z.0-9]{3,4}\\s+\\d+us[ +!#*@$]?:\\s.*");

    /** A line of the function_graph tracer: " 1)   0.471 us    |  finish_task_switch();", " 1)   |  schedule() {". */
    private static final java.util.regex.Pattern GRAPH_LINE = java.util.regex.Pattern.compile(
            "\\s*\\d+\\)\\s.*\\|\\s.*");

    /**
     * Why an ftrace text that is no event trace SchedLab reads is refused, or empty: the function_graph
     * tracer's calls and durations, and the latency format (options/latency-format, or a latency tracer's
     * output), whose times are whole microseconds from the trace's start and whose comms are cut to 8
     * characters. Both look like ftrace text, so the generic refusal told the user nothing to do. The
     * refusal names the line the format was recognised at: its header ("# tracer: function_graph",
     * "# nop latency trace v1.1.5 ..."), or without one (a trace cut with tail) its first line of the format.
     */
    static java.util.Optional<ImportException> unreadableFtrace(Sniff sniff) {
        int latency = 0;
        int graph = 0;
        long latencyHeader = 0;
        long graphHeader = 0;
        long latencyFirst = 0;
        long graphFirst = 0;
        long n = 0;
        for (String l : sniff.headLines()) {
            n++;
            String t = l.strip();
            if (t.equals("# tracer: function_graph")) {
                graph += 2;
                graphHeader = graphHeader == 0 ? n : graphHeader;
            } else if (t.startsWith("# ") && t.contains(" latency trace v1.")) {
                latency += 2;
                latencyHeader = latencyHeader == 0 ? n : latencyHeader;
            } else if (LATENCY_LINE.matcher(l).matches()) {
                latency++;
                latencyFirst = latencyFirst == 0 ? n : latencyFirst;
            } else if (GRAPH_LINE.matcher(l).matches()) {
                graph++;
                graphFirst = graphFirst == 0 ? n : graphFirst;
            }
        }
        String record = "; expected scheduler events: record sched_switch and sched_wakeup with the nop tracer"
                + " (echo nop > current_tracer; echo 1 > events/sched/sched_switch/enable; echo 1 >"
                + " events/sched/sched_wakeup/enable) and save the trace";
        if (graph >= 2 && graph >= latency) {
            return java.util.Optional.of(new ImportException(sniff.name(), graphHeader > 0 ? graphHeader : graphFirst,
                    "this is the function_graph tracer's output: function calls and their durations, not the"
                            + " scheduler's events" + record));
        }
        if (latency >= 2) {
            return java.util.Optional.of(new ImportException(sniff.name(), latencyHeader > 0 ? latencyHeader
                    : latencyFirst, "this is ftrace's latency format (options/latency-format, or a latency tracer such"
                            + " as wakeup or irqsoff): times in whole microseconds from the trace's start and commands"
                            + " cut to 8 characters, which SchedLab does not read" + record + " with latency-format off"
                            + " (echo 0 > options/latency-format)"));
        }
        return java.util.Optional.empty();
    }

    /** The pid (or pid/tid) column and what may come before it, the comm, if printed. */
    private static final String PERF_TASK = "\\s*(?:\\S.*?\\s+)?\\d+(?:/\\d+)?\\s+";

    /** The event ("sched:sched_switch:", after perf's period column if printed) and its fields. */
    private static final String PERF_EVENT = "(?:\\d+\\s+)?[A-Za-z_][\\w-]*:[A-Za-z_]\\w*:(?:\\s.*)?";

    /** A perf script line printed without the cpu field: "perf  7396   329.519877: sched:sched_switch: ...". */
    private static final java.util.regex.Pattern PERF_NO_CPU = java.util.regex.Pattern.compile(
            PERF_TASK + "\\d+\\.\\d+:\\s+" + PERF_EVENT);

    /** One printed without the time field: "perf  7396 [000] sched:sched_switch: ...". */
    private static final java.util.regex.Pattern PERF_NO_TIME = java.util.regex.Pattern.compile(
            PERF_TASK + "\\[\\d+\\]\\s+" + PERF_EVENT);

    /** One printed without either: "perf  7396 sched:sched_switch: ...". */
    private static final java.util.regex.Pattern PERF_NO_CPU_TIME = java.util.regex.Pattern.compile(
            PERF_TASK + PERF_EVENT);

    /**
     * Why a file of {@code perf script} event lines that no reader reads is refused, or empty: the
     * lines were printed with {@code -F} fields that leave out the CPU or the time, which every event
     * needs (its lane, its place on the axis), so the generic "not a recording format" named none of
     * what was missing. Only for a file no reader took: the refusal names the first such line and the
     * fields to print.
     */
    static java.util.Optional<ImportException> perfScriptWithoutCpuOrTime(Sniff sniff) {
        int content = 0;
        int[] count = new int[3];
        long[] first = new long[3];
        long n = 0;
        for (String l : sniff.headLines()) {
            n++;
            if (l.isBlank() || l.startsWith("#")) {
                continue;
            }
            content++;
            if (l.length() > 4096) {
                continue; // no perf script line is this long, and the patterns need not look through it
            }
            int kind = PERF_NO_CPU.matcher(l).matches() ? 0 : PERF_NO_TIME.matcher(l).matches() ? 1
                    : PERF_NO_CPU_TIME.matcher(l).matches() ? 2 : -1;
            if (kind >= 0) {
                first[kind] = count[kind]++ == 0 ? n : first[kind];
            }
        }
        int kind = count[0] >= count[1] && count[0] >= count[2] ? 0 : count[1] >= count[2] ? 1 : 2;
        if (count[kind] == 0 || count[kind] * 2 < content) {
            return java.util.Optional.empty();
        }
        String missing = new String[] {"the CPU column (\"[000]\" after the pid)",
            "the time column (\"329.519877:\" after the CPU)", "the CPU and time columns"}[kind];
        return java.util.Optional.of(new ImportException(sniff.name(), first[kind], "this is `perf script` text"
                + " without " + missing + ", which every event needs to be placed on its CPU's lane and in time;"
                + " print it with both: perf script -F comm,pid,tid,cpu,time,event,trace (perf script's own"
                + " choice of fields for tracepoints, without -F, has them too)"));
    }

    static boolean isHtml(Sniff sniff) {
        String first = sniff.firstContentLine().toLowerCase(Locale.ROOT);
        return (first.startsWith("<!doctype html") || first.startsWith("<html"))
                && sniff.countContaining("class=\"trace-data\"") > 0;
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        // a recording with sched_switch events has them from its start: its switch records are only counted,
        // and its wake-ups make tasks runnable from the first (a systrace page's trace text may begin past
        // the lines sniffed, after the page's scripts)
        boolean html = isHtml(sniff);
        return new Parser(ctx, html, html || sniff.countContaining("sched_switch") > 0);
    }

    static String seconds(long ns) {
        return String.format(Locale.ROOT, "%d.%06d", ns / 1_000_000_000L, ns % 1_000_000_000L / 1000);
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        private final boolean html;
        private final SchedAssembler asm;
        private final TraceLine h = new TraceLine();
        private final SchedPayload p = new SchedPayload();
        private final SideRecord side = new SideRecord();
        private final Map<String, Long> otherEvents = new TreeMap<>();
        /** Other events past the names kept: a file of endless names must not fill memory with them. */
        private long otherUnnamed;
        private boolean inTraceData;
        private boolean traceDataDone;
        private boolean traceCmdHeader;
        private boolean ftraceHeader;
        private String dialect = "";
        private long schedEvents;
        /**
         * The longest time between two events in a row, with the lines on either side: see
         * {@link #LONG_GAP_NS}. A switch trace of a live system has events every few milliseconds
         * (ticks, kworkers, RCU); a stretch of many seconds without one on any CPU is most often two
         * recordings put one after the other ({@code perf sched script >> all.txt} for a later run),
         * across which every task runnable or running at the first's end is counted so until the
         * second's first event on its CPU: a run-queue wait of the whole gap, read as measured.
         */
        private long longestGapNs;
        private long gapFromLine;
        private long gapToLine;
        private long gapFromNs;
        /** The line of the event that set the assembler's time, for the reason a later line is refused. */
        private long lastTimeLine;
        /** CPUs events ran on, and the first line naming each other CPU as a wake-up or migration target. */
        private final java.util.BitSet eventCpus = new java.util.BitSet();
        private final Map<Integer, Long> targetCpus = new TreeMap<>();
        private long lineNumber;
        /** Whether the last non-blank line was an event or a frame of its call stack. */
        private boolean afterEvent;
        private long stackFrames;
        /** Per CPU whose trace buffer overflowed: events lost, the line of the first gap, 1 if a gap was uncounted. */
        private final Map<Integer, long[]> lostByCpu = new TreeMap<>();
        /** The line being read. */
        private long currentLine;
        /** The CPU every event so far ran on, or {@link #MIXED_CPUS}: see {@link #perCpuTracesConcatenated}. */
        private int onlyCpu = MIXED_CPUS;
        private long eventsSoFar;
        /** The line of the first event read, whose SECONDS.FRACTION time says the clock counts nanoseconds. */
        private long firstEventLine;
        private static final int MIXED_CPUS = -1;

        /**
         * The time goes back where the events of one CPU, all the file had so far, give way to those
         * of another: per-CPU traces put one after the other (cat per_cpu/cpu{@literal *}/trace, a
         * perf script or trace-cmd report run per CPU). Each later CPU's lines would be refused one
         * by one and the file imported as its first CPU alone; it is refused once, saying how to get
         * the merged trace. Reading it as it is would need every CPU's part at once: held in memory,
         * which a file of hundreds of MB cannot be, or read through one cursor per CPU, which a gzip
         * file cannot give without inflating it again for each; the tracers merge it in one command.
         */
        private ImportException perCpuTracesConcatenated(long n) {
            return new ImportException(ctx.report().file(), n, "time " + seconds(h.tNs) + " on cpu " + h.cpu
                    + " goes back before " + seconds(asm.lastNs()) + " of line " + lastTimeLine + ", where the "
                    + eventsSoFar + " events of cpu " + onlyCpu + " end: this looks like per-CPU traces"
                    + " concatenated (cat per_cpu/cpu*/trace, or a trace printed per CPU); expected one trace of all"
                    + " CPUs in time order: save /sys/kernel/tracing/trace (not per_cpu/), or run trace-cmd report"
                    + " or perf script without a CPU filter");
        }

        /**
         * The time goes back to the file's first event's, or before it: a second recording begins
         * here (cat run1.txt run2.txt, the same recording saved twice, another boot's after this
         * one's). Each of its lines would be refused as out of order, the file read as its first
         * recording with thousands of lines "not understood"; it is refused once, naming the line.
         */
        private ImportException secondRecording(long n) {
            return new ImportException(ctx.report().file(), n, "time " + seconds(second.fromNs()) + " goes back before "
                    + seconds(asm.lastNs()) + " of line " + lastTimeLine + ", to the first event's time ("
                    + seconds(firstEventNs) + ", line " + firstEventLine + ") or before: " + SecondRecordingWatch.ADVICE);
        }

        /** Whether the times going back are a second recording's. */
        private final SecondRecordingWatch second = new SecondRecordingWatch();

        /** The first event's time: see {@link #deltaTimes}. */
        private long firstEventNs;

        /**
         * perf script --deltatime prints each event's time since the one before (the first at 0), so
         * the times go back at every longer gap; --reltime starts at 0 too. Summing the deltas would
         * add up perf's rounding of each to the microsecond, so the file is refused once, saying which
         * times to print, rather than line by line as events out of order. Only a first event at 0
         * itself tells it: a time since boot is never 0, but may well be under a second (a trace from
         * an initramfs, or of a VM just started), where an event out of order is one line to report.
         */
        private ImportException deltaTimes(long n) {
            return new ImportException(ctx.report().file(), n, "time " + seconds(h.tNs) + " goes back before "
                    + seconds(asm.lastNs()) + " of line " + lastTimeLine + ", and the first event is at "
                    + seconds(firstEventNs) + ": this looks like perf script --deltatime (each event's time since the"
                    + " one before) or --reltime; expected the absolute times perf script prints by default: run it"
                    + " without --deltatime and --reltime");
        }

        Parser(ReadContext ctx, boolean html, boolean headHasSchedSwitch) {
            this.ctx = ctx;
            this.html = html;
            this.schedSwitchSeen = headHasSchedSwitch;
            this.asm = new SchedAssembler(ctx.sink(), !headHasSchedSwitch);
        }

        private static final byte[] TRACE_DATA = Bytes.ascii("class=\"trace-data\"");
        private static final byte[] APPLICATION_TEXT = Bytes.ascii("application/text");
        private static final byte[] END_SCRIPT = Bytes.ascii("</script>");
        private static final byte[] TRACER = Bytes.ascii("# tracer:");
        private static final byte[] OS_RELEASE = Bytes.ascii("# os release : ");
        private static final byte[] VERSION = Bytes.ascii("version = ");
        private static final byte[] CPUS = Bytes.ascii("cpus=");
        private static final byte[] CPU = Bytes.ascii("CPU ");
        private static final byte[] BUFFER = Bytes.ascii("buffer");
        private static final byte[] IS_EMPTY = Bytes.ascii(" is empty");
        private static final byte[] CPU_COLON = Bytes.ascii("CPU:");
        private static final byte[] LOST = Bytes.ascii("LOST ");
        private static final byte[] EVENTS = Bytes.ascii("EVENTS]");
        private static final byte[] EVENTS_DROPPED = Bytes.ascii("EVENTS DROPPED]");
        private static final byte[] FLAGS = Bytes.ascii("flags=");
        private static final byte[] HEX = Bytes.ascii("0x");

        @Override
        protected boolean line(String s, long n) throws ImportException {
            byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            return line(b, 0, b.length, n);
        }

        /** Parsed in place: a recording of millions of lines makes no String per line. */
        @Override
        protected boolean line(byte[] b, int from, int to, long n) throws ImportException {
            currentLine = n;
            if (html) {
                if (!inTraceData) {
                    // the page around the trace text is not ours to understand
                    if (!traceDataDone && Bytes.indexOf(b, from, to, TRACE_DATA) >= 0
                            && Bytes.indexOf(b, from, to, APPLICATION_TEXT) >= 0) {
                        inTraceData = true;
                    }
                    return true;
                }
                if (Bytes.indexOf(b, from, to, END_SCRIPT) >= 0) {
                    inTraceData = false;
                    traceDataDone = true;
                    return true;
                }
            }
            if (from == to || b[from] == '#' || Bytes.isBlank(b, from, to)) {
                ftraceHeader |= Bytes.startsWith(b, from, to, TRACER);
                if (eventsSoFar == 0 && Bytes.startsWith(b, from, to, OS_RELEASE)) {
                    osRelease(b, from + OS_RELEASE.length, to);
                }
                return true; // a blank line ends an event's call stack and may precede the next's
            }
            if (!h.parse(b, from, to)) {
                if (afterEvent && isStackFrame(b, from, to)) {
                    // perf record -g: the call stack printed under each event
                    stackFrames++;
                    return true;
                }
                afterEvent = false;
                return headerLine(b, from, to);
            }
            afterEvent = true;
            if (h.kind == TraceLine.SIDE_RECORD) {
                afterEvent = false; // perf prints no call stack under a side record
                String err = side.parse(h);
                if (!err.isEmpty()) {
                    return reject(err);
                }
                if (h.tNs == 0 && !h.wholeTime) {
                    // perf record's records of the tasks that ran before it started (synthesized from
                    // /proc, all at 0.000000): the tasks' comms and thread groups at its start, no event in
                    // time, which would stretch the recording back to 0 and read as a gap of its uptime
                    return sideRecord(false);
                }
            }
            if (h.wholeTime && eventsSoFar > 0) {
                // the events before it gave SECONDS.FRACTION, so the clock counts nanoseconds: this line is
                // damaged (as a gzip damaged mid-stream inflates to garbage before its checksum fails), and
                // refusing the file for its clock named the wrong cause and hid the damage
                return reject("expected the time as SECONDS.FRACTION, as line " + firstEventLine + "'s, found "
                        + h.timeText());
            }
            if (h.wholeTime) {
                // read as seconds, a counter's 1001, 1002 ... made each event a second apart: every line
                // has the clock's unit, which the text does not say, so the file is refused once
                throw new ImportException(ctx.report().file(), n, "time " + h.timeText() + " is a whole number,"
                        + " not SECONDS.FRACTION: the trace was recorded with a trace_clock that does not count"
                        + " nanoseconds (counter, uptime, x86-tsc), whose unit the text does not say; expected"
                        + " seconds: record with trace_clock local, global, mono or boot");
            }
            if (eventsSoFar == 0) {
                firstEventNs = h.tNs;
                firstEventLine = n;
            }
            long beforeNs = eventsSoFar > 0 ? asm.lastNs() : h.tNs;
            if (!asm.advanceTo(h.tNs)) {
                if (firstEventNs == 0 && !dialect.equals(FTRACE)) {
                    throw deltaTimes(n);
                }
                if (onlyCpu >= 0 && h.cpu != onlyCpu && eventsSoFar >= 2) {
                    throw perCpuTracesConcatenated(n);
                }
                if (second.wentBack(n, h.tNs, h.tNs <= firstEventNs && eventsSoFar >= 2)) {
                    throw secondRecording(second.fromLine());
                }
                // the line that set the time is named: if one damaged time jumped ahead, every line
                // after it is refused, and the first of those is not the one to fix
                return reject("time " + seconds(h.tNs) + " goes back before " + seconds(asm.lastNs())
                        + " of line " + lastTimeLine + " (events must be in time order)");
            }
            second.inOrder();
            if (h.tNs - beforeNs > longestGapNs) {
                longestGapNs = h.tNs - beforeNs;
                gapFromLine = lastTimeLine;
                gapToLine = n;
                gapFromNs = beforeNs;
            }
            lastTimeLine = n;
            lineNumber = n;
            eventCpus.set(h.cpu);
            if (eventsSoFar++ == 0) {
                onlyCpu = h.cpu;
            } else if (onlyCpu != h.cpu) {
                onlyCpu = MIXED_CPUS;
            }
            if (dialect.isEmpty()) {
                dialect = h.grouped ? PERF : h.dashStyle && (h.flags || ftraceHeader) ? FTRACE
                        : traceCmdHeader || h.dashStyle ? TRACE_CMD : PERF;
            }
            if (h.kind == TraceLine.SIDE_RECORD) {
                if (h.pid < 0 && side.name.startsWith("PERF_RECORD_SWITCH")) {
                    // a switch record's line is the switching thread's, as a sample's
                    ctx.sink().lineComm(h.tid, b, h.commFrom, h.commTo);
                }
                return sideRecord(true);
            }
            if (h.pid >= 0 && h.tid > 0) {
                ctx.sink().task(h.tid, h.pid, b, h.commFrom, h.commTo);
            } else if (h.tid > 0 && !h.dashStyle) {
                // perf script's "comm tid" column: names a task known by a placeholder (a switch record's next)
                ctx.sink().lineComm(h.tid, b, h.commFrom, h.commTo);
            }
            asm.current(h.cpu, h.tid, h.kind == TraceLine.SWITCH);
            return event(b, to);
        }

        /**
         * A frame of the call stack perf script prints under an event recorded with -g: indented,
         * an address in hex, then the symbol and (unless -F left it out) the object
         * ("\tffffffff81e2b3c4 __schedule+0x2f4 ([kernel.kallsyms])", "\t    7f1c2a3b4c5d [unknown] (/usr/lib/libc.so.6)").
         */
        static boolean isStackFrame(byte[] b, int from, int to) {
            if (from >= to || b[from] != '\t' && b[from] != ' ') {
                return false;
            }
            int a = from;
            while (a < to && (b[a] == '\t' || b[a] == ' ')) {
                a++;
            }
            int e = a;
            while (e < to && Character.digit(b[e], 16) >= 0) {
                e++;
            }
            return e > a && e - a <= 16 && e + 1 < to && b[e] == ' ' && b[e + 1] != ' ';
        }

        /**
         * The ring buffer overflowed and events are missing: ftrace prints "CPU:2 [LOST 1434 EVENTS]"
         * (or "[LOST EVENTS]" when it could not count them), trace-cmd report "CPU:7 [204600 EVENTS
         * DROPPED]" (or "[EVENTS DROPPED]"), before the first event after the gap.
         */
        private boolean lostEvents(byte[] b, int from, int to) {
            if (!Bytes.startsWith(b, from, to, CPU_COLON)) {
                return false;
            }
            int c = from + 4;
            int ce = c;
            while (ce < to && Bytes.isDigit(b[ce])) {
                ce++;
            }
            int cpu = ce > c && ce < to && b[ce] == ' ' ? Bytes.parseUint(b, c, ce) : -1;
            int open = Bytes.skipSpaces(b, ce, to);
            if (cpu < 0 || open >= to || b[open] != '[' || b[to - 1] != ']') {
                return false;
            }
            boolean lost = Bytes.startsWith(b, open + 1, to, LOST) && Bytes.indexOf(b, open, to, EVENTS) > 0;
            boolean dropped = Bytes.indexOf(b, open, to, EVENTS_DROPPED) > 0;
            if (!lost && !dropped) {
                return false;
            }
            int n = lost ? Bytes.skipSpaces(b, open + 6, to) : open + 1;
            int ne = n;
            while (ne < to && Bytes.isDigit(b[ne])) {
                ne++;
            }
            long count = ne > n ? Bytes.parseUlong(b, n, ne) : -1;
            long[] seen = lostByCpu.computeIfAbsent(cpu, k -> new long[] {0, currentLine, 0});
            if (count >= 0) {
                seen[0] += count;
            } else {
                seen[2] = 1; // a gap of an unknown number of events
            }
            return true;
        }

        /** Lines that are not events but belong to the dialect: trace-cmd's header. */
        private boolean headerLine(byte[] b, int from, int to) {
            if (lostEvents(b, from, to)) {
                return true;
            }
            if (Bytes.startsWith(b, from, to, VERSION) || Bytes.startsWith(b, from, to, CPUS)
                    || Bytes.startsWith(b, from, to, CPU) && (Bytes.indexOf(b, from, to, BUFFER) >= 0
                            || Bytes.indexOf(b, from, to, IS_EMPTY) >= 0)) {
                // trace-cmd report's header: "version = 6", "cpus=4", "CPU 3 is empty" for a CPU without events
                traceCmdHeader = true;
                return true;
            }
            return reject(!h.outOfRange.isEmpty() ? h.outOfRange
                    : "expected an event line \"COMM PID [CPU] SECONDS: EVENT: FIELDS\"");
        }

        private boolean event(byte[] b, int end) {
            String err;
            switch (h.kind) {
                case TraceLine.SWITCH:
                    err = p.switchFields(b, h.payload, end);
                    if (!err.isEmpty()) {
                        return reject(err);
                    }
                    if (!schedSwitchSeen && switchRecordsDrawn > 0) {
                        // sched_switch after switch records were drawn as switches: from here they are counted
                        schedSwitchAfterRecords = lineNumber;
                    }
                    schedSwitchSeen = true;
                    if (p.stateEra != 0) {
                        kernelEra(p.stateEra);
                    }
                    if (p.prevTid != 0) {
                        // switched out again without a switch-in seen: as a switch-in without a wake-up
                        decide64(p.prevTid, Evidence.SWITCH);
                    }
                    int prevId = p.prevTid == 0 ? -1 : ctx.sink().task(p.prevTid, -1, b, p.prevCommFrom, p.prevCommTo);
                    if (p.prevTid != 0 && p.nextTid == p.prevTid) {
                        // the kernel traces no switch of a task to itself: prev is dying (X, or 64 before 4.14)
                        // and the kernel already gave its tid to the task switched in, a new one
                        if (p.deadOrParked) {
                            kernelEra(SchedPayload.BEFORE_4_14);
                        }
                        ctx.sink().retire(p.prevTid, prevId);
                    }
                    if (p.nextTid != 0) {
                        newTaskIfEnded(p.nextTid, Evidence.SWITCH);
                    }
                    int nextId = p.nextTid == 0 ? -1 : ctx.sink().task(p.nextTid, -1, b, p.nextCommFrom, p.nextCommTo);
                    char prevState = p.prevState;
                    boolean undecided = false;
                    if (p.deadOrParked) {
                        // 64: TASK_DEAD before 4.14, TASK_PARKED from 4.14 on
                        prevState = kernelEra == SchedPayload.FROM_4_14 ? 'P' : 'X';
                        undecided = kernelEra == 0;
                    }
                    asm.switchTask(h.cpu, p.prevTid, prevId, prevState, p.preempted, p.nextTid, nextId, lineNumber,
                            undecided);
                    break;
                case TraceLine.WAKING:
                case TraceLine.WAKEUP:
                case TraceLine.WAKEUP_NEW:
                    SchedEventKind k = h.kind == TraceLine.WAKING ? SchedEventKind.WAKING
                            : h.kind == TraceLine.WAKEUP ? SchedEventKind.WAKEUP : SchedEventKind.WAKEUP_NEW;
                    err = p.wakeFields(b, h.payload, end, k.tracepoint());
                    if (!err.isEmpty()) {
                        return reject(err);
                    }
                    if (p.tid != 0) {
                        // a task whose lane ended at its EXIT is never woken: a new thread given its tid is
                        newTaskIfEnded(p.tid, h.kind == TraceLine.WAKEUP_NEW ? Evidence.NEW_TASK : Evidence.WAKE);
                    }
                    int wakee = taskOf(b);
                    asm.wake(k, h.cpu, p.tid, wakee, p.targetCpu, wakerOf(b));
                    wakeUps[h.kind == TraceLine.WAKING ? 0 : h.kind == TraceLine.WAKEUP ? 1 : 2]++;
                    target(p.targetCpu);
                    break;
                case TraceLine.MIGRATE:
                    err = p.migrateFields(b, h.payload, end);
                    if (!err.isEmpty()) {
                        return reject(err);
                    }
                    asm.migrate(h.cpu, p.tid, taskOf(b), p.origCpu, p.destCpu);
                    target(p.origCpu);
                    target(p.destCpu);
                    break;
                case TraceLine.RUNTIME:
                    err = p.runtimeFields(b, h.payload, end);
                    if (!err.isEmpty()) {
                        return reject(err);
                    }
                    if (p.runtimeNs > h.tNs) {
                        // the clock counts from boot: a task cannot have run longer, and a damaged figure
                        // would be summed into its runtime as it stands
                        return reject("expected a runtime in ns up to the event's time (" + seconds(h.tNs)
                                + " s); runtime=" + p.runtimeNs + " is longer");
                    }
                    taskOf(b);
                    asm.runtime(h.cpu, p.tid, p.runtimeNs);
                    break;
                case TraceLine.LOCK_BEGIN:
                case TraceLine.LOCK_END:
                    return lockEvent(b, end);
                default:
                    countOther(h.eventName());
                    return true;
            }
            schedEvents++;
            ctx.report().event();
            return true;
        }

        /**
         * A side record perf script printed among the samples ({@link TraceLine#SIDE_RECORD}), parsed
         * by {@link SideRecord#parse}. COMM names the task from here on: a task has one comm, its last,
         * as perf sched latency shows a task after its exec. FORK makes the child a task of its thread
         * group, with the comm perf gives it (its parent's, until an exec), and names the parent's
         * thread group if the parent is known. EXIT ends the task's lane: at its last switch-out,
         * which follows it, rather than the task sleeping on to the recording's end. A record made
         * before the recording began ({@code timed} false) names its task and nothing else. Other
         * records (MMAP, SWITCH, ...) are counted by name, and LOST's count is noted as lost events.
         */
        private boolean sideRecord(boolean timed) {
            RecordingSink sink = ctx.sink();
            switch (side.name) {
                case "PERF_RECORD_COMM":
                    if (side.tid > 0) {
                        newTaskIfEnded(side.tid, Evidence.NEW_TASK);
                        sink.task(side.tid, side.pid, side.comm);
                    }
                    return true;
                case "PERF_RECORD_FORK":
                    if (side.tid > 0) {
                        // the line's comm is the child's, as perf knows it; its pid column is the parent's
                        newTaskIfEnded(side.tid, Evidence.NEW_TASK);
                        asm.forked(sink.task(side.tid, side.pid, lineComm()));
                        if (side.ptid > 0 && sink.taskIdOf(side.ptid) >= 0) {
                            sink.task(side.ptid, side.ppid, "");
                        }
                    }
                    return true;
                case "PERF_RECORD_EXIT":
                    if (side.tid > 0) {
                        int id = sink.task(side.tid, side.pid, lineComm());
                        if (timed) {
                            asm.exited(id);
                        }
                    }
                    return true;
                case "PERF_RECORD_SWITCH_CPU_WIDE":
                    return switchRecord();
                case "PERF_RECORD_SWITCH":
                    // a task's own IN/OUT (perf record --switch-events on a command): the other task is not named
                    switchRecordsCounted++;
                    countOther(side.name);
                    return true;
                case "PERF_RECORD_LOST":
                    lostByCpu.computeIfAbsent(h.cpu, k -> new long[] {0, currentLine, 0})[0] += side.lost;
                    return true;
                default:
                    countOther(side.name);
                    return true;
            }
        }

        /**
         * Lets go of {@code tid}'s task if its lane ended at its PERF_RECORD_EXIT (it was not running
         * then, or no switch had shown it): a FORK, COMM, wake-up or switch-in of the tid is a new thread
         * the kernel gave the tid again.
         */
        private void newTaskIfEnded(int tid, Evidence seen) {
            decide64(tid, seen);
            int old = ctx.sink().taskIdOf(tid);
            if (asm.exitPending(old)) {
                ctx.sink().retire(tid, old);
            }
        }

        /**
         * Decides by an event of {@code tid} its task's switch-out with the numeric prev_state 64, if
         * undecided: a dead task is never woken, so a wake-up says parked (and a kernel from 4.14 on); a
         * FORK, COMM or wakeup_new says a new task (dead, a kernel before 4.14); a switch without either
         * reads as dead, as an X's.
         */
        private void decide64(int tid, Evidence seen) {
            int old = ctx.sink().taskIdOf(tid);
            if (asm.deadOrParked(old)) {
                if (seen == Evidence.WAKE) {
                    kernelEra(SchedPayload.FROM_4_14);
                } else if (seen == Evidence.NEW_TASK) {
                    kernelEra(SchedPayload.BEFORE_4_14);
                } else {
                    asm.guessDead(old);
                }
            }
        }

        /** What an event of a tid says of its task: woken, new (FORK, COMM, wakeup_new), switched. */
        private enum Evidence { WAKE, NEW_TASK, SWITCH }

        /**
         * The kernel's release as far as prev_state 64 needs it ({@link SchedPayload#BEFORE_4_14},
         * {@link SchedPayload#FROM_4_14}), or 0 while unknown.
         */
        private int kernelEra;

        /** The recording states or shows its kernel: the undecided prev_state 64 switch-outs are decided. */
        private void kernelEra(int era) {
            if (kernelEra == 0) {
                kernelEra = era;
                asm.eraDecided(era == SchedPayload.FROM_4_14);
            }
        }

        /** perf script --header's "# os release : 4.9.0-8-amd64": the kernel the recording was made on. */
        private void osRelease(byte[] b, int from, int to) {
            int a = Bytes.skipSpaces(b, from, to);
            int dot = a;
            while (dot < to && Bytes.isDigit(b[dot])) {
                dot++;
            }
            int e = dot + 1;
            while (e < to && Bytes.isDigit(b[e])) {
                e++;
            }
            if (dot == a || dot >= to || b[dot] != '.' || e == dot + 1) {
                return;
            }
            int major = Bytes.parseUint(b, a, dot);
            int minor = Bytes.parseUint(b, dot + 1, e);
            if (major >= 0 && minor >= 0) {
                kernelEra(major > 4 || major == 4 && minor >= 14 ? SchedPayload.FROM_4_14 : SchedPayload.BEFORE_4_14);
            }
        }

        /**
         * Whether sched_switch events were seen (or the file's first lines have them): then they give the
         * switches, and perf's switch records (--switch-events) are only counted.
         */
        private boolean schedSwitchSeen;
        /** sched_waking, sched_wakeup and sched_wakeup_new events read, by kind (in that order). */
        private final long[] wakeUps = new long[3];
        /** PERF_RECORD_SWITCH_CPU_WIDE records drawn as switches, and the line of the last. */
        private long switchRecordsDrawn;
        private long lastSwitchRecordLine;
        /** The line of a sched_switch after switch records had been drawn as switches, or 0. */
        private long schedSwitchAfterRecords;
        /** PERF_RECORD_SWITCH_CPU_WIDE and PERF_RECORD_SWITCH records counted, not drawn. */
        private long switchRecordsCounted;
        /** PERF_RECORD_SWITCH_CPU_WIDE IN records read past while the OUT records were drawn. */
        private long switchInRecords;

        /**
         * A PERF_RECORD_SWITCH_CPU_WIDE record (perf record --switch-events, perf script
         * --show-switch-events): with no sched_switch in the recording, an OUT record is the switch from
         * the line's task to the "next" one, preempted ("OUT preempt": still runnable) or not (read as a
         * sleep, S: the record does not tell S from D); its IN record, the same switch seen from the task
         * switched in, is counted. With sched_switch events, the records are only counted.
         */
        private boolean switchRecord() {
            if (schedSwitchSeen) {
                switchRecordsCounted++;
                countOther(side.name);
                return true;
            }
            if (!side.out) {
                switchInRecords++;
                return true; // the switch's IN half: its OUT half was the switch
            }
            RecordingSink sink = ctx.sink();
            int prevTid = h.tid;
            int prevId = prevTid <= 0 ? -1 : sink.task(prevTid, h.pid, lineComm());
            int nextTid = side.tid;
            if (nextTid > 0) {
                newTaskIfEnded(nextTid, Evidence.SWITCH);
            }
            int nextId = nextTid <= 0 ? -1 : sink.task(nextTid, side.pid, "");
            asm.switchTask(h.cpu, Math.max(prevTid, 0), prevId, side.preempt ? 'R' : 'S', false, Math.max(nextTid, 0),
                    nextId, currentLine);
            switchRecordsDrawn++;
            lastSwitchRecordLine = currentLine;
            schedEvents++;
            ctx.report().event();
            return true;
        }

        /** The side record's comm column; perf prints ":-1" for a task it does not know, which names none. */
        private String lineComm() {
            String c = h.comm();
            return c.equals(":-1") ? "" : c;
        }

        /** Notes a CPU named by a wake-up or migration: a lane of its own even if no event ran there. */
        private void target(int cpu) {
            if (cpu >= 0 && !eventCpus.get(cpu)) {
                targetCpus.putIfAbsent(cpu, lineNumber);
            }
        }

        /** Counts an event not drawn by its name, up to {@link #OTHER_NAMES_KEPT} names. */
        private void countOther(String name) {
            if (otherEvents.size() < OTHER_NAMES_KEPT || otherEvents.containsKey(name)) {
                otherEvents.merge(name, 1L, Long::sum);
            } else {
                otherUnnamed++;
            }
        }

        /**
         * Who woke: the task whose line carries the wake-up event (the header's), the one calling
         * try_to_wake_up; the idle task ({@code <idle>}, tid 0) for a wake-up from an interrupt on an
         * idle CPU. Not a task the recording shows yet (a header at its start): made from the header.
         */
        private int wakerOf(byte[] b) {
            if (h.tid == 0) {
                return Marks.IDLE_WAKER;
            }
            int id = ctx.sink().taskIdOf(h.tid);
            if (id >= 0) {
                return id;
            }
            return h.tid > 0 && h.commTo > h.commFrom
                    ? ctx.sink().task(h.tid, h.pid >= 0 ? h.pid : RecordingSink.UNKNOWN_PID, b, h.commFrom, h.commTo)
                    : Marks.NO_WAKER;
        }

        private int taskOf(byte[] b) {
            return p.tid == 0 ? -1 : ctx.sink().task(p.tid, -1, b, p.commFrom, p.commTo);
        }

        /** lock:contention_begin: 0xffff888627c2ba40 (flags=SPIN) / contention_end: 0x... (ret=0) */
        private boolean lockEvent(byte[] b, int end) {
            int a = h.payload;
            int ae = Bytes.tokenEnd(b, a, end);
            if (ae - a < 3 || !Bytes.startsWith(b, a, end, HEX)) {
                return reject("expected a lock address (0x...) after \"" + h.eventName() + ":\"");
            }
            // the idle loop waits too (cpu_startup_entry): perf lock contention counts those waits,
            // so they are the CPU's idle task's, swapper/N, as the kernel has one per CPU
            int id = h.tid == 0 ? ctx.sink().idleTask(h.cpu) : ctx.sink().task(h.tid, h.pid, b, h.commFrom, h.commTo);
            String addr = Bytes.text(b, a, ae);
            if (h.kind == TraceLine.LOCK_BEGIN) {
                int f = Bytes.indexOf(b, ae, end, FLAGS);
                String flags = "";
                if (f >= 0) {
                    int fe = f + 6;
                    while (fe < end && b[fe] != ')' && b[fe] != ' ') {
                        fe++;
                    }
                    flags = Bytes.text(b, f + 6, fe);
                }
                asm.lockBegin(id, addr, flags);
            } else {
                asm.lockEnd(id, addr);
            }
            ctx.report().event();
            return true;
        }

        @Override
        protected void end(long lines) throws ImportException {
            FileReport.Builder r = ctx.report();
            if (html) {
                dialect = SYSTRACE;
            }
            if (dialect.equals(PERF) && schedEvents > 0) {
                dialect = PERF_SCHED;
            }
            r.format(dialect.isEmpty() ? PERF_SCHED : dialect);
            if (switchRecordsDrawn > 0) {
                asm.switchesFrom(schedSwitchSeen ? SchedAssembler.SwitchSource.BOTH
                        : SchedAssembler.SwitchSource.SWITCH_RECORDS);
            }
            asm.finish(r);
            // a CPU between those that ran events may just have been quiet in a short excerpt
            targetCpus.keySet().removeIf(c -> c < eventCpus.length());
            if (!targetCpus.isEmpty()) {
                // one flipped digit in a target_cpu adds hundreds of empty CPU lanes: say which and where
                StringBuilder sb = new StringBuilder();
                int shown = 0;
                for (Map.Entry<Integer, Long> e : targetCpus.entrySet()) {
                    if (shown++ == 3) {
                        sb.append(", ...");
                        break;
                    }
                    sb.append(sb.length() == 0 ? "cpu " : ", cpu ").append(e.getKey()).append(" (line ")
                            .append(e.getValue()).append(')');
                }
                r.note(sb + (targetCpus.size() == 1 ? " is" : " are") + " above every CPU an event ran on, named"
                        + " only as a wake-up or migration target: a damaged number, or a recording of some CPUs only");
            }
            if (!lostByCpu.isEmpty()) {
                // the trace says itself that switches are missing: the lanes there are not to be trusted
                StringBuilder sb = new StringBuilder("the trace buffer overflowed and events were lost (");
                int shown = 0;
                for (Map.Entry<Integer, long[]> e : lostByCpu.entrySet()) {
                    if (shown++ == 4) {
                        sb.append(", ...");
                        break;
                    }
                    long[] v = e.getValue();
                    sb.append(shown > 1 ? ", " : "").append("cpu ").append(e.getKey()).append(": ")
                            .append(v[2] != 0 ? (v[0] > 0 ? "at least " + v[0] : "an unknown number") : v[0])
                            .append(", the first gap at line ").append(v[1]);
                }
                r.note(sb + "): lanes miss the switches there; record with a bigger buffer (buffer_size_kb,"
                        + " trace-cmd -b, perf record -m) or fewer events");
            }
            if (longestGapNs >= LONG_GAP_NS && schedEvents > 0) {
                r.note("no event on any CPU for " + String.format(Locale.ROOT, "%.3f", longestGapNs / 1e9)
                        + " s, from line " + gapFromLine + " (" + seconds(gapFromNs) + " s) to line " + gapToLine + " ("
                        + seconds(gapFromNs + longestGapNs) + " s): a scheduler trace has events every few ms, so this"
                        + " looks like two recordings one after the other; a task left running or runnable at the"
                        + " first's end is counted so across the whole gap (a run-queue wait of seconds), so open"
                        + " each recording as its own file");
            }
            long wakes = wakeUps[0] + wakeUps[1] + wakeUps[2];
            if (wakes > 0 && asm.switches() == 0) {
                // no switch says who ran: the CPU lanes are left empty, neither busy nor idle
                StringBuilder kinds = new StringBuilder();
                String[] names = {"sched_waking", "sched_wakeup", "sched_wakeup_new"};
                for (int i = 0; i < 3; i++) {
                    if (wakeUps[i] > 0) {
                        kinds.append(kinds.length() == 0 ? "" : ", ").append(names[i]).append(' ')
                                .append(String.format(Locale.ROOT, "%,d", wakeUps[i]));
                    }
                }
                r.note(String.format(Locale.ROOT, "%,d", wakes) + (wakes == 1 ? " wake-up event" : " wake-up"
                        + " events") + " (" + kinds + ") and no context switches: CPU lanes need sched:sched_switch"
                        + " (perf record -e sched:sched_switch -e sched:sched_waking ..., or perf sched record);"
                        + " the wake-ups are marks on their tasks and target CPUs, and the CPUs are left empty,"
                        + " not idle, as nothing says what ran on them");
            }
            if (switchRecordsDrawn > 0) {
                r.note(switchRecordsDrawn + " PERF_RECORD_SWITCH_CPU_WIDE OUT records (perf record --switch-events)"
                        + " drawn as the context switches (" + switchInRecords + " IN records, the same switches seen"
                        + " from the task switched in, read past)" + (schedSwitchAfterRecords > 0 ? " up to line "
                        + lastSwitchRecordLine + ", where sched_switch events begin (line " + schedSwitchAfterRecords
                        + ") and give the switches from there" : ", the recording having no sched_switch events")
                        + ": a switch-out without \"preempt\" is read as a sleep (S), the record does not tell a sleep"
                        + " from a blocked wait (D); record sched:sched_switch (perf record -e sched:sched_switch) for"
                        + " the state");
            }
            if (switchRecordsCounted > 0) {
                r.note(switchRecordsCounted + " perf switch records (PERF_RECORD_SWITCH, _CPU_WIDE) counted, not drawn:"
                        + (schedSwitchSeen ? " the sched_switch events give the switches"
                        : " a task's own PERF_RECORD_SWITCH does not name the other task"));
            }
            if (stackFrames > 0) {
                r.note(stackFrames + " call stack lines under the events (perf record -g) were read past, not drawn");
            }
            if (!otherEvents.isEmpty()) {
                StringBuilder sb = new StringBuilder("other events, counted but not drawn:");
                int shown = 0;
                for (Map.Entry<String, Long> e : otherEvents.entrySet()) {
                    if (shown++ == 8) {
                        sb.append(" ...");
                        break;
                    }
                    sb.append(' ').append(e.getKey()).append(" (").append(e.getValue()).append(')');
                }
                if (otherUnnamed > 0) {
                    sb.append(" (and ").append(otherUnnamed).append(" events of further names)");
                }
                r.note(sb.toString());
            }
            if (r.eventCount() == 0) {
                throw new ImportException(r.file(), 0, "no scheduler or lock events found; expected lines"
                        + " such as \"comm 1234 [000] 12.345678: sched:sched_switch: prev_comm=...\"");
            }
        }
    }

    /**
     * The text of a side record perf script prints among the samples, in the shapes of perf's
     * util/event.c: perf_event__fprintf_comm ("PERF_RECORD_COMM: bash:4241/4241", with " exec"
     * before the colon when an exec renamed the task), perf_event__fprintf_task for FORK and EXIT
     * ("PERF_RECORD_FORK(4250:4250):(4241:4241)", the task's pid:tid and then its parent's) and
     * perf_event__fprintf_lost ("PERF_RECORD_LOST lost 12"). Other records are known by name only.
     */
    static final class SideRecord {
        String name = "";
        String comm = "";
        int pid;
        int tid;
        int ppid;
        int ptid;
        long lost;
        /** A switch record's direction, OUT with "preempt" (the task still runnable). */
        boolean out;
        boolean preempt;

        /** Parses the record on {@code h}'s line; "" or what was expected and not found. */
        String parse(TraceLine h) {
            byte[] b = h.b;
            int end = h.end;
            while (end > h.payload && (b[end - 1] == ' ' || b[end - 1] == '\t' || b[end - 1] == '\r')) {
                end--;
            }
            name = h.eventName();
            switch (name) {
                case "PERF_RECORD_COMM":
                    return comm(b, h.payload, end);
                case "PERF_RECORD_FORK":
                case "PERF_RECORD_EXIT":
                    return task(b, h.payload, end);
                case "PERF_RECORD_SWITCH":
                case "PERF_RECORD_SWITCH_CPU_WIDE":
                    return switchRecord(b, h.payload, end);
                case "PERF_RECORD_LOST": {
                    int a = Bytes.skipSpaces(b, h.payload, end);
                    lost = Bytes.startsWith(b, a, end, LOST_WORD) ? Bytes.parseUlong(b, a + LOST_WORD.length, end) : -1;
                    return lost < 0 ? "expected \"PERF_RECORD_LOST lost COUNT\" (perf_event__fprintf_lost)" : "";
                }
                default:
                    return "";
            }
        }

        private static final byte[] LOST_WORD = Bytes.ascii("lost ");
        private static final byte[] IN = Bytes.ascii("IN");
        private static final byte[] OUT = Bytes.ascii("OUT");
        private static final byte[] PREEMPT = Bytes.ascii("preempt");
        private static final byte[] NEXT = Bytes.ascii("next");
        private static final byte[] PREV = Bytes.ascii("prev");
        private static final byte[] PID_TID = Bytes.ascii("pid/tid:");

        /**
         * " IN", " OUT" or " OUT preempt" (PERF_RECORD_SWITCH), and for PERF_RECORD_SWITCH_CPU_WIDE then
         * "  next pid/tid: PID/TID" after OUT, "  prev pid/tid: PID/TID" after IN: the other task.
         */
        private String switchRecord(byte[] b, int from, int end) {
            boolean wide = name.equals("PERF_RECORD_SWITCH_CPU_WIDE");
            String expected = wide ? "expected \"PERF_RECORD_SWITCH_CPU_WIDE OUT [preempt]  next pid/tid: PID/TID\" or"
                    + " \"PERF_RECORD_SWITCH_CPU_WIDE IN  prev pid/tid: PID/TID\", as perf_event__fprintf_switch"
                    + " prints it"
                    : "expected \"PERF_RECORD_SWITCH IN\", \"OUT\" or \"OUT preempt\", as perf_event__fprintf_switch"
                    + " prints it";
            int a = Bytes.skipSpaces(b, from, end);
            int e = Bytes.tokenEnd(b, a, end);
            out = e - a == 3 && Bytes.startsWith(b, a, end, OUT);
            if (!out && !(e - a == 2 && Bytes.startsWith(b, a, end, IN)) || a == from) {
                return expected;
            }
            a = Bytes.skipSpaces(b, e, end);
            e = Bytes.tokenEnd(b, a, end);
            preempt = out && e - a == PREEMPT.length && Bytes.startsWith(b, a, end, PREEMPT);
            if (preempt) {
                a = Bytes.skipSpaces(b, e, end);
                e = Bytes.tokenEnd(b, a, end);
            }
            if (!wide) {
                return a == end ? "" : expected;
            }
            byte[] word = out ? NEXT : PREV;
            if (e - a != word.length || !Bytes.startsWith(b, a, end, word)) {
                return expected;
            }
            a = Bytes.skipSpaces(b, e, end);
            e = Bytes.tokenEnd(b, a, end);
            if (e - a != PID_TID.length || !Bytes.startsWith(b, a, end, PID_TID)) {
                return expected;
            }
            a = Bytes.skipSpaces(b, e, end);
            int slash = Bytes.indexOf(b, a, end, (byte) '/');
            int te = slash < 0 ? -1 : Bytes.tokenEnd(b, slash + 1, end);
            pid = slash < 0 ? -1 : Bytes.parseUint(b, a, slash);
            tid = slash < 0 ? -1 : Bytes.parseUint(b, slash + 1, te);
            if (pid < 0 || tid < 0 || Bytes.skipSpaces(b, te, end) != end) {
                return expected;
            }
            return "";
        }
        private static final byte[] EXEC = Bytes.ascii(" exec");

        /** ": COMM:PID/TID" or " exec: COMM:PID/TID"; the comm may hold spaces and colons. */
        private String comm(byte[] b, int from, int end) {
            int a = Bytes.startsWith(b, from, end, EXEC) ? from + EXEC.length : from;
            String expected = "expected \"PERF_RECORD_COMM: COMM:PID/TID\" (or \"PERF_RECORD_COMM exec: ...\" after an"
                    + " exec), as perf_event__fprintf_comm prints it";
            if (a + 1 >= end || b[a] != ':' || b[a + 1] != ' ') {
                return expected;
            }
            int slash = Bytes.lastIndexOf(b, a, end - 1, (byte) '/');
            int colon = slash < 0 ? -1 : Bytes.lastIndexOf(b, a + 2, slash - 1, (byte) ':');
            pid = colon < 0 ? -1 : Bytes.parseUint(b, colon + 1, slash);
            tid = colon < 0 ? -1 : Bytes.parseUint(b, slash + 1, end);
            if (pid < 0 || tid < 0 || colon == a + 2) {
                return expected;
            }
            comm = Bytes.text(b, a + 2, colon);
            return "";
        }

        /** "(PID:TID):(PPID:PTID)". */
        private String task(byte[] b, int from, int end) {
            int[] v = new int[4];
            int p = from;
            for (int i = 0; i < 4; i++) {
                char open = i % 2 == 0 ? '(' : ':';
                char close = i % 2 == 0 ? ':' : ')';
                if (p >= end || b[p] != open) {
                    return expectedTask();
                }
                int e = p + 1;
                while (e < end && Bytes.isDigit(b[e])) {
                    e++;
                }
                v[i] = e < end && b[e] == close ? Bytes.parseUint(b, p + 1, e) : -1;
                if (v[i] < 0) {
                    return expectedTask();
                }
                p = i == 1 ? e + 1 : e;
                if (i == 1) {
                    if (p >= end || b[p] != ':') {
                        return expectedTask();
                    }
                    p++;
                }
            }
            if (p + 1 != end || b[p] != ')') {
                return expectedTask();
            }
            pid = v[0];
            tid = v[1];
            ppid = v[2];
            ptid = v[3];
            return "";
        }

        private String expectedTask() {
            return "expected \"" + name + "(PID:TID):(PPID:PTID)\", as perf_event__fprintf_task prints it";
        }
    }
}
