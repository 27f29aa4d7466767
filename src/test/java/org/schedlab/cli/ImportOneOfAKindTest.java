package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second lock contention table, YCSB log or perf stat output in one import is refused as a
 * second pgbench log is: their rows are metadata keys, so the second file silently replaced the
 * first's.
 */
class ImportOneOfAKindTest {
    @TempDir
    Path dir;

    static final String PERF_LOCK = " contended   total wait     max wait     avg wait         type   caller\n\n"
            + "       207      8.58 ms      6.90 ms     41.43 us     spinlock   wake_up_q+0x33\n";
    static final String KLOCKSTAT = PERF_LOCK.replace("207", "999").replace("wake_up_q", "pollwake");
    static final String LOCK_STAT = "lock_stat version 0.4\n"
            + "class name    con-bounces    contentions   waittime-min   waittime-max waittime-total   waittime-avg"
            + "    acq-bounces   acquisitions   holdtime-min   holdtime-max holdtime-total   holdtime-avg\n"
            + "good_lock:  10  20  0.06  213.61  1171.67  4.59  29  30  0.05  67.02  357.37  1.19\n";
    static final String YCSB_RESULT = "[OVERALL], RunTime(ms), 675\n[OVERALL], Throughput(ops/sec), 1481.48\n";
    static final String YCSB_STATUS = "2019-03-13 10:29:56:345 10 sec: 45123 operations; 4512.3 current ops/sec;"
            + " [READ: Avg=1.5]\n";

    private String file(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f.toString();
    }

    private static void assertRefused(CliRun r, String second, String first, String what) {
        assertEquals(2, r.exitCode(), r.out() + r.err());
        String last = r.err().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("schedlab: " + second + ": gives " + what), r.err());
        assertTrue(last.contains(" again, which " + first + " already gave; expected one log of each kind"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void aSecondLockContentionTableIsRefusedNamingBothFiles() throws Exception {
        String a = file("lock-a.txt", PERF_LOCK);
        String b = file("lock-b.txt", KLOCKSTAT);
        assertRefused(CliRun.of("import", a, b), b, a, "a lock contention table");
        String c = file("lock_stat.txt", LOCK_STAT);
        assertRefused(CliRun.of("import", a, c), c, a, "a lock contention table");
        assertFalse(Files.exists(dir.resolve("out.json")));
    }

    @Test
    void aSecondYcsbResultOrStatusLogIsRefused() throws Exception {
        String a = file("ycsb-a.txt", YCSB_RESULT);
        String b = file("ycsb-b.txt", YCSB_RESULT.replace("1481.48", "900.00"));
        assertRefused(CliRun.of("import", a, b), b, a, "a YCSB result");
        String s1 = file("status-a.txt", YCSB_STATUS);
        String s2 = file("status-b.txt", YCSB_STATUS.replace("4512.3", "100.0"));
        assertRefused(CliRun.of("import", s1, s2), s2, s1, "a YCSB status log");
    }

    @Test
    void aSecondPerfStatOutputIsRefused() throws Exception {
        // its counts are metadata keys: the second's counts replaced the first's, beside the
        // first's rates (perf.context-switches of one run, .perSec of the other)
        String a = file("before.txt", Files.readString(org.schedlab.io.read.Fixtures.path("real/perf-stat/default.txt")));
        String b = file("after.txt", Files.readString(org.schedlab.io.read.Fixtures.path("real/perf-stat/csv.txt")));
        assertRefused(CliRun.of("import", a, b), b, a, "a perf stat output");
        CliRun ab = CliRun.of("table", a, b);
        assertEquals(0, ab.exitCode(), ab.err());
        assertTrue(ab.out().contains("perf.context-switches"), "two outputs still compare as A and B: " + ab.out());
    }

    @Test
    void aSecondNstatSnapshotIsRefusedAndComparesAsAAndB() throws Exception {
        // nstat -az > before.txt; ...; nstat -az > after.txt: merged, both values sat at 0 and the
        // second's silently won
        String a = file("before.txt", "#kernel\nTcpRetransSegs                  227                0.0\n");
        String b = file("after.txt", "#kernel\nTcpRetransSegs                  931                0.0\n");
        CliRun r = CliRun.of("import", a, b);
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains(b + ": gives counter \"TcpRetransSegs\" again, which " + a + " already gave;"
                + " expected one snapshot of each counter"), r.err());
        assertTrue(r.err().contains("schedlab table " + a + " " + b), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        CliRun ab = CliRun.of("table", a, b);
        assertEquals(0, ab.exitCode(), ab.err());
        assertTrue(ab.out().lines().anyMatch(l -> l.matches("tcp.retransSegs\\s+227\\s+931\\s+x4.10")), "the two compare as A and B: " + ab.out());
    }

    @Test
    void oneRunsYcsbStdoutAndStderrAndALockTableStillOpenTogether() throws Exception {
        CliRun r = CliRun.of("import", file("ycsb.out", YCSB_RESULT), file("ycsb.err", YCSB_STATUS),
                file("lock.txt", PERF_LOCK), "--summary", "json");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("1481.48"), r.out());
    }

    @Test
    void aYcsbThroughputIsRoundedInTheTablesLikeOtherRates() throws Exception {
        String log = file("ycsb.txt", "[OVERALL], RunTime(ms), 675\n[OVERALL], Throughput(ops/sec), 1481.4814814814815\n");
        Path saved = dir.resolve("ycsb.json");
        CliRun imp = CliRun.of("import", log, "--out", saved.toString());
        assertEquals(0, imp.exitCode(), imp.err());
        assertTrue(imp.out().lines().anyMatch(l -> l.matches("throughput\\s+1,481\\.48 ops/s")), imp.out());
        CliRun table = CliRun.of("table", saved.toString());
        // YCSB's own figure, its every digit, is the params line's (once); the throughput line rounds it
        assertTrue(table.out().contains("ycsb.OVERALL.Throughput(ops/sec)=1481.4814814814815"), table.out());
        assertFalse(table.out().contains("1481.4814814814815 ops/s"), table.out());
        assertTrue(table.out().lines().anyMatch(l -> l.matches("throughput\\s+1,481 ops/s")), table.out());
    }
}
