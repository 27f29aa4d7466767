package org.schedlab.sim.kernel;

import java.util.Locale;
import java.util.Optional;

/** Scheduling class: SCHED_FIFO runs above the fair class and is never time-sliced. */
public enum SchedClass {
    FAIR,
    FIFO;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<SchedClass> ofKey(String key) {
        for (SchedClass c : values()) {
            if (c.key().equals(key)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
