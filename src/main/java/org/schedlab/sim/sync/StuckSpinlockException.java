package org.schedlab.sim.sync;

/**
 * PostgreSQL's "stuck spinlock detected" PANIC: a backend slept {@code NUM_DELAYS} times
 * without getting the lock. The simulation stops with this as its error.
 */
public final class StuckSpinlockException extends Exception {
    private static final long serialVersionUID = 1L;

    public StuckSpinlockException(String lockName, int delays) {
        super("stuck spinlock detected at " + lockName + " after " + delays + " delays (PANIC in PostgreSQL)");
    }
}
