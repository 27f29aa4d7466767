package org.schedlab.model;

import java.util.Optional;

/** How a lock waiter waits: burning its CPU, or asleep off it. Codes are stable. */
public enum WaitMode {
    SPIN(0, "spin"),
    SLEEP(1, "sleep");

    private static final WaitMode[] BY_CODE = values();

    private final byte code;
    private final String label;

    WaitMode(int code, String label) {
        this.code = (byte) code;
        this.label = label;
    }

    public byte code() {
        return code;
    }

    public String label() {
        return label;
    }

    public static WaitMode ofCode(byte code) {
        return EnumCodes.ofCode(BY_CODE, code, "wait mode");
    }

    public static Optional<WaitMode> ofLabel(String label) {
        return EnumCodes.ofLabel(BY_CODE, WaitMode::label, label);
    }
}
