package org.schedlab.model;

import java.util.Optional;

/** A task's own state, for per-task lanes (thread-state tracks). Codes are stable. */
public enum TaskState {
    RUNNING(0, "running"),
    RUNNABLE(1, "runnable"),
    SLEEPING(2, "sleeping"),
    BLOCKED(3, "blocked");

    private static final TaskState[] BY_CODE = values();

    private final byte code;
    private final String label;

    TaskState(int code, String label) {
        this.code = (byte) code;
        this.label = label;
    }

    public byte code() {
        return code;
    }

    public String label() {
        return label;
    }

    public static TaskState ofCode(byte code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown task state code " + code);
        }
        return BY_CODE[code];
    }

    public static Optional<TaskState> ofLabel(String label) {
        for (TaskState s : BY_CODE) {
            if (s.label.equals(label)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
