package org.schedlab.bench;

import java.util.Locale;
import org.schedlab.model.Dataset;

/**
 * Retained heap per slice of a built Dataset: used heap after full GCs with the dataset alive,
 * minus the same without it, divided by the slice count. The columnar layout promises 21 bytes
 * of payload per slice (two longs, an int, a byte); this shows what the JVM really keeps.
 * Exits 1 if a slice costs 32 bytes or more, so CI can run it as a check.
 *
 * <p>Run: {@code java -Xmx2g -cp target/test-classes:target/classes:DEPS org.schedlab.bench.DatasetMemory [slices]}
 */
public final class DatasetMemory {

    private DatasetMemory() {
    }

    public static void main(String[] args) {
        int slices = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        long before = SettledHeap.usedBytes();
        Dataset d = BenchData.recording(slices, 16, 400, 42);
        long after = SettledHeap.usedBytes();
        double perSlice = (after - before) / (double) d.sliceCount();
        long payload = d.cpus().stream().mapToLong(c -> c.slices().payloadBytes()).sum();
        System.out.printf(Locale.ROOT, "%d slices on %d CPUs: retained %.1f MB, %.2f bytes/slice (array payload %.2f)%n",
                d.sliceCount(), d.cpuCount(), (after - before) / 1e6, perSlice, payload / (double) d.sliceCount());
        // Keep the dataset reachable until after the second measurement.
        if (d.sliceCount() != slices) {
            throw new IllegalStateException("expected " + slices + " slices, got " + d.sliceCount());
        }
        if (perSlice >= 32) {
            System.out.println("FAIL: 32 bytes per slice or more");
            System.exit(1);
        }
    }
}
