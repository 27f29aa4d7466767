package org.schedlab.ui.lab;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * On a machine with few cores, the process's first simulation runs alone until its timeline's
 * window is in; runs asked for meanwhile wait for that. The first run of a process is the one
 * during which Java compiles the simulator (about 3 s of a core for its optimising compiler on
 * the default case-A run): two cold runs side by side on two cores - the first screen's A and B -
 * share those cores with the compiler and each reach their window later than both do one after
 * the other. Measured on the two-core machine (cold process, case A, 100 ms window): side by
 * side A's window at 4.4-4.7 s and B's at 4.0-5.1 s; one after the other A's at 2.1-2.5 s and
 * B's at 4.0-4.1 s, both summaries 2.5-3.4 s sooner. Once the first run's window is in (or the
 * run ends in any way: finished, failed, cancelled before it started) the gate is open for good
 * and runs go side by side as before.
 *
 * <p>The first run is the first to {@link #claim} (on the FX thread, in the order runs are
 * asked for: A before B); a waiting run gives up when cancelled. Thread-safe.
 */
public final class FirstRunGate {
    /** Machines with at most this many cores queue runs behind the first. */
    static final int FEW_CORES = 2;
    /** How often a waiting run looks whether it was cancelled. */
    private static final long CANCEL_CHECK_MS = 20;
    /** A gate that is open from the start: runs never wait (many cores, tests). */
    public static final FirstRunGate NONE = new FirstRunGate(true);

    private Object first;
    private boolean open;

    private FirstRunGate(boolean open) {
        this.open = open;
    }

    /** A closed gate: the first run to claim it runs alone until it {@link #release}s it. */
    public static FirstRunGate closed() {
        return new FirstRunGate(false);
    }

    /** Closed on a machine of at most {@value #FEW_CORES} cores, {@link #NONE} otherwise. */
    public static FirstRunGate forCores(int cores) {
        return cores <= FEW_CORES ? closed() : NONE;
    }

    /**
     * {@code run} is about to be started: whether it has to {@link #await} the first run. The
     * first claimer of a closed gate is the first run and goes at once.
     */
    public synchronized boolean claim(Object run) {
        if (open) {
            return false;
        }
        if (first == null) {
            first = run;
            return false;
        }
        return true;
    }

    /** {@code run}'s window is in, or it ended: if it is the first run, the gate opens for good. */
    public synchronized void release(Object run) {
        if (run == first && !open) {
            open = true;
            notifyAll();
        }
    }

    public synchronized boolean isOpen() {
        return open;
    }

    /**
     * Waits (on a worker thread) until the gate is open; returns the nanoseconds waited.
     *
     * @throws CancellationException when {@code cancelled} says so first
     */
    public long await(BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        synchronized (this) {
            while (!open) {
                if (cancelled.getAsBoolean()) {
                    throw new CancellationException("cancelled while waiting for the first run");
                }
                try {
                    wait(CANCEL_CHECK_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CancellationException("interrupted while waiting for the first run");
                }
            }
        }
        return System.nanoTime() - t0;
    }
}
