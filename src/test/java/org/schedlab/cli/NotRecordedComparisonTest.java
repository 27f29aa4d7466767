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
        // neither side has one: no row that says nothing, but named under the table
        assertTrue(r.out().lines().noneMatch(l -> l.startsWith("throughput")), r.out());
        assertTrue(r.out().contains("not in either input: throughput,"), r.out());
    }

    @Test
    void figuresNeitherRecordingHasAreNamedOnceNotPrintedAsRows() {
        // two pgbench outputs: seven "cpu.* n/a n/a n/a" rows and a runqlat one; a perf lock
        // recording of 15 locks: 15 "holderPreemptions n/a n/a n/a"
        String a = Fixtures.path("real/pgbench-local/runA_pgbench.txt").toString();
        String c = Fixtures.path("real/pgbench-local/runC_pgbench.txt").toString();
        CliRun pg = CliRun.of("table", a, c);
        assertEquals(0, pg.exitCode(), pg.err());
        assertTrue(pg.out().lines().noneMatch(l -> l.matches(".*n/a\\s+n/a\\s+n/a")), pg.out());
        hasRow(pg.out(), "throughput \\(tps\\)\\s+2,599\\.6\\s+3,572\\.2\\s+x1\\.37");
        // named once after the rows, then the span the counts cover ends the text, as compare's does
        assertTrue(pg.out().contains("\nnot in either input: cpu shares, run-queue latency\n\nCounts and rates over"),
                pg.out());
        assertTrue(pg.out().endsWith("(durationMs, each recording's span).\n"), pg.out());

        String lock = Fixtures.path("real/pgbench-local/runC_perf_lock_script.txt").toString();
        CliRun locks = CliRun.of("table", lock, lock);
        assertEquals(0, locks.exitCode(), locks.err());
        assertTrue(locks.out().lines().noneMatch(l -> l.contains("holderPreemptions") || l.contains("n/a")),
                locks.out());
        hasRow(locks.out(), "0xffff888627c2ba40 waitUs\\.mean\\s+27\\.4\\s+27\\.4\\s+x1\\.00");
        assertTrue(locks.out().contains("\nnot in either input: throughput, cpu shares, holder preemptions,"),
                locks.out());
        assertTrue(locks.out().lines().allMatch(l -> l.length() <= 72), locks.out());

    }
}
