package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.RecordingSource;

/**
 * A long read of a recording by the commands says how far it got on stderr, as a long simulation
 * does: a 1 GiB trace read in silence for 15-20 s looked like a hang. The clock here is a
 * counter, so nothing depends on how fast the machine reads.
 */
class ImportProgressTest {
    @TempDir
    Path dir;

    @Test
    void quietForTheFirstSecondsThenOneLineAnIntervalWithTheShareRead() {
        AtomicLong clock = new AtomicLong(1_000L);
        StringWriter err = new StringWriter();
        ImportProgress p = new ImportProgress(new PrintWriter(err, true), clock::get);
        p.progress("big.txt", 10L << 20, 1L << 30);
        clock.addAndGet(RunProgress.FIRST_AFTER_NS - 1);
        p.progress("big.txt", 100L << 20, 1L << 30);
        assertEquals("", err.toString(), "short reads stay quiet");
        clock.addAndGet(1);
        p.progress("big.txt", 256L << 20, 1L << 30);
        assertEquals("schedlab: reading big.txt: 256.0 MiB of 1.0 GiB (25.0%) in 5 s, about 15 s left"
                + System.lineSeparator(), err.toString());
        clock.addAndGet(RunProgress.EVERY_NS - 1);
        p.progress("big.txt", 512L << 20, 1L << 30);
        assertEquals(1, err.toString().lines().count(), "at most one line per interval");
        assertEquals("schedlab: reading pipe: 3.0 MiB read in 20 s", ImportProgress.line("pipe", 3L << 20, -1,
                20_000_000_000L));
    }

    @Test
    void aSecondFileIsTimedFromWhereItsReadBegan() {
        // import A B: A's 1 GiB took 20 s, then B's bytes count from 0 again at 50 MiB/s. 15 s
        // later B's 750 of 1000 MiB leave 5 s; timed from the command's start (35 s for three
        // quarters) it said about 11 s
        assertEquals(15_000_000_000L, RunProgress.EVERY_NS, "the clock below steps one interval");
        AtomicLong clock = new AtomicLong(0);
        StringWriter err = new StringWriter();
        ImportProgress p = new ImportProgress(new PrintWriter(err, true), clock::get);
        clock.set(20_000_000_000L);
        p.progress("a.txt", 1L << 30, 1L << 30);
        p.progress("b.txt", 0, 1000L << 20);
        clock.set(35_000_000_000L);
        p.progress("b.txt", 750L << 20, 1000L << 20);
        List<String> lines = err.toString().lines().toList();
        assertEquals("schedlab: reading b.txt: 750.0 MiB of 1000.0 MiB (75.0%) in 15 s, about 5 s left",
                lines.get(lines.size() - 1));
    }

    @Test
    void theImportOfARecordingReportsThroughIt() throws Exception {
        StringBuilder trace = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            trace.append(String.format(java.util.Locale.ROOT, "            perf  7396 [000]   %d.%06d:       sched:sched_switch:"
                    + " prev_comm=perf prev_pid=7396 prev_prio=120 prev_state=R ==> next_comm=sh next_pid=9 next_prio=120\n"
                    + "              sh     9 [000]   %d.%06d:       sched:sched_switch: prev_comm=sh prev_pid=9"
                    + " prev_prio=120 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120\n",
                    100 + i / 100_000, (i % 100_000) * 10, 100 + i / 100_000, (i % 100_000) * 10 + 5));
        }
        Path f = Files.writeString(dir.resolve("long.txt"), trace);
        AtomicLong clock = new AtomicLong();
        StringWriter err = new StringWriter();
        // every look at the clock is 6 s later: each report the reader makes is past the quiet start
        ImportProgress p = new ImportProgress(new PrintWriter(err, true), () -> clock.addAndGet(6_000_000_000L));
        RecordingFiles.imported(List.of(RecordingSource.of(f)), p);
        assertTrue(err.toString().startsWith("schedlab: reading " + f + ": "), err.toString());
        assertTrue(err.toString().contains(" MiB ("), err.toString());
    }
}
