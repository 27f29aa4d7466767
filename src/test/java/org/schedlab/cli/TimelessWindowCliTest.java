package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file without times - a lock tool's table, a benchmark's closing figures, runqlat's histograms,
 * one nstat snapshot - given a window: {@code table} and {@code export} said "the dataset is empty,
 * nothing to draw" of perf lock contention's 135 rows, a command that draws nothing, of a file
 * that is not empty. They name what the file has and that the whole file needs no window; render
 * names it too, and the command that prints it.
 */
class TimelessWindowCliTest {
    static final String LOCKS = "src/test/resources/real/pgbench-local/runC_lock_contention.txt";
    static final String YCSB = "src/test/resources/public/ycsb/depdx_LOG8430_outputRun_workloada.txt";
    static final String RUNQLAT = "src/test/resources/public/runqlat/bcc_runqlat_example.txt";
    static final String NSTAT = "src/test/resources/real/pgbench-local/nstat_snapshot.txt";

    @TempDir
    Path dir;

    private static String oneLine(CliRun r) {
        assertEquals(2, r.exitCode(), r.err() + r.out());
        String lines = r.err().lines().filter(l -> !l.startsWith("schedlab: warning:")).reduce("", (a, b) -> a + b + "\n");
        assertEquals(1, lines.lines().count(), r.err());
        assertFalse(lines.contains("draw"), "table and export draw nothing: " + lines);
        assertFalse(lines.contains("empty"), "the file is not empty: " + lines);
        return lines.strip();
    }

    @Test
    void aDatasetWithNothingInItIsCalledEmptyNotOneOfNoParameters() throws Exception {
        // what a file without times holds is named only when it holds something: "has 0 parameters
        // and no times" said nothing of a dataset with nothing in it
        Path empty = dir.resolve("empty.json");
        org.schedlab.io.DatasetJson.write(org.schedlab.model.Dataset.builder(new org.schedlab.model.Metadata("empty",
                "schedlab", java.util.Map.of(), java.util.OptionalLong.empty(), "0")).build(), empty);
        CliRun cut = CliRun.of("export", empty.toString(), "--format", "json", "--out", dir.resolve("out.json").toString(),
                "--from-ms", "1");
        assertEquals(2, cut.exitCode(), cut.err());
        assertEquals("schedlab: " + empty + ": the dataset is empty, so there is no window for --from-ms/--to-ms to cut;"
                + " leave them out for the whole file", cut.err().strip());
        CliRun render = CliRun.of("render", empty.toString(), "--out", dir.resolve("x.png").toString());
        assertEquals("schedlab: " + empty + ": the dataset is empty, nothing to draw", render.err().strip());
    }

    @Test
    void tableAndExportNameWhatAFileWithoutTimesHasAndThatItNeedsNoWindow() {
        String[][] cases = {
            {LOCKS, "has a perf lock contention table of 135 rows and no times"},
            {YCSB, "has 32 parameters and no times"},
            {RUNQLAT, "has 48 runqlat histograms and no times"},
            {NSTAT, "has one snapshot of 61 counters (a single instant) and no times"},
        };
        for (String[] c : cases) {
            String expected = "schedlab: " + c[0] + ": " + c[1] + ", so there is no window for --from-ms/--to-ms to cut;"
                    + " leave them out for the whole file";
            assertEquals(expected, oneLine(CliRun.of("table", c[0], "--from-ms", "1", "--to-ms", "2")));
            Path out = dir.resolve(Path.of(c[0]).getFileName() + ".json");
            assertEquals(expected, oneLine(CliRun.of("export", c[0], "--format", "json", "--out", out.toString(),
                    "--to-ms", "2")));
            assertFalse(Files.exists(out));
            // and whole, they print and export as before
            CliRun whole = CliRun.of("export", c[0], "--format", "json", "--out", out.toString());
            assertEquals(0, whole.exitCode(), whole.err());
        }
    }

    @Test
    void renderNamesALockTableAndTheFiguresOfAFileWithoutTimesNotAnEmptyDataset() {
        CliRun locks = CliRun.of("render", LOCKS, "--out", dir.resolve("x.png").toString());
        assertEquals(2, locks.exitCode());
        assertEquals("schedlab: " + LOCKS + ": has a perf lock contention table of 135 rows and no times, so there is no"
                + " timeline to draw; 'schedlab table " + LOCKS + "' prints it" + System.lineSeparator(), locks.err());
        CliRun ycsb = CliRun.of("render", YCSB, "--out", dir.resolve("x.png").toString());
        assertEquals("schedlab: " + YCSB + ": has 32 parameters and no times, so there is no timeline to draw;"
                + " 'schedlab info " + YCSB + "' lists them" + System.lineSeparator(), ycsb.err());
        assertFalse(Files.exists(dir.resolve("x.png")));
    }
}
