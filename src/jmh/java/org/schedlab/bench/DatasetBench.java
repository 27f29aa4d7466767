package org.schedlab.bench;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.schedlab.io.DatasetFormatException;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;

/**
 * Dataset JSON throughput on a recording-sized dataset (1M slices on 16 CPUs): write to a sink,
 * read from memory (plain and gzip). Divide the slice count by the time per op for slices/s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class DatasetBench {
    @Param({"1000000"})
    public int slices;

    private Dataset dataset;
    private byte[] json;
    private byte[] gzip;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dataset = BenchData.recording(slices, 16, 400, 42);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(dataset, out);
        json = out.toByteArray();
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write(json);
        }
        gzip = gz.toByteArray();
        System.out.printf("%n# %d slices: JSON %.1f MB (%.1f bytes/slice), gzip %.1f MB%n", dataset.sliceCount(),
                json.length / 1e6, json.length / (double) dataset.sliceCount(), gzip.length / 1e6);
    }

    @Benchmark
    public long writeJson() throws IOException {
        CountingSink sink = new CountingSink();
        DatasetJson.write(dataset, sink);
        return sink.bytes;
    }

    @Benchmark
    public Dataset readJson() throws IOException, DatasetFormatException {
        return DatasetJson.read(new ByteArrayInputStream(json), "bench.json");
    }

    @Benchmark
    public Dataset readJsonGzip() throws IOException, DatasetFormatException {
        return DatasetJson.read(new ByteArrayInputStream(gzip), "bench.json.gz");
    }

    /** Discards bytes but counts them, so the write is measured without a file system. */
    static final class CountingSink extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
