package org.schedlab.io.read;

/**
 * The header of one event line of perf script or ftrace text, parsed in place on the line's
 * bytes (no regex, no String until one is needed). One instance is reused for every line.
 * Understands:
 * <pre>
 *   perf script:      "     C1 CompilerThre  7349 [000]   329.578872: sched:sched_migrate_task: ..."
 *   perf -F pid,tid:  "        postgres  8127/8127  [000]   364.330685: lock:contention_begin: ..."
 *   ftrace:           "     Web Content-2711  [003] d...  26186.336632: sched_waking: ..."
 *   ftrace + TGID:    "ksoftirqd/1-12    (   12) [001] d..3 214168.479967: sched_switch: ..."
 *   trace-cmd report: "           <...>-1701  [001]    76.211513: sched_switch:          ..."
 * </pre>
 * The comm may contain spaces; the CPU is the first {@code [digits]} followed by a space.
 */
final class TraceLine {
    static final int OTHER = 0;
    static final int SWITCH = 1;
    static final int WAKING = 2;
    static final int WAKEUP = 3;
    static final int WAKEUP_NEW = 4;
    static final int MIGRATE = 5;
    static final int RUNTIME = 6;
    static final int LOCK_BEGIN = 7;
    static final int LOCK_END = 8;
    /**
     * One of the records perf script prints among the samples with --show-task-events,
     * --show-mmap-events, --show-switch-events, --show-lost-events (perf_event__fprintf in perf's
     * util/event.c): "PERF_RECORD_" and the record's name, then text of its own shape, with no
     * colon after the name in most ("PERF_RECORD_FORK(4250:4250):(4241:4241)"). The name is
     * {@link #eventName}, its text from {@link #payload}.
     */
    static final int SIDE_RECORD = 9;

    /** Highest CPU number accepted: perf's own MAX_CPUS. */
    static final int MAX_CPU = 4095;

    byte[] b = new byte[0];
    int commFrom;
    int commTo;
    int tid;
    /** Thread group id if the line shows it (TGID column, pid/tid), else -1. */
    int pid;
    int cpu;
    long tNs;
    int eventFrom;
    int eventTo;
    /** Whether the event name had a group ("sched:sched_switch"), as perf prints it. */
    boolean grouped;
    /** Whether the line had an irq-flags column ("d..2"), as ftrace prints it. */
    boolean flags;
    /** Whether the task was written comm-pid (ftrace) rather than "comm pid" (perf). */
    boolean dashStyle;
    int kind;
    int payload;
    /** Where the line ends in {@link #b}. */
    int end;
    private int start;
    /** Why the last {@link #parse} failed when the line had an event's shape but a value out of range; else "". */
    String outOfRange = "";
    /**
     * Whether the time was a whole number ("1001:"): ftrace and trace-cmd print the trace_clocks that
     * do not count nanoseconds (counter, uptime in jiffies, x86-tsc in cycles) so, where every other
     * clock, and perf, print SECONDS.FRACTION. Its unit is not in the text; {@link #tNs} is then 0.
     */
    boolean wholeTime;
    private int timeFrom;
    private int timeTo;

    /** Parses the header of the UTF-8 line {@code b[from, to)}; false if it is not an event line. */
    boolean parse(byte[] bytes, int from, int to) {
        b = bytes;
        start = from;
        end = to;
        outOfRange = "";
        int n = to;
        int br = Bytes.indexOf(b, from, n, (byte) '[');
        int close = -1;
        while (br >= 0) {
            int j = br + 1;
            while (j < n && Bytes.isDigit(b[j])) {
                j++;
            }
            if (j > br + 1 && j + 1 < n && b[j] == ']' && b[j + 1] == ' ') {
                close = j;
                break;
            }
            br = Bytes.indexOf(b, br + 1, n, (byte) '[');
        }
        if (close < 0) {
            return false;
        }
        cpu = Bytes.parseUint(b, br + 1, close);
        if (cpu < 0 || cpu > MAX_CPU) {
            outOfRange = "CPU [" + Bytes.text(b, br + 1, Math.min(close, br + 21)) + "] out of range; expected 0.."
                    + MAX_CPU;
            return false;
        }
        if (!parseTask(br)) {
            return false;
        }
        int p = Bytes.skipSpaces(b, close + 1, n);
        flags = p < n && !Bytes.isDigit(b[p]);
        if (flags) {
            p = Bytes.tokenEnd(b, p, n);
            p = Bytes.skipSpaces(b, p, n);
        }
        int tEnd = p;
        while (tEnd < n && (Bytes.isDigit(b[tEnd]) || b[tEnd] == '.')) {
            tEnd++;
        }
        if (tEnd >= n || tEnd == p || b[tEnd] != ':') {
            return false;
        }
        timeFrom = p;
        timeTo = tEnd;
        wholeTime = Bytes.indexOf(b, p, tEnd, (byte) '.') < 0;
        tNs = wholeTime ? 0 : Bytes.parseSecondsToNs(b, p, tEnd);
        if (tNs < 0) {
            outOfRange = "time " + Bytes.text(b, p, Math.min(tEnd, p + 30)) + " is not a time in seconds; expected"
                    + " SECONDS.FRACTION below 9000000000";
            return false;
        }
        int e = Bytes.skipSpaces(b, tEnd + 1, n);
        if (Bytes.startsWith(b, e, n, PERF_RECORD)) {
            int ne = e + PERF_RECORD.length;
            while (ne < n && (Character.isLetterOrDigit(b[ne]) || b[ne] == '_')) {
                ne++;
            }
            grouped = false;
            eventFrom = e;
            eventTo = ne;
            payload = ne;
            kind = SIDE_RECORD;
            return true;
        }
        int c = e;
        int nameFrom = e;
        grouped = false;
        while (true) {
            c = Bytes.indexOf(b, c, n, (byte) ':');
            if (c < 0) {
                return false;
            }
            if (c + 1 >= n || b[c + 1] == ' ') {
                break;
            }
            grouped = true;
            nameFrom = c + 1;
            c++;
        }
        if (c == nameFrom) {
            return false;
        }
        if (grouped && modifiers(b, nameFrom, c)) {
            // a hardware event with its modifiers ("cycles:P:", "cycles:ppp:", "instructions:u:"): the
            // event is cycles:P, not one named "P"
            int named = nameFrom - 1;
            while (named > e && b[named - 1] != ' ' && b[named - 1] != ':') {
                named--;
            }
            if (named < nameFrom - 1) {
                nameFrom = named;
            }
        }
        eventFrom = nameFrom;
        eventTo = c;
        payload = Bytes.skipSpaces(b, c + 1, n);
        kind = classify(b, eventFrom, eventTo);
        return true;
    }

    /** The event modifiers perf prints after an event's name (tools/perf/util/parse-events: u k h G H I p P S D W e b). */
    private static final String MODIFIERS = "ukhGHIpPSDWeb";

    /** Whether {@code b[from, to)} is a run of event modifiers ("P", "ppp", "uk"). */
    private static boolean modifiers(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (MODIFIERS.indexOf(b[i]) < 0) {
                return false;
            }
        }
        return to > from;
    }

    /** Parses the header of a line given as a String (probes look at the head of a file this way). */
    boolean parse(String s) {
        byte[] bytes = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return parse(bytes, 0, bytes.length);
    }

    private boolean parseTask(int bracket) {
        int te = bracket;
        while (te > start && b[te - 1] == ' ') {
            te--;
        }
        int ts = Bytes.skipSpaces(b, start, end);
        pid = -1;
        if (te > ts && b[te - 1] == ')') {
            int open = Bytes.lastIndexOf(b, start, te - 1, (byte) '(');
            if (open < ts) {
                return false;
            }
            int a = Bytes.skipSpaces(b, open + 1, end);
            pid = Bytes.parseUint(b, a, te - 1);
            te = open;
            while (te > ts && b[te - 1] == ' ') {
                te--;
            }
        }
        if (te <= ts) {
            return false;
        }
        int tok = te;
        while (tok > ts && b[tok - 1] != ' ') {
            tok--;
        }
        int slash = -1;
        boolean numeric = true;
        for (int i = tok; i < te; i++) {
            byte ch = b[i];
            if (ch == '/' && slash < 0 && i > tok) {
                slash = i;
            } else if (!Bytes.isDigit(ch)) {
                numeric = false;
                break;
            }
        }
        if (numeric && slash != te - 1) {
            dashStyle = false;
            if (slash >= 0) {
                pid = Bytes.parseUint(b, tok, slash);
                tid = Bytes.parseUint(b, slash + 1, te);
            } else {
                tid = Bytes.parseUint(b, tok, te);
            }
            int ce = tok;
            while (ce > ts && b[ce - 1] == ' ') {
                ce--;
            }
            commFrom = ts;
            commTo = ce;
        } else {
            dashStyle = true;
            int dash = Bytes.lastIndexOf(b, start, te - 1, (byte) '-');
            if (dash < ts) {
                return false;
            }
            tid = Bytes.parseUint(b, dash + 1, te);
            commFrom = ts;
            commTo = dash;
        }
        return tid >= 0;
    }

    String comm() {
        return Bytes.text(b, commFrom, commTo);
    }

    /** The time as the line wrote it (for a refusal). */
    String timeText() {
        return Bytes.text(b, timeFrom, Math.min(timeTo, timeFrom + 30));
    }

    String eventName() {
        return Bytes.text(b, eventFrom, eventTo);
    }

    private static final byte[] PERF_RECORD = Bytes.ascii("PERF_RECORD_");
    private static final byte[] SCHED_SWITCH = Bytes.ascii("sched_switch");
    private static final byte[] SCHED_WAKEUP = Bytes.ascii("sched_wakeup");
    private static final byte[] SCHED_WAKING = Bytes.ascii("sched_waking");
    private static final byte[] SCHED_WAKEUP_NEW = Bytes.ascii("sched_wakeup_new");
    private static final byte[] CONTENTION_BEGIN = Bytes.ascii("contention_begin");
    private static final byte[] SCHED_MIGRATE_TASK = Bytes.ascii("sched_migrate_task");
    private static final byte[] SCHED_STAT_RUNTIME = Bytes.ascii("sched_stat_runtime");
    private static final byte[] CONTENTION_END = Bytes.ascii("contention_end");

    private static int classify(byte[] b, int from, int to) {
        switch (to - from) {
            case 12:
                if (Bytes.startsWith(b, from, to, SCHED_SWITCH)) {
                    return SWITCH;
                }
                if (Bytes.startsWith(b, from, to, SCHED_WAKEUP)) {
                    return WAKEUP;
                }
                return Bytes.startsWith(b, from, to, SCHED_WAKING) ? WAKING : OTHER;
            case 16:
                if (Bytes.startsWith(b, from, to, SCHED_WAKEUP_NEW)) {
                    return WAKEUP_NEW;
                }
                return Bytes.startsWith(b, from, to, CONTENTION_BEGIN) ? LOCK_BEGIN : OTHER;
            case 18:
                if (Bytes.startsWith(b, from, to, SCHED_MIGRATE_TASK)) {
                    return MIGRATE;
                }
                return Bytes.startsWith(b, from, to, SCHED_STAT_RUNTIME) ? RUNTIME : OTHER;
            case 14:
                return Bytes.startsWith(b, from, to, CONTENTION_END) ? LOCK_END : OTHER;
            default:
                return OTHER;
        }
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * A figure as tools print their tables ("213.61", "8470"): digits with at most one '.', at
     * most 30 characters. Java's number parsers also take "1e308", "Infinity", "0x1p3" and a
     * sign, which no such table prints and which a damaged byte can make.
     */
    static boolean isPlainDecimal(String v) {
        int dots = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '.') {
                dots++;
            } else if (!isDigit(c)) {
                return false;
            }
        }
        return v.length() > dots && dots <= 1 && v.length() <= 30;
    }
}
