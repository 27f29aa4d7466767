package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.SampleDatasets;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/** {@code schedlab table}: a dataset's tables as mail text, one dataset or A and B. */
class TableCommandTest {
    @TempDir
    Path dir;

    private Path write(String name, Dataset d) throws Exception {
        Path f = dir.resolve(name);
        DatasetJson.write(d, f);
        return f;
    }

    /** One CPU for 10 ms and Wireshark CSV counters (cumulative) as the reader names them. */
    private static Dataset withTcp(long dupAcks, long dsack) throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("capture.csv", "wireshark-csv", Map.of(), OptionalLong.empty(), "t"));
        int t = b.addTask(10, 10, "uperf");
        b.slice(0, 0, 10_000_000, t, SliceState.USER);
        b.counter("tcp dupAcks", "count").add(0, 0).add(10_000_000, dupAcks);
        b.counter("tcp dsack", "count").add(0, 0).add(10_000_000, dsack);
        // a simulated run's track under its Wireshark field, the longest such name
        b.counter("tcp.analysis.spurious_retransmission", "count").add(0, 0).add(10_000_000, 7);
        return b.build();
    }

    private static void fits(String text) {
        text.lines().forEach(l -> assertTrue(l.length() <= 72, "wider than 72 (" + l.length() + "): " + l));
    }

    /**
     * A pgbench output's params line printed its tps twice: pgbench.tps=2599.603685, what the
     * file says, and throughput=2599.603685 tps, the headline the reader keeps beside it (the
     * Figures tab has no row for that one either). The file's own figure once, and the report's
     * throughput line under it.
     */
    @Test
    void aBenchmarksOwnFigureIsInTheParamsLineOnce() throws Exception {
        CliRun one = CliRun.of("table", "src/test/resources/real/pgbench-local/runA_pgbench.txt");
        assertEquals(0, one.exitCode(), one.err());
        String out = one.out();
        assertTrue(out.contains("pgbench.tps=2599.603685"), out);
        assertEquals(1, out.split("2599\\.603685", -1).length - 1, "the figure once: " + out);
        assertTrue(!out.contains("throughput=") && out.contains("\nthroughput  2,600 tps\n"), out);
    }

    /**
     * runA's table said "VM Thread ... 22 waits, max 10,617 us" beside nothing, where perf sched
     * latency's (and import's) row reads 12 switches and 2.383 ms: a mail quoting both looked like
     * one of them was wrong. The table says which waits it counts, and which perf counts.
     */
    @Test
    void aRecordingsRunqlatTableSaysHowItsWaitsDifferFromPerfSchedLatencys() throws Exception {
        String file = "src/test/resources/real/pgbench-local/runA_perf_sched_script.txt.gz";
        CliRun one = CliRun.of("table", file);
        assertEquals(0, one.exitCode(), one.err());
        fits(one.out());
        String out = one.out();
        assertTrue(out.matches("(?s).*\n  VM Thread +22 .* 10,617\n.*"), out);
        String flat = out.replaceAll("\\s+", " ");
        assertTrue(flat.contains("each wait runs from a wake-up or a preemption to the switch-in, as runqlat"
                + " times it; perf sched latency (schedlab import's table) times only waits after sched_wakeup or"
                + " an R switch-out, not sched_waking, so its waits can be fewer and shorter."), out);
        assertTrue(out.indexOf("each wait runs") > out.indexOf("runqlat us"), "under the runqlat table: " + out);
        CliRun imported = CliRun.of("import", file);
        assertTrue(imported.out().matches("(?s).*\nVM Thread:7336 +1\\.213 +12 +0\\.523 +2\\.383\n.*"),
                imported.out());
        // perf sched timehist of the same recording shows no preemption (no --state): its waits are
        // after wake-ups only, fewer than perf sched latency's, and the table does not say otherwise
        CliRun timehist = CliRun.of("table", "src/test/resources/real/pgbench-local/runA_timehist.txt.gz");
        assertEquals(0, timehist.exitCode(), timehist.err());
        assertTrue(timehist.out().contains("runqlat us"), timehist.out());
        assertFalse(timehist.out().contains("each wait runs"), timehist.out());
        // a saved simulated run has no perf table to differ from
        Path a = write("a.json", SampleDatasets.small());
        assertFalse(CliRun.of("table", a.toString()).out().contains("sched_waking"));
    }

    @Test
    void summaryOfOneDatasetAndTheDeltaTableOfTwo() throws Exception {
        Path a = write("a.json", SampleDatasets.small());
        CliRun one = CliRun.of("table", a.toString());
        assertEquals(0, one.exitCode(), one.err());
        fits(one.out());
        assertTrue(one.out().startsWith("scenario  scenario:pgbench-lazy  (seed 42)"), one.out());
        assertTrue(one.out().contains("locks             acquired"), one.out());

        CliRun two = CliRun.of("table", a.toString(), a.toString());
        assertEquals(0, two.exitCode(), two.err());
        fits(two.out());
        assertTrue(two.out().lines().anyMatch(l -> l.matches("cpu\\.user\\s+\\S+\\s+\\S+\\s+x1\\.00")), two.out());
    }

    /**
     * A saved run's window: {@code table} printed s_lock's contended count (every wait on the
     * lane, those still going on at the end too) above its acquisitions, and left the pgbench
     * group, which has no task lanes, out of run-queue latency without a word.
     */
    @Test
    void aSavedWindowsLockCountsArePossibleAndAGroupWithoutLanesIsNamed() throws Exception {
        Path run = write("run.json", org.schedlab.fixtures.RecordedWindow.dataset());
        CliRun one = CliRun.of("table", run.toString());
        assertEquals(0, one.exitCode(), one.err());
        fits(one.out());
        String row = one.out().lines().filter(l -> l.startsWith("  s ")).findFirst().orElseThrow();
        String[] cells = row.strip().split("\\s+");
        long acquired = Long.parseLong(cells[1]);
        long contended = Long.parseLong(cells[2]);
        assertEquals(3, acquired, row);
        assertEquals(2, contended, row);
        assertEquals("533.3", cells[3], "hold mean of the holds taken in the window: " + row);
        String text = one.out().replace("\n  ", " ");
        assertTrue(text.contains("waits still going on at its end, in neither count: 3 (s)"), one.out());
        assertTrue(one.out().contains("\n  pgbench    not recorded: its one task has no task lane\n"), one.out());
        assertTrue(text.contains("from the task lanes of 1 of the 5 tasks that ran (pgbench 0 of 1, postgres 1 of 4)"),
                one.out());

        // A against B: the group the recording has no lanes for is n/a on its side, never 0
        DatasetBuilder b = Dataset.builder(Metadata.of("b.json", "test"));
        int bench = b.addTask(8, 8, "pgbench");
        b.slice(0, 0, 10_000_000, bench, SliceState.USER);
        b.taskState(bench, 0, 2_000_000, org.schedlab.model.TaskState.RUNNABLE)
                .taskState(bench, 2_000_000, 10_000_000, org.schedlab.model.TaskState.RUNNING);
        CliRun two = CliRun.of("table", run.toString(), write("b.json", b.build()).toString());
        assertEquals(0, two.exitCode(), two.err());
        assertTrue(two.out().lines().anyMatch(l -> l.matches("runqlatUs\\.pgbench\\.mean\\s+n/a\\s+2,000\\s+.*")),
                two.out());
    }

    /** A wait that gave up (no hold after it, long before the end) was counted as still going on. */
    @Test
    void waitsThatEndedWithoutTheLockAreNotCalledStillGoingOn() throws Exception {
        Path run = write("run.json", org.schedlab.fixtures.RecordedWindow.withAnAbandonedWait());
        CliRun one = CliRun.of("table", run.toString());
        assertEquals(0, one.exitCode(), one.err());
        fits(one.out());
        String text = one.out().replace("\n  ", " ");
        assertTrue(text.contains("waits still going on at its end, in neither count: 3 (s); waits that ended"
                + " without taking the lock (timed out or interrupted), in neither count: 1 (s)"), one.out());
        String row = one.out().lines().filter(l -> l.startsWith("  s ")).findFirst().orElseThrow();
        assertEquals("2", row.strip().split("\\s+")[2], "contended: B and C, not H: " + row);
    }

    @Test
    void theDeltaTableNamesBothFilesWholeEvenWhenTheirNamesAreLong() throws Exception {
        Path a = write("pgbench-graviton4-preempt-none-seed1.json", SampleDatasets.small());
        Path b = write("pgbench-graviton4-preempt-lazy-seed1.json", SampleDatasets.small());
        CliRun two = CliRun.of("table", a.toString(), b.toString());
        assertEquals(0, two.exitCode(), two.err());
        fits(two.out());
        assertTrue(two.out().contains("base  pgbench-graviton4-preempt-none-seed1.json (A)"), two.out());
        assertTrue(two.out().contains("test  pgbench-graviton4-preempt-lazy-seed1.json (B)"), two.out());
    }

    /** A simulated run of 20 ms after a 100 ms warm-up, saved: its summary's durationMs is 20. */
    private static Dataset savedRun() throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("scenario:teach", "simulation",
                Map.of("warmupMs", "100", "durationMs", "20"), OptionalLong.of(1), "0.1.0"));
        int t = b.addTask(10, 10, "spin");
        b.slice(0, 0, 20_000_000, t, SliceState.USER);
        return b.build();
    }

    /**
     * The delta table of two files ended without the line that compare and the workbench's Copy
     * table end with, saying over how long its counts and rates were taken: pasted into a mail,
     * "ctxSwitches 212" said nothing of per how long.
     */
    @Test
    void theDeltaTableEndsWithTheSpanItsCountsAreOverAsCompareAndCopyTableDo() throws Exception {
        Path a = write("a.csv.json", withTcp(1, 2));
        Path b = write("b.csv.json", withTcp(3, 4));
        CliRun two = CliRun.of("table", a.toString(), b.toString());
        assertEquals(0, two.exitCode(), two.err());
        fits(two.out());
        String flat = two.out().replaceAll("\\s+", " ");
        assertTrue(flat.contains("Counts and rates over the measured 10 ms of each side (durationMs, each"
                + " recording's span)."), two.out());

        Path run = write("run.json", savedRun());
        CliRun mixed = CliRun.of("table", run.toString(), a.toString());
        assertEquals(0, mixed.exitCode(), mixed.err());
        fits(mixed.out());
        String lines = mixed.out();
        assertTrue(lines.replaceAll("\\s+", " ").contains("Counts and rates over each side's measured time, A 20 ms,"
                + " B 10 ms (durationMs: A's after its warm-up, B's the recording's span)."), lines);
        // under the table, on lines of its own
        int title = lines.indexOf("test  a.csv.json (B)");
        assertTrue(title > 0 && lines.indexOf("\nCounts and rates over") > title, lines);
    }

    @Test
    void aThirdDatasetIsRefusedNotLeftOutOfTheTable() throws Exception {
        Path a = write("a.json", SampleDatasets.small());
        CliRun three = CliRun.of("table", a.toString(), a.toString(), a.toString());
        assertEquals(2, three.exitCode(), three.out());
        // three files may be one run's (its trace, its pgbench output): how to make one dataset of them
        assertEquals("schedlab: table takes one dataset or two (A then B), got 3 (each file is one dataset;"
                + " for several files of one run: schedlab import A B --out run.json, then give run.json)",
                three.err().strip());
        assertEquals("", three.out());
    }

    @Test
    void jsonGivesTheSummaryTheTextIsMadeOf() throws Exception {
        // README named a file's JSON summary ("cpuModes", "profileBy": "comm", locks[].openWaits) that no
        // command printed: --json prints it, and for two files compare --format json's shape
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        Path a = write("a.json", SampleDatasets.small());
        Path b = write("b.json", SampleDatasets.small());
        CliRun one = CliRun.of("table", a.toString(), "--json");
        assertEquals(0, one.exitCode(), one.err());
        com.fasterxml.jackson.databind.JsonNode s = m.readTree(one.out());
        assertEquals("comm", s.path("profileBy").asText(), one.out());
        assertTrue(s.path("cpu").isObject() && s.path("throughput").isObject(), one.out());
        CliRun two = CliRun.of("table", a.toString(), b.toString(), "--json");
        assertEquals(0, two.exitCode(), two.err());
        com.fasterxml.jackson.databind.JsonNode ab = m.readTree(two.out());
        assertTrue(ab.path("base").isObject() && ab.path("test").isObject(), two.out());
        com.fasterxml.jackson.databind.JsonNode row = ab.path("rows").get(0);
        assertEquals("throughput", row.path("metric").asText(), two.out());
        assertEquals(1.0, row.path("ratio").asDouble(), two.out());
        CliRun tcp = CliRun.of("table", a.toString(), "--json", "--kind", "tcp");
        assertEquals(2, tcp.exitCode());
        assertTrue(tcp.err().contains("--json prints the summary"), tcp.err());
        // "drop --json, or --kind tcp" read as if --kind tcp were to be dropped as well: which to leave out, for what
        assertTrue(tcp.err().contains("leave out --json for the TCP counters as text, or leave out --kind tcp"), tcp.err());
        // "or --kind tcp for the summary as JSON" read as "use --kind tcp", where it meant leave it out
        assertFalse(tcp.err().contains("or --kind tcp"), tcp.err());
    }

    @Test
    void tcpCountersOfOneDatasetAndTheWiresharkTableOfTwo() throws Exception {
        Path full = write("full.json", withTcp(504, 309));
        Path lazy = write("lazy.json", withTcp(3446, 2603));
        CliRun one = CliRun.of("table", full.toString(), "--kind", "tcp");
        assertEquals(0, one.exitCode(), one.err());
        fits(one.out());
        assertTrue(one.out().lines().anyMatch(l -> l.matches("tcp dupAcks\\s+0\\s+504\\s+\\+504")), one.out());
        assertTrue(one.out().lines().anyMatch(l -> l.matches("tcp\\.analysis\\.spurious_retransmission\\s+0\\s+7\\s+\\+7")),
                "the field's whole name, not cut: " + one.out());

        CliRun two = CliRun.of("table", full.toString(), lazy.toString(), "--kind", "tcp");
        assertEquals(0, two.exitCode(), two.err());
        fits(two.out());
        assertTrue(two.out().lines().anyMatch(l -> l.startsWith("| D-SACK Sequence") && l.contains("x8.4")), two.out());
        assertTrue(two.out().lines().anyMatch(l -> l.startsWith("| Duplicate ACK") && l.contains("x6.8")), two.out());
        // as compare ends: the mail's rows neither file counts named, not silently missing
        assertTrue(two.out().contains("Not counted by either side, so not rows here:"), two.out());
        assertTrue(two.out().contains("Packet length exceeds MSS (TSO/GRO)."), two.out());
        // the columns are headed A and B: the mail must say which file each is, over which stretch
        List<String> head = two.out().lines().limit(3).toList();
        assertTrue(head.get(1).matches("\\s+A\\s+full\\.json, \\+0 ns \\.\\. \\+10\\.0 ms"), two.out());
        assertTrue(head.get(2).matches("\\s+B\\s+lazy\\.json, \\+0 ns \\.\\. \\+10\\.0 ms"), two.out());

        CliRun half = CliRun.of("table", full.toString(), "--kind", "tcp", "--to-ms", "5");
        assertTrue(half.out().lines().anyMatch(l -> l.matches("tcp dupAcks\\s+0\\s+0\\s+0")),
                "the range ends before the second sample: " + half.out());
    }

    @Test
    void aLongFileNameLeavesTheTcpTablesStretchWhole() {
        // the title was one line cut at 72: "TCP counters, node_exporter_fixture_proc_net_netstat.txt, as read (no ti"
        CliRun r = CliRun.of("table", "src/test/resources/public/netstat/node_exporter_fixture_proc_net_netstat.txt",
                "--kind", "tcp");
        assertEquals(0, r.exitCode(), r.err());
        fits(r.out());
        List<String> head = r.out().lines().limit(2).toList();
        assertEquals("TCP counters, node_exporter_fixture_proc_net_netstat.txt", head.get(0), r.out());
        assertEquals("  as read (no time span)", head.get(1), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("TcpExtTCPDSACKRecv\\s+5")), r.out());
    }

    @Test
    void aSideWithoutTcpCountersReadsNotAvailableNotZero() throws Exception {
        // B had no TCP counters and its column read "0", its change "=", as if it had counted none
        Path full = write("full.json", withTcp(504, 309));
        Path none = write("none.json", SampleDatasets.small());
        CliRun r = CliRun.of("table", full.toString(), none.toString(), "--kind", "tcp");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("\\| D-SACK Sequence\\s+\\|\\s+309 \\|\\s+n/a \\|\\s+n/a \\|")),
                r.out());
        CliRun swapped = CliRun.of("table", none.toString(), full.toString(), "--kind", "tcp");
        assertTrue(swapped.out().lines().anyMatch(l -> l.matches("\\| Duplicate ACK\\s+\\|\\s+n/a \\|\\s+504 \\|\\s+n/a \\|")),
                swapped.out());
        CliRun neither = CliRun.of("table", none.toString(), none.toString(), "--kind", "tcp");
        assertEquals(2, neither.exitCode());
        assertTrue(neither.err().contains("no TCP counters"), neither.err());
    }

    @Test
    void noTcpCountersOrABadRangeIsOneLineAndExitTwo() throws Exception {
        Path a = write("a.json", SampleDatasets.small());
        CliRun r = CliRun.of("table", a.toString(), "--kind", "tcp");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("schedlab: ") && r.err().contains("no TCP counters"), r.err());
        CliRun bad = CliRun.of("table", a.toString(), "--from-ms", "3", "--to-ms", "1");
        assertEquals(2, bad.exitCode());
        assertEquals(1, bad.err().lines().count(), bad.err());
        CliRun missing = CliRun.of("table", dir.resolve("nope.json").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("nope.json: no such file"), missing.err());
    }

    @Test
    void aNegativeOrNotANumberRangeIsRefusedAsRenderRefusesIt() throws Exception {
        // --from-ms -1 printed a table "+-1.00 ms .. +50.0 ms"; NaN and --to-ms 0 were taken silently
        Path full = write("full.json", withTcp(504, 309));
        for (String[] range : List.of(new String[] {"--from-ms", "-1"}, new String[] {"--from-ms", "NaN"},
                new String[] {"--to-ms", "0"}, new String[] {"--to-ms", "NaN"})) {
            CliRun r = CliRun.of("table", full.toString(), "--kind", "tcp", range[0], range[1]);
            assertEquals(2, r.exitCode(), String.join(" ", range) + ": " + r.out());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("schedlab: " + range[0] + " must be "), r.err());
        }
    }

    @Test
    void aSingleNstatSnapshotPrintsItsTcpCountersAtThatInstant() throws Exception {
        // nstat -az once: every counter has one sample, so the dataset spans no time at all
        DatasetBuilder b = Dataset.builder(new Metadata("nstat_snapshot.txt", "nstat", Map.of(), OptionalLong.empty(), "t"));
        b.counter("TcpRetransSegs", "count").add(5_000, 1);
        b.counter("TcpExtTCPDSACKRecv", "count").add(5_000, 1);
        b.counter("IpInReceives", "count").add(5_000, 4585);
        Path f = write("nstat.json", b.build());
        CliRun one = CliRun.of("table", f.toString(), "--kind", "tcp");
        assertEquals(0, one.exitCode(), one.err());
        fits(one.out());
        assertTrue(one.out().lines().anyMatch(l -> l.startsWith("TcpRetransSegs")), one.out());
    }

    @Test
    void aRangeOnOneCounterSnapshotSaysThereIsNoIntervalNotThatTheDatasetIsEmpty() throws Exception {
        Path ns = dir.resolve("ns.json");
        assertEquals(0, CliRun.of("import", org.schedlab.io.read.Fixtures.path("real/pgbench-local/nstat_snapshot.txt")
                .toString(), "--out", ns.toString()).exitCode());
        for (String[] range : new String[][] {{"--from-ms", "1"}, {"--to-ms", "1"}}) {
            CliRun r = CliRun.of("table", ns.toString(), "--kind", "tcp", range[0], range[1]);
            assertEquals(2, r.exitCode(), r.err());
            assertTrue(r.err().startsWith("schedlab: " + ns + ": has one snapshot of its counters (a single instant),"
                    + " so there is no interval"), r.err());
            assertTrue(r.err().contains("drop them to print the snapshot's counters"), r.err());
            assertTrue(!r.err().contains("empty"), r.err());
        }
        CliRun whole = CliRun.of("table", ns.toString(), "--kind", "tcp");
        assertEquals(0, whole.exitCode(), whole.err());
        assertTrue(whole.out().contains("TcpActiveOpens"), whole.out());
    }

    @Test
    void aSavedSimulatedRunsTcpTableCountsItsEventsAsTheRunsSummaryDoes() throws Exception {
        // the simulator keeps its TCP tracks as events per second per 10 ms bucket: read as running
        // totals they gave "at start 3600, at end 1100, change -2500" and a Wireshark table of
        // negative counts; the whole recorded window must count what the run's summary counts
        Path run = dir.resolve("lazy.json");
        CliRun sim = CliRun.of("simulate", "--scenario", "s390-uperf", "--set", "preemption=lazy",
                "--duration-ms", "200", "--out", run.toString(), "--summary", "json");
        assertEquals(0, sim.exitCode(), sim.err());
        var tcp = new com.fasterxml.jackson.databind.ObjectMapper().readTree(sim.out()).get("tcp");
        long dsack = tcp.get("dsack").asLong();
        long dupAcks = tcp.get("dupAcks").asLong();
        long outOfOrder = tcp.get("outOfOrder").asLong();
        assertTrue(dsack > 0 && dupAcks > 0 && outOfOrder > 0, tcp.toString());

        CliRun one = CliRun.of("table", run.toString(), "--kind", "tcp");
        assertEquals(0, one.exitCode(), one.err());
        fits(one.out());
        assertTrue(one.out().lines().anyMatch(l -> l.matches("TcpExtTCPDSACKRecv\\s+0\\s+" + dsack + "\\s+\\+" + dsack)),
                "D-SACKs from 0 to the summary's " + dsack + ":\n" + one.out());
        assertTrue(one.out().lines().noneMatch(l -> l.matches(".*\\s-\\d+")), "a count never goes down:\n" + one.out());

        CliRun two = CliRun.of("table", run.toString(), run.toString(), "--kind", "tcp");
        assertEquals(0, two.exitCode(), two.err());
        fits(two.out());
        // counts grouped, as in every text table
        java.util.function.LongFunction<String> grouped = n -> String.format(java.util.Locale.ROOT, "%,d", n);
        for (String[] row : new String[][] {{"D-SACK Sequence", grouped.apply(dsack)},
                {"Duplicate ACK", grouped.apply(dupAcks)},
                // Wireshark's out-of-order count, not that plus nstat's TcpExtTCPOFOQueue
                {"(Suspected) out-of-order segment", grouped.apply(outOfOrder)}}) {
            assertTrue(two.out().lines().anyMatch(l -> l.startsWith("| " + row[0])
                    && l.matches(".*\\|\\s+" + row[1] + " \\|\\s+" + row[1] + " \\|\\s+= \\|")),
                    row[0] + " " + row[1] + " on both sides:\n" + two.out());
        }
    }

    /** A Wireshark Expert Information export as CSV, one row per warning: {summary, count}. */
    private Path expertInfo(String name, Object[][] rows) throws Exception {
        StringBuilder b = new StringBuilder("\"Severity\",\"Summary\",\"Group\",\"Protocol\",\"Count\"\n");
        for (Object[] r : rows) {
            b.append("\"Warning\",\"").append(r[0]).append("\",\"Sequence\",\"TCP\",\"").append(r[1]).append("\"\n");
        }
        Path csv = dir.resolve(name + ".csv");
        java.nio.file.Files.writeString(csv, b);
        Path json = dir.resolve(name + ".json");
        CliRun imp = CliRun.of("import", csv.toString(), "--out", json.toString());
        assertEquals(0, imp.exitCode(), imp.err());
        return json;
    }

    @Test
    void theExpertInfoExportsOfTheSeedMailMakeItsWiresharkTable() throws Exception {
        // the s390 mail's FULL and LAZY captures as Wireshark's Expert Info exports them: the table
        // said "no TCP counters (import ... a Wireshark Expert Info CSV with the run)" for them
        Path full = expertInfo("full", new Object[][] {{"D-SACK Sequence", 309},
                {"Partial Acknowledgement of a segment", 54}, {"Ambiguous ACK (Karn)", 32},
                {"This frame is a (suspected) spurious retransmission", 205},
                {"This frame is a (suspected) fast retransmission", 54}, {"Duplicate ACK (#1)", 504},
                {"Previous segment(s) not captured (common at capture start)", 9205},
                {"ACKed segment that wasn't captured (common at capture start)", 7022},
                {"This frame is a (suspected) out-of-order segment", 436}});
        Path lazy = expertInfo("lazy", new Object[][] {{"D-SACK Sequence", 2603},
                {"Partial Acknowledgement of a segment", 279}, {"Ambiguous ACK (Karn)", 747},
                {"This frame is a (suspected) spurious retransmission", 857},
                {"This frame is a (suspected) fast retransmission", 1622}, {"Duplicate ACK (#1)", 3446},
                {"Previous segment(s) not captured (common at capture start)", 6730},
                {"ACKed segment that wasn't captured (common at capture start)", 8272},
                {"This frame is a (suspected) out-of-order segment", 303}});
        CliRun one = CliRun.of("table", full.toString(), "--kind", "tcp");
        assertEquals(0, one.exitCode(), one.err());
        fits(one.out());
        assertTrue(one.out().lines().anyMatch(l -> l.matches("tcp dsack\\s+309")), one.out());
        assertTrue(one.out().lines().anyMatch(l -> l.matches("tcp karnAcks\\s+32")), one.out());

        CliRun two = CliRun.of("table", full.toString(), lazy.toString(), "--kind", "tcp");
        assertEquals(0, two.exitCode(), two.err());
        fits(two.out());
        for (String row : List.of("| D-SACK Sequence                      |     309 |   2,603 |     x8.4 |",
                "| Partial Acknowledgement of a segment |      54 |     279 |     x5.2 |",
                "| Ambiguous ACK (Karn)                 |      32 |     747 |    x23.3 |",
                "| (Suspected) spurious retransmission  |     205 |     857 |     x4.2 |",
                "| (Suspected) fast retransmission      |      54 |   1,622 |    x30.0 |",
                "| Duplicate ACK                        |     504 |   3,446 |     x6.8 |",
                "| Previous segment(s) not captured     |   9,205 |   6,730 |     -27% |",
                "| ACKed segment that wasn't captured   |   7,022 |   8,272 |     +18% |",
                "| (Suspected) out-of-order segment     |     436 |     303 |     -31% |")) {
            assertTrue(two.out().lines().anyMatch(row::equals), row + "\n" + two.out());
        }
    }

    @Test
    void twoNstatSnapshotsCompareTheirValuesNotAChangeOfZero() throws Exception {
        // nstat run once on each kernel prints what it counted; the A/B table read the change
        // between two equal edges of a single instant and showed every count as 0, "="
        Path[] f = new Path[2];
        long[][] v = {{48, 50}, {2273, 2330}};
        for (int i = 0; i < 2; i++) {
            DatasetBuilder b = Dataset.builder(new Metadata("nstat" + i + ".txt", "nstat", Map.of(), OptionalLong.empty(), "t"));
            b.counter("TcpExtTCPDSACKRecv", "count").add(5_000, v[i][0]);
            b.counter("TcpRetransSegs", "count").add(5_000, v[i][1]);
            f[i] = write("nstat" + i + ".json", b.build());
        }
        CliRun two = CliRun.of("table", f[0].toString(), f[1].toString(), "--kind", "tcp");
        assertEquals(0, two.exitCode(), two.err());
        fits(two.out());
        assertTrue(two.out().lines().anyMatch(
                "| D-SACK Sequence                      |      48 |   2,273 |    x47.4 |"::equals), two.out());
        CliRun one = CliRun.of("table", f[0].toString(), "--kind", "tcp");
        assertTrue(one.out().lines().anyMatch(l -> l.matches("TcpExtTCPDSACKRecv\\s+48")), one.out());
        assertTrue(one.out().lines().noneMatch(l -> l.contains("change")), "one instant has no change:\n" + one.out());
    }

    @Test
    void anNstatSnapshotOpenedWithABenchmarksOutputCountsWhatNstatCounted() throws Exception {
        // nstat -az once, imported with the run's pgbench output (8 s of progress lines): the
        // snapshot sits at the start of the 8 s and its TcpRetransSegs 1 and TcpExtTCPDSACKRecv 1
        // read as a change of 0 between two equal edges - "tcp dsack 0", and "new" against the
        // same snapshot opened alone
        Path nstat = org.schedlab.io.read.Fixtures.path("real/pgbench-local/nstat_snapshot.txt");
        Path run = dir.resolve("run.json");
        CliRun imported = CliRun.of("import", org.schedlab.io.read.Fixtures.path("real/pgbench-local/runA_pgbench.txt")
                .toString(), nstat.toString(), "--out", run.toString());
        assertEquals(0, imported.exitCode(), imported.err());

        CliRun whole = CliRun.of("table", run.toString());
        assertEquals(0, whole.exitCode(), whole.err());
        assertTrue(whole.out().lines().anyMatch(l -> l.matches("tcp\\s+dsack 1  retransSegs 1")), whole.out());

        CliRun tcp = CliRun.of("table", run.toString(), "--kind", "tcp");
        assertEquals(0, tcp.exitCode(), tcp.err());
        fits(tcp.out());
        assertTrue(tcp.out().lines().anyMatch(l -> l.matches("TcpRetransSegs\\s+1")), tcp.out());
        assertTrue(tcp.out().lines().noneMatch(l -> l.contains("change")), "one instant has no change:\n" + tcp.out());

        CliRun ab = CliRun.of("table", run.toString(), nstat.toString(), "--kind", "tcp");
        assertEquals(0, ab.exitCode(), ab.err());
        assertTrue(ab.out().lines().anyMatch(
                "| D-SACK Sequence                      |       1 |       1 |        = |"::equals), ab.out());

        // a window of the run: what nstat counted is not of it (nor 0), as pgbench's tps line is not
        CliRun window = CliRun.of("table", run.toString(), "--from-ms", "1000", "--to-ms", "2000");
        assertEquals(0, window.exitCode(), window.err());
        assertTrue(window.out().lines().noneMatch(l -> l.startsWith("tcp")), window.out());
    }

    @Test
    void aSideWithoutTcpCountersReadsNotApplicableInTheDeltaTableNotZero() throws Exception {
        // a capture's counters (A) against a pgbench output (B), which counted no TCP event: the
        // delta table read B's D-SACKs as a measured 0, as the Wireshark table no longer does
        Path a = write("capture.json", withTcp(12, 3));
        Path b = org.schedlab.io.read.Fixtures.path("real/pgbench-local/runC_pgbench.txt");
        CliRun delta = CliRun.of("table", a.toString(), b.toString());
        assertEquals(0, delta.exitCode(), delta.err());
        fits(delta.out());
        assertTrue(delta.out().lines().anyMatch(l -> l.matches("tcp\\.dsack\\s+3\\s+n/a\\s+n/a")), delta.out());
        assertTrue(delta.out().lines().anyMatch(l -> l.matches("tcp\\.dupAcks\\s+12\\s+n/a\\s+n/a")), delta.out());
        CliRun json = CliRun.of("table", a.toString(), b.toString(), "--json");
        assertEquals(0, json.exitCode(), json.err());
        assertTrue(json.out().replace(" ", "").replace("\n", "")
                .contains("{\"metric\":\"tcp.dsack\",\"base\":3.0,\"test\":null,\"ratio\":null}"), json.out());
    }

    @Test
    void aSnapshotsWholeRunCountsAreLeftOutOfAWindowOfTheTcpTableAndSaidSo() throws Exception {
        // a recording with a capture's counters over time (tcp dupAcks) and one nstat snapshot
        // (TcpRetransSegs 5): over --from-ms/--to-ms the table listed the snapshot's whole-run 5
        // beside the window's dupAcks, with no word that the range did not narrow it, where the
        // summary's window leaves it out
        DatasetBuilder b = Dataset.builder(new Metadata("run.txt + tcp.csv + nstat.txt", "perf+wireshark+nstat",
                Map.of("netCounters.snapshots", "1"), OptionalLong.empty(), "t"));
        int t = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 2_000_000_000L, t, SliceState.USER);
        b.counter("tcp dupAcks", "count").add(0, 0).add(1_000_000_000L, 10).add(2_000_000_000L, 20);
        b.counter("TcpRetransSegs", "count").add(0, 5);
        Path run = write("run.json", b.build());

        CliRun whole = CliRun.of("table", run.toString(), "--kind", "tcp");
        assertEquals(0, whole.exitCode(), whole.err());
        assertTrue(whole.out().lines().anyMatch(l -> l.startsWith("TcpRetransSegs")), whole.out());
        assertTrue(whole.out().lines().noneMatch(l -> l.contains("left out")), whole.out());

        CliRun window = CliRun.of("table", run.toString(), "--kind", "tcp", "--from-ms", "500", "--to-ms", "1500");
        assertEquals(0, window.exitCode(), window.err());
        fits(window.out());
        assertTrue(window.out().lines().anyMatch(l -> l.matches("tcp dupAcks\\s+0\\s+10\\s+\\+10")), window.out());
        assertTrue(window.out().lines().noneMatch(l -> l.startsWith("TcpRetransSegs")), window.out());
        assertTrue(window.out().lines().anyMatch(
                "  left out: 1 counter of an nstat snapshot, counts of the whole run"::equals), window.out());
    }

    @Test
    void aWindowOfARunWhoseOnlyTcpCountersAreASnapshotsSaysSo() throws Exception {
        // the pgbench-local run with its nstat snapshot: over a window there is nothing to list,
        // and "no TCP counters (import nstat ...)" would be false
        Path nstat = org.schedlab.io.read.Fixtures.path("real/pgbench-local/nstat_snapshot.txt");
        Path run = dir.resolve("run.json");
        assertEquals(0, CliRun.of("import", org.schedlab.io.read.Fixtures.path("real/pgbench-local/runA_pgbench.txt")
                .toString(), nstat.toString(), "--out", run.toString()).exitCode());
        CliRun one = CliRun.of("table", run.toString(), "--kind", "tcp", "--from-ms", "1000", "--to-ms", "2000");
        assertEquals(2, one.exitCode(), one.out());
        assertTrue(one.err().contains("its only TCP counters are the ")
                && one.err().contains(" counters of an nstat snapshot, ")
                && one.err().contains("counts of the whole run"), one.err());
        assertTrue(one.err().contains("drop --from-ms/--to-ms to print those counts"), "not 'drop them', the counters: "
                + one.err());
        CliRun two = CliRun.of("table", run.toString(), run.toString(), "--kind", "tcp", "--from-ms", "1000");
        assertEquals(2, two.exitCode(), two.out());
        assertTrue(two.err().contains("their nstat snapshots count the whole run"), two.err());
        assertFalse(two.err().contains("capture totals"), "neither has a Wireshark capture: " + two.err());
        assertFalse(two.err().contains("import nstat"), two.err());
    }
}
