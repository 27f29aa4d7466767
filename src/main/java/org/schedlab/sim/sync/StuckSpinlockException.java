package org.schedlab.sim.sync;

/**
 * PostgreSQL's "stuck spinlock detected" PANIC: a backend slept {@code NUM_DELAYS} times
 * without getting the lock. Thrown out of the program step, it ends the simulation with this
 * message as its error.
 */
public final class StuckSpinlockException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public StuckSpinlockException(String lockName, int delays) {
        super("stuck spinlock detected at " + lockName + " after " + delays + " delays (PANIC in PostgreSQL)");
    }
}
