package org.schedlab.sim.kernel;

import java.util.Optional;

/**
 * The four preemption models and what each honours, following the dynamic-preempt table in
 * kernel/sched/core.c (KERNEL-FACTS section 1).
 */
public enum PreemptionModel {
    NONE,
    VOLUNTARY,
    FULL,
    LAZY;

    /** {@code cond_resched()} is {@code __cond_resched} (NONE, VOLUNTARY) or RET0 (FULL, LAZY). */
    public boolean condReschedHonoured() {
        return this == NONE || this == VOLUNTARY;
    }

    /** {@code might_resched()} is {@code __cond_resched} under VOLUNTARY only. */
    public boolean mightReschedHonoured() {
        return this == VOLUNTARY;
    }

    /** IRQ exit into kernel code and {@code preempt_enable()} to zero may schedule (FULL, LAZY). */
    public boolean preemptsKernel() {
        return this == FULL || this == LAZY;
    }

    /** {@code dynamic_preempt_lazy()}: fair-class requests set NEED_RESCHED_LAZY instead of NR. */
    public boolean lazy() {
        return this == LAZY;
    }

    public String key() {
        return EnumKeys.key(this);
    }

    public static Optional<PreemptionModel> ofKey(String key) {
        return EnumKeys.of(PreemptionModel.class, key);
    }
}
