package org.schedlab.sim.kernel;

/** Kinds of program steps, as byte codes stored in {@link Task} (no object per step). */
final class Step {
    static final byte NONE = 0;
    static final byte USER = 1;
    static final byte KERNEL = 2;
    static final byte FAULT = 3;
    static final byte SPIN = 4;
    static final byte SLEEP = 5;
    static final byte IO_WAIT = 6;
    static final byte BLOCK = 7;
    static final byte YIELD = 8;
    static final byte EXIT = 9;

    private Step() {
    }

    static boolean onCpu(byte kind) {
        return kind >= USER && kind <= SPIN;
    }
}
