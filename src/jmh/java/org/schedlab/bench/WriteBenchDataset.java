package org.schedlab.bench;

import java.nio.file.Path;

import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;

/**
 * Writes the timeline benchmark's dataset (96 CPUs, 10 million slices by default) as a dataset
 * file, so the frame times can be read off the running workbench's status bar too.
 *
 * <p>Run: {@code java -Xmx4g -cp target/test-classes:target/classes:DEPS org.schedlab.bench.WriteBenchDataset OUT.json.gz [slices]}
 */
public final class WriteBenchDataset {
    private WriteBenchDataset() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: WriteBenchDataset OUT.json[.gz] [slices]");
            System.exit(2);
        }
        int slices = args.length > 1 ? Integer.parseInt(args[1]) : 10_000_000;
        Dataset d = BenchData.recording(slices, 96, 1000, 42);
        DatasetJson.write(d, Path.of(args[0]));
        System.out.println(d);
    }
}
