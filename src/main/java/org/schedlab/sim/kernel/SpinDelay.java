package org.schedlab.sim.kernel;

import java.util.Optional;

/**
 * The instruction a user-space spin loop executes per iteration ({@code SPIN_DELAY()} in
 * PostgreSQL's s_lock.h) and what one iteration costs, including the read of the (unchanged,
 * cache-resident) lock word. Sources: KERNEL-FACTS section 7. {@code wfe} does not have a fixed
 * cost: it sleeps until the lock line is written or the 10 kHz event stream fires, so a lock
 * modelling it should end the wait on release; {@link #iterationNs()} is its upper bound.
 */
public enum SpinDelay {
    /** x86 {@code rep; nop}: about 140 cycles on Skylake and later at ~3 GHz [U]. */
    PAUSE(45),
    /** arm64 {@code isb}: a pipeline flush, a few ns [S]. */
    ISB(6),
    /** arm64 {@code wfe}: waits for an event; bounded by ARCH_TIMER_EVT_STREAM_PERIOD_US = 100 [V]. */
    WFE(100_000),
    /** No delay instruction (s390 has none in s_lock.h): just the load of the lock word. */
    NONE(2);

    private final long iterationNs;

    SpinDelay(long iterationNs) {
        this.iterationNs = iterationNs;
    }

    public long iterationNs() {
        return iterationNs;
    }

    public String key() {
        return EnumKeys.key(this);
    }

    public static Optional<SpinDelay> ofKey(String key) {
        return EnumKeys.of(SpinDelay.class, key);
    }
}
