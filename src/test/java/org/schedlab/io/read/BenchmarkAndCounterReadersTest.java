package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/** pgbench, YCSB, nstat / netstat / /proc/net and Wireshark CSV: headline numbers and counter tracks. */
class BenchmarkAndCounterReadersTest {

    @Test
    void pgbenchProgressBecomesTracksAndItsSummaryTheHeadlineNumbers() throws Exception {
        Dataset d = Fixtures.importAll("real/pgbench-local/runA_pgbench.txt").dataset();
        CounterSeries tps = d.counter("pgbench tps").orElseThrow();
        assertEquals(9, tps.size());
        assertEquals(0, tps.tNs(0), "the first second's report holds from the start");
        assertEquals(7_000_000_000L, tps.tNs(7));
        // "progress: 8.0 s" holds from 7 s to 8 s: a closing sample at 8 s, where the run ended
        assertEquals(8_000_000_000L, tps.tNs(8));
        assertEquals(tps.value(7), tps.value(8));
        assertEquals(2987.1, tps.value(8));
        assertEquals(8_000_000_000L, d.endNs() - d.startNs(), "the whole 8 s run");
        assertEquals(2347.3, tps.value(0));
        assertEquals(6.017, d.counter("pgbench latency").orElseThrow().value(0));
        Map<String, String> p = d.metadata().parameters();
        assertEquals("2599.603685", p.get("pgbench.tps"));
        assertEquals("2599.603685 tps", p.get("throughput"));
        assertEquals("5.955", p.get("pgbench.latencyAverageMs"));
        assertEquals("16", p.get("pgbench.numberOfClients"));
        assertEquals("20716", p.get("pgbench.numberOfTransactionsActuallyProcessed"));
        assertEquals("prepared", p.get("pgbench.queryMode"));
        assertEquals("15.18 (Debian 15.18-0+deb12u1)", p.get("pgbench.version"));
    }

    @Test
    void twoPgbenchRunsInOneFileAreRefusedAtTheSecondRunsStart() throws Exception {
        // `pgbench ... >> results.txt` for run A and then run C: the progress lines of C were refused
        // as going back, but its summary lines replaced A's one by one, so the file read as A's
        // progress under C's clients, duration and tps (32 clients, 3,572 tps over A's 8 s) - silently
        String a = java.nio.file.Files.readString(Fixtures.path("real/pgbench-local/runA_pgbench.txt"));
        String c = java.nio.file.Files.readString(Fixtures.path("real/pgbench-local/runC_pgbench.txt"));
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("results.txt", a + c));
        assertEquals("results.txt:24: a second pgbench run starts here (its \"pgbench (\" line; the first run's"
                + " output from line 1): expected one run's output a file (split the file there and open each part,"
                + " or compare them as A and B)", e.getMessage());
        assertEquals(24, e.line());
        // PostgreSQL 13 and older print no version line: the second run's summary gives it away
        String old = "starting vacuum...end.\nprogress: 1.0 s, 100.0 tps, lat 1.0 ms stddev 0.5\n"
                + "transaction type: <builtin: TPC-B (sort of)>\nnumber of clients: 8\n"
                + "tps = 99.9 (including connections establishing)\n"
                + "starting vacuum...end.\nprogress: 1.0 s, 300.0 tps, lat 1.0 ms stddev 0.5\n"
                + "transaction type: <builtin: TPC-B (sort of)>\nnumber of clients: 32\n"
                + "tps = 299.9 (including connections establishing)\n";
        ImportException o = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("pg13.txt", old));
        assertEquals("pg13.txt:8: a second pgbench run's summary: \"transaction type\" again (the first at line 3):"
                + " expected one run's output a file (split the file after the first run's summary and open each"
                + " part, or compare them as A and B)", o.getMessage());
        // each run alone still reads, with its own figures
        assertEquals("3572.243409", Fixtures.importText("c.txt", c).dataset().metadata().parameters().get("pgbench.tps"));
    }

    @Test
    void pgbenchsDefaultTransactionTypeKeepsItsParentheses() throws Exception {
        // the builtin every plain `pgbench` run uses was cut to "<builtin: TPC-B" at its " ("
        String text = "transaction type: <builtin: TPC-B (sort of)>\n"
                + "progress: 1.0 s, 100.0 tps, lat 1.0 ms stddev 0.5, 0 failed\n"
                + "tps = 99.9 (without initial connection time)\n";
        Map<String, String> p = Fixtures.importText("pg.txt", text).dataset().metadata().parameters();
        assertEquals("<builtin: TPC-B (sort of)>", p.get("pgbench.transactionType"));
        assertEquals("99.9", p.get("pgbench.tps"));
    }

    @Test
    void everyLineOfARateLimitedMultiScriptPgbenchRunIsUnderstood() throws Exception {
        // -R/-L/--max-tries/--failures-detail/-b x@1 -b y@1 on partitioned tables: the latency-limit
        // line names its limit ("above the 10.0 ms latency limit") and was never matched; the
        // failure breakdown, partitions and the per-script section were "not understood"
        ImportResult r = Fixtures.importAll("handmade/pgbench/rate_limited_two_scripts.txt");
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("12/5997 (0.200%)", p.get("pgbench.numberOfTransactionsAboveTheLatencyLimit"));
        assertEquals("10.0", p.get("pgbench.latencyLimitMs"));
        assertEquals("avg 0.118 (max 4.870) ms", p.get("pgbench.rateLimitScheduleLag"));
        assertEquals("range", p.get("pgbench.partitionMethod"));
        assertEquals("4", p.get("pgbench.partitions"));
        assertEquals("0", p.get("pgbench.numberOfSerializationFailures"));
        assertEquals("<builtin: TPC-B (sort of)>", p.get("pgbench.script1"));
        assertEquals("<builtin: select only>", p.get("pgbench.script2"));
        assertEquals("1998.664512", p.get("pgbench.tps"), "the run's figures, not a script's");
        assertEquals("2.416", p.get("pgbench.latencyAverageMs"));
        assertEquals(3, r.dataset().counter("pgbench tps").orElseThrow().size() - 1);
    }

    @Test
    void aPgbenchLogCutRightAfterItsStartIsRefusedNotImportedAsAnEmptyRun() {
        // the version line alone was "read": exit 0 and a dataset with no figure in it
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("pg.txt", "pgbench (15.18 (Debian 15.18-0+deb12u1))\nstarting vacuum...end.\n"));
        assertEquals("pg.txt: no pgbench progress or summary lines found, only pgbench's start (was the run stopped,"
                + " or its output cut, before its first progress report?)", e.getMessage());
    }

    @Test
    void pgbenchsOwnErrorLinesSayTheRunWasAbortedInsteadOfBeingLinesNotUnderstood() throws Exception {
        // "pgbench ... 2>&1": a client that aborts on an error leaves the others running, and pgbench
        // ends with "Run was aborted; the above results are incomplete." - both were reported as
        // "expected a pgbench summary line; "pgbench" is not one", which hid what they say
        String out = "pgbench (16.2)\npgbench: warning: scale option ignored, using count from pgbench_branches"
                + " table (100)\nstarting vacuum...end.\n"
                + "progress: 1.0 s, 2347.3 tps, lat 6.017 ms stddev 3.354, 0 failed\n"
                + "pgbench: error: client 3 script 0 aborted in command 5 query 0: ERROR:  could not serialize access"
                + " due to concurrent update\n"
                + "progress: 2.0 s, 2101.0 tps, lat 6.411 ms stddev 3.101, 0 failed\n"
                + "number of clients: 16\nlatency average = 6.201 ms\n"
                + "tps = 2224.123456 (without initial connection time)\n"
                + "pgbench: error: Run was aborted; the above results are incomplete.\n";
        ImportResult r = Fixtures.importText("pg.txt", out);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertTrue(r.report().files().get(0).notes().contains("pgbench says the run was aborted and its results are"
                + " incomplete (a client stopped on an error; the figures are not those of the run asked for); 2"
                + " pgbench error line(s), the first at line 5: pgbench: error: client 3 script 0 aborted in command 5"
                + " query 0: ERROR:  could not serialize access due to concurrent update"),
                r.report().files().get(0).notes().toString());
        assertEquals("2224.123456", r.dataset().metadata().parameters().get("pgbench.tps"));
        // PostgreSQL 13 and older print them without the "pgbench: " prefix
        ImportResult old = Fixtures.importText("pg13.txt", "client 3 aborted in command 5 (SQL) of script 0; ERROR: "
                + " deadlock detected\ntps = 1234.5 (including connections establishing)\n"
                + "Run was aborted; the above results are incomplete.\n");
        assertEquals(0, old.report().skippedLines(), old.report().warnings().toString());
        assertTrue(old.report().files().get(0).notes().get(0).startsWith("pgbench says the run was aborted"));
    }

    /** PostgreSQL 11 and older print pgbench's warnings without "pgbench: warning: ". */
    @Test
    void anOldPgbenchsUnprefixedScaleWarningIsNotALineNotUnderstood() throws Exception {
        ImportResult r = Fixtures.importText("pg11.txt", "scale option ignored, using count from pgbench_branches"
                + " table (100)\nstarting vacuum...end.\ntransaction type: <builtin: TPC-B (sort of)>\n"
                + "scaling factor: 100\nnumber of clients: 16\ntps = 1234.5 (including connections establishing)\n");
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals("1234.5", r.dataset().metadata().parameters().get("pgbench.tpsIncludingConnections"));
    }

    @Test
    void olderPgbenchSummariesAreReadToo() throws Exception {
        String text = "tps = 1234.5 (including connections establishing)\n"
                + "tps = 1240.1 (excluding connections establishing)\n"
                + "progress: 5.0 s, 100.0 tps, lat 1.0 ms stddev 0.5\n";
        Map<String, String> p = Fixtures.importText("pg13.txt", text).dataset().metadata().parameters();
        assertEquals("1234.5", p.get("pgbench.tpsIncludingConnections"));
        assertEquals("1240.1", p.get("pgbench.tpsExcludingConnections"));
    }

    @Test
    void aPgbenchProgressFigureThatIsNoNumberRefusesItsLineInsteadOfReadingItsFirstDigits() throws Exception {
        String good = "progress: 1.0 s, 100.0 tps, lat 2.000 ms stddev 0.500, 0 failed\n";
        String[] damaged = {
            "progress: 2.0 s, 110.0 tps, lat 1e308 ms stddev 0.500, 0 failed\n", // was read as lat 1.0
            "progress: 2.0 s, 110.0 tps, lat 6.5x16 ms stddev 0.500, 0 failed\n", // was read as lat 6.5
            "progress: 2.0 s, -110.0 tps, lat 2.000 ms stddev 0.500, 0 failed\n", // was read as 110 tps
            "progress: 2.0 s, 110.0 tps, lat 2.000 ms stddev 0.5.0, 0 failed\n",
        };
        for (String line : damaged) {
            ImportResult r = Fixtures.importText("pg.txt", good + line);
            FileReport f = r.report().files().get(0);
            assertEquals(1, f.skippedLines(), line);
            assertTrue(f.firstSkipReason().startsWith("line 2: expected a number"), f.firstSkipReason());
            // the good line's interval [0, 1 s): its sample and the closing one at 1 s
            assertEquals(2, r.dataset().counter("pgbench tps").orElseThrow().size(), line);
            assertEquals(2, r.dataset().counter("pgbench latency").orElseThrow().size(), line);
        }
        // an interval without transactions: older pgbench prints its latency as -nan; the tps still counts
        ImportResult r = Fixtures.importText("pg.txt", good + "progress: 2.0 s, 0.0 tps, lat -nan ms stddev -nan\n");
        assertEquals(0, r.report().skippedLines());
        assertEquals(0.0, r.dataset().counter("pgbench tps").orElseThrow().value(1));
        CounterSeries lat = r.dataset().counter("pgbench latency").orElseThrow();
        assertEquals(2.0, lat.value(0));
        assertFalse(lat.hasValue(1), "no latency from 1 s to 2 s: a gap, not the first second's 2 ms");
    }

    @Test
    void aPgbenchSummaryFigureThatIsNoNumberIsRefusedNotKeptAsTheHeadline() throws Exception {
        // "tps = banana" became the run's throughput, "banana tps", shown and compared as such
        String text = "number of clients: 1x6\nlatency average = 5.9.55 ms\n"
                + "tps = banana (without initial connection time)\nquery mode: prepared\n";
        ImportResult r = Fixtures.importText("pg.txt", text);
        FileReport f = r.report().files().get(0);
        assertEquals(List.of(1L, 2L, 3L), f.firstSkippedLines());
        assertTrue(f.firstSkipReason().startsWith("line 1: expected a number for \"number of clients\""),
                f.firstSkipReason());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertFalse(p.containsKey("throughput"), p.toString());
        assertFalse(p.containsKey("pgbench.tps"), p.toString());
        assertEquals("prepared", p.get("pgbench.queryMode"), "words stay words");
    }

    @Test
    void aPerfRecordingAndThePgbenchLogOfTheSameRunBecomeOneDataset() throws Exception {
        ImportResult r = Fixtures.importAll(Fixtures.RUN_A_SCRIPT, "real/pgbench-local/runA_pgbench.txt");
        Dataset d = r.dataset();
        assertEquals("perf-sched-script+pgbench", r.report().format());
        assertEquals(2, d.cpuCount());
        CounterSeries tps = d.counter("pgbench tps").orElseThrow();
        assertEquals(d.cpus().get(0).slices().startNs(0), tps.tNs(0), "pgbench's clock starts with the recording's");
        assertEquals(Long.toString(tps.tNs(0)), d.metadata().parameters().get("relativeClockAlignedAtNs"));
        assertEquals("2599.603685", d.metadata().parameters().get("pgbench.tps"));
        // nothing in the files says the two began together (perf recorded 1.5 s somewhere in pgbench's
        // 8 s): the placement is a guess the reader must see, on the log it moved
        FileReport log = r.report().files().get(1);
        assertEquals(List.of("has no clock of its own (its times count from 0): placed at the start of"
                + " runA_perf_sched_script.txt.gz (329.519877 s); if the two did not start together, its samples"
                + " are off by the difference"), log.notes());
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.startsWith(log.file() + ": has no clock")),
                r.report().warnings().toString());
        assertTrue(r.report().files().get(0).notes().stream().noneMatch(n -> n.contains("no clock")));
        // a log alone is placed nowhere: no note
        ImportResult alone = Fixtures.importAll("real/pgbench-local/runA_pgbench.txt");
        assertEquals(List.of(), alone.report().files().get(0).notes());
    }

    @Test
    void nstatJsonIsReadAsNstatIsOneSnapshotPerObjectOnOneLineOrPretty() throws Exception {
        // nstat --json (and --json --pretty) was "not a recording format SchedLab reads"
        String oneLine = "{\"kernel\":{\"IpInReceives\":4585,\"TcpRetransSegs\":227,\"TcpExtTCPFastRetrans\":0}}\n"
                + "{\"kernel\":{\"IpInReceives\":4600,\"TcpRetransSegs\":230,\"TcpExtTCPFastRetrans\":18446744073709551615}}\n";
        ImportResult r = Fixtures.importText("nstat.json", oneLine);
        assertEquals("nstat", r.report().format());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        CounterSeries retrans = r.dataset().counter("TcpRetransSegs").orElseThrow();
        assertEquals(2, retrans.size());
        assertEquals(230, retrans.value(1));
        assertEquals(1.8446744073709552E19, r.dataset().counter("TcpExtTCPFastRetrans").orElseThrow().value(1));

        String pretty = "{\n    \"kernel\": {\n        \"IpInReceives\": 4585,\n        \"TcpRetransSegs\": 227\n    }\n}\n";
        ImportResult q = Fixtures.importText("nstat-pretty.json", pretty);
        assertEquals(0, q.report().skippedLines(), q.report().warnings().toString());
        assertEquals(227, q.dataset().counter("TcpRetransSegs").orElseThrow().value(0));

        // a damaged value refuses its snapshot by line, and keeps none of its values; a cut object is reported
        ImportResult bad = Fixtures.importText("nstat.json", oneLine.replace("4600", "\"x\"") + "{\"kernel\":{\"Ip");
        FileReport f = bad.report().files().get(0);
        assertEquals(List.of(2L, 3L), f.firstSkippedLines());
        assertTrue(f.firstSkipReason().contains("expected a counter value (0 .. 18446744073709551615) for"
                + " \"IpInReceives\" in the nstat --json object from line 2"), f.firstSkipReason());
        assertEquals(1, bad.dataset().counter("TcpRetransSegs").orElseThrow().size());
    }

    /**
     * A broken nstat --json object is said in plain words at the file's line (the parser's raw
     * message was clipped at 80 characters); two objects run together on one line were read as
     * the first alone, the second snapshot lost without a word.
     */
    @Test
    void aBrokenOrRunTogetherNstatJsonObjectIsNamedByLineInPlainWords() throws Exception {
        String one = "{\"kernel\":{\"IpInReceives\":4585,\"TcpRetransSegs\":227}}\n";
        FileReport broken = Fixtures.importText("nstat.json", one + "{\n\"kernel\":{\"IpInReceives\":4600,\n"
                + "\"TcpRetransSegs\" 230}}\n").report().files().get(0);
        assertEquals(List.of(4L), broken.firstSkippedLines());
        assertEquals("line 4: expected nstat --json output: the JSON from line 2 is not valid (found '2' where a"
                + " colon was expected after the field name at line 4, column 18)",
                broken.firstSkipReason());
        FileReport joined = Fixtures.importText("nstat.json", one + one.strip() + one).report().files().get(0);
        assertEquals(List.of(2L), joined.firstSkippedLines());
        assertEquals("line 2: expected one nstat --json object, {\"kernel\":{...}}, from line 2, found more after its"
                + " \"kernel\" counters at line 2, column 54", joined.firstSkipReason());
    }

    @Test
    void nstatSnapshotCountersKeepTheirKernelNames() throws Exception {
        ImportResult r = Fixtures.importAll("real/pgbench-local/nstat_snapshot.txt");
        Dataset d = r.dataset();
        assertEquals("nstat", r.report().format());
        assertEquals(4585, d.counter("IpInReceives").orElseThrow().value(0));
        assertEquals(1, d.counter("TcpExtTCPDSACKRecv").orElseThrow().value(0));
        assertEquals(7, d.counter("TcpExtTCPDSACKOldSent").orElseThrow().value(0));
        assertFalse(d.counter("TcpExtTCPDSACKOfoRecv").isPresent(), "zero throughout: counted, not drawn");
        assertTrue(r.report().files().get(0).notes().get(0).contains("are zero throughout"));
    }

    @Test
    void oneCounterZeroThroughoutIsSaidInTheSingular() throws Exception {
        ImportResult r = Fixtures.importText("nstat.txt", "#kernel\nIpInReceives                    4585               0.0\n"
                + "TcpExtTCPDSACKRecv              0                  0.0\n");
        assertEquals("nstat", r.report().format());
        assertTrue(r.report().files().get(0).notes().contains("1 of 2 counters is zero throughout and is not drawn"),
                r.report().files().get(0).notes().toString());
    }

    @Test
    void procNetFilesJoinPrefixAndNameAsNstatDoes() throws Exception {
        Dataset snmp = Fixtures.importAll("public/netstat/node_exporter_fixture_proc_net_snmp.txt").dataset();
        assertEquals(227, snmp.counter("TcpRetransSegs").orElseThrow().value(0));
        assertEquals(-1, snmp.counter("TcpMaxConn").orElseThrow().value(0));
        Dataset netstat = Fixtures.importAll("public/netstat/node_exporter_fixture_proc_net_netstat.txt").dataset();
        assertTrue(netstat.counter("TcpExtDelayedACKs").isPresent());
    }

    @Test
    void severalSnapshotsBecomeTracksASecondApart() throws Exception {
        String text = "#kernel\nTcpRetransSegs 10 0.0\nTcpExtTCPDSACKRecv 1 0.0\n"
                + "#kernel\nTcpRetransSegs 15 0.0\nTcpExtTCPDSACKRecv 4 0.0\n";
        Dataset d = Fixtures.importText("nstat.txt", text).dataset();
        CounterSeries c = d.counter("TcpRetransSegs").orElseThrow();
        assertEquals(2, c.size());
        assertEquals(1_000_000_000L, c.tNs(1));
        assertEquals(15, c.value(1));
        assertEquals("2", d.metadata().parameters().get("netCounters.snapshots"));
    }

    @Test
    void nstatIncrementsBecomeRunningTotalsSoAChangeIsTheirSum() throws Exception {
        // nstat without -a prints what changed since its last run: the per-second loop of record.sh.
        // Read as totals, TcpInSegs "changed" by -14050 over the bundled recording.
        String text = "#kernel\nTcpInSegs 100 0.0\nTcpCurrEstab 17 0.0\nTcpRetransSegs 2 0.0\n"
                + "#kernel\nTcpInSegs 60 0.0\nTcpCurrEstab 16 0.0\n"
                + "#kernel\nTcpInSegs 80 0.0\nTcpCurrEstab 17 0.0\nTcpRetransSegs 1 0.0\n";
        Dataset d = Fixtures.importText("nstat.txt", text).dataset();
        assertTrue(d.metadata().parameters().get("netCounters.values").startsWith("increments"));
        CounterSeries in = d.counter("TcpInSegs").orElseThrow();
        assertEquals(4, in.size(), "0 one snapshot before the first, then a running total per snapshot");
        assertEquals(0, in.value(0));
        assertEquals(240, in.value(3));
        assertEquals(3_000_000_000L, in.tNs(3));
        CounterSeries retrans = d.counter("TcpRetransSegs").orElseThrow();
        assertEquals(3, retrans.value(retrans.size() - 1), "absent from the second snapshot: nothing changed");
        CounterSeries estab = d.counter("TcpCurrEstab").orElseThrow();
        assertEquals(16, estab.value(1), "a gauge is a level: kept, never summed");

        Dataset bundled = Importer.standard().importFile(RecordingSource.of(
                java.nio.file.Path.of("example-data/recordings/pgbench-sandbox-2cpu/nstat.txt.gz"))).dataset();
        CounterSeries segs = bundled.counter("TcpInSegs").orElseThrow();
        assertEquals(58738 + 48703 + 56356 + 40730 + 58572 + 44688, segs.value(segs.size() - 1));
    }

    @Test
    void totalsThatOnlyGrowStayAsTheyAre() throws Exception {
        String text = "#kernel\nTcpInSegs 100 0.0\nTcpCurrEstab 17 0.0\n"
                + "#kernel\nTcpInSegs 160 0.0\nTcpCurrEstab 12 0.0\n";
        Dataset d = Fixtures.importText("nstat.txt", text).dataset();
        assertTrue(d.metadata().parameters().get("netCounters.values").startsWith("totals"), "a gauge going down"
                + " does not make totals increments");
        assertEquals(160, d.counter("TcpInSegs").orElseThrow().value(1));
    }

    @Test
    void aYcsbLoadAndRunInOneFileAreRefusedAtTheSecondResult() throws Exception {
        // `ycsb load ... >> out.txt; ycsb run ... >> out.txt`: the run's [OVERALL] figures replaced the
        // load's, and the load's [INSERT] stayed beside the run's READ and UPDATE - one run read from two
        String load = "[OVERALL], RunTime(ms), 2210\n[OVERALL], Throughput(ops/sec), 452.48868778280544\n"
                + "[INSERT], Operations, 1000\n[INSERT], AverageLatency(us), 1840.2\n[INSERT], Return=OK, 1000\n";
        String run = java.nio.file.Files.readString(Fixtures.path("public/ycsb/depdx_LOG8430_outputRun_workloada.txt"));
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("out.txt", load + run));
        assertEquals("out.txt:6: a second YCSB run's result starts here (\"[OVERALL], RunTime(ms)\" again, the first"
                + " at line 1): expected one run's output a file (split the file there and open each part, or compare"
                + " them as A and B)", e.getMessage());
        // the run alone reads as before
        assertEquals("1481.48 ops/s", Fixtures.importText("run.txt", run).dataset().metadata().parameters()
                .get("throughput"));
    }

    @Test
    void ycsbHistogramBucketsAreKeptAsAHistogramNotDrawnAsLatencyOverTime() throws Exception {
        // measurementtype=histogram: "[UPDATE], 1, 414" is 414 updates of 1 to 2 ms. They were drawn
        // as a "latency" of 414 us at 1 ms after the start, 71 us at 2 ms, ...
        ImportResult r = Fixtures.importAll("handmade/ycsb/run_histogram.txt");
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        assertTrue(d.counters().isEmpty(), d.counters().toString());
        Map<String, String> p = d.metadata().parameters();
        assertEquals("1:414,2:71,4:5,9:1", p.get("ycsb.UPDATE.latencyHistogram(ms)"));
        assertEquals("0:488,1:29,2:1,5:1", p.get("ycsb.READ.latencyHistogram(ms)"));
        assertEquals("1", p.get("ycsb.UPDATE.>10"), "the overflow bucket");
        assertEquals("492", p.get("ycsb.UPDATE.Operations"));
        assertFalse(p.containsKey("ycsb.UPDATE.1"), p.toString());

        // buckets go up: one out of order is a damaged line
        FileReport f = Fixtures.importText("ycsb.txt", "[READ], Operations, 3\n[READ], 0, 1\n[READ], 2, 1\n"
                + "[READ], 1, 1\n").report().files().get(0);
        assertEquals(List.of(4L), f.firstSkippedLines());
        assertTrue(f.firstSkipReason().contains("latency bucket 1 ms after bucket 2 ms"), f.firstSkipReason());
    }

    @Test
    void ycsbRawMeasurementsGiveTheFiguresAndTracksTheOtherMeasurementTypesGive() throws Exception {
        // -p measurementtype=raw: "READ,1733328000120,412" (operation, end in Unix ms, latency in us) was
        // each "not understood", and its summary ("[READ], Average, ...", "p95") named unlike the others'
        ImportResult r = Fixtures.importAll("handmade/ycsb/run_raw.txt");
        assertEquals("ycsb", r.report().format());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("10", p.get("ycsb.READ.Operations"));
        assertEquals("1431.5", p.get("ycsb.READ.AverageLatency(us)"));
        assertEquals("365", p.get("ycsb.READ.MinLatency(us)"));
        assertEquals("9815", p.get("ycsb.READ.95thPercentileLatency(us)"));
        assertEquals("412", p.get("ycsb.READ.50thPercentileLatency(us)"));
        // raw's own p1 and p99.9 under the names YCSB's HdrHistogram type gives them
        assertEquals("365", p.get("ycsb.READ.1stPercentileLatency(us)"));
        assertEquals("9815", p.get("ycsb.READ.99.9PercentileLatency(us)"));
        assertEquals("15002", p.get("ycsb.UPDATE.MaxLatency(us)"));
        assertFalse(p.keySet().stream().anyMatch(k -> k.contains("Below is a summary")), p.toString());
        Map<String, Map<String, Double>> latency = org.schedlab.analysis.ClientLatency.of(p);
        assertEquals(1431.5, latency.get("READ").get("mean"), 1e-9);
        assertEquals(716.0, latency.get("UPDATE").get("p50"), 1e-9);
        assertEquals(10.0, latency.get("UPDATE").get("count"), 1e-9);

        // per second from the first point: each operation's mean latency, and the operations (CLEANUP,
        // each client thread's teardown, is none); the last second ends with the last operation
        CounterSeries read = r.dataset().counter("ycsb READ latency").orElseThrow();
        assertEquals(623.0, read.value(0), 1e-9);
        assertEquals(1_000_000_000L, read.tNs(1) - read.tNs(0));
        assertEquals(3549.0, read.value(1), 1e-9);
        assertEquals(392.0, read.value(2), 1e-9);
        CounterSeries ops = r.dataset().counter("ycsb ops/sec").orElseThrow();
        assertEquals(7.0, ops.value(0), 1e-9);
        assertEquals(7.0, ops.value(1), 1e-9);
        assertEquals(6 * 1000.0 / 383, ops.value(2), 1e-9, "to the last operation, UPDATE's at 2503 ms, not CLEANUP's");
        assertEquals(2_383_000_000L, ops.tNs(3) - ops.tNs(0));
        assertTrue(Double.isNaN(ops.value(3)), "no figure after the run");

        // measurement.raw.output_file: the points alone, without YCSB's summary, give the same figures
        String text = java.nio.file.Files.readString(Fixtures.path("handmade/ycsb/run_raw.txt"));
        String points = java.util.Arrays.stream(text.split("\n")).filter(l -> !l.startsWith("[")
                && !l.startsWith("Raw data")).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        Map<String, String> q = Fixtures.importText("raw.csv", points).dataset().metadata().parameters();
        for (String k : List.of("ycsb.READ.Operations", "ycsb.READ.AverageLatency(us)", "ycsb.READ.MinLatency(us)",
                "ycsb.READ.MaxLatency(us)", "ycsb.READ.95thPercentileLatency(us)", "ycsb.READ.99thPercentileLatency(us)",
                "ycsb.UPDATE.50thPercentileLatency(us)", "ycsb.UPDATE.AverageLatency(us)")) {
            assertEquals(p.get(k), q.get(k), k);
        }

        // a damaged or cut point, or one of another operation under a header, is named by line and left out
        String head = "READ latency raw data: op, timestamp(ms), latency(us)\nREAD,1733328000120,412\n";
        String[][] cases = {
            {"READ,1733328000385", "line 3: expected \"READ,TIMESTAMP_MS,LATENCY_US\" (measurementtype=raw), found"
                + " \"READ,1733328000385\""},
            {"READ,1733328000385,-3", "line 3: expected \"READ,TIMESTAMP_MS,LATENCY_US\" (measurementtype=raw),"
                + " found \"READ,1733328000385,-3\""},
            {"UPDATE,1733328000385,702", "line 3: expected a raw data point of READ under its \"READ latency raw data:"
                + " op, timestamp(ms), latency(us)\" header, found one of UPDATE"},
        };
        for (String[] c : cases) {
            ImportResult bad = Fixtures.importText("raw.csv", head + c[0] + "\nREAD,1733328000701,1290\n");
            assertEquals(c[1], bad.report().files().get(0).firstSkipReason(), c[0]);
            assertEquals("2", bad.dataset().metadata().parameters().get("ycsb.READ.Operations"), c[0]);
        }
    }

    @Test
    void ycsbRawLastSecondsRateIsOverItsOperationsNotStretchedToTheClientsTeardown() throws Exception {
        // 10 READs a second, the last two 40 ms into the second; the client threads' CLEANUP (their
        // teardown, no operation of the workload) ends 900 ms later. The last second's rate was taken
        // over its length up to the CLEANUP: 2 operations in 940 ms, 2.1 ops/s where 50/s ran
        StringBuilder raw = new StringBuilder("READ latency raw data: op, timestamp(ms), latency(us)\n");
        for (int i = 0; i < 10; i++) {
            raw.append("READ,").append(1733328000000L + i * 100).append(",400\n");
        }
        raw.append("READ,1733328001000,400\nREAD,1733328001040,400\n");
        raw.append("CLEANUP latency raw data: op, timestamp(ms), latency(us)\nCLEANUP,1733328001940,900000\n");
        ImportResult r = Fixtures.importText("raw.txt", raw.toString());
        CounterSeries ops = r.dataset().counter("ycsb ops/sec").orElseThrow();
        assertEquals(10.0, ops.value(0), 1e-9);
        assertEquals(2 * 1000.0 / 40, ops.value(1), 1e-9);
        assertEquals(1_040_000_000L, ops.tNs(2) - ops.tNs(0), "the rate ends with the last operation");
        assertTrue(Double.isNaN(ops.value(2)));
        // the teardown's own latency is drawn to its end
        CounterSeries cleanup = r.dataset().counter("ycsb CLEANUP latency").orElseThrow();
        assertEquals(900000.0, cleanup.value(cleanup.size() - 2), 1e-9);
        assertEquals(1_940_000_000L, cleanup.tNs(cleanup.size() - 1) - ops.tNs(0));
    }

    @Test
    void ycsbRawPointCutAtTheEndOfTheFileIsLeftOutNamingItsLine() throws Exception {
        // YCSB ends every raw point with a line break: a last line without one was cut inside the point, its
        // latency (or time) short of digits ("READ,1733328001040,40" of ",400"). It was read as a whole
        // point, the last second's count and mean taking it, with only a note that the line might be cut
        StringBuilder raw = new StringBuilder("READ latency raw data: op, timestamp(ms), latency(us)\n");
        for (int i = 0; i < 10; i++) {
            raw.append("READ,").append(1733328000000L + i * 100).append(",400\n");
        }
        raw.append("READ,1733328001000,400\nREAD,1733328001020,400\n");
        String whole = raw + "READ,1733328001040,400\n";
        ImportResult cut = Fixtures.importText("raw.txt", raw + "READ,1733328001040,40");
        Map<String, String> p = cut.dataset().metadata().parameters();
        assertEquals("12", p.get("ycsb.READ.Operations"), "the cut point is not counted");
        assertEquals("400", p.get("ycsb.READ.MinLatency(us)"), "nor its short latency");
        assertEquals(List.of(cut.report().files().get(0).file() + ": line 14, the last, is a raw data point without"
                + " its line break: the file was cut inside it, so its time or latency may have lost digits; left out"),
                cut.report().warnings());
        CounterSeries ops = cut.dataset().counter("ycsb ops/sec").orElseThrow();
        assertEquals(2 * 1000.0 / 20, ops.value(1), 1e-9, "the last second ends with the last whole point");
        CounterSeries read = cut.dataset().counter("ycsb READ latency").orElseThrow();
        assertEquals(400.0, read.value(1), 1e-9);
        // the same point with its line break is a point
        ImportResult ok = Fixtures.importText("raw.txt", whole);
        assertEquals("13", ok.dataset().metadata().parameters().get("ycsb.READ.Operations"));
        assertEquals(List.of(), ok.report().warnings());
    }

    @Test
    void ycsbRawOpsPerSecondCountsEachOperationOnceNotItsIntendedTwinNorTheReadModifyWriteAroundIt()
            throws Exception {
        // -p measurement.interval=both measures each operation twice, READ and Intended-READ (from its
        // intended start), and workload F's READ-MODIFY-WRITE is measured around the READ and UPDATE it
        // makes, which are measured themselves: 10 operations a second were drawn as 20, and an RMW as 3
        StringBuilder raw = new StringBuilder();
        for (String op : List.of("READ", "Intended-READ")) {
            raw.append(op).append(" latency raw data: op, timestamp(ms), latency(us)\n");
            for (int i = 0; i < 10; i++) {
                raw.append(op).append(',').append(1733328000000L + i * 100).append(op.equals("READ") ? ",400\n" : ",450\n");
            }
            raw.append(op).append(",1733328001000,400\n");
        }
        raw.append("UPDATE latency raw data: op, timestamp(ms), latency(us)\nUPDATE,1733328001020,700\n");
        raw.append("READ-MODIFY-WRITE latency raw data: op, timestamp(ms), latency(us)\nREAD-MODIFY-WRITE,1733328001020,1100\n");
        ImportResult r = Fixtures.importText("raw.txt", raw.toString());
        CounterSeries ops = r.dataset().counter("ycsb ops/sec").orElseThrow();
        assertEquals(10.0, ops.value(0), 1e-9);
        assertEquals(2 * 1000.0 / 20, ops.value(1), 1e-9, "the READ and the RMW's UPDATE, in 20 ms");
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("11", p.get("ycsb.Intended-READ.Operations"), "its own figures are kept");
        assertEquals("1", p.get("ycsb.READ-MODIFY-WRITE.Operations"));
        assertTrue(r.report().files().get(0).notes().stream().anyMatch(n -> n.contains("READ-MODIFY-WRITE")),
                r.report().files().get(0).notes().toString());
    }

    @Test
    void ycsbLinesGoingBackInTimeAreReportedByLineAndTheRestIsRead() throws Exception {
        // both used to fail the whole import as "could not assemble a consistent dataset", with no line
        // a time series' averages are doubles, which YCSB prints with a '.' ("100.0")
        String series = "[READ], 0, 100.0\n[READ], 2, 120.5\n[UPDATE], 0, 300.0\n[READ], 1, 130.0\n[READ], 3, 140.0\n"
                + "[OVERALL], RunTime(ms), 675\n";
        ImportResult r = Fixtures.importText("ycsb.txt", series);
        FileReport f = r.report().files().get(0);
        assertEquals(List.of(4L), f.firstSkippedLines());
        assertTrue(f.firstSkipReason().startsWith("line 4: time 1 ms goes back before 2 ms"), f.firstSkipReason());
        // 0, 2 and 3 ms, and the close of the 3 ms bucket at 4 ms
        assertEquals(4, r.dataset().counter("ycsb READ latency").orElseThrow().size());
        String status = "2019-03-13 10:29:56:345 10 sec: 45123 operations; 4512.3 current ops/sec; [READ: Avg=1.5]\n"
                + "2019-03-13 10:29:51:345 5 sec: 20000 operations; 4000.0 current ops/sec; [READ: Avg=1.0]\n"
                + "2019-03-13 10:30:06:345 20 sec: 90000 operations; 4487.7 current ops/sec; [READ: Avg=1.2]\n";
        r = Fixtures.importText("ycsb.txt", status);
        f = r.report().files().get(0);
        assertEquals(List.of(2L), f.firstSkippedLines());
        assertTrue(f.firstSkipReason().startsWith("line 2: time 5 sec goes back before 10 sec"), f.firstSkipReason());
        // 10 s and 20 s (5 s refused): samples at 0 and 10 s, the close at 20 s
        assertEquals(3, r.dataset().counter("ycsb ops/sec").orElseThrow().size());
    }

    @Test
    void aYcsbStatusFigureThatIsNoNumberRefusesItsLine() throws Exception {
        String good = "2019-03-13 10:29:56:345 10 sec: 45123 operations; 4512.3 current ops/sec; [READ: Avg=1.5]\n";
        String[] damaged = {
            "2019-03-13 10:30:06:345 20 sec: 90000 operations; 4487.7 current ops/sec; [READ: Avg=1x2.5]\n",
            "2019-03-13 10:30:06:345 20 sec: 90000 operations; -4487.7 current ops/sec; [READ: Avg=1.2]\n",
        };
        for (String line : damaged) {
            ImportResult r = Fixtures.importText("ycsb.txt", good + line);
            FileReport f = r.report().files().get(0);
            assertEquals(1, f.skippedLines(), line);
            assertTrue(f.firstSkipReason().startsWith("line 2: expected a number"), f.firstSkipReason());
            assertEquals(2, r.dataset().counter("ycsb ops/sec").orElseThrow().size(), line); // 0 s, closed at 10 s
        }
        // YCSB prints Avg=NaN for an operation that did not run in the interval: not measured, not damaged
        ImportResult r = Fixtures.importText("ycsb.txt", good
                + "2019-03-13 10:30:06:345 20 sec: 90000 operations; 4487.7 current ops/sec; [READ: Count=0, Avg=NaN]\n");
        assertEquals(0, r.report().skippedLines());
        assertEquals(3, r.dataset().counter("ycsb ops/sec").orElseThrow().size());
        CounterSeries read = r.dataset().counter("ycsb READ avg latency").orElseThrow();
        assertEquals(1.5, read.value(0), "READ's 1.5 us from 0 to 10 s");
        assertFalse(read.hasValue(1), "and no READ latency from 10 s on: a gap, not 1.5 held over");
    }

    @Test
    void nstatSnapshotsWithoutTheirHeaderLineStillBecomeTracks() throws Exception {
        // "nstat -a | grep Tcp" run in a loop prints no "#kernel": a counter seen again starts the next
        // snapshot, where it used to overwrite the one before and leave only the last values
        String text = "TcpRetransSegs 10 0.0\nTcpExtTCPDSACKRecv 1 0.0\n"
                + "TcpRetransSegs 15 0.0\nTcpExtTCPDSACKRecv 4 0.0\n"
                + "TcpRetransSegs 19 0.0\nTcpExtTCPDSACKRecv 4 0.0\n";
        Dataset d = Fixtures.importText("nstat.txt", text).dataset();
        CounterSeries c = d.counter("TcpRetransSegs").orElseThrow();
        assertEquals(3, c.size());
        assertEquals(10, c.value(0));
        assertEquals(19, c.value(2));
        assertEquals(2_000_000_000L, c.tNs(2));
        assertEquals("3", d.metadata().parameters().get("netCounters.snapshots"));
    }

    @Test
    void aProcNetRowRefusedForABadValueLeavesNoneOfItsValuesBehind() throws Exception {
        // the values before the bad one were kept: a row reported as not understood still gave counters
        String text = "Tcp: RtoAlgorithm RtoMin RetransSegs\nTcp: 1 200 227\n"
                + "Udp: InDatagrams NoPorts InErrors\nUdp: 4585 1x2 7\n";
        ImportResult r = Fixtures.importText("snmp.txt", text);
        assertEquals(1, r.report().skippedLines());
        assertTrue(r.dataset().counter("TcpRetransSegs").isPresent());
        assertTrue(r.dataset().counter("UdpInDatagrams").isEmpty(), "nothing of the refused Udp row");
    }

    @Test
    void aProcNetValueRowWhoseFirstValueIsDamagedIsReportedByLineNotTakenForNames() throws Exception {
        // "TcpExt: X#? 0 2 ..." under its row of names was read as a second row of names: the
        // section's counters were dropped without a word and the file opened as if complete
        String text = "Tcp: RtoAlgorithm RtoMin RetransSegs\nTcp: 1 200 227\n"
                + "TcpExt: SyncookiesSent TW DelayedACKs\nTcpExt: X#? 388812 4471289\n";
        ImportResult r = Fixtures.importText("netstat.txt", text);
        assertEquals(1, r.report().skippedLines(), r.report().warnings().toString());
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("line 4")
                && w.contains("TcpExt: expected a number") && w.contains("for SyncookiesSent, found \"X#?\"")),
                r.report().warnings().toString());
        assertTrue(r.dataset().counter("TcpRetransSegs").isPresent());
        assertTrue(r.dataset().counter("TcpExtTW").isEmpty(), "nothing of the refused TcpExt row");
    }

    @Test
    void aProcNetNamesRowWithoutItsValuesIsReported() throws Exception {
        // a file cut after a row of names, or its values row lost: the section was dropped silently
        String text = "Tcp: RtoAlgorithm RtoMin RetransSegs\nTcp: 1 200 227\n"
                + "TcpExt: SyncookiesSent TW DelayedACKs\n";
        ImportResult r = Fixtures.importText("netstat.txt", text);
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("line 3")
                && w.contains("TcpExt") && w.contains("no row of values")), r.report().warnings().toString());
    }

    @Test
    void netstatDashSIsReadBySection() throws Exception {
        String text = "Ip:\n    4585 total packets received\n    Forwarding: 2\nTcp:\n    227 segments retransmitted\n"
                + "TcpExt:\n    12 TCP data loss events\n    TCPDSACKRecv: 3\n";
        ImportResult r = Fixtures.importText("netstat.txt", text);
        assertEquals("netstat-s", r.report().format());
        assertEquals(227, r.dataset().counter("Tcp: segments retransmitted").orElseThrow().value(0));
        assertEquals(3, r.dataset().counter("TcpExt: TCPDSACKRecv").orElseThrow().value(0));
        assertEquals(2, r.dataset().counter("Ip: Forwarding").orElseThrow().value(0));
    }

    @Test
    void aYcsbTimeSeriesLastBucketIsDrawnToTheRunsEnd() throws Exception {
        // -p measurementtype=timeseries: "[READ], 2000, 250.0" averages the bucket from 2 s to 3 s;
        // a 3 s run was drawn over 2 s and its last READ figure, "max 250 us", nowhere on the track
        String series = "[OVERALL], RunTime(ms), 3000\n[OVERALL], Throughput(ops/sec), 40000.0\n"
                + "[READ], 0, 230.5\n[READ], 1000, 240.1\n[READ], 2000, 250.0\n"
                + "[UPDATE], 0, 500.5\n[UPDATE], 1000, 510.0\n";
        Dataset d = Fixtures.importText("ycsb-series.txt", series).dataset();
        assertEquals(3_000_000_000L, d.spanNs(), "the run's three seconds");
        CounterSeries read = d.counter("ycsb READ latency").orElseThrow();
        int last = read.indexAt(2_500_000_000L);
        assertEquals(250.0, read.value(last), "2.5 s is in the bucket from 2 s");
        assertEquals(3_000_000_000L, read.holdsUntil(last, d.endNs()));
        CounterSeries update = d.counter("ycsb UPDATE latency").orElseThrow();
        int u = update.indexAt(1_500_000_000L);
        assertEquals(510.0, update.value(u));
        assertEquals(2_000_000_000L, update.holdsUntil(u, d.endNs()), "one bucket long");
        assertTrue(Double.isNaN(update.value(update.indexAt(2_500_000_000L))), "no UPDATE figure from 2 s on: a gap");
    }

    @Test
    void theMongoDbBindingsConnectionLineIsNotALineNotUnderstood() throws Exception {
        // case B's own client: "ycsb run mongodb -s ..." prints it before its first status line,
        // and every MongoDB YCSB output imported with "1 of 32 lines not understood (line 7)"
        String out = "YCSB Client 0.17.0\n\nLoading workload...\nStarting test.\n"
                + "mongo client connection created with mongodb://10.0.0.5:27017/ycsb?w=1\n"
                + "2023-02-07 10:00:10:123 10 sec: 421000 operations; 42100 current ops/sec; est completion in 3 minutes"
                + " [READ: Count=210500, Max=26527, Min=79, Avg=235.81, 90=300, 99=508] \n"
                + "[OVERALL], RunTime(ms), 10000\n[OVERALL], Throughput(ops/sec), 42100.0\n";
        ImportResult r = Fixtures.importText("ycsb-mongodb.txt", out);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals("42100.0", r.dataset().metadata().parameters().get("ycsb.OVERALL.Throughput(ops/sec)"));
        ImportResult async = Fixtures.importText("ycsb-async.txt",
                "mongo connection created with mongodb://localhost:27017/ycsb\n[OVERALL], RunTime(ms), 675\n");
        assertEquals(0, async.report().skippedLines(), async.report().warnings().toString());
    }

    @Test
    void theLinesYcsbPrintsWhenMaxExecutionTimeEndsTheRunAreNotLinesNotUnderstood() throws Exception {
        // "-p maxexecutiontime=20 -s": YCSB's TerminatorThread says so on stderr, beside the status lines;
        // each of its lines was "not understood", as if the log were damaged
        String out = "YCSB Client 0.17.0\n\nLoading workload...\nStarting test.\n"
                + "Maximum execution time specified as: 20 secs\n"
                + "2023-02-07 10:00:10:123 10 sec: 421000 operations; 42100 current ops/sec; est completion in 10"
                + " seconds [READ: Count=210500, Max=26527, Min=79, Avg=235.81, 90=300, 99=508]\n"
                + "Maximum time elapsed. Requesting stop for the workload.\n"
                + "Stop requested for workload. Now Joining!\n"
                + "Still waiting for thread Thread-3 to complete. Workload status: true\n"
                + "2023-02-07 10:00:20:125 20 sec: 842000 operations; 42100 current ops/sec; [CLEANUP: Count=1,"
                + " Max=2, Min=2, Avg=2.0, 90=2, 99=2]\n";
        ImportResult r = Fixtures.importText("ycsb.txt", out);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals(3, r.dataset().counter("ycsb ops/sec").orElseThrow().size());
    }

    @Test
    void ycsbSummaryIsMetadataAndStatusLinesAreTracks() throws Exception {
        Map<String, String> p = Fixtures.importAll("public/ycsb/depdx_LOG8430_outputRun_workloada.txt").dataset()
                .metadata().parameters();
        assertEquals("1481.4814814814815", p.get("ycsb.OVERALL.Throughput(ops/sec)"));
        assertEquals("508", p.get("ycsb.READ.99thPercentileLatency(us)"));
        assertEquals("1481.48 ops/s", p.get("throughput")); // rounded; the tool's own value is the line above
        String status = "2019-03-13 10:29:56:345 10 sec: 45123 operations; 4512.3 current ops/sec; est completion"
                + " in 1 minute [READ: Count=22557, Max=9000, Min=80, Avg=123.45, 90=200, 99=900] [UPDATE: Count=1,"
                + " Max=5, Min=5, Avg=5.0]\n[OVERALL], RunTime(ms), 20000\n";
        Dataset d = Fixtures.importText("ycsb.txt", status).dataset();
        assertEquals(4512.3, d.counter("ycsb ops/sec").orElseThrow().value(0));
        // "10 sec: ... 4512.3 current ops/sec" is the first ten seconds: it holds from 0 to 10 s
        assertEquals(0, d.counter("ycsb READ avg latency").orElseThrow().tNs(0));
        assertEquals(10_000_000_000L, d.counter("ycsb ops/sec").orElseThrow().tNs(1));
        assertEquals(10_000_000_000L, d.spanNs(), "the run's ten seconds");
        assertEquals(123.45, d.counter("ycsb READ avg latency").orElseThrow().value(0));
    }

    @Test
    void ycsbStatusLinesOfTheHistogramAndTimeSeriesMeasurementsGiveTheirLatencyTracks() throws Exception {
        // -p measurementtype=timeseries (or histogram) -s prints "[READ AverageLatency(us)=410.2]", and no
        // block for an operation that did not run: those latencies were dropped without a word
        String status = " 0 sec: 0 operations;\n"
                + " 10 sec: 45123 operations; 4512.3 current ops/sec; [UPDATE AverageLatency(us)=810.5]"
                + " [READ AverageLatency(us)=410.2]\n"
                + " 20 sec: 90300 operations; 4517.7 current ops/sec; [UPDATE AverageLatency(us)=800]\n"
                + " 30 sec: 135000 operations; 4470 current ops/sec; [UPDATE AverageLatency(us)=805.25]"
                + " [READ AverageLatency(us)=405]\n";
        ImportResult r = Fixtures.importText("ycsb.txt", status);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        CounterSeries read = d.counter("ycsb READ avg latency").orElseThrow();
        assertEquals(0, read.tNs(0), "the \"10 sec:\" line's figure holds from 0 to 10 s");
        assertEquals(410.2, read.value(0));
        assertEquals(10_000_000_000L, read.tNs(1));
        assertFalse(read.hasValue(1), "READ did not run from 10 to 20 s: a gap");
        assertEquals(405.0, read.value(2));
        CounterSeries update = d.counter("ycsb UPDATE avg latency").orElseThrow();
        assertEquals(800.0, update.value(1));
        // a damaged figure refuses its line, as in the HdrHistogram form
        FileReport f = Fixtures.importText("ycsb.txt", status.replace("=800]", "=8x0]")).report().files().get(0);
        assertEquals("line 3: expected \"[OPERATION AverageLatency(us)=NUMBER]\", found \"[UPDATE"
                + " AverageLatency(us)=8x0]\"", f.firstSkipReason());
    }

    @Test
    void wiresharkPacketListGivesCumulativeTcpAnalysisTracks() throws Exception {
        String csv = "\"No.\",\"Time\",\"Source\",\"Destination\",\"Protocol\",\"Length\",\"Info\"\n"
                + "\"1\",\"0.000000\",\"10.0.0.1\",\"10.0.0.2\",\"TCP\",\"66\",\"[TCP Dup ACK 3#1] 80 > 5000 [ACK]\"\n"
                + "\"2\",\"0.500000\",\"10.0.0.1\",\"10.0.0.2\",\"TCP\",\"1514\",\"[TCP Fast Retransmission] 80 > 5000\"\n"
                + "\"3\",\"1.250000\",\"10.0.0.1\",\"10.0.0.2\",\"TCP\",\"66\",\"[TCP Dup ACK 3#2] 80 > 5000 [ACK]\"\n";
        ImportResult r = Fixtures.importText("capture.csv", csv);
        Dataset d = r.dataset();
        CounterSeries dup = d.counter("tcp dupAcks").orElseThrow();
        // from 0 where the capture starts; its first packet, itself a duplicate ACK, a nanosecond later
        assertEquals(3, dup.size());
        assertEquals(0L, dup.tNs(0));
        assertEquals(0, dup.value(0));
        assertEquals(1L, dup.tNs(1));
        assertEquals(1_250_000_001L, dup.tNs(2));
        assertEquals(2, dup.value(2));
        assertEquals("1", d.metadata().parameters().get("tcp.fastRetrans"));
        assertEquals("0", d.metadata().parameters().get("tcp.spuriousRetrans"));
        // the Info column shows D-SACK blocks as any SACK block ("SLE=.. SRE=.."): no count (n/a), not a 0
        // beside another run's Expert Info count
        assertEquals(null, d.metadata().parameters().get("tcp.dsack"));
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("packet list's Info column")
                && w.contains("tcp.dsack is not counted")), r.report().warnings().toString());
    }

    @Test
    void aCapturesTcpCountsOverTheWholeFileIncludeItsFirstMarkedPacket() throws Exception {
        // the tracks began at their first count, so the TCP table's change from the start (at start 1,
        // at end 1) left it out: "Duplicate ACK 0" for a capture with one, one short of Wireshark's in any
        String later = "frame.time_relative,tcp.analysis.duplicate_ack,tcp.analysis.retransmission\n"
                + "0.000000,,\n0.000100,1,\n0.000200,,1\n0.000300,,\n";
        String first = "frame.time_relative,tcp.analysis.duplicate_ack,tcp.analysis.retransmission\n"
                + "0.000000,1,\n0.000100,1,\n0.000200,,1\n";
        for (String[] c : new String[][] {{later, "1"}, {first, "2"}}) {
            Dataset d = Fixtures.importText("capture.csv", c[0]).dataset();
            Map<String, Long> counts = new java.util.HashMap<>();
            for (org.schedlab.analysis.TcpCounters.Row row : org.schedlab.analysis.TcpCounters.of(d, d.startNs(),
                    d.endNs())) {
                counts.put(row.counter(), Math.round(row.change()));
            }
            assertEquals(Long.parseLong(c[1]), counts.get("tcp dupAcks"), c[0]);
            assertEquals(1L, counts.get("tcp retransSegs"), c[0]);
            assertEquals(c[1], d.metadata().parameters().get("tcp.dupAcks"), "the same as the file's total");
        }
        assertEquals(0L, Fixtures.importText("capture.csv", later).dataset().startNs(),
                "the capture starts at its first packet, not at its first marked one");
        assertEquals(0L, Fixtures.importText("capture.csv", first).dataset().startNs(), "never before 0");
    }

    @Test
    void aMarkedPacketAtTheFirstPacketsTimeCountsOverTheWholeFile() throws Exception {
        // a capture's first packets often share a timestamp (a millisecond clock, a burst): a
        // duplicate ACK at the first, unmarked, packet's time was drawn at the tracks' 0, where the
        // count then read 1 already, and the change over the whole file left it out
        String csv = "frame.time_relative,tcp.analysis.duplicate_ack,tcp.analysis.retransmission\n"
                + "0.000000,,\n0.000000,1,\n0.000000,,1\n0.000200,1,\n";
        Dataset d = Fixtures.importText("capture.csv", csv).dataset();
        Map<String, Long> counts = new java.util.HashMap<>();
        for (org.schedlab.analysis.TcpCounters.Row row : org.schedlab.analysis.TcpCounters.of(d, d.startNs(),
                d.endNs())) {
            counts.put(row.counter(), Math.round(row.change()));
        }
        assertEquals(2L, counts.get("tcp dupAcks"), counts.toString());
        assertEquals(1L, counts.get("tcp retransSegs"), counts.toString());
        assertEquals(0L, d.startNs());
    }

    @Test
    void tsharkPacketSummaryGivesThePacketListsTcpCounters() throws Exception {
        // "tshark -r capture.pcapng" without -T: the packet lines tshark prints by default, which were
        // "not a recording format"; the Info column's tags are the packet list CSV's
        ImportResult r = Fixtures.importAll("handmade/tshark/summary_iperf3_loss.txt");
        assertEquals("wireshark-csv", r.report().format());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("4", p.get("tcp.dupAcks"));
        assertEquals("1", p.get("tcp.fastRetrans"));
        // the fast and the spurious retransmission are retransmissions too, as tcp.analysis.retransmission
        // and Expert Info count them (the Info column shows one tag a packet)
        assertEquals("3", p.get("tcp.retransSegs"));
        assertEquals("1", p.get("tcp.spuriousRetrans"));
        assertEquals("1", p.get("tcp.outOfOrder"));
        assertEquals("1", p.get("tcp.lostSegment"));
        assertEquals("1", p.get("tcp.ackLostSegment"));
        // SLE=/SRE= are any SACK block: which are D-SACK the summary does not say, so no count (n/a), not 0
        assertEquals(null, p.get("tcp.dsack"));
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("tcp.dsack is not counted")),
                r.report().warnings().toString());
        CounterSeries dup = r.dataset().counter("tcp dupAcks").orElseThrow();
        assertEquals(5, dup.size());
        assertEquals(0L, dup.tNs(0), "0 from the capture's first packet");
        assertEquals(0, dup.value(0));
        assertEquals(460_000L, dup.tNs(1));
        assertEquals(201_530_000L, dup.tNs(4));
        assertEquals(4, dup.value(4));

        // the same packets as a packet list CSV give the same counts
        StringBuilder csv = new StringBuilder("\"No.\",\"Time\",\"Source\",\"Destination\",\"Protocol\",\"Length\","
                + "\"Info\"\n");
        java.util.regex.Pattern line = java.util.regex.Pattern.compile(
                "\\s*(\\d+)\\s+(\\S+)\\s+(\\S+) \u2192 (\\S+)\\s+(\\S+) (\\d+) (.*)");
        for (String l : java.nio.file.Files.readAllLines(Fixtures.path("handmade/tshark/summary_iperf3_loss.txt"))) {
            java.util.regex.Matcher m = line.matcher(l);
            assertTrue(m.matches(), l);
            csv.append(java.util.stream.IntStream.rangeClosed(1, 7).mapToObj(i -> "\"" + m.group(i) + "\"")
                    .collect(java.util.stream.Collectors.joining(","))).append('\n');
        }
        Map<String, String> q = Fixtures.importText("capture.csv", csv.toString()).dataset().metadata().parameters();
        for (String k : List.of("dupAcks", "fastRetrans", "retransSegs", "spuriousRetrans", "outOfOrder",
                "lostSegment", "ackLostSegment")) {
            assertEquals(q.get("tcp." + k), p.get("tcp." + k), k);
        }

        // "->" (tshark before 2.0, or a terminal without UTF-8) reads the same
        String text = java.nio.file.Files.readString(Fixtures.path("handmade/tshark/summary_iperf3_loss.txt"));
        Map<String, String> ascii = Fixtures.importText("tshark.txt", text.replace("\u2192", "->")).dataset().metadata()
                .parameters();
        assertEquals("4", ascii.get("tcp.dupAcks"));
        assertEquals("1", ascii.get("tcp.fastRetrans"));
    }

    @Test
    void tsharkPacketSummaryWithDatesTimesOfDayAndDamagedLines() throws Exception {
        // -t ad: a date and a time of day; a cut line, a packet number that goes back, tshark's own
        // warning printed into the file: each named by line, the others read
        String ad = "    1 2026-12-04 16:14:46.120000 10.0.0.1 → 10.0.0.2 TCP 66 [TCP Dup ACK 3#1] 5201 → 43210 [ACK]"
                + " Seq=1 Ack=1449 Win=501 Len=0\n"
                + "    2 2026-12-04 16:14:47.370000 10.0.0.1 → 10.0.0.2 TCP 66 [TCP Dup ACK 3#2] 5201 → 43210 [ACK]"
                + " Seq=1 Ack=1449 Win=501 Len=0\n"
                + "    3 2026-12-04 16:14:47.3\n"
                + "    2 2026-12-04 16:14:47.380000 10.0.0.1 → 10.0.0.2 TCP 66 [TCP Dup ACK 3#3] 5201 → 43210 [ACK]\n"
                + "Running as user \"root\" and group \"root\". This could be dangerous.\n"
                + "    4 2026-12-04 16:14:47.500000 10.0.0.2 → 10.0.0.1 TCP 1514 [TCP Retransmission] 43210 → 5201"
                + " [ACK] Seq=1449 Ack=1 Win=502 Len=1448\n";
        ImportResult r = Fixtures.importText("tshark.txt", ad);
        FileReport f = r.report().files().get(0);
        assertEquals(List.of(3L, 4L, 5L), f.firstSkippedLines());
        assertEquals("line 3: expected a tshark packet line \"NO. TIME SOURCE \u2192 DESTINATION PROTOCOL LENGTH"
                + " INFO\" (tshark -r CAPTURE without -T)", f.firstSkipReason());
        CounterSeries dup = r.dataset().counter("tcp dupAcks").orElseThrow();
        assertEquals(3, dup.size());
        assertEquals(1_250_000_000L, dup.tNs(2) - dup.tNs(1));
        assertEquals("1", r.dataset().metadata().parameters().get("tcp.retransSegs"));
        String[] lines = ad.split("\n");
        FileReport back = Fixtures.importText("tshark.txt", lines[0] + "\n" + lines[1] + "\n" + lines[3] + "\n")
                .report().files().get(0);
        assertEquals("line 3: packet number 2 after 2: expected numbers that go up (two outputs in one file?)",
                back.firstSkipReason());

        // -t d: each time since the packet before, so most go back: read, and a note says how to print them
        String delta = "    1   0.000000 10.0.0.1 → 10.0.0.2 TCP 66 [TCP Dup ACK 3#1] 5201 → 43210 [ACK]\n"
                + "    2   0.250000 10.0.0.1 → 10.0.0.2 TCP 66 [TCP Dup ACK 3#2] 5201 → 43210 [ACK]\n"
                + "    3   0.000120 10.0.0.1 → 10.0.0.2 TCP 66 [TCP Dup ACK 3#3] 5201 → 43210 [ACK]\n";
        ImportResult d = Fixtures.importText("tshark.txt", delta);
        assertTrue(d.report().warnings().stream().anyMatch(w -> w.contains("1 packet is earlier than the one before"
                + " (first on line 3)") && w.contains("-t d")), d.report().warnings().toString());
    }

    @Test
    void wiresharkPacketListShownAsTimeOfDayIsReadAndGoesOnPastMidnight() throws Exception {
        // View > Time Display Format > Time of Day: every row was refused, and the file with it
        String csv = "\"No.\",\"Time\",\"Source\",\"Destination\",\"Protocol\",\"Length\",\"Info\"\n"
                + "\"1\",\"23:59:59.500000\",\"10.0.0.1\",\"10.0.0.2\",\"TCP\",\"66\",\"[TCP Dup ACK 3#1] 80 > 5000\"\n"
                + "\"2\",\"23:59:59.750000\",\"10.0.0.1\",\"10.0.0.2\",\"TCP\",\"1514\",\"80 > 5000 [ACK]\"\n"
                + "\"3\",\"00:00:00.250000123\",\"10.0.0.1\",\"10.0.0.2\",\"TCP\",\"66\",\"[TCP Dup ACK 3#2] 80 > 5000\"\n";
        ImportResult r = Fixtures.importText("capture.csv", csv);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        CounterSeries dup = r.dataset().counter("tcp dupAcks").orElseThrow();
        assertEquals(3, dup.size());
        assertEquals(750_000_123L, dup.tNs(2) - dup.tNs(1), "a quarter second past midnight, not a day back");
        assertEquals(2, dup.value(2));
        FileReport bad = Fixtures.importText("capture.csv", csv.replace("23:59:59.750000", "23:61:59.750000"))
                .report().files().get(0);
        assertEquals(List.of(3L), bad.firstSkippedLines());
    }

    @Test
    void wiresharkExpertSummaryAndTsharkFieldsAreReadToo() throws Exception {
        String expert = "\"Severity\",\"Summary\",\"Group\",\"Protocol\",\"Count\"\n"
                + "\"Note\",\"Duplicate ACK (#1)\",\"Sequence\",\"TCP\",\"12\"\n"
                + "\"Note\",\"This frame is a (suspected) fast retransmission\",\"Sequence\",\"TCP\",\"3\"\n"
                + "\"Warning\",\"This frame is a (suspected) spurious retransmission\",\"Sequence\",\"TCP\",\"2\"\n";
        Map<String, String> p = Fixtures.importText("expert.csv", expert).dataset().metadata().parameters();
        assertEquals("12", p.get("tcp.dupAcks"));
        assertEquals("3", p.get("tcp.fastRetrans"));
        assertEquals("2", p.get("tcp.spuriousRetrans"));
        assertEquals("0", p.get("tcp.retransSegs"));
        String fields = "frame.time_relative,tcp.analysis.duplicate_ack,tcp.options.sack.dsack\n"
                + "0.1,1,\n0.2,,1\n0.3,1,\n";
        Dataset d = Fixtures.importText("fields.csv", fields).dataset();
        assertEquals(2, d.counter("tcp dupAcks").orElseThrow().value(2));
        assertEquals("1", d.metadata().parameters().get("tcp.dsack"));
        // a field not exported is not counted: no 0 for retransmissions nobody looked for
        assertEquals(null, d.metadata().parameters().get("tcp.retransSegs"));
        assertEquals(null, d.metadata().parameters().get("tcp.fastRetrans"));
        assertTrue(Fixtures.importText("fields.csv", fields).report().warnings().stream().anyMatch(
                w -> w.contains("tshark fields without tcp.analysis.fast_retransmission")), "names the missing fields");
    }

    @Test
    void tsharkFieldsSeparatedByTabsAsTsharkPrintsThemByDefaultAreRead() throws Exception {
        // "tshark -r cap.pcapng -T fields -E header=y -e frame.time_relative -e tcp.analysis..." without
        // "-E separator=,": tabs, which were "not a recording format SchedLab reads"
        String tabs = "frame.time_relative\ttcp.analysis.retransmission\ttcp.analysis.duplicate_ack\n"
                + "0.000000000\t\t\n0.000120000\t1\t\n0.000250000\t\t1\n0.001500000\t\t1\n";
        ImportResult r = Fixtures.importText("tcp.txt", tabs);
        assertEquals("wireshark-csv", r.report().format());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        assertEquals("1", d.metadata().parameters().get("tcp.retransSegs"));
        assertEquals("2", d.metadata().parameters().get("tcp.dupAcks"));
        assertEquals(1_500_000L, d.counter("tcp dupAcks").orElseThrow().tNs(2));
        FileReport cut = Fixtures.importText("tcp.txt", tabs + "0.002000000\t1\n").report().files().get(0);
        assertEquals("line 6: expected 3 tab-separated fields, found 2", cut.firstSkipReason());
    }

    @Test
    void tsharkExpertInfoTextIsReadAsTheExpertInfoCsvIs() throws Exception {
        // "tshark -r capture.pcapng -q -z expert": the command line's Expert Information, rows laid out
        // with tshark's own "%12u %10s %18s  %s"; it was "not a recording format SchedLab reads"
        String row = "%12d %10s %18s  %s%n";
        String text = "\nWarns (14)\n=============\n   " + WiresharkCsvReader.EXPERT_TEXT_HEADER + "\n"
                + String.format(java.util.Locale.ROOT, row, 12, "Sequence", "TCP",
                        "Previous segment(s) not captured (common at capture start)")
                + String.format(java.util.Locale.ROOT, row, 2, "Dissector bug", "TCP", "Bad, thing,  happened")
                + "\nNotes (23)\n=============\n   " + WiresharkCsvReader.EXPERT_TEXT_HEADER + "\n"
                + String.format(java.util.Locale.ROOT, row, 15, "Sequence", "TCP", "Duplicate ACK (#1)")
                + String.format(java.util.Locale.ROOT, row, 3, "Sequence", "TCP",
                        "This frame is a (suspected) fast retransmission")
                + String.format(java.util.Locale.ROOT, row, 5, "Sequence", "TCP",
                        "This frame is a (suspected) retransmission")
                + "\nChats (2)\n=============\n   " + WiresharkCsvReader.EXPERT_TEXT_HEADER + "\n"
                + String.format(java.util.Locale.ROOT, row, 2, "Sequence", "TCP", "Connection finish (FIN)");
        ImportResult r = Fixtures.importText("expert.txt", text);
        assertEquals("wireshark-csv", r.report().format());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("15", p.get("tcp.dupAcks"));
        assertEquals("3", p.get("tcp.fastRetrans"));
        assertEquals("5", p.get("tcp.retransSegs"));
        assertEquals("12", p.get("tcp.lostSegment"));
        assertEquals("2", p.get("wireshark.Bad, thing,  happened"), "a group wider than its column");
        // without -q, tshark prints a line per packet before the tables: named, not guessed at
        FileReport f = Fixtures.importText("expert.txt", "    1   0.000000  10.0.0.1 → 10.0.0.2  TCP 66 80 → 5000 [ACK]\n"
                + text).report().files().get(0);
        assertEquals("line 1: expected tshark -z expert's tables (\"Notes (N)\" over \""
                + WiresharkCsvReader.EXPERT_TEXT_HEADER + "\"); run tshark with -q so that no packet lines come"
                + " before them", f.firstSkipReason());
    }

    @Test
    void tsharkFrameTimeDeltaIsSummedIntoEachPacketsTimeInTheCapture() throws Exception {
        // -e frame.time_delta: each packet's seconds since the one before; read as the time itself, each
        // marked packet was drawn at the largest gap so far
        String delta = "frame.time_delta,tcp.analysis.duplicate_ack\n0.000000000,\n0.000500000,1\n0.000200000,\n"
                + "0.000300000,1\n";
        CounterSeries dup = Fixtures.importText("delta.csv", delta).dataset().counter("tcp dupAcks").orElseThrow();
        assertEquals(500_000L, dup.tNs(1));
        assertEquals(1_000_000L, dup.tNs(2), "0.5 + 0.2 + 0.3 ms, not the largest delta so far (0.5 ms)");
    }
}
