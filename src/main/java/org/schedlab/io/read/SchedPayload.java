package org.schedlab.io.read;

import static org.schedlab.io.read.LineReader.parseUint;
import static org.schedlab.io.read.LineReader.parseUlong;
import static org.schedlab.io.read.LineReader.tokenEnd;

/**
 * The fields after "sched_switch:", "sched_waking:", ... parsed in place. Comms may contain
 * spaces, so a comm runs from its key to the key that follows it ("prev_comm=C2 CompilerThre
 * prev_pid=7348"). Each parse method fills this object and returns {@link #OK}, or returns
 * what it expected and did not find, for the report.
 */
final class SchedPayload {
    /** What a parse method returns when the fields were all there. */
    static final String OK = "";

    int prevCommFrom;
    int prevCommTo;
    int prevTid;
    char prevState;
    boolean preempted;
    int nextCommFrom;
    int nextCommTo;
    int nextTid;

    int commFrom;
    int commTo;
    int tid;
    int targetCpu;
    int origCpu;
    int destCpu;
    long runtimeNs;

    String switchFields(String s, int from) {
        int pc = s.indexOf("prev_comm=", from);
        if (pc >= 0) {
            return classicSwitch(s, pc);
        }
        int arrow = s.indexOf(" ==> ", from);
        if (arrow >= 0) {
            return compactSwitch(s, from, arrow);
        }
        return "expected \"prev_comm=\" (or \"COMM:PID [PRIO] STATE ==> COMM:PID [PRIO]\") after \"sched_switch:\"";
    }

    /** prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s [==>] next_comm=%s next_pid=%d next_prio=%d */
    private String classicSwitch(String s, int pc) {
        int pp = s.indexOf(" prev_pid=", pc + 10);
        if (pp < 0) {
            return "expected \"prev_pid=\" after \"prev_comm=\" in sched_switch";
        }
        prevCommFrom = pc + 10;
        prevCommTo = pp;
        int v = pp + 10;
        prevTid = parseUint(s, v, tokenEnd(s, v));
        if (prevTid < 0) {
            return "expected a number after \"prev_pid=\" in sched_switch";
        }
        int ps = s.indexOf(" prev_state=", v);
        if (ps < 0) {
            return "expected \"prev_state=\" in sched_switch";
        }
        int st = ps + 12;
        String err = state(s, st, tokenEnd(s, st));
        if (!err.isEmpty()) {
            return err;
        }
        int nc = s.indexOf("next_comm=", st);
        if (nc < 0) {
            return "expected \"next_comm=\" after \"prev_state=\" in sched_switch";
        }
        int np = s.indexOf(" next_pid=", nc + 10);
        if (np < 0) {
            return "expected \"next_pid=\" after \"next_comm=\" in sched_switch";
        }
        nextCommFrom = nc + 10;
        nextCommTo = np;
        int w = np + 10;
        nextTid = parseUint(s, w, tokenEnd(s, w));
        return nextTid < 0 ? "expected a number after \"next_pid=\" in sched_switch" : OK;
    }

    /** perf's compact print: "perf:19593 [120] R ==> migration/0:19 [0]". */
    private String compactSwitch(String s, int from, int arrow) {
        int lb = s.lastIndexOf(" [", arrow);
        if (lb < from) {
            return "expected \"COMM:PID [PRIO] STATE\" before \"==>\" in sched_switch";
        }
        int rb = s.indexOf(']', lb);
        if (rb < 0 || rb > arrow) {
            return "expected \"]\" after the prio in sched_switch";
        }
        int st = LineReader.skipSpaces(s, rb + 1);
        String err = state(s, st, arrow);
        if (!err.isEmpty()) {
            return err;
        }
        int colon = s.lastIndexOf(':', lb - 1);
        if (colon < from) {
            return "expected \"COMM:PID\" before \"==>\" in sched_switch";
        }
        prevCommFrom = from;
        prevCommTo = colon;
        prevTid = parseUint(s, colon + 1, lb);
        if (prevTid < 0) {
            return "expected a pid after \"" + s.substring(from, colon + 1) + "\" in sched_switch";
        }
        int right = arrow + 5;
        int lb2 = s.lastIndexOf(" [");
        int colon2 = lb2 > right ? s.lastIndexOf(':', lb2 - 1) : -1;
        if (colon2 < right) {
            return "expected \"COMM:PID [PRIO]\" after \"==>\" in sched_switch";
        }
        nextCommFrom = right;
        nextCommTo = colon2;
        nextTid = parseUint(s, colon2 + 1, lb2);
        return nextTid < 0 ? "expected a pid after \"==>\" in sched_switch" : OK;
    }

    /**
     * prev_state as letters ("R", "R+", "S", "D|K", "I") or, from old trace-cmd, a number:
     * 0 running, bit 1 S, bit 2 D, and a lone high bit (TASK_STATE_MAX 2048/4096, or
     * TASK_REPORT_MAX 256 on 4.14+) meaning preempted while running.
     */
    private String state(String s, int from, int to) {
        while (to > from && s.charAt(to - 1) == ' ') {
            to--;
        }
        if (from >= to) {
            return "expected a prev_state (R, S, D, ...) in sched_switch";
        }
        char c = s.charAt(from);
        if (TraceLine.isDigit(c)) {
            long v = parseUlong(s, from, to);
            if (v < 0) {
                return "expected a prev_state letter or number in sched_switch";
            }
            preempted = false;
            if (v == 0) {
                prevState = 'R';
            } else if (Long.bitCount(v) == 1 && (v == 256 || v >= 2048)) {
                prevState = 'R';
                preempted = true;
            } else if ((v & 2) != 0) {
                prevState = (v & 1024) != 0 ? 'I' : 'D';
            } else if ((v & 1) != 0) {
                prevState = 'S';
            } else if ((v & 4) != 0) {
                prevState = 'T';
            } else if ((v & 8) != 0) {
                prevState = 't';
            } else if ((v & 16) != 0 || (v & 64) != 0) {
                prevState = 'X';
            } else if ((v & 32) != 0) {
                prevState = 'Z';
            } else {
                prevState = 'S';
            }
            return OK;
        }
        if (c < 'A' || c > 'z') {
            return "expected a prev_state letter (R, S, D, ...) in sched_switch";
        }
        prevState = c;
        preempted = s.indexOf('+', from) >= 0 && s.indexOf('+', from) < to;
        return OK;
    }

    /** comm=%s pid=%d prio=%d [success=1] [target_cpu=%03d] (sched_waking, _wakeup, _wakeup_new). */
    String wakeFields(String s, int from, String event) {
        String err = commPid(s, from, event);
        if (!err.isEmpty()) {
            return err;
        }
        targetCpu = intField(s, " target_cpu=", commTo);
        if (targetCpu == -2 || targetCpu > TraceLine.MAX_CPU) {
            return "expected a cpu number after \"target_cpu=\" in " + event;
        }
        return OK;
    }

    /** comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d */
    String migrateFields(String s, int from) {
        String err = commPid(s, from, "sched_migrate_task");
        if (!err.isEmpty()) {
            return err;
        }
        origCpu = intField(s, " orig_cpu=", commTo);
        destCpu = intField(s, " dest_cpu=", commTo);
        if (origCpu < 0 || destCpu < 0 || origCpu > TraceLine.MAX_CPU || destCpu > TraceLine.MAX_CPU) {
            return "expected \"orig_cpu=N dest_cpu=N\" in sched_migrate_task";
        }
        return OK;
    }

    /** comm=%s pid=%d runtime=%Lu [ns] [vruntime=%Lu [ns]] */
    String runtimeFields(String s, int from) {
        String err = commPid(s, from, "sched_stat_runtime");
        if (!err.isEmpty()) {
            return err;
        }
        int r = s.indexOf(" runtime=", commTo);
        if (r < 0) {
            return "expected \"runtime=\" in sched_stat_runtime";
        }
        runtimeNs = parseUlong(s, r + 9, tokenEnd(s, r + 9));
        return runtimeNs < 0 ? "expected a number of ns after \"runtime=\" in sched_stat_runtime" : OK;
    }

    private String commPid(String s, int from, String event) {
        int c = s.indexOf("comm=", from);
        if (c < 0) {
            return "expected \"comm=\" after \"" + event + ":\"";
        }
        int p = s.indexOf(" pid=", c + 5);
        if (p < 0) {
            return "expected \"pid=\" after \"comm=\" in " + event;
        }
        commFrom = c + 5;
        commTo = p;
        tid = parseUint(s, p + 5, tokenEnd(s, p + 5));
        return tid < 0 ? "expected a number after \"pid=\" in " + event : OK;
    }

    /** The int after {@code key}; -1 if the key is absent, -2 if what follows is not a number. */
    private static int intField(String s, String key, int from) {
        int k = s.indexOf(key, from);
        if (k < 0) {
            return -1;
        }
        int v = k + key.length();
        int n = parseUint(s, v, tokenEnd(s, v));
        return n < 0 ? -2 : n;
    }
}
