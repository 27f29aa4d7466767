package org.schedlab.model;

/** Raw scheduler tracepoints kept by {@link SchedEvents}. Codes are stable: add, never renumber. */
public enum SchedEventKind {
    /** sched_switch: tid = prev, arg = next tid, state = prev_state letter, value 1 if "R+". */
    SWITCH(0, "sched_switch"),
    /** sched_waking: tid = wakee, arg = target cpu (-1 unknown). */
    WAKING(1, "sched_waking"),
    /** sched_wakeup: tid = wakee, arg = target cpu (-1 unknown). */
    WAKEUP(2, "sched_wakeup"),
    /** sched_wakeup_new: tid = new task, arg = target cpu (-1 unknown). */
    WAKEUP_NEW(3, "sched_wakeup_new"),
    /** sched_migrate_task: tid = migrated task, arg = destination cpu, value = origin cpu. */
    MIGRATE(4, "sched_migrate_task"),
    /** sched_stat_runtime: tid = task, value = runtime in ns since its previous update. */
    RUNTIME(5, "sched_stat_runtime");

    private static final SchedEventKind[] BY_CODE = values();

    private final byte code;
    private final String tracepoint;

    SchedEventKind(int code, String tracepoint) {
        this.code = (byte) code;
        this.tracepoint = tracepoint;
    }

    public byte code() {
        return code;
    }

    /** The kernel's tracepoint name, without the "sched:" group. */
    public String tracepoint() {
        return tracepoint;
    }

    public static SchedEventKind ofCode(byte code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown sched event code " + code);
        }
        return BY_CODE[code];
    }
}
