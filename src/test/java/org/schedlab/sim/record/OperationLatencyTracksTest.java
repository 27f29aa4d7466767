package org.schedlab.sim.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.CsvExport;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;
import org.schedlab.sim.workload.LonelyYcsb;

/**
 * A recorded run puts each workload operation's latency on its timeline, as counter tracks of the
 * operations that end in each 10 ms bucket (mean and max), so a latency spike can be lined up
 * with the lock-holder preemptions and spinning CPUs above it.
 */
class OperationLatencyTracksTest {
    private static final String READ_MEAN = "READ (server) mean latency (us, 10 ms)";
    private static final String READ_MAX = "READ (server) max latency (us, 10 ms)";
    private static final long BUCKET_NS = 10_000_000L;


    private static RunResult recorded(String scenario, Map<String, String> params) throws Exception {
        return Simulation.run(ScenarioCatalog.builtIn(scenario), params, Simulation.Options.recording(300),
                () -> false);
    }

    private static CounterSeries counter(Dataset d, String name) {
        return d.counter(name).orElseThrow(() -> new AssertionError("no track '" + name + "' in "
                + d.counters().stream().map(CounterSeries::name).toList()));
    }

    @Test
    void aLonelyYcsbReadsLatencyTrackReadsItsWorkInEveryBucket() throws Exception {
        RunResult run = recorded("mongodb-ycsb-a", LonelyYcsb.params("320"));
        Dataset d = run.dataset().orElseThrow();
        CounterSeries mean = counter(d, READ_MEAN);
        CounterSeries max = counter(d, READ_MAX);
        assertEquals("us", mean.unit());
        assertEquals(30, mean.size(), "one sample per 10 ms bucket of the 300 ms window");
        assertEquals(mean.size(), max.size());
        double sumOfMeans = 0;
        for (int i = 0; i < mean.size(); i++) {
            assertEquals(d.startNs() + i * BUCKET_NS, mean.tNs(i), "bucket " + i + " starts on the 10 ms grid");
            assertEquals(mean.tNs(i), max.tNs(i));
            assertTrue(mean.hasValue(i), "~28 reads end in every bucket: " + i);
            // recv 5 + read 320 (uniform +-50 %: sd 92 us) + send 10 us, plus a wake-up and a
            // switch: ~355 us; a bucket's 20-28 reads put its mean within about 4 sd (21 us) of it
            assertTrue(mean.value(i) > 270 && mean.value(i) < 440, "bucket " + i + ": mean " + mean.value(i));
            assertTrue(max.value(i) >= mean.value(i) && max.value(i) < 520, "bucket " + i + ": max "
                    + max.value(i) + ", mean " + mean.value(i));
            sumOfMeans += mean.value(i);
        }
        double meanOfMeans = sumOfMeans / mean.size();
        assertTrue(meanOfMeans > 335 && meanOfMeans < 375, "the buckets together: " + meanOfMeans);
        RunSummary.Latency all = run.summary().latencyUs().get("READ (server)");
        double highest = 0;
        for (int i = 0; i < max.size(); i++) {
            highest = Math.max(highest, max.value(i));
        }
        assertTrue(highest <= all.max() + 1, "no bucket's max above the run's slowest read: " + highest + " vs " + all);
        assertFalse(d.counter("UPDATE (server) mean latency (us, 10 ms)").isPresent(),
                "readPct=100: no update ended in the window, so no rows of 'no values'");
    }

    @Test
    void aBucketInWhichNoOperationEndedIsAGapNotZero() throws Exception {
        // reads of 30 ms +-50 %: many 10 ms buckets see none end
        Dataset d = recorded("mongodb-ycsb-a", LonelyYcsb.params("30000")).dataset().orElseThrow();
        CounterSeries mean = counter(d, READ_MEAN);
        CounterSeries max = counter(d, READ_MAX);
        int gaps = 0;
        for (int i = 0; i < mean.size(); i++) {
            assertEquals(mean.hasValue(i), max.hasValue(i), "bucket " + i);
            if (mean.hasValue(i)) {
                assertTrue(mean.value(i) > 15_000, "bucket " + i + ": " + mean.value(i));
            } else {
                gaps++;
            }
        }
        assertTrue(gaps >= 10, "at most one read of >= 15 ms ends per 10 ms bucket: " + gaps + " gaps");
        assertTrue(gaps < mean.size(), "some reads end in the window");
    }

    @Test
    void pgbenchsTransactionTracksAreTheSameForTheSameSeedAndSaveAndReopen(@TempDir Path dir) throws Exception {
        Map<String, String> p = Map.of("cpus", "8", "clients", "32", "pgbenchThreads", "4", "warmupMs", "20",
                "durationMs", "100");
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"), p, Simulation.Options.recording(100),
                () -> false).dataset().orElseThrow();
        CounterSeries mean = counter(d, "transaction mean latency (us, 10 ms)");
        CounterSeries max = counter(d, "transaction max latency (us, 10 ms)");
        assertEquals(10, mean.size());
        for (int i = 0; i < mean.size(); i++) {
            assertTrue(mean.hasValue(i) && mean.value(i) > 0, "bucket " + i);
            assertTrue(max.value(i) >= mean.value(i), "bucket " + i);
        }
        Dataset again = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"), p,
                Simulation.Options.recording(100), () -> false).dataset().orElseThrow();
        assertEquals(mean, again.counter(mean.name()).orElseThrow(), "same seed, same track");
        assertEquals(max, again.counter(max.name()).orElseThrow());

        Path file = dir.resolve("run.json");
        DatasetJson.write(d, file);
        assertTrue(Files.readString(file).contains("\"transaction max latency (us, 10 ms)\""), "in the saved JSON");
        Dataset reopened = DatasetJson.read(file);
        assertEquals(mean, reopened.counter(mean.name()).orElseThrow());
        assertEquals(max, reopened.counter(max.name()).orElseThrow());
    }

    @Test
    void gapsStayGapsInTheSavedJsonAndTheCsvExport(@TempDir Path dir) throws Exception {
        Dataset d = recorded("mongodb-ycsb-a", LonelyYcsb.params("30000")).dataset().orElseThrow();
        CounterSeries mean = counter(d, READ_MEAN);
        assertTrue(mean.gapCount() > 0);
        Path file = dir.resolve("run.json");
        DatasetJson.write(d, file);
        CounterSeries reopened = DatasetJson.read(file).counter(READ_MEAN).orElseThrow();
        assertEquals(mean, reopened, "NaN gaps read back as gaps, not 0");
        long csvRows = CsvExport.counters(d).stream()
                .filter(r -> r.getString("counter").equals(READ_MEAN)).count();
        assertEquals(mean.size(), csvRows, "every bucket a row of counters.csv");
    }
}
