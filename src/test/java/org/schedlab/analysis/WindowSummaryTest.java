package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.ImportMonitor;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/**
 * The summary of a window of a recording ({@link Dataset#crop}): pgbench's printed headline and
 * latency are the whole run's, so a window's throughput is the progress lines' tps over the window
 * and it has no client latency rows, rather than the whole run's figures under the window's title.
 */
class WindowSummaryTest {
    private static final Path REC = Path.of("example-data/recordings/pgbench-sandbox-2cpu");

    @Test
    void aWindowOfAPgbenchRunHasItsOwnThroughputNotTheWholeRunsHeadline() throws Exception {
        Dataset d = Importer.standard().importFiles(List.of(RecordingSource.of(REC.resolve("perf_sched_script.txt.gz")),
                RecordingSource.of(REC.resolve("pgbench.txt"))), ImportMonitor.NONE).dataset();
        JsonNode whole = DatasetSummary.of(d);
        assertEquals(5133.491661, whole.path("throughput").path("value").asDouble(), 1e-6, "the headline");
        assertTrue(whole.path("latencyUs").has("transaction"), whole.toString());

        long from = d.startNs() + 1_500_000_000L;
        long to = d.startNs() + 3_500_000_000L;
        JsonNode w = DatasetSummary.of(d.crop(from, to));
        CounterSeries tps = d.counters().stream().filter(c -> c.unit().equals("tps")).findFirst().orElseThrow();
        double mean = tps.window(from, to, d.endNs()).mean();
        assertEquals(mean, w.path("throughput").path("value").asDouble(), 1e-9, "the progress lines' over the window");
        assertTrue(Math.abs(mean - 5133.491661) > 1, "and not the headline: " + mean);
        assertEquals("tps", w.path("throughput").path("unit").asText());
        assertFalse(w.has("latencyUs"), "pgbench's latency is its whole run's: " + w.path("latencyUs"));
        assertEquals(2_000_000_000L, w.path("spanNs").asLong(), "the window's span, past the CPU lanes");
    }

    @Test
    void aWindowOfARecordingLeavesOutEveryWholeRunFigureItsFilesPrinted() throws Exception {
        // perf lock's contention table and pgbench's summary lines count the whole recording
        Dataset d = Importer.standard().importFiles(List.of(RecordingSource.of(REC.resolve("perf_sched_script.txt.gz")),
                RecordingSource.of(REC.resolve("perf_lock_contention.txt")), RecordingSource.of(REC.resolve("pgbench.txt"))),
                ImportMonitor.NONE).dataset();
        String whole = SummaryReport.render(DatasetSummary.of(d));
        assertTrue(whole.contains("pgbench.tps=5133.491661"), whole);
        assertTrue(whole.contains("contended"), "the lock tool's table: " + whole);

        JsonNode w = DatasetSummary.of(d.crop(d.startNs() + 5_000_000_000L, d.startNs() + 5_100_000_000L));
        String text = SummaryReport.render(w);
        assertEquals(List.of("relativeClockAlignedAtNs", "window"), iterable(w.path("params").fieldNames()),
                "only the clock's alignment and the window's own note");
        assertFalse(text.contains("5133.49"), text);
        assertFalse(text.contains("perf lock contention") || text.contains("Unknown"), text);
        assertTrue(text.contains("whole-run figures") && text.contains("left out"), text);
        assertTrue(w.path(DatasetSummary.WHOLE_RUN_FIGURES_LEFT_OUT).asInt() > 5, w.toString());
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
