package org.schedlab.sim.kernel;

import java.util.Optional;

/**
 * The guest architecture: selects the defaults a user can still override (HZ, the spin-delay
 * instruction, the cache-line transfer cost). Values and their confidence: KERNEL-FACTS
 * sections 2 and 7.
 */
public enum Arch {
    /**
     * HZ 250 (Kconfig.hz default [V]); PAUSE [V]; 100-200 ns cross-socket contended RMW [S];
     * wake-up 3 us: x86 KVM guests have cpuidle-haltpoll since v5.4, so an idle vCPU polls and
     * a waker need not even send an IPI [S] - where the host sets KVM_HINTS_REALTIME or the guest
     * boots with haltpoll.force ({@code haltpoll_want()}); whether Nitro does is [U]. 3 us is the
     * busy-target IPI of the core default.
     */
    X86(250, SpinDelay.PAUSE, 100, 3_000),
    /**
     * HZ 250 [U] (Amazon Linux 2023 arm64); ISB [V]; Graviton4 30-60 ns in-socket bounce [S];
     * wake-up 6 us: no guest halt-polling on arm64 before 2025 [S], so an idle vCPU sits in a
     * trapped WFI and its wake-up is a hypervisor round trip, ~3 us dearer than a polled one on a
     * Graviton2 guest (Okanovic's 2024 arm_poll_idle figures [S]); the 3 us base is [U].
     */
    ARM64(250, SpinDelay.ISB, 50, 6_000),
    /** HZ 100 (s390 defconfig CONFIG_HZ_100 [V]); no SPIN_DELAY in s_lock.h; line transfer [U]. */
    S390(100, SpinDelay.NONE, 100, 3_000);

    private final int defaultHz;
    private final SpinDelay defaultSpinDelay;
    private final long defaultLineTransferNs;
    private final long defaultWakeupIpiNs;

    Arch(int defaultHz, SpinDelay defaultSpinDelay, long defaultLineTransferNs, long defaultWakeupIpiNs) {
        this.defaultHz = defaultHz;
        this.defaultSpinDelay = defaultSpinDelay;
        this.defaultLineTransferNs = defaultLineTransferNs;
        this.defaultWakeupIpiNs = defaultWakeupIpiNs;
    }

    /** What {@code wakeupIpiUs=auto} resolves to (the core default value stays 3 us). */
    public long defaultWakeupIpiNs() {
        return defaultWakeupIpiNs;
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
        return EnumKeys.key(this);
    }

    public static Optional<Arch> ofKey(String key) {
        return EnumKeys.of(Arch.class, key);
    }
}
