package org.schedlab.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;

/**
 * Import throughput in lines per second (docs/BENCHMARKS.md, "Importers"): the real 107,350-line
 * perf sched script of runA, plain text from memory (parsing and lane building alone) and as
 * its gzip file (plus inflating), and the 37,263-line timehist of the same recording. Each
 * invocation is a whole import, so the figure includes building the Dataset.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
@State(Scope.Benchmark)
public class ImportBenchmark {
    static final int SCRIPT_LINES = 107_350;
    static final int TIMEHIST_LINES = 37_263;

    private RecordingSource scriptText;
    private RecordingSource scriptGz;
    private RecordingSource timehistText;
    private final Importer importer = Importer.standard();

    @Setup
    public void load() throws IOException {
        Path dir = Path.of(System.getProperty("schedlab.data", "src/test/resources/real/pgbench-local"));
        byte[] gz = Files.readAllBytes(dir.resolve("runA_perf_sched_script.txt.gz"));
        scriptGz = RecordingSource.ofBytes("runA_perf_sched_script.txt.gz", gz);
        scriptText = RecordingSource.ofBytes("runA_perf_sched_script.txt", gunzip(gz));
        timehistText = RecordingSource.ofBytes("runA_timehist.txt",
                gunzip(Files.readAllBytes(dir.resolve("runA_timehist.txt.gz"))));
    }

    static byte[] gunzip(byte[] gz) throws IOException {
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }

    @Benchmark
    @OperationsPerInvocation(SCRIPT_LINES)
    public ImportResult perfSchedScriptLines() throws ImportException {
        return importer.importFile(scriptText);
    }

    @Benchmark
    @OperationsPerInvocation(SCRIPT_LINES)
    public ImportResult perfSchedScriptGzipLines() throws ImportException {
        return importer.importFile(scriptGz);
    }

    @Benchmark
    @OperationsPerInvocation(TIMEHIST_LINES)
    public ImportResult timehistLines() throws ImportException {
        return importer.importFile(timehistText);
    }
}
