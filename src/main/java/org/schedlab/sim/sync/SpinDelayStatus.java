package org.schedlab.sim.sync;

import java.util.random.RandomGenerator;

/**
 * The state of one {@code s_lock} call ({@code SpinDelayStatus}): spins in the current round,
 * delays so far, and the current sleep length. {@link #spinsUntilDelay} and {@link #delay} are
 * {@code perform_spin_delay} cut at its only decision point, so a whole round of spins can be
 * simulated as one interval.
 */
public final class SpinDelayStatus {
    public static final int NUM_DELAYS = 1000;
    public static final long MIN_DELAY_USEC = 1000;
    public static final long MAX_DELAY_USEC = 1_000_000;

    private int spins;
    private int delays;
    private long curDelayUs;

    /** Spin iterations left before the next sleep, given the backend's spins_per_delay. */
    public int spinsUntilDelay(int spinsPerDelay) {
        return Math.max(1, spinsPerDelay - spins);
    }

    /** Counts spins done without reaching the sleep (the lock was seen free, or the CPU was lost). */
    public void spun(int iterations, int spinsPerDelay) {
        if (iterations < 0 || spins + iterations >= spinsPerDelay) {
            throw new IllegalArgumentException("spun " + iterations + " past the delay point");
        }
        spins += iterations;
    }

    /**
     * The round of spins is complete: count a delay and return how long to sleep, in us.
     *
     * @throws StuckSpinlockException after {@link #NUM_DELAYS} delays, where PostgreSQL PANICs
     */
    public long delay(String lockName) throws StuckSpinlockException {
        if (++delays > NUM_DELAYS) {
            throw new StuckSpinlockException(lockName, delays - 1);
        }
        if (curDelayUs == 0) {
            curDelayUs = MIN_DELAY_USEC;
        }
        return curDelayUs;
    }

    /** After the sleep: grow the delay by a random factor 1..2, wrap to 1 ms above 1 s. */
    public void afterSleep(RandomGenerator rng) {
        curDelayUs += (long) (curDelayUs * rng.nextDouble() + 0.5);
        if (curDelayUs > MAX_DELAY_USEC) {
            curDelayUs = MIN_DELAY_USEC;
        }
        spins = 0;
    }

    /** Whether this call has slept at least once ({@code cur_delay != 0}). */
    public boolean delayed() {
        return curDelayUs != 0;
    }

    public int delays() {
        return delays;
    }

    public int spins() {
        return spins;
    }

    public long curDelayUs() {
        return curDelayUs;
    }
}
