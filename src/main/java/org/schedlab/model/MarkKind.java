package org.schedlab.model;

import java.util.Optional;

/** Point events drawn on top of lanes. Codes are stable. */
public enum MarkKind {
    PREEMPTION(0, "preemption"),
    LOCK_HOLDER_PREEMPTION(1, "lock-holder-preemption"),
    WAKEUP(2, "wakeup"),
    BOOKMARK(3, "bookmark"),
    /** A task moved to another CPU (sched_migrate_task): cpu is the destination. */
    MIGRATION(4, "migration");

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
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown mark kind code " + code);
        }
        return BY_CODE[code];
    }

    public static Optional<MarkKind> ofLabel(String label) {
        for (MarkKind s : BY_CODE) {
            if (s.label.equals(label)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
