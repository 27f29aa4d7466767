package org.schedlab.analysis;

import org.schedlab.model.Dataset;
import org.schedlab.model.LockLane;

/**
 * One lock lane's figures in a recording, the ones {@code table} ({@link DatasetSummary}) and
 * {@code import}'s summary both print, so the two agree. A wait is all of one task's wait
 * however often it switched between spinning and sleeping (see {@link LockAcquisitions#waits}).
 * With holds recorded ({@code holdsRecorded}), {@code acquired} and {@code contended} count the
 * acquisitions inside the recording and those taken right after their task's wait (see
 * {@link LockAcquisitions}), {@code holdUs} and {@code waitUs} their holds and waits; a wait with
 * no acquisition after it is in neither count: {@code openWaits} were still going on at the
 * recording's end, {@code abandonedWaits} ended before it without taking the lock (timed out or
 * interrupted). A lane with waits only (perf lock's contention tracepoints) has every wait in
 * {@code contended} and {@code waitUs}, no acquisitions and no holds.
 */
public record LockWaits(boolean holdsRecorded, long acquired, long contended, LatencyStats holdUs,
                        LatencyStats waitUs, long openWaits, long abandonedWaits) {

    /** The waits in neither count: {@code openWaits + abandonedWaits}. */
    public long unacquiredWaits() {
        return openWaits + abandonedWaits;
    }

    /** {@code lock}'s figures over the whole of {@code d}. */
    public static LockWaits of(Dataset d, LockLane lock) {
        return of(lock, d.startNs(), d.endNs());
    }

    /** {@code lock}'s figures in a recording of {@code [startNs, endNs]}. */
    public static LockWaits of(LockLane lock, long startNs, long endNs) {
        // perf lock contention records waits only: 0 acquisitions there means "not recorded"
        if (!lock.holds().isEmpty() || lock.waits().isEmpty()) {
            LockAcquisitions a = LockAcquisitions.of(lock, startNs, endNs);
            return new LockWaits(true, a.acquired(), a.contended(), LatencyStats.ofNs(a.holdNs(), a.holdCount()),
                    LatencyStats.ofNs(a.waitNs(), a.waitCount()), a.openWaits(), a.abandonedWaits());
        }
        LockAcquisitions.Waits all = LockAcquisitions.waits(lock.waits());
        long[] ns = new long[all.size()];
        for (int i = 0; i < ns.length; i++) {
            ns[i] = all.durationNs(i);
        }
        return new LockWaits(false, 0, ns.length, LatencyStats.EMPTY, LatencyStats.ofNs(ns, ns.length), 0, 0);
    }
}
