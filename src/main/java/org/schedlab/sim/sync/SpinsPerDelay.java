package org.schedlab.sim.sync;

/**
 * A backend's {@code spins_per_delay}: how many spin iterations before {@code s_lock} sleeps.
 * Adapted after every contended acquisition by {@code finish_spin_delay}: +100 (at most
 * 1000) when the lock came without sleeping, -1 (at least 10) when it needed a sleep.
 *
 * <p>Each backend starts from the shared estimate ({@code set_spins_per_delay}) and folds its
 * own value into it when it exits ({@code update_spins_per_delay}: {@code (shared*15+local)/16},
 * truncated). Backends live through a whole simulated run, so the fold is applied at the end
 * of the run only, to report the shared value the next backends would start from.
 */
public final class SpinsPerDelay {
    public static final int MIN_SPINS_PER_DELAY = 10;
    public static final int MAX_SPINS_PER_DELAY = 1000;
    public static final int DEFAULT_SPINS_PER_DELAY = 100;

    private int value;

    public SpinsPerDelay(int initial) {
        if (initial < MIN_SPINS_PER_DELAY || initial > MAX_SPINS_PER_DELAY) {
            throw new IllegalArgumentException("spins_per_delay must be in 10..1000, got " + initial);
        }
        this.value = initial;
    }

    public int value() {
        return value;
    }

    /** {@code finish_spin_delay}: {@code delayed} says whether this acquisition slept. */
    public void finish(boolean delayed) {
        if (!delayed) {
            if (value < MAX_SPINS_PER_DELAY) {
                value = Math.min(value + 100, MAX_SPINS_PER_DELAY);
            }
        } else if (value > MIN_SPINS_PER_DELAY) {
            value = Math.max(value - 1, MIN_SPINS_PER_DELAY);
        }
    }

    /** {@code update_spins_per_delay}: the shared estimate after this backend exits. */
    public int foldIntoShared(int shared) {
        return (shared * 15 + value) / 16;
    }
}
