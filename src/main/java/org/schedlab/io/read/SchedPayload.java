package org.schedlab.io.read;

/**
 * The fields after "sched_switch:", "sched_waking:", ... parsed in place on the line's bytes
 * (all indexes are absolute in the line's array). Comms may contain
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
    /**
     * Whether prev_state was the number 64: TASK_DEAD before Linux 4.14 (the task's last
     * switch-out), TASK_PARKED from 4.14 on (a kthread parked, woken again when unparked).
     * {@link #prevState} is then 'X' and the caller decides (see {@link #stateEra}).
     */
    boolean deadOrParked;
    /**
     * What a numeric prev_state says of the kernel: {@link #BEFORE_4_14} for a number only kernels
     * before 4.14 printed (the raw task->state: several bits, as D|K 130, or a bit from 512 up, as
     * the preemption mark TASK_STATE_MAX 2048/4096), {@link #FROM_4_14} for one only 4.14 and later
     * print (one TASK_REPORT bit: I 128, or the preemption mark TASK_REPORT_MAX 256), else 0.
     */
    int stateEra;
    static final int BEFORE_4_14 = 1;
    static final int FROM_4_14 = 2;
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

    private static final byte[] PREV_COMM = Bytes.ascii("prev_comm=");
    private static final byte[] ARROW = Bytes.ascii(" ==> ");
    private static final byte[] PREV_PID = Bytes.ascii(" prev_pid=");
    private static final byte[] PREV_STATE = Bytes.ascii(" prev_state=");
    private static final byte[] NEXT_COMM = Bytes.ascii("next_comm=");
    private static final byte[] NEXT_PID = Bytes.ascii(" next_pid=");
    private static final byte[] SPACE_BRACKET = Bytes.ascii(" [");
    private static final byte[] COMM = Bytes.ascii("comm=");
    private static final byte[] PID = Bytes.ascii(" pid=");
    private static final byte[] TARGET_CPU = Bytes.ascii(" target_cpu=");
    private static final byte[] ORIG_CPU = Bytes.ascii(" orig_cpu=");
    private static final byte[] DEST_CPU = Bytes.ascii(" dest_cpu=");
    private static final byte[] RUNTIME = Bytes.ascii(" runtime=");

    /** The fields of a sched_switch in {@code b[from, end)}. */
    String switchFields(byte[] b, int from, int end) {
        deadOrParked = false;
        stateEra = 0;
        int pc = Bytes.indexOf(b, from, end, PREV_COMM);
        if (pc >= 0) {
            return classicSwitch(b, pc, end);
        }
        int arrow = Bytes.indexOf(b, from, end, ARROW);
        if (arrow >= 0) {
            return compactSwitch(b, from, arrow, end);
        }
        return "expected \"prev_comm=\" (or \"COMM:PID [PRIO] STATE ==> COMM:PID [PRIO]\") after \"sched_switch:\"";
    }

    /** prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s [==>] next_comm=%s next_pid=%d next_prio=%d */
    private String classicSwitch(byte[] b, int pc, int end) {
        int pp = Bytes.indexOf(b, pc + 10, end, PREV_PID);
        if (pp < 0) {
            return "expected \"prev_pid=\" after \"prev_comm=\" in sched_switch";
        }
        prevCommFrom = pc + 10;
        prevCommTo = pp;
        int v = pp + 10;
        prevTid = Bytes.parseUint(b, v, Bytes.tokenEnd(b, v, end));
        if (prevTid < 0) {
            return "expected a number after \"prev_pid=\" in sched_switch";
        }
        int ps = Bytes.indexOf(b, v, end, PREV_STATE);
        if (ps < 0) {
            return "expected \"prev_state=\" in sched_switch";
        }
        int st = ps + 12;
        String err = state(b, st, Bytes.tokenEnd(b, st, end));
        if (!err.isEmpty()) {
            return err;
        }
        int nc = Bytes.indexOf(b, st, end, NEXT_COMM);
        if (nc < 0) {
            return "expected \"next_comm=\" after \"prev_state=\" in sched_switch";
        }
        int np = Bytes.indexOf(b, nc + 10, end, NEXT_PID);
        if (np < 0) {
            return "expected \"next_pid=\" after \"next_comm=\" in sched_switch";
        }
        nextCommFrom = nc + 10;
        nextCommTo = np;
        int w = np + 10;
        nextTid = Bytes.parseUint(b, w, Bytes.tokenEnd(b, w, end));
        return nextTid < 0 ? "expected a number after \"next_pid=\" in sched_switch" : OK;
    }

    /** perf's compact print: "perf:19593 [120] R ==> migration/0:19 [0]". */
    private String compactSwitch(byte[] b, int from, int arrow, int end) {
        int lb = Bytes.lastIndexOf(b, from, arrow, end, SPACE_BRACKET);
        if (lb < from) {
            return "expected \"COMM:PID [PRIO] STATE\" before \"==>\" in sched_switch";
        }
        int rb = Bytes.indexOf(b, lb, end, (byte) ']');
        if (rb < 0 || rb > arrow) {
            return "expected \"]\" after the prio in sched_switch";
        }
        int st = Bytes.skipSpaces(b, rb + 1, end);
        String err = state(b, st, arrow);
        if (!err.isEmpty()) {
            return err;
        }
        int colon = Bytes.lastIndexOf(b, from, lb - 1, (byte) ':');
        if (colon < from) {
            return "expected \"COMM:PID\" before \"==>\" in sched_switch";
        }
        prevCommFrom = from;
        prevCommTo = colon;
        prevTid = Bytes.parseUint(b, colon + 1, lb);
        if (prevTid < 0) {
            return "expected a pid after \"" + Bytes.text(b, from, colon + 1) + "\" in sched_switch";
        }
        int right = arrow + 5;
        int lb2 = Bytes.lastIndexOf(b, from, end - 1, end, SPACE_BRACKET);
        int colon2 = lb2 > right ? Bytes.lastIndexOf(b, from, lb2 - 1, (byte) ':') : -1;
        if (colon2 < right) {
            return "expected \"COMM:PID [PRIO]\" after \"==>\" in sched_switch";
        }
        nextCommFrom = right;
        nextCommTo = colon2;
        nextTid = Bytes.parseUint(b, colon2 + 1, lb2);
        return nextTid < 0 ? "expected a pid after \"==>\" in sched_switch" : OK;
    }

    /**
     * prev_state as letters ("R", "R+", "S", "D|K", "I") or, from old trace-cmd, a number:
     * 0 running, bit 1 S, bit 2 D, and a lone high bit (TASK_STATE_MAX 2048/4096, or
     * TASK_REPORT_MAX 256 on 4.14+) meaning preempted while running. 64 alone is TASK_DEAD before
     * 4.14 and TASK_PARKED from 4.14 on (include/linux/sched.h; 4.14's trace/events/sched.h reports
     * one TASK_REPORT bit, P being 64): read as X here, flagged {@link #deadOrParked} for the caller.
     */
    private String state(byte[] b, int from, int to) {
        while (to > from && b[to - 1] == ' ') {
            to--;
        }
        if (from >= to) {
            return "expected a prev_state (R, S, D, ...) in sched_switch";
        }
        byte c = b[from];
        if (Bytes.isDigit(c)) {
            long v = Bytes.parseUlong(b, from, to);
            if (v < 0 || v > MAX_STATE_NUMBER) {
                return "expected a prev_state letter or a task state number (0.." + MAX_STATE_NUMBER
                        + ") in sched_switch";
            }
            preempted = false;
            deadOrParked = v == 64;
            stateEra = Long.bitCount(v) > 1 || v >= 512 ? BEFORE_4_14 : v == 128 || v == 256 ? FROM_4_14 : 0;
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
        if (!isStateText(b, from, to)) {
            return "expected a prev_state of task state letters (R, S, D, T, t, X, Z, P, I, ...) in sched_switch,"
                    + " found \"" + Bytes.text(b, from, Math.min(to, from + 20)) + "\"";
        }
        prevState = (char) c;
        preempted = Bytes.indexOf(b, from, to, (byte) '+') >= 0;
        deadOrParked = false;
        stateEra = 0;
        return OK;
    }

    /**
     * Highest numeric prev_state taken: every state and flag bit the kernels print as a number
     * (TASK_STATE_MAX is 4096 on 4.x; the newest flags stay below 0x10000).
     */
    static final long MAX_STATE_NUMBER = 0xffff;

    /** The letters of task_state_to_char across kernel versions (x dead, K wakekill, W waking, N noload, n new). */
    private static final String STATE_LETTERS = "RSDTtXZxKWPNnI";

    /**
     * Whether {@code b[from, to)} is a state as the kernel prints it: letters joined by '|', a
     * trailing '+' for preempted, and unnamed bits as "0x..." - anything else is a damaged line, and
     * read as a letter it would put the task to sleep.
     */
    private static boolean isStateText(byte[] b, int from, int to) {
        if (to > from && b[to - 1] == '+') {
            to--;
        }
        int i = from;
        while (true) {
            if (i < to && STATE_LETTERS.indexOf(b[i]) >= 0) {
                i++;
            } else if (i > from && i + 2 < to && b[i] == '0' && b[i + 1] == 'x') {
                i += 2;
                while (i < to && Character.digit(b[i], 16) >= 0) {
                    i++;
                }
            } else {
                return false;
            }
            if (i == to) {
                return true;
            }
            if (b[i] != '|') {
                return false;
            }
            i++;
        }
    }

    private static final byte[] SUCCESS = Bytes.ascii(" success=");
    private static final byte[] CPU_COLON = Bytes.ascii(" CPU:");

    /** comm=%s pid=%d prio=%d [success=1] [target_cpu=%03d] (sched_waking, _wakeup, _wakeup_new). */
    String wakeFields(byte[] b, int from, int end, String event) {
        if (Bytes.indexOf(b, from, end, COMM) < 0 && Bytes.indexOf(b, from, end, PID) < 0) {
            return compactWake(b, from, end, event);
        }
        String err = commPid(b, from, end, event);
        if (!err.isEmpty()) {
            return err;
        }
        targetCpu = intField(b, TARGET_CPU, commTo, end);
        if (targetCpu == -2 || targetCpu > TraceLine.MAX_CPU) {
            return "expected a cpu number after \"target_cpu=\" in " + event;
        }
        return OK;
    }

    /**
     * The sched_switch plugin's print of sched_wakeup and sched_wakeup_new, which trace-cmd report and
     * perf script use where libtraceevent's plugins are installed (as they print the compact switch):
     * "sshd:900 [120] success=1 CPU:001", "sshd:900 [120] CPU:001" on kernels without "success". The
     * comm may hold spaces and colons: the pid follows its last colon.
     */
    private String compactWake(byte[] b, int from, int end, String event) {
        int to = end;
        while (to > from && b[to - 1] == ' ') {
            to--;
        }
        int cpu = Bytes.lastIndexOf(b, from, to, to, CPU_COLON);
        targetCpu = -1;
        if (cpu >= 0) {
            targetCpu = Bytes.parseUint(b, cpu + 5, to);
            if (targetCpu < 0 || targetCpu > TraceLine.MAX_CPU) {
                return "expected a cpu number after \"CPU:\" in " + event;
            }
            to = cpu;
        }
        int success = Bytes.lastIndexOf(b, from, to, to, SUCCESS);
        if (success >= 0) {
            to = success;
        }
        int lb = Bytes.lastIndexOf(b, from, to, to, SPACE_BRACKET);
        if (lb >= from && b[to - 1] == ']') {
            to = lb; // the prio
        }
        int colon = to > from ? Bytes.lastIndexOf(b, from, to - 1, (byte) ':') : -1;
        if (colon <= from) {
            return "expected \"comm=\" (or \"COMM:PID [PRIO] CPU:NNN\") after \"" + event + ":\"";
        }
        commFrom = from;
        commTo = colon;
        tid = Bytes.parseUint(b, colon + 1, to);
        return tid < 0 ? "expected a pid after \"" + Bytes.text(b, from, colon + 1) + "\" in " + event : OK;
    }

    /** comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d */
    String migrateFields(byte[] b, int from, int end) {
        String err = commPid(b, from, end, "sched_migrate_task");
        if (!err.isEmpty()) {
            return err;
        }
        origCpu = intField(b, ORIG_CPU, commTo, end);
        destCpu = intField(b, DEST_CPU, commTo, end);
        if (origCpu < 0 || destCpu < 0 || origCpu > TraceLine.MAX_CPU || destCpu > TraceLine.MAX_CPU) {
            return "expected \"orig_cpu=N dest_cpu=N\" in sched_migrate_task";
        }
        return OK;
    }

    /** comm=%s pid=%d runtime=%Lu [ns] [vruntime=%Lu [ns]] */
    String runtimeFields(byte[] b, int from, int end) {
        String err = commPid(b, from, end, "sched_stat_runtime");
        if (!err.isEmpty()) {
            return err;
        }
        int r = Bytes.indexOf(b, commTo, end, RUNTIME);
        if (r < 0) {
            return "expected \"runtime=\" in sched_stat_runtime";
        }
        runtimeNs = Bytes.parseUlong(b, r + 9, Bytes.tokenEnd(b, r + 9, end));
        return runtimeNs < 0 ? "expected a number of ns after \"runtime=\" in sched_stat_runtime" : OK;
    }

    private String commPid(byte[] b, int from, int end, String event) {
        int c = Bytes.indexOf(b, from, end, COMM);
        if (c < 0) {
            return "expected \"comm=\" after \"" + event + ":\"";
        }
        int p = Bytes.indexOf(b, c + 5, end, PID);
        if (p < 0) {
            return "expected \"pid=\" after \"comm=\" in " + event;
        }
        commFrom = c + 5;
        commTo = p;
        tid = Bytes.parseUint(b, p + 5, Bytes.tokenEnd(b, p + 5, end));
        return tid < 0 ? "expected a number after \"pid=\" in " + event : OK;
    }

    /** The int after {@code key}; -1 if the key is absent, -2 if what follows is not a number. */
    private static int intField(byte[] b, byte[] key, int from, int end) {
        int k = Bytes.indexOf(b, from, end, key);
        if (k < 0) {
            return -1;
        }
        int v = k + key.length;
        int n = Bytes.parseUint(b, v, Bytes.tokenEnd(b, v, end));
        return n < 0 ? -2 : n;
    }
}
