package org.schedlab.io.read;

import static org.schedlab.io.read.LineReader.parseSecondsToNs;
import static org.schedlab.io.read.LineReader.parseUint;
import static org.schedlab.io.read.LineReader.skipSpaces;

/**
 * The header of one event line of perf script or ftrace text, parsed in place (no regex, no
 * String until one is needed). One instance is reused for every line. Understands:
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

    /** Highest CPU number accepted: perf's own MAX_CPUS. */
    static final int MAX_CPU = 4095;

    String text;
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

    /** Parses the header of {@code s}; false if it is not an event line. */
    boolean parse(String s) {
        text = s;
        int n = s.length();
        int b = s.indexOf('[');
        int close = -1;
        while (b >= 0) {
            int j = b + 1;
            while (j < n && isDigit(s.charAt(j))) {
                j++;
            }
            if (j > b + 1 && j + 1 < n && s.charAt(j) == ']' && s.charAt(j + 1) == ' ') {
                close = j;
                break;
            }
            b = s.indexOf('[', b + 1);
        }
        if (close < 0) {
            return false;
        }
        cpu = parseUint(s, b + 1, close);
        if (cpu < 0 || cpu > MAX_CPU) {
            return false;
        }
        if (!parseTask(s, b)) {
            return false;
        }
        int p = skipSpaces(s, close + 1);
        flags = p < n && !isDigit(s.charAt(p));
        if (flags) {
            p = LineReader.tokenEnd(s, p);
            p = skipSpaces(s, p);
        }
        int tEnd = p;
        while (tEnd < n && (isDigit(s.charAt(tEnd)) || s.charAt(tEnd) == '.')) {
            tEnd++;
        }
        if (tEnd >= n || tEnd == p || s.charAt(tEnd) != ':') {
            return false;
        }
        tNs = parseSecondsToNs(s, p, tEnd);
        if (tNs < 0) {
            return false;
        }
        int e = skipSpaces(s, tEnd + 1);
        int c = e;
        int nameFrom = e;
        grouped = false;
        while (true) {
            c = s.indexOf(':', c);
            if (c < 0) {
                return false;
            }
            if (c + 1 >= n || s.charAt(c + 1) == ' ') {
                break;
            }
            grouped = true;
            nameFrom = c + 1;
            c++;
        }
        if (c == nameFrom) {
            return false;
        }
        eventFrom = nameFrom;
        eventTo = c;
        payload = skipSpaces(s, c + 1);
        kind = classify(s, eventFrom, eventTo);
        return true;
    }

    private boolean parseTask(String s, int bracket) {
        int te = bracket;
        while (te > 0 && s.charAt(te - 1) == ' ') {
            te--;
        }
        int ts = skipSpaces(s, 0);
        pid = -1;
        if (te > ts && s.charAt(te - 1) == ')') {
            int open = s.lastIndexOf('(', te - 1);
            if (open < ts) {
                return false;
            }
            int a = skipSpaces(s, open + 1);
            pid = parseUint(s, a, te - 1);
            te = open;
            while (te > ts && s.charAt(te - 1) == ' ') {
                te--;
            }
        }
        if (te <= ts) {
            return false;
        }
        int tok = te;
        while (tok > ts && s.charAt(tok - 1) != ' ') {
            tok--;
        }
        int slash = -1;
        boolean numeric = true;
        for (int i = tok; i < te; i++) {
            char ch = s.charAt(i);
            if (ch == '/' && slash < 0 && i > tok) {
                slash = i;
            } else if (!isDigit(ch)) {
                numeric = false;
                break;
            }
        }
        if (numeric && slash != te - 1) {
            dashStyle = false;
            if (slash > 0) {
                pid = parseUint(s, tok, slash);
                tid = parseUint(s, slash + 1, te);
            } else {
                tid = parseUint(s, tok, te);
            }
            int ce = tok;
            while (ce > ts && s.charAt(ce - 1) == ' ') {
                ce--;
            }
            commFrom = ts;
            commTo = ce;
        } else {
            dashStyle = true;
            int dash = s.lastIndexOf('-', te - 1);
            if (dash < ts) {
                return false;
            }
            tid = parseUint(s, dash + 1, te);
            commFrom = ts;
            commTo = dash;
        }
        return tid >= 0;
    }

    String comm() {
        return text.substring(commFrom, commTo);
    }

    String eventName() {
        return text.substring(eventFrom, eventTo);
    }

    private static int classify(String s, int from, int to) {
        int len = to - from;
        switch (len) {
            case 12:
                if (s.startsWith("sched_switch", from)) {
                    return SWITCH;
                }
                if (s.startsWith("sched_wakeup", from)) {
                    return WAKEUP;
                }
                if (s.startsWith("sched_waking", from)) {
                    return WAKING;
                }
                return OTHER;
            case 16:
                if (s.startsWith("sched_wakeup_new", from)) {
                    return WAKEUP_NEW;
                }
                return s.startsWith("contention_begin", from) ? LOCK_BEGIN : OTHER;
            case 18:
                if (s.startsWith("sched_migrate_task", from)) {
                    return MIGRATE;
                }
                return s.startsWith("sched_stat_runtime", from) ? RUNTIME : OTHER;
            case 14:
                return s.startsWith("contention_end", from) ? LOCK_END : OTHER;
            default:
                return OTHER;
        }
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
