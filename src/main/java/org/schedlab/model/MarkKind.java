package org.schedlab.model;

import java.util.Optional;

/** Point events drawn on top of lanes. Codes are stable. */
public enum MarkKind {
    PREEMPTION(0, "preemption"),
    LOCK_HOLDER_PREEMPTION(1, "lock-holder-preemption"),
    WAKEUP(2, "wakeup"),
    BOOKMARK(3, "bookmark"),
    /** A task moved to another CPU (sched_migrate_task): cpu is the destination. */
    MIGRATION(4, "migration"),
    /**
     * A lock reserved for its woken first waiter (an rwsem's HANDOFF bit) stayed free while others
     * spun on it: at the moment it became free; task is the waiter that took it, cpu the CPU it
     * took it on (the run queue it waited in).
     */
    LOCK_HANDOFF(5, "lock-handoff");

    private static final MarkKind[] BY_CODE = values();

    private final byte code;
    private final String label;

    MarkKind(int code, String label) {
        this.code = (byte) code;
        this.label = label;
    }

    public byte code() {
        return code;
    }

    public String label() {
        return label;
    }

    public static MarkKind ofCode(byte code) {
        return EnumCodes.ofCode(BY_CODE, code, "mark kind");
    }

    public static Optional<MarkKind> ofLabel(String label) {
        return EnumCodes.ofLabel(BY_CODE, MarkKind::label, label);
    }
}
