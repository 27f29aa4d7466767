package org.schedlab.ui.lab;

import java.util.LinkedHashMap;

import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;

/**
 * Finished runs by key, least recently used first, within a count and a budget of recorded CPU
 * slices (the newest always kept, whatever its size). Not thread-safe: {@link RunCache} guards it.
 */
final class KeptRuns<K> {
    private final int capacity;
    private final long maxSlices;
    private final LinkedHashMap<K, RunResult> runs = new LinkedHashMap<>(16, 0.75f, true);
    private long slices;

    KeptRuns(int capacity, long maxSlices) {
        this.capacity = capacity;
        this.maxSlices = maxSlices;
    }

    /** The run kept for {@code key} (now the most recently used), or null. */
    RunResult get(K key) {
        return runs.get(key);
    }

    /** Whether a run is kept for {@code key} (this look is no use: the order stays). */
    boolean contains(K key) {
        return runs.containsKey(key);
    }

    /** Takes out and returns the run kept for {@code key}, or null. */
    RunResult remove(K key) {
        RunResult r = runs.remove(key);
        if (r != null) {
            slices -= slices(r);
        }
        return r;
    }

    /** Keeps {@code r}, dropping the least recently used runs beyond the count or the slice budget. */
    void put(K key, RunResult r) {
        RunResult replaced = runs.put(key, r);
        slices += slices(r) - (replaced == null ? 0 : slices(replaced));
        var eldest = runs.entrySet().iterator();
        while (runs.size() > 1 && (runs.size() > capacity || slices > maxSlices)) {
            slices -= slices(eldest.next().getValue());
            eldest.remove();
        }
    }

    int size() {
        return runs.size();
    }

    private static long slices(RunResult r) {
        return r.dataset().map(Dataset::sliceCount).orElse(0L);
    }
}
