package org.schedlab.analysis;

import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;

/** How long tasks waited for one lock: one sample per wait segment of its lane. */
public final class LockWaits {
    private LockWaits() {
    }

    public static LatencyStats of(LockLane lock) {
        Intervals w = lock.waits();
        long[] ns = new long[w.size()];
        for (int i = 0; i < ns.length; i++) {
            ns[i] = w.durationNs(i);
        }
        return LatencyStats.ofNs(ns, ns.length);
    }
}
