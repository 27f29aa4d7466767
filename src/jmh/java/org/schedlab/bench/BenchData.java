package org.schedlab.bench;

import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.Version;

/**
 * Recording-shaped datasets for benchmarks: boot-relative timestamps (about 3 hours in, so
 * numbers have the digits real ones have), slices of 1-200 us, mostly user/kernel with some
 * idle, a pool of tasks. Same arguments, same dataset.
 */
public final class BenchData {
    private BenchData() {
    }

    public static Dataset recording(int slices, int cpus, int tasks, long seed) {
        DatasetBuilder b = Dataset.builder(new Metadata("bench:" + slices, "bench", Map.of("slices", "" + slices),
                OptionalLong.of(seed), Version.current()));
        for (int t = 0; t < tasks; t++) {
            b.addTask(1000 + t, 1000 + t / 4, "worker-" + t);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] clock = new long[cpus];
        for (int c = 0; c < cpus; c++) {
            clock[c] = 10_800_000_000_000L + rnd.nextLong(1_000_000);
        }
        SliceState[] states = SliceState.values();
        for (int i = 0; i < slices; i++) {
            int cpu = i % cpus;
            long dur = 1_000 + rnd.nextLong(199_000);
            int roll = rnd.nextInt(100);
            SliceState s = roll < 10 ? SliceState.IDLE : roll < 60 ? SliceState.USER : roll < 90 ? SliceState.KERNEL
                    : states[rnd.nextInt(4)];
            int task = s.allowsNoTask() ? Intervals.NO_TASK : rnd.nextInt(tasks);
            b.slice(cpu, clock[cpu], clock[cpu] + dur, task, s);
            clock[cpu] += dur + (rnd.nextInt(4) == 0 ? rnd.nextLong(5_000) : 0);
        }
        try {
            return b.build();
        } catch (InvalidDatasetException e) {
            throw new IllegalStateException("bench data is invalid: " + e.getMessage(), e);
        }
    }
}
