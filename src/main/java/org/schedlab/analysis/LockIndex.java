package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;

/**
 * What the lock views need beyond the lock lanes, computed once per dataset: each lock's holder
 * off-CPU stretches, its waiter counts over time and its waits (a task's back-to-back spin and
 * sleep segments joined into one). Lists follow {@link Dataset#locks()}.
 */
public final class LockIndex {
    private final Dataset dataset;
    private final List<Intervals> holderOffCpu;
    private final List<WaiterCounts> waiters;
    private final List<LockAcquisitions.Waits> waits;

    private LockIndex(Dataset dataset, List<Intervals> holderOffCpu, List<WaiterCounts> waiters,
                      List<LockAcquisitions.Waits> waits) {
        this.dataset = dataset;
        this.holderOffCpu = List.copyOf(holderOffCpu);
        this.waiters = List.copyOf(waiters);
        this.waits = List.copyOf(waits);
    }

    public static LockIndex of(Dataset d) {
        List<WaiterCounts> w = new ArrayList<>();
        List<LockAcquisitions.Waits> joined = new ArrayList<>();
        for (LockLane l : d.locks()) {
            w.add(WaiterCounts.of(l));
            joined.add(LockAcquisitions.waits(l.waits()));
        }
        return new LockIndex(d, d.locks().isEmpty() ? List.of() : HolderOffCpu.of(d), w, joined);
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

    /** Lock {@code lock}'s waits, one per wait however often it switched between spinning and sleeping. */
    LockAcquisitions.Waits waits(int lock) {
        return waits.get(lock);
    }
}
