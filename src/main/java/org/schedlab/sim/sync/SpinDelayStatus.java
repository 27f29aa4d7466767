package org.schedlab.sim.sync;

import java.util.random.RandomGenerator;

/**
 * The state of one {@code s_lock} call ({@code SpinDelayStatus} in s_lock.c): how far the
 * current round of spins has got, delays so far, and the current sleep length.
 *
 * <p>{@code perform_spin_delay} counts spins one by one and sleeps at spins_per_delay; here a
 * round is an interval of spinning whose length is spins_per_delay x the cost of one
 * iteration, and {@link #spun} records how much of it has been used. {@link #delay} and
 * {@link #afterSleep} are the rest of {@code perform_spin_delay}, line for line.
 */
public final class SpinDelayStatus {
    public static final int NUM_DELAYS = 1000;
    public static final long MIN_DELAY_USEC = 1000;
    public static final long MAX_DELAY_USEC = 1_000_000;

    private long roundSpunNs;
    private int delays;
    private long curDelayUs;

    /** On-CPU spinning left in this round before the next sleep. */
    public long roundLeftNs(int spinsPerDelay, long iterationNs) {
        return Math.max(0, spinsPerDelay * iterationNs - roundSpunNs);
    }

    /** Records {@code ns} of on-CPU spinning in the current round. */
    public void spun(long ns) {
        if (ns < 0) {
            throw new IllegalArgumentException("negative spin time " + ns);
        }
        roundSpunNs += ns;
    }

    /**
     * The round of spins is complete: count a delay and return how long to sleep, in us.
     *
     * @throws StuckSpinlockException after {@link #NUM_DELAYS} delays, where PostgreSQL PANICs
     */
    public long delay(String lockName) {
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
        roundSpunNs = 0;
    }

    /** Whether this call has slept at least once ({@code cur_delay != 0}). */
    public boolean delayed() {
        return curDelayUs != 0;
    }

    public int delays() {
        return delays;
    }

    public long curDelayUs() {
        return curDelayUs;
    }

    /** Starts a new {@code s_lock} call ({@code init_spin_delay}). */
    public void reset() {
        roundSpunNs = 0;
        delays = 0;
        curDelayUs = 0;
    }
}
