package org.schedlab.sim.kernel;

import java.util.Optional;

/** Scheduling class: SCHED_FIFO runs above the fair class and is never time-sliced. */
public enum SchedClass {
    FAIR,
    FIFO;

    public String key() {
        return EnumKeys.key(this);
    }

    public static Optional<SchedClass> ofKey(String key) {
        return EnumKeys.of(SchedClass.class, key);
    }
}
