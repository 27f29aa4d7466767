package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.SampleDatasets;
import org.schedlab.io.read.Fixtures;

/** A/B tables: what a side did not record reads "n/a", not 0 and "0.00x" or "0 0 =". */
class NotRecordedComparisonTest {
    @TempDir
    Path dir;

    private Path lockTableOnly() {
        Path f = dir.resolve("locks.json");
        CliRun r = CliRun.of("import", Fixtures.path("real/pgbench-local/runC_lock_contention.txt").toString(),
                "--out", f.toString());
        assertEquals(0, r.exitCode(), r.err());
        return f;
    }

    private static void hasRow(String out, String regex) {
        assertTrue(out.lines().anyMatch(l -> l.matches(regex)), "no line matching " + regex + " in:\n" + out);
    }

    @Test
    void aSideWithoutCpuSlicesOrThroughputIsNotApplicableNotZero() throws Exception {
        Path run = dir.resolve("run.json");
        DatasetJson.write(SampleDatasets.small(), run);
        Path locks = lockTableOnly();
        CliRun ab = CliRun.of("table", run.toString(), locks.toString());
        assertEquals(0, ab.exitCode(), ab.err());
        // was "cpu.user  0.6...  0  0.00x"
        hasRow(ab.out(), "cpu\\.user\\s+\\d+\\.\\d+%\\s+n/a\\s+n/a");
        hasRow(ab.out(), "throughput \\(\\S+\\)\\s+\\S+\\s+n/a\\s+n/a");
        CliRun ba = CliRun.of("table", locks.toString(), run.toString());
        hasRow(ba.out(), "cpu\\.user\\s+n/a\\s+\\d+\\.\\d+%\\s+n/a");
    }

    @Test
    void neitherSideWithAThroughputIsNotApplicableNotZeroZeroEqual() {
        Path locks = lockTableOnly();
        CliRun r = CliRun.of("table", locks.toString(), locks.toString());
        assertEquals(0, r.exitCode(), r.err());
        hasRow(r.out(), "throughput\\s+n/a\\s+n/a\\s+n/a");
        assertTrue(r.out().lines().noneMatch(l -> l.matches("throughput\\s+0\\s+0\\s+=")), r.out());
    }
}
