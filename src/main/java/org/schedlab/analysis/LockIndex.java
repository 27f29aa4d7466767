package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;

/**
 * What the lock views need beyond the lock lanes, computed once per dataset: each lock's holder
 * off-CPU stretches and its waiter counts over time. Lists follow {@link Dataset#locks()}.
 */
public final class LockIndex {
    private final Dataset dataset;
    private final List<Intervals> holderOffCpu;
    private final List<WaiterCounts> waiters;

    private LockIndex(Dataset dataset, List<Intervals> holderOffCpu, List<WaiterCounts> waiters) {
        this.dataset = dataset;
        this.holderOffCpu = List.copyOf(holderOffCpu);
        this.waiters = List.copyOf(waiters);
    }

    public static LockIndex of(Dataset d) {
        List<WaiterCounts> w = new ArrayList<>();
        for (LockLane l : d.locks()) {
            w.add(WaiterCounts.of(l));
        }
        return new LockIndex(d, d.locks().isEmpty() ? List.of() : HolderOffCpu.of(d), w);
    }

    /** The dataset this index describes (an index is only valid for its own dataset). */
    public Dataset dataset() {
        return dataset;
    }

    public int lockCount() {
        return waiters.size();
    }

    public Intervals holderOffCpu(int lock) {
        return holderOffCpu.get(lock);
    }

    public WaiterCounts waiters(int lock) {
        return waiters.get(lock);
    }
}
