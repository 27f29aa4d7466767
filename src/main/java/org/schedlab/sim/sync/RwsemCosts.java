package org.schedlab.sim.sync;

/**
 * What the rwsem's own steps cost, in ns (KERNEL-FACTS section 7; the scenario documents the
 * per-arch values).
 *
 * @param lineNs     one transfer of the count/owner cache line (an atomic on a line another CPU
 *                   wrote last, or a spinner re-reading it after the owner changed)
 * @param cpuRelaxNs one iteration of a kernel spin loop's {@code cpu_relax()}: x86 PAUSE,
 *                   arm64 YIELD
 * @param wakeNs     the waker's cost per task it wakes ({@code wake_up_q} ->
 *                   {@code try_to_wake_up}, IPI send included), charged to the waker
 */
public record RwsemCosts(long lineNs, long cpuRelaxNs, long wakeNs) {
    public RwsemCosts {
        if (lineNs < 0 || cpuRelaxNs < 0 || wakeNs < 0) {
            throw new IllegalArgumentException("rwsem costs must be >= 0");
        }
    }

    /**
     * A spinner sees the owner word change and wins its atomic: its copy of the line was
     * invalidated, it re-reads it (one transfer, on average half a {@code cpu_relax} late),
     * then the RMW needs the line exclusive again (a second transfer).
     */
    long observeAndTakeNs() {
        return 2 * lineNs + cpuRelaxNs / 2;
    }

    /**
     * osq_unlock() hands the MCS node to the next spinner: a store to its node's line, which
     * the waiter polls (x86: a PAUSE loop) or waits on (arm64: WFE on the line): one transfer
     * plus a loop iteration.
     */
    long osqPassNs() {
        return lineNs + cpuRelaxNs;
    }

    /** The slow path's extra atomics: the wait_lock and the count (two transfers). */
    long slowpathNs() {
        return 2 * lineNs;
    }
}
