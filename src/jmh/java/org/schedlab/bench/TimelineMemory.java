package org.schedlab.bench;

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

    private TimelineMemory() {
    }

    public static void main(String[] args) {
        int slices = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        long empty = SettledHeap.usedBytes();
        Dataset d = BenchData.recording(slices, 96, 1000, 42);
        long withDataset = SettledHeap.usedBytes();
        long began = System.nanoTime();
        TimelineData data = TimelineData.prepare(d, () -> false);
        long prepareMs = (System.nanoTime() - began) / 1_000_000;
        long withData = SettledHeap.usedBytes();
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
}
