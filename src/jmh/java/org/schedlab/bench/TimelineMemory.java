package org.schedlab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.Locale;

import org.schedlab.model.Dataset;
import org.schedlab.render.TimelineData;

/**
 * Memory of the timeline benchmark's dataset (96 CPUs, 10 million slices) and of what drawing
 * it adds: retained heap with the Dataset alone, then with the prepared {@link TimelineData}
 * (level-of-detail pyramid, task colors), measured as used heap after settled full GCs.
 *
 * <p>Run: {@code java -Xmx4g -cp target/test-classes:target/classes:DEPS org.schedlab.bench.TimelineMemory [slices]}
 */
public final class TimelineMemory {
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private TimelineMemory() {
    }

    public static void main(String[] args) {
        int slices = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        long empty = settledUsedHeap();
        Dataset d = BenchData.recording(slices, 96, 1000, 42);
        long withDataset = settledUsedHeap();
        long began = System.nanoTime();
        TimelineData data = TimelineData.prepare(d, () -> false);
        long prepareMs = (System.nanoTime() - began) / 1_000_000;
        long withData = settledUsedHeap();
        System.out.printf(Locale.ROOT, "%,d slices on %d CPUs%n", d.sliceCount(), d.cpuCount());
        System.out.printf(Locale.ROOT, "dataset retained:        %8.1f MB  (%.2f bytes/slice)%n",
                (withDataset - empty) / 1e6, (withDataset - empty) / (double) d.sliceCount());
        System.out.printf(Locale.ROOT, "prepared data added:     %8.1f MB  (%.2f bytes/slice; pyramid arrays %.1f MB)%n",
                (withData - withDataset) / 1e6, (withData - withDataset) / (double) d.sliceCount(),
                data.lod().orElseThrow().payloadBytes() / 1e6);
        System.out.printf(Locale.ROOT, "prepare (lock index + pyramid): %d ms%n", prepareMs);
        if (data.dataset() != d) {
            throw new IllegalStateException("keeps both alive until here");
        }
    }

    private static long settledUsedHeap() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 8; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long now = MEMORY.getHeapMemoryUsage().getUsed();
            if (now >= used && i >= 2) {
                return Math.min(used, now);
            }
            used = Math.min(used, now);
        }
        return used;
    }
}
