package org.schedlab.sim.kernel;

import java.util.Optional;

/**
 * Which fair-class scheduler the kernel runs (KERNEL-FACTS section 2): EEVDF since v6.6
 * (147f3efaa241), CFS before it (the seed of case B runs v5.10).
 */
public enum FairScheduler {
    EEVDF,
    CFS;

    public String key() {
        return EnumKeys.key(this);
    }

    public static Optional<FairScheduler> ofKey(String key) {
        return EnumKeys.of(FairScheduler.class, key);
    }
}
