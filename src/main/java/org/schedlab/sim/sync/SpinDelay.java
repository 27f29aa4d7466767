package org.schedlab.sim.sync;

import java.util.Locale;
import java.util.Optional;

/**
 * What one iteration of PostgreSQL's spin loop executes as {@code SPIN_DELAY()} (parameter
 * {@code spinDelay}).
 *
 * <p>Per-iteration cost = delay instruction + the {@code TAS_SPIN} load of the lock word
 * (an L1 hit while the line is shared, about 4 cycles), at the arch's clock. Cycle counts:
 * PAUSE about 140 cycles on Skylake and later [U, Intel optimization manual]; ISB 10-20
 * cycles (the seed thread, 15 used) [S]; a bare loop about 3 cycles. Clocks: x86 3.0 GHz,
 * arm64 2.8 GHz (Graviton4), s390 5.2 GHz (z16).
 *
 * <p>{@link #WFE} is different in kind: the core waits for an event - a store to the lock's
 * cache line it holds in its exclusive monitor (the release), an interrupt, or the arm64
 * event stream that fires every 100 us (ARCH_TIMER_EVT_STREAM_PERIOD_US). One iteration
 * therefore lasts until the release or the next event-stream edge; the task stays on the
 * CPU (the guest scheduler sees it running).
 */
public enum SpinDelay {
    PAUSE("pause", 140),
    ISB("isb", 15),
    WFE("wfe", 0),
    NONE("none", 3);

    /** The arm64 event stream period bounding one WFE wait. */
    public static final long WFE_EVENT_STREAM_NS = 100_000;
    private static final int LOAD_CYCLES = 4;

    private final String key;
    private final int delayCycles;

    SpinDelay(String key, int delayCycles) {
        this.key = key;
        this.delayCycles = delayCycles;
    }

    public String key() {
        return key;
    }

    /**
     * Duration of one spin iteration on {@code arch} ({@code x86}, {@code arm64}, {@code s390}).
     * For {@link #WFE} this is the longest wait, one event-stream period.
     */
    public long iterationNs(String arch) {
        if (this == WFE) {
            return WFE_EVENT_STREAM_NS;
        }
        double ghz = clockGhz(arch);
        return Math.max(1L, Math.round((delayCycles + LOAD_CYCLES) / ghz));
    }

    /** Whether a spinner learns of the release at once (monitor) rather than at its next poll. */
    public boolean wakesOnRelease() {
        return this == WFE;
    }

    /** PostgreSQL's choice in s_lock.h: PAUSE on x86_64, ISB on aarch64, nothing on s390x. */
    public static SpinDelay defaultFor(String arch) {
        switch (arch) {
            case "x86": return PAUSE;
            case "arm64": return ISB;
            case "s390": return NONE;
            default: throw new IllegalArgumentException("unknown arch: " + arch);
        }
    }

    static double clockGhz(String arch) {
        switch (arch) {
            case "x86": return 3.0;
            case "arm64": return 2.8;
            case "s390": return 5.2;
            default: throw new IllegalArgumentException("unknown arch: " + arch);
        }
    }

    public static Optional<SpinDelay> parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (SpinDelay d : values()) {
            if (d.key.equals(t)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }
}
