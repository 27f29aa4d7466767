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
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown wait mode code " + code);
        }
        return BY_CODE[code];
    }

    public static Optional<WaitMode> ofLabel(String label) {
        for (WaitMode s : BY_CODE) {
            if (s.label.equals(label)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
