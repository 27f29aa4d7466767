package org.schedlab.sim.sync;

import java.util.Arrays;

/**
 * Every backend's {@code spins_per_delay} (a per-process static in s_lock.c, shared by all
 * spinlocks the process takes), indexed by task id. Backends start from the shared estimate
 * ({@code set_spins_per_delay}); {@link #sharedAfterAllExit} folds them back in exit order
 * ({@code update_spins_per_delay}), which a run reports as the estimate the next backends
 * would start from.
 */
public final class SpinsPerDelayTable {
    private final int initialShared;
    private SpinsPerDelay[] byTask = new SpinsPerDelay[64];

    public SpinsPerDelayTable(int initialShared) {
        if (initialShared < SpinsPerDelay.MIN_SPINS_PER_DELAY || initialShared > SpinsPerDelay.MAX_SPINS_PER_DELAY) {
            throw new IllegalArgumentException("spins_per_delay must be in 10..1000, got " + initialShared);
        }
        this.initialShared = initialShared;
    }

    public SpinsPerDelay of(int taskId) {
        if (taskId >= byTask.length) {
            byTask = Arrays.copyOf(byTask, Math.max(taskId + 1, byTask.length * 2));
        }
        SpinsPerDelay s = byTask[taskId];
        if (s == null) {
            s = new SpinsPerDelay(initialShared);
            byTask[taskId] = s;
        }
        return s;
    }

    /** The shared estimate once every backend that used a spinlock has exited, in id order. */
    public int sharedAfterAllExit() {
        int shared = initialShared;
        for (SpinsPerDelay s : byTask) {
            if (s != null) {
                shared = s.foldIntoShared(shared);
            }
        }
        return shared;
    }

    /** Mean of the backends' current values (0 when none used a spinlock). */
    public double meanLocal() {
        long sum = 0;
        int n = 0;
        for (SpinsPerDelay s : byTask) {
            if (s != null) {
                sum += s.value();
                n++;
            }
        }
        return n == 0 ? 0 : sum / (double) n;
    }
}
