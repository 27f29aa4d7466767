package org.schedlab.sim.kernel;

import java.util.Locale;
import java.util.Optional;

/**
 * The guest architecture: selects the defaults a user can still override (HZ, the spin-delay
 * instruction, the cache-line transfer cost). Values and their confidence: KERNEL-FACTS
 * sections 2 and 7.
 */
public enum Arch {
    /** HZ 250 (Kconfig.hz default [V]); PAUSE [V]; 100-200 ns cross-socket contended RMW [S]. */
    X86(250, SpinDelay.PAUSE, 100),
    /** HZ 250 [U] (Amazon Linux 2023 arm64); ISB [V]; Graviton4 30-60 ns in-socket bounce [S]. */
    ARM64(250, SpinDelay.ISB, 50),
    /** HZ 100 (s390 defconfig CONFIG_HZ_100 [V]); no SPIN_DELAY in s_lock.h; line transfer [U]. */
    S390(100, SpinDelay.NONE, 100);

    private final int defaultHz;
    private final SpinDelay defaultSpinDelay;
    private final long defaultLineTransferNs;

    Arch(int defaultHz, SpinDelay defaultSpinDelay, long defaultLineTransferNs) {
        this.defaultHz = defaultHz;
        this.defaultSpinDelay = defaultSpinDelay;
        this.defaultLineTransferNs = defaultLineTransferNs;
    }

    public int defaultHz() {
        return defaultHz;
    }

    public SpinDelay defaultSpinDelay() {
        return defaultSpinDelay;
    }

    public long defaultLineTransferNs() {
        return defaultLineTransferNs;
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Arch> ofKey(String key) {
        for (Arch a : values()) {
            if (a.key().equals(key)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
