package org.schedlab.sim.kernel;

/**
 * A task's behaviour: a state machine the kernel asks for the next step whenever the previous
 * one is done (and once at start). In {@link #step} the program calls exactly one step method
 * of {@link TaskContext} (user, kernel, syscall, fault, spin, sleep, ioWait, block, yield,
 * exit) and any number of immediate actions (wake, completed, rseq markers). Keep state in
 * fields (an int state plus counters); allocate nothing per step.
 */
@FunctionalInterface
public interface Program {
    void step(TaskContext ctx);

    /**
     * Whether the next {@link #step} may be called when the kernel switches this task in
     * rather than when the switch completes. Return true only when that call would choose the
     * same steps whenever it ran, from now until its first step starts (it reads nothing
     * another task may change meanwhile and no clock), and calls no immediate action. The
     * kernel then runs the context switch and those steps as one chain: the switch's end is
     * still the point where the flags are checked, but needs no event while none is set.
     */
    default boolean decidesAhead() {
        return false;
    }
}
