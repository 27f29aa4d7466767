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
        return EnumCodes.ofCode(BY_CODE, code, "task state");
    }

    public static Optional<TaskState> ofLabel(String label) {
        return EnumCodes.ofLabel(BY_CODE, TaskState::label, label);
    }
}
