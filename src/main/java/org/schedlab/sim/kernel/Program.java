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
}
