package org.schedlab.model;

import java.util.Optional;

/**
 * What a CPU was doing during a slice. The byte code is what the columnar lanes and
 * the dataset JSON store, so codes are stable: add, never renumber.
 */
public enum SliceState {
    USER(0, "user"),
    KERNEL(1, "kernel"),
    FAULT(2, "fault"),
    SPINNING(3, "spinning"),
    STOLEN(4, "stolen"),
    IDLE(5, "idle");

    private static final SliceState[] BY_CODE = values();

    private final byte code;
    private final String label;

    SliceState(int code, String label) {
        this.code = (byte) code;
        this.label = label;
    }

    public byte code() {
        return code;
    }

    /** Lower-case name used in files, legends and the CLI. */
    public String label() {
        return label;
    }

    /** Whether a slice in this state may have no task (idle CPU, or a vCPU stolen while idle). */
    public boolean allowsNoTask() {
        return this == IDLE || this == STOLEN;
    }

    public static SliceState ofCode(byte code) {
        return EnumCodes.ofCode(BY_CODE, code, "slice state");
    }

    /** Parses a label as written by {@link #label()}; empty if unknown. */
    public static Optional<SliceState> ofLabel(String label) {
        return EnumCodes.ofLabel(BY_CODE, SliceState::label, label);
    }
}
