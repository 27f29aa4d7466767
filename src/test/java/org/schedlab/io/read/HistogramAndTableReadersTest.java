package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.LockTable;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskState;

/** runqlat histograms, lock tables and Chrome traces: what each turns into. */
class HistogramAndTableReadersTest {

    @Test
    void bccRunqlatHistogramsBecomeMetadataPerSectionAndInterval() throws Exception {
        ImportResult r = Fixtures.importAll("public/runqlat/bcc_runqlat_example.txt");
        Map<String, String> p = r.dataset().metadata().parameters();
        // first histogram of the example: 2398 wake-ups; the 1199th falls in 8 -> 15 us, the 2375th
        // (99%) past the 2334 up to 32767 us, in 32768 -> 65535
        assertEquals("2398", p.get("runqlat.all.count"));
        assertEquals("us", p.get("runqlat.all.unit"));
        assertEquals("15.0", p.get("runqlat.all.p50Us"));
        assertEquals("65535.0", p.get("runqlat.all.p99Us"));
        assertEquals("ms", p.get("runqlat.all#2.unit"), "the -m example");
        assertEquals("351", p.get("runqlat.pid 0.buckets").split(",")[0].split(":")[1]);
        assertTrue(p.containsKey("runqlat.tid 7.count"));
        assertTrue(r.report().skippedLines() > 0, "the example's prose is reported, not silently dropped");
    }

    @Test
    void bpftraceRunqlatUnderstandsPowerOfTwoSuffixes() throws Exception {
        Map<String, String> p = Fixtures.importAll("public/runqlat/bpftrace_runqlat_example.txt").dataset()
                .metadata().parameters();
        assertEquals("662", p.get("runqlat.all.count"));
        assertEquals("1048575.0", p.get("runqlat.all.maxUs"), "[512K, 1M) ends at 1M - 1 us");
        String keyed = "@usecs[postgres]:\n[4, 8)   3 |@@@|\n[8, 16)  1 |@|\n";
        Map<String, String> k = Fixtures.importText("bt.txt", keyed).dataset().metadata().parameters();
        assertEquals("4", k.get("runqlat.postgres.count"));
    }

    /** The unit is a word of the map's name: "@runs" holds no "ns", "@items" no "ms". */
    @Test
    void aBpftraceMapsUnitIsAWordOfItsNameNotALetterPairInside() throws Exception {
        String rows = "[4, 8)   3 |@@@|\n[8, 16)  1 |@|\n";
        Map<String, String> expected = Map.of("@runs", "us", "@items", "us", "@transactions", "us",
                "@usecs", "us", "@lat_ns", "ns", "@runqLatMs", "ms", "@wait_msecs", "ms", "@nsecs", "ns");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Map<String, String> p = Fixtures.importText("bt.txt", e.getKey() + ":\n" + rows).dataset()
                    .metadata().parameters();
            assertEquals(e.getValue(), p.get("runqlat.all.unit"), e.getKey() + ": " + p);
        }
    }

    @Test
    void bpftraceMapsKeyedByACommWithSpacesOrByTwoKeysAreRead() throws Exception {
        // "@usecs[pid, comm]:" (bpftrace joins keys with ", ") and a JVM thread's comm were no header:
        // the file was "not a recording format", or each such histogram's rows went to the one before
        String out = "Attaching 5 probes...\n^C\n\n@usecs[1234, postgres]:\n"
                + "[0]                    3 |@@                                                  |\n"
                + "[2, 4)                76 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n\n"
                + "@usecs[C2 CompilerThre]:\n"
                + "[1]                    1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
                + "[4, 8)                 1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n";
        ImportResult r = Fixtures.importText("bt.txt", out);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("79", p.get("runqlat.1234, postgres.count"));
        assertEquals("3.0", p.get("runqlat.1234, postgres.maxUs"));
        assertEquals("2", p.get("runqlat.C2 CompilerThre.count"));
        assertEquals("7.0", p.get("runqlat.C2 CompilerThre.maxUs"));
        assertEquals("2", p.get("runqlat.histograms"));
    }

    @Test
    void bpftracesOwnStartUpLinesAreNotReportedAsDamage() throws Exception {
        // what runqlat.bt prints on every run before its histogram
        String out = "Attaching 5 probes...\nTracing CPU scheduler... Hit Ctrl-C to end.\n^C\n\n\n\n@usecs:\n"
                + "[0]                    1 |@                                                   |\n"
                + "[1]                   11 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
                + "[2, 4)                 3 |@@@@@@@@@@@@@@                                      |\n";
        ImportResult r = Fixtures.importText("runqlat.txt", out);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals("15", r.dataset().metadata().parameters().get("runqlat.all.count"));
    }

    @Test
    void aRunqlatOutputCutAfterItsHeaderIsNamedAsSuchNotAsAnUnknownFormat() {
        // was "not a recording format SchedLab reads (first line: "usecs : count distribution")"
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("rq.txt", "Tracing run queue latency... Hit Ctrl-C to end.\n^C\n"
                        + "     usecs               : count     distribution\n"));
        assertEquals("rq.txt: no runqlat histogram found: a histogram header without bucket rows (was the output"
                + " cut after it?)", e.getMessage());
    }

    @Test
    void aDamagedBucketRowIsReportedAndTheRestOfItsHistogramStillCounts() throws Exception {
        // one bad count used to end the histogram there: every later row was "not understood" and the
        // histogram kept only the rows above it (5 of 10 wake-ups here), under a misleading reason
        String bcc = "     usecs               : count     distribution\n"
                + "         0 -> 1          : 1        |**      |\n"
                + "         2 -> 3          : -2       |****    |\n"
                + "         4 -> 7          : 4        |********|\n"
                + "         8 -> 15         : 3        |******  |\n";
        ImportResult r = Fixtures.importText("rq.txt", bcc);
        FileReport f = r.report().files().get(0);
        assertEquals(1, f.skippedLines());
        assertTrue(f.firstSkipReason().startsWith("line 3: expected a bucket row"), f.firstSkipReason());
        assertEquals("8", r.dataset().metadata().parameters().get("runqlat.all.count"));
        assertEquals("15.0", r.dataset().metadata().parameters().get("runqlat.all.maxUs"));
        // a row repeated (or out of order) would count its wake-ups twice
        String bpf = "@usecs:\n[2, 4)   16 |@@|\n[4, 8)   43 |@@@@|\n[4, 8)   43 |@@@@|\n[8, 16)  1 |@|\n";
        r = Fixtures.importText("bt.txt", bpf);
        f = r.report().files().get(0);
        assertEquals(1, f.skippedLines());
        assertTrue(f.firstSkipReason().startsWith("line 4: bucket [4, 8) does not follow [4, 8)"), f.firstSkipReason());
        assertEquals("60", r.dataset().metadata().parameters().get("runqlat.all.count"));
    }

    @Test
    void aLockStatRowRefusedForABadNumberLeavesNoneOfItsNumbersBehind() throws Exception {
        // the numbers before the bad one were kept: a row reported as not understood still gave half
        // a class, and a NaN was kept before it was refused
        String head = "lock_stat version 0.4\n"
                + "class name    con-bounces    contentions   waittime-min   waittime-max waittime-total   waittime-avg"
                + "    acq-bounces   acquisitions   holdtime-min   holdtime-max holdtime-total   holdtime-avg\n";
        String good = "good_lock:  10  20  0.06  213.61  1171.67  4.59  29  30  0.05  67.02  357.37  1.19\n";
        for (String bad : new String[] {"0.0x6", "NaN", "-0.06"}) {
            String row = "bad_lock:  10  20  0.06  213.61  " + bad + "  4.59  29  30  0.05  67.02  357.37  1.19\n";
            ImportResult r = Fixtures.importText("lock_stat.txt", head + good + row);
            assertEquals(1, r.report().skippedLines(), bad);
            Map<String, String> p = r.dataset().metadata().parameters();
            assertEquals("20", p.get("lockStat.good_lock.contentions"));
            assertTrue(p.keySet().stream().noneMatch(k -> k.startsWith("lockStat.bad_lock")), bad + ": " + p.keySet());
        }
    }

    @Test
    void aPerfLockContentionTimeThatIsNoPlainNumberIsRefused() throws Exception {
        String head = " contended   total wait     max wait     avg wait         type   caller\n\n";
        String good = "       207      8.58 ms      6.90 ms     41.43 us     spinlock   wake_up_q+0x33\n";
        for (String bad : new String[] {"-8.58", "Infinity", "8.58e9", "0x1p3"}) {
            String row = "       971      " + bad + " ms      1.19 ms      8.34 us     spinlock   pollwake+0x73\n";
            ImportResult r = Fixtures.importText("lock.txt", head + good + row);
            assertEquals(1, r.report().skippedLines(), bad);
            assertTrue(r.dataset().metadata().parameters().keySet().stream()
                    .noneMatch(k -> k.startsWith("lockContention.pollwake")), bad);
        }
    }

    @Test
    void aPerfLockContentionRowWhoseTimesContradictEachOtherIsRefused() throws Exception {
        // a damaged digit: the longest wait above the total, or the average above the longest
        String head = " contended   total wait     max wait     avg wait         type   caller\n\n";
        String good = "       207      8.58 ms      6.90 ms     41.43 us     spinlock   wake_up_q+0x33\n";
        String one = "         1      3.20 us      3.20 us      3.20 us     spinlock   once+0x10\n";
        for (String bad : new String[] {
            "       971      1.19 ms      8.58 ms      8.34 us     spinlock   pollwake+0x73\n",
            "       971      8.58 ms      1.19 ms      4.34 ms     spinlock   pollwake+0x73\n"}) {
            ImportResult r = Fixtures.importText("lock.txt", head + good + one + bad);
            assertEquals(1, r.report().skippedLines(), bad);
            assertTrue(r.dataset().metadata().parameters().keySet().stream()
                    .noneMatch(k -> k.startsWith("lockContention.pollwake")), bad);
            assertEquals("1", r.dataset().metadata().parameters().get("lockContention.once+0x10.contended"),
                    "a single wait is its own total, longest and average");
        }
    }

    @Test
    void chromeBeginEventsThatNeverEndOrEndBeforeTheyBeginAreReported() throws Exception {
        // both were dropped without a word: an unclosed "B", and a "B" whose "E" comes earlier
        String trace = "[{\"ph\":\"B\",\"ts\":100,\"pid\":1,\"tid\":1,\"name\":\"a\"},"
                + "{\"ph\":\"E\",\"ts\":50,\"pid\":1,\"tid\":1,\"name\":\"a\"},"
                + "{\"ph\":\"X\",\"ts\":200,\"dur\":10,\"pid\":1,\"tid\":1,\"name\":\"b\"},"
                + "{\"ph\":\"B\",\"ts\":300,\"pid\":1,\"tid\":2,\"name\":\"c\"}]";
        ImportResult r = Fixtures.importText("t.json", trace);
        assertEquals(List.of("t.json: kept out of the dataset: 1 \"B\" event without an \"E\","
                + " 1 \"E\" event earlier than its \"B\""), r.report().warnings());
    }

    @Test
    void perfLockContentionTableRowsKeepTheirTimesInMicroseconds() throws Exception {
        ImportResult r = Fixtures.importAll("public/lock/lkml_acme_perf_lock_contention_use-bpf_aarch64.txt");
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("6", p.get("lockContention.__tick_broadcast_oneshot_control+0xc0.contended"));
        assertEquals("6030000.00", p.get("lockContention.__tick_broadcast_oneshot_control+0xc0.totalWaitUs"));
        assertEquals("rwsem:W", p.get("lockContention.__btrfs_tree_lock+0x2c.type"));
        assertEquals("2", p.get("lockContention.__tick_broadcast_oneshot_control+0xc0#2.contended"));
        Map<String, String> t = Fixtures.importAll("public/lock/lkml_namhyung_perf_lock_con_-abt_per_thread.txt")
                .dataset().metadata().parameters();
        assertEquals("740660.00", t.get("lockContention.1950 nv_queue.totalWaitUs"));
    }

    @Test
    void perfLockContentionByLockReadsWaitsOfMinutesAndHours() throws Exception {
        // perf prints a total past a minute as "5.12 m" and past an hour as "1.05 h": those rows were
        // refused, so a long run lost exactly its worst locks; -l's "address symbol (type)" took the
        // address for the lock type
        ImportResult r = Fixtures.importAll("handmade/lock/perf_lock_contention_by_lock_long_run.txt");
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("3780000000.00", p.get("lockContention.rcu_state.totalWaitUs"));
        assertEquals("spinlock", p.get("lockContention.rcu_state.type"));
        assertEquals("ffffffff83a4f180", p.get("lockContention.rcu_state.address"));
        assertEquals("307200000.00", p.get("lockContention.ffff8881042c0a08.totalWaitUs"), "no symbol: the address");
        assertEquals("mutex", p.get("lockContention.ffff8881042c0a08.type"));
        assertEquals("18940000.00", p.get("lockContention.jiffies_lock.totalWaitUs"));
        assertEquals("0.56", p.get("lockContention.ffff888100248c00.avgWaitUs"));
        assertEquals("4", p.get("perf-lock-contention.rows"));
    }

    @Test
    void perfLockContentionByCgroupAndWithCallStacksIsReadWhole() throws Exception {
        ImportResult g = Fixtures.importAll("handmade/lock/perf_lock_contention_by_cgroup.txt");
        assertEquals(0, g.report().skippedLines(), g.report().warnings().toString());
        Map<String, String> p = g.dataset().metadata().parameters();
        assertEquals("405", p.get("lockContention./system.slice/postgresql@15-main.service.contended"));
        assertEquals("412.88", p.get("lockContention./user.slice/user-1000.slice/session-2.scope.totalWaitUs"));

        // -v: each caller's stack under its row, frames that are no rows of their own
        ImportResult v = Fixtures.importAll("handmade/lock/perf_lock_contention_verbose_stacks.txt");
        assertEquals(0, v.report().skippedLines(), v.report().warnings().toString());
        Map<String, String> q = v.dataset().metadata().parameters();
        assertEquals("207", q.get("lockContention.wake_up_q+0x33.contended"));
        assertEquals("73", q.get("lockContention.pollwake+0x73.contended"));
        assertEquals("2", q.get("perf-lock-contention.rows"));
    }

    @Test
    void perfLockReportAndTheColumnsDashFPicksAreRead() throws Exception {
        // perf lock report ("Name acquired contended ...") was "not a recording format"; -F's
        // columns (a min wait among them) were read as if they were the default four
        ImportResult r = Fixtures.importAll("handmade/lock/perf_lock_report.txt");
        assertEquals("perf-lock-report", r.report().format());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("110", p.get("lockReport.&mm->mmap_lock-R.acquired"));
        assertEquals("3", p.get("lockReport.&mm->mmap_lock-R.contended"));
        assertEquals("7420.00", p.get("lockReport.&(&zone->lock)->....totalWaitUs"));
        assertEquals("0.18", p.get("lockReport.&(&zone->lock)->....minWaitUs"));
        assertEquals("251225", p.get("lockReport.rcu_read_lock.acquired"));
        assertEquals("4", p.get("perf-lock-report.rows"));
        LockTable table = LockTable.of(p).orElseThrow();
        assertEquals("perf lock report", table.tool());
        assertEquals(List.of("acquired", "contended", "totalWaitUs", "maxWaitUs", "avgWaitUs", "minWaitUs"),
                table.fields());

        ImportResult f = Fixtures.importAll("handmade/lock/perf_lock_contention_fields.txt");
        assertEquals(0, f.report().skippedLines(), f.report().warnings().toString());
        Map<String, String> q = f.dataset().metadata().parameters();
        assertEquals("0.81", q.get("lockContention.wake_up_q+0x33.minWaitUs"));
        assertEquals("41.43", q.get("lockContention.wake_up_q+0x33.avgWaitUs"));
        assertEquals("spinlock", q.get("lockContention.pollwake+0x73.type"));
    }

    @Test
    void perfLockReportOfPerfBefore519WithTimesInWholeNanosecondsIsRead() throws Exception {
        // perf before 5.19 (Ubuntu 22.04's) heads the times "avg wait (ns)" and prints whole ns without
        // a unit: every row was refused as lacking units, and the file as "no lock table rows found"
        ImportResult r = Fixtures.importAll("handmade/lock/perf_lock_report_ns.txt");
        assertEquals("perf-lock-report", r.report().format());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("110", p.get("lockReport.&mm->mmap_lock-R.acquired"));
        assertEquals("2.47", p.get("lockReport.&mm->mmap_lock-R.avgWaitUs"));
        assertEquals("7420.51", p.get("lockReport.&(&zone->lock)->....totalWaitUs"));
        assertEquals("910.00", p.get("lockReport.&(&zone->lock)->....maxWaitUs"));
        assertEquals("0.18", p.get("lockReport.&(&zone->lock)->....minWaitUs"));
        assertEquals("4", p.get("perf-lock-report.rows"));
        // a row cut short still names what a row of this header holds
        ImportResult cut = Fixtures.importText("lock.txt", "                Name   acquired  contended   avg wait (ns)"
                + " total wait (ns)   max wait (ns)   min wait (ns) \n\n       rcu_read_lock     251225          0"
                + "               0               0               0               0 \n         &rq->__lock       2143"
                + "          5            3460           17300\n");
        assertEquals("line 4: expected \"NAME ACQUIRED CONTENDED AVG_NS TOTAL_NS MAX_NS MIN_NS\"",
                cut.report().files().get(0).firstSkipReason());
    }

    @Test
    void perfLockContentionDashXIsReadAsItsTableIs() throws Exception {
        // -x SEP (perf >= 6.5): "# output: ..." then the figures in whole ns and the grouping's columns
        // with the separator after each; the file was "not a recording format"
        ImportResult r = Fixtures.importAll("handmade/lock/perf_lock_contention_csv.txt");
        assertEquals("perf-lock-contention", r.report().format());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("207", p.get("lockContention.wake_up_q+0x33.contended"));
        assertEquals("8580.11", p.get("lockContention.wake_up_q+0x33.totalWaitUs"));
        assertEquals("6900.48", p.get("lockContention.wake_up_q+0x33.maxWaitUs"));
        assertEquals("41.45", p.get("lockContention.wake_up_q+0x33.avgWaitUs"));
        assertEquals("spinlock", p.get("lockContention.wake_up_q+0x33.type"));
        assertEquals("rwsem:R", p.get("lockContention.do_user_addr_fault+0x40e.type"));
        assertEquals("2", p.get("lockContention.wake_up_q+0x33#2.contended"), "another lock of the same caller");
        assertEquals("6", p.get("perf-lock-contention.rows"), "the # debug: footer is no row");
        LockTable table = LockTable.of(p).orElseThrow();
        assertEquals("perf lock contention", table.tool());
        assertEquals(List.of("contended", "totalWaitUs", "maxWaitUs", "avgWaitUs", "type"), table.fields());

        // by lock with ';': a lock outside the kernel image has an empty symbol, and is named by its address
        Map<String, String> l = Fixtures.importAll("handmade/lock/perf_lock_contention_csv_by_lock.txt").dataset()
                .metadata().parameters();
        assertEquals("318.44", l.get("lockContention.ffff8e0a5f7e30d0.totalWaitUs"));
        assertEquals("spinlock", l.get("lockContention.ffff8e0a5f7e30d0.type"));
        assertEquals("ffffffffa30d8800", l.get("lockContention.rcu_state.address"));
        assertEquals("rwlock", l.get("lockContention.ffff8e04b2c1dde0.type"));
        assertEquals("5", l.get("perf-lock-contention.rows"));

        // by task with a tab: "pid comm" as the table's key, perf's -1 "Unknown" too
        Map<String, String> t = Fixtures.importAll("handmade/lock/perf_lock_contention_csv_by_task.txt").dataset()
                .metadata().parameters();
        assertEquals("3215.01", t.get("lockContention.1950 nv_queue.totalWaitUs"));
        assertEquals("96", t.get("lockContention.2231 kworker/u8:2.contended"));
        assertEquals("11", t.get("lockContention.-1 Unknown.contended"));

        // -v -F wait_total: the call stack rides on its caller's line, and a caller without one ends there
        ImportResult v = Fixtures.importAll("handmade/lock/perf_lock_contention_csv_verbose.txt");
        assertEquals(0, v.report().skippedLines(), v.report().warnings().toString());
        Map<String, String> q = v.dataset().metadata().parameters();
        assertEquals("41.21", q.get("lockContention.rcu_core+0xd4.totalWaitUs"));
        assertEquals("13.50", q.get("lockContention.futex_wait_queue+0x60.totalWaitUs"));
        assertEquals("3", q.get("perf-lock-contention.rows"));

        // by cgroup with '|': a cgroup holding the separator is the rest of the line
        Map<String, String> g = Fixtures.importText("lock.csv", "# output: contended| total wait| max wait| avg wait|"
                + " cgroup\n405| 412880| 9120| 1019| /system.slice/postgresql@15-main.service\n").dataset().metadata()
                .parameters();
        assertEquals("412.88", g.get("lockContention./system.slice/postgresql@15-main.service.totalWaitUs"));
    }

    @Test
    void aDamagedPerfLockContentionDashXRowIsNamedAndKeepsNothing() throws Exception {
        String head = "# output: contended, total wait, max wait, avg wait, type, caller\n"
                + "207, 8580112, 6900482, 41449, spinlock, wake_up_q+0x33\n";
        String[][] cases = {
            {"73, 607210, 119044, 8318, spin", "line 3: expected 6 fields separated by \",\" (contended, total wait,"
                + " max wait, avg wait, type, caller), found 5 (a cut line?)"},
            {"73, 607.21 us, 119044, 8318, spinlock, pollwake+0x73", "line 3: expected a whole number for total"
                + " wait (-x prints counts, and times in ns without a unit), found \"607.21 us\""},
            {"73, 607210, 1190440, 8318, spinlock, pollwake+0x73", "line 3: expected the longest wait no longer than"
                + " the total and the average and shortest no longer than the longest"},
            {"73, 607210, 119044, 8318, , pollwake+0x73", "line 3: expected \"TYPE, CALLER\" after the figures"},
        };
        for (String[] c : cases) {
            ImportResult r = Fixtures.importText("lock.csv", head + c[0] + "\n");
            assertEquals(c[1], r.report().files().get(0).firstSkipReason(), c[0]);
            assertEquals("207", r.dataset().metadata().parameters().get("lockContention.wake_up_q+0x33.contended"));
            assertTrue(r.dataset().metadata().parameters().keySet().stream()
                    .noneMatch(k -> k.startsWith("lockContention.pollwake")), c[0]);
        }
        // with -x $'\t' the separator is named, not shown as the space a message makes of a tab: "separated
        // by \" \"" sent the user looking for spaces in a file of tabs
        ImportResult tab = Fixtures.importText("lock.tsv", "# output: contended\t total wait\t max wait\t avg wait\t"
                + " pid\t comm\n412\t 3215007\t 80144\t 7803\t 1950\t nv_queue\n96\t 1201840\t 61330\n");
        assertEquals("line 3: expected 6 fields separated by a tab (contended, total wait, max wait, avg wait, pid,"
                + " comm), found 3 (a cut line?)", tab.report().files().get(0).firstSkipReason());
        // a header perf does not print (a grouping it has not) names what it expected
        ImportResult h = Fixtures.importText("lock.csv", "# output: contended, total wait, caller, type\n"
                + "# output: contended, total wait, type, caller\n5, 3000, spinlock, a+0x1\n");
        assertTrue(h.report().files().get(0).firstSkipReason().startsWith("line 1: expected the figures' columns"
                + " then \"type, caller\""), h.report().files().get(0).firstSkipReason());
        assertEquals("3.00", h.dataset().metadata().parameters().get("lockContention.a+0x1.totalWaitUs"));
    }

    @Test
    void perfLockContentionDashXWithoutItsHeaderIsReadWhereItsColumnsAreKnown() throws Exception {
        // -q leaves out "# output: ...": the file was "not a recording format". perf's default columns are
        // read where the rows tell them: four whole numbers, then a grouping's columns
        ImportResult r = Fixtures.importAll("handmade/lock/perf_lock_contention_csv_quiet.txt");
        assertEquals("perf-lock-contention", r.report().format());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("207", p.get("lockContention.wake_up_q+0x33.contended"));
        assertEquals("8580.11", p.get("lockContention.wake_up_q+0x33.totalWaitUs"));
        assertEquals("6900.48", p.get("lockContention.wake_up_q+0x33.maxWaitUs"));
        assertEquals("41.45", p.get("lockContention.wake_up_q+0x33.avgWaitUs"));
        assertEquals("rwsem:W", p.get("lockContention.do_mprotect_pkey+0xff.type"));
        assertEquals("2", p.get("lockContention.wake_up_q+0x33#2.contended"));
        assertEquals("6", p.get("perf-lock-contention.rows"));
        assertTrue(r.report().files().get(0).notes().toString().contains("without its header (-q)"),
                r.report().files().get(0).notes().toString());

        // by task (a tab), by lock (';', a lock without a symbol), by cgroup ('|'), and -v's stack
        Map<String, String> t = Fixtures.importText("lock.tsv", "412\t 3215007\t 80144\t 7803\t 1950\t nv_queue\n"
                + "11\t 90121\t 20460\t 8192\t -1\t Unknown\n").dataset().metadata().parameters();
        assertEquals("3215.01", t.get("lockContention.1950 nv_queue.totalWaitUs"));
        assertEquals("11", t.get("lockContention.-1 Unknown.contended"));
        Map<String, String> l = Fixtures.importText("lock.csv", "9; 318440; 70212; 35382; ffff8e0a5f7e30d0; ; spinlock\n"
                + "2; 2210; 1330; 1105; ffffffffa30d8800; rcu_state; spinlock\n").dataset().metadata().parameters();
        assertEquals("318.44", l.get("lockContention.ffff8e0a5f7e30d0.totalWaitUs"));
        assertEquals("ffffffffa30d8800", l.get("lockContention.rcu_state.address"));
        Map<String, String> g = Fixtures.importText("lock.csv", "405| 412880| 9120| 1019| /system.slice/pg.service\n")
                .dataset().metadata().parameters();
        assertEquals("412.88", g.get("lockContention./system.slice/pg.service.totalWaitUs"));
        Map<String, String> v = Fixtures.importText("lock.csv", "3, 41208, 20100, 13736, spinlock, rcu_core+0xd4, "
                + "0xffffffffa1e401e4 _raw_spin_lock_irqsave+0x44: 0xffffffffa1538114 rcu_core+0xd4\n"
                + "1, 13502, 13502, 13502, spinlock, futex_wait_queue+0x60\n").dataset().metadata().parameters();
        assertEquals("41.21", v.get("lockContention.rcu_core+0xd4.totalWaitUs"));
        assertEquals("13.50", v.get("lockContention.futex_wait_queue+0x60.totalWaitUs"));

        // where -F or -k wait_min changed the figures, only the header names them: refused at the first row,
        // never read under the default's names
        String[][] refused = {
            {"41208, spinlock, rcu_core+0xd4\n", "1 whole number before \"spinlock\""}, // -F wait_total
            {"5, 3000, 1200, 600, 100, spinlock, a+0x1\n", "none of perf's groupings"}, // -k wait_min: a fifth
            {"5, 3000, 1200, 600, 100, 1950, postgres\n", "none of perf's groupings"}, // the same by task
            {"5, 3000, 1200, 600, 100, /system.slice\n", "none of perf's groupings"}, // and by cgroup
            {"5, 3000, 100, 600, spinlock, a+0x1\n", "not contended, total wait, max wait, avg wait"}, // -F ..,wait_min,..
            {"3000, 5, 1200, 600, spinlock, a+0x1\n", "not contended, total wait, max wait, avg wait"}, // -F wait_total,..
            // figures only (a row cut short): said as such, not "2 whole numbers before" the second of them
            {"12, 141906\n", "the row ends after 2 whole numbers, where perf's default columns have 4"},
            {"5, 3000, 1200, 600\n", "the row ends after its 4 whole numbers, without the columns perf groups"},
        };
        for (String[] c : refused) {
            ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                    () -> Fixtures.importText("lock.csv", c[0]), c[0]);
            assertEquals(1, e.line(), c[0]);
            assertTrue(e.getMessage().contains(c[1]) && e.getMessage().contains("record without -q"), e.getMessage());
        }
        // with -x $'\t' the message quotes the columns as a list, not with the tabs it cannot show
        ImportException tabbed = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("lock.tsv", "5\t 3000\t 1200\t 600\t 100\t 1950\t postgres\n"));
        assertTrue(tabbed.getMessage().contains("\"100, 1950, postgres\" is none of perf's groupings")
                && !tabbed.getMessage().contains("\t"), tabbed.getMessage());
        // a later row unlike the first is not understood, and keeps nothing of itself
        ImportResult later = Fixtures.importText("lock.csv", "2, 27714, 18390, 13857, spinlock, wake_up_q+0x33\n"
                + "5, 3000, 1200, 600, 100, spinlock, a+0x1\n");
        assertTrue(later.report().files().get(0).firstSkipReason().startsWith("line 2: expected a row as the ones"
                + " above"), later.report().files().get(0).firstSkipReason());
        assertTrue(later.dataset().metadata().parameters().keySet().stream().noneMatch(k -> k.contains("a+0x1")));
    }

    @Test
    void aKlockstatCallerTwiceInOneOutputPairsEachHoldRowWithItsOwnSpinRow() throws Exception {
        // klockstat -s prints a caller once per stack: the same caller twice in one output's spin
        // table and twice in its hold table, each hold row the one under its own spin row
        String spin = "                                  Caller   Avg Spin  Count   Max spin Total spin\n";
        String hold = "                                  Caller   Avg Hold  Count   Max hold Total hold\n";
        ImportResult k = Fixtures.importText("klockstat.txt", spin
                + "                      pipe_read+0x3f        100      2        150        200\n"
                + "                      pipe_read+0x3f        300      1        300        300\n"
                + "                     n_tty_write+0x30c      50      1         50         50\n\n" + hold
                + "                      pipe_read+0x3f       1000      2       1500       2000\n"
                + "                      pipe_read+0x3f       3000      1       3000       3000\n\n"
                // a second output of hold rows only: its n_tty_write is not the first output's row,
                // whose hold table (-n 2) left it out
                + hold + "                     n_tty_write+0x30c      70      1         70         70\n");
        Map<String, String> p = k.dataset().metadata().parameters();
        assertEquals("200", p.get("klockstat.pipe_read+0x3f.SpinTotalNs"));
        assertEquals("2000", p.get("klockstat.pipe_read+0x3f.HoldTotalNs"));
        assertEquals("300", p.get("klockstat.pipe_read+0x3f#2.SpinTotalNs"));
        assertEquals("3000", p.get("klockstat.pipe_read+0x3f#2.HoldTotalNs"));
        assertEquals("50", p.get("klockstat.n_tty_write+0x30c.SpinTotalNs"));
        assertNull(p.get("klockstat.n_tty_write+0x30c.HoldTotalNs"));
        assertEquals("70", p.get("klockstat.n_tty_write+0x30c#2.HoldTotalNs"));
    }

    @Test
    void klockstatAndProcLockStatAreReadIntoMetadata() throws Exception {
        ImportResult k = Fixtures.importAll("public/lock/bcc_klockstat_example.txt");
        assertEquals("klockstat", k.report().format());
        assertEquals("18379", k.dataset().metadata().parameters().get("klockstat.psi_avgs_work+0x2e.SpinTotalNs"));
        // the tables again at the next interval: the caller is numbered, its columns keep their names
        assertEquals("15", k.dataset().metadata().parameters().get("klockstat.psi_avgs_work+0x2e#2.SpinCount"));
        // a row's hold figures are those its own output printed under its spin table: "klockstat.py -n 3"
        // kept pipe_write in its spin table only, so its row has no hold figures, and the -S run's
        // pipe_write has its own (171596811 ns), not lent to the -n 3 row
        Map<String, String> p = k.dataset().metadata().parameters();
        assertEquals("154981747", p.get("klockstat.pipe_write+0x35#3.SpinTotalNs"));
        assertNull(p.get("klockstat.pipe_write+0x35#3.HoldTotalNs"));
        assertEquals("125205417", p.get("klockstat.pipe_write+0x35#4.SpinTotalNs"));
        assertEquals("171596811", p.get("klockstat.pipe_write+0x35#4.HoldTotalNs"));
        // -n 3's flush_to_ldisc is in its hold table only; -S's has both
        assertEquals("83264", p.get("klockstat.flush_to_ldisc+0x22#3.HoldTotalNs"));
        assertNull(p.get("klockstat.flush_to_ldisc+0x22#3.SpinTotalNs"));
        assertEquals("9334", p.get("klockstat.flush_to_ldisc+0x22#5.SpinTotalNs"));
        assertEquals("66474", p.get("klockstat.flush_to_ldisc+0x22#5.HoldTotalNs"));
        ImportResult s = Fixtures.importAll("public/lock/lkml_urezki_proc_lock_stat_vmap.txt");
        assertEquals("proc-lock-stat", s.report().format());
        assertEquals("2554276", s.dataset().metadata().parameters().get("lockStat.vmap_area_lock.contentions"));
        assertEquals("4", s.dataset().metadata().parameters().get("proc-lock-stat.rows"));
    }

    @Test
    void chromeTraceThreadsBecomeTaskLanesOfTheirTopLevelSpans() throws Exception {
        ImportResult r = Fixtures.importAll("public/chrome_json/catapult_x_event_trace.json");
        Dataset d = r.dataset();
        assertEquals("chrome-trace", r.report().format());
        assertTrue(d.tasks().stream().anyMatch(t -> t.comm().equals("CrRendererMain")));
        CounterSeries mem = d.counter("unused_memory_bytes").orElseThrow();
        assertEquals(42, mem.size());
        for (var lane : d.taskLanes()) {
            for (int i = 0; i < lane.intervals().size(); i++) {
                assertEquals(TaskState.RUNNING, lane.state(i));
            }
        }
        assertEquals(59, d.marks().size(), "instant events as bookmarks");
    }

    @Test
    void chromeObjectFormAndRepeatedTidsAcrossProcessesStayApart() throws Exception {
        ImportResult r = Fixtures.importAll("public/chrome_json/catapult_flow.json");
        assertTrue(r.dataset().tasks().size() >= 9);
        assertTrue(r.report().files().get(0).notes().stream().anyMatch(n -> n.contains("clientInfo")));
    }

    @Test
    void chromeCpuThreadsAreCpuLanes() throws Exception {
        String json = "{\"traceEvents\":["
                + "{\"ph\":\"M\",\"pid\":1,\"tid\":0,\"name\":\"thread_name\",\"args\":{\"name\":\"CPU 0\"}},"
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":0,\"ts\":10,\"dur\":5,\"name\":\"postgres[42]\",\"args\":{\"tid\":42}},"
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":0,\"ts\":15,\"dur\":5,\"name\":\"idle\",\"args\":{}},"
                + "{\"ph\":\"C\",\"pid\":1,\"tid\":0,\"ts\":10,\"name\":\"tps\",\"args\":{\"value\":3}}]}";
        Dataset d = Fixtures.importText("t.json", json).dataset();
        assertEquals(1, d.cpuCount());
        assertEquals(2, d.cpus().get(0).slices().size());
        assertEquals(42, d.task(d.cpus().get(0).slices().task(0)).tid());
        assertEquals("postgres", d.task(d.cpus().get(0).slices().task(0)).comm());
        assertEquals(5_000, d.cpus().get(0).slices().durationNs(0));
        assertEquals(3, d.counter("tps").orElseThrow().value(0));
    }

    @Test
    void aChromeTraceCutShortKeepsTheEventsBeforeTheCut() throws Exception {
        String json = "[{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":10,\"dur\":5,\"name\":\"a\"},"
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":20,\"dur\":5,\"name\":\"b\"},{\"ph\":\"X\",\"pi";
        ImportResult r = Fixtures.importText("cut.json", json);
        assertEquals(2, r.report().events());
        assertTrue(r.report().files().get(0).notes().get(0).contains("ends early"));
    }
}
