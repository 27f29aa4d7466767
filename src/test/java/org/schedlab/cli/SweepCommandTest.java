package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.PlainText;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/** {@code schedlab sweep}: the files CLI.md promises, their contents, and one-line errors. */
class SweepCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** One seed per point is "x 1 seed", as the Sweep tab's copied table heads it. */
    @Test
    void oneSeedIsSaidInTheSingular() throws Exception {
        CliRun r = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "preemption=none,full",
                "--set", "durationMs=200", "--out", dir.resolve("one").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("sweep teach-kernel-section: 2 points x 1 seed\n"), r.out());
    }

    @Test
    void writesSummaryCsvWithARowPerPointAndSeedAndOneJsonPerPoint() throws Exception {
        Path out = dir.resolve("sweep");
        CliRun r = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "preemption=none,full",
                "--vary", "bClass=fair,fifo", "--set", "durationMs=200", "--seeds", "2", "--threads", "2",
                "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("4 points x 2 seeds"), r.out());
        for (String line : r.out().split("\n")) {
            assertTrue(line.startsWith("results in ") || line.length() <= 72, "plain-text width: " + line);
        }
        assertTrue(r.err().contains("sweep: 8/8"), "progress on stderr: " + r.err());
        // the numbers' units and that each is a mean over the seeds: "100.0" alone said neither
        assertTrue(r.out().contains("\nvalues    throughput in sections/s; top site as a share of all CPU time;\n"
                + "          each the mean over the point's 2 seeds\n"), r.out());

        Table t = Table.read().usingOptions(CsvReadOptions.builder(out.resolve("summary.csv").toFile())
                .columnTypesToDetect(List.of(tech.tablesaw.api.ColumnType.STRING, tech.tablesaw.api.ColumnType.DOUBLE)));
        assertEquals(8, t.rowCount());
        // then each comm group's run-queue latency, the summary's runqlatUs as the sweep's --metric names it
        List<String> runqlat = new java.util.ArrayList<>();
        for (String comm : List.of("_all", "A", "B")) {
            for (String f : List.of("mean", "p50", "p99", "max")) {
                runqlat.add("runqlatUs." + comm + "." + f);
            }
        }
        List<String> columns = new java.util.ArrayList<>(List.of("preemption", "bClass", "seed", "throughput",
                "throughputUnit", "cpu.user", "cpu.kernel", "cpu.fault", "cpu.spin", "cpu.runnableWait", "cpu.idle",
                "cpu.steal", "topSite", "topSiteShare"));
        columns.addAll(runqlat);
        assertEquals(columns, t.columnNames());
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(5, files.count(), "summary.csv and 4 point files");
        }
        JsonNode point = JSON.readTree(out.resolve("preemption=full_bClass=fifo.json").toFile());
        assertEquals("teach-kernel-section", point.path("scenario").asText());
        assertEquals("fifo", point.path("point").path("bClass").asText());
        assertEquals(2, point.path("summaries").size());
        assertEquals(List.of(1L, 2L), List.of(point.path("seeds").get(0).asLong(), point.path("seeds").get(1).asLong()));

        // each point's summary is what 'simulate' prints for the same parameters and seed
        CliRun sim = CliRun.of("simulate", "--scenario", "teach-kernel-section", "--set", "preemption=full",
                "--set", "bClass=fifo", "--set", "durationMs=200", "--seed", "2", "--summary", "json");
        JsonNode expected = JSON.readTree(sim.out());
        JsonNode actual = point.path("summaries").get(1);
        ((com.fasterxml.jackson.databind.node.ObjectNode) expected).remove("wallMs");
        ((com.fasterxml.jackson.databind.node.ObjectNode) actual).remove("wallMs");
        assertEquals(expected, actual);
        // and the CSV row agrees with it
        int row = -1;
        for (int i = 0; i < t.rowCount(); i++) {
            if (t.stringColumn("preemption").get(i).equals("full") && t.stringColumn("bClass").get(i).equals("fifo")
                    && t.doubleColumn("seed").get(i) == 2) {
                row = i;
            }
        }
        assertTrue(row >= 0);
        assertEquals(actual.path("throughput").path("value").asDouble(), t.doubleColumn("throughput").get(row), 1e-9);
        assertEquals(actual.path("cpu").path("user").asDouble(), t.doubleColumn("cpu.user").get(row), 1e-12);
        assertEquals(actual.path("profile").get(0).path("site").asText(), t.stringColumn("topSite").get(row));
        assertEquals(actual.path("runqlatUs").path("B").path("p99").asDouble(),
                t.doubleColumn("runqlatUs.B.p99").get(row), 1e-9);
    }

    @Test
    void aSweepReplacesThePreviousFilesWholeInsteadOfRewritingThemInPlace() throws Exception {
        // an earlier sweep's summary.csv, also linked as a kept copy: writing in place (as the sweep
        // did) rewrites the copy too, and a full disk would leave half a table in both
        Path out = Files.createDirectories(dir.resolve("again"));
        Path kept = dir.resolve("kept.csv");
        Files.writeString(kept, "the previous sweep\n");
        Files.createLink(out.resolve("summary.csv"), kept);

        CliRun r = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "preemption=none,lazy",
                "--set", "durationMs=100", "--out", out.toString());

        assertEquals(0, r.exitCode(), r.err());
        assertEquals("the previous sweep\n", Files.readString(kept), "the old file was replaced, not written into");
        assertTrue(Files.readString(out.resolve("summary.csv")).startsWith("preemption,seed,throughput,"),
                Files.readString(out.resolve("summary.csv")));
        try (var files = Files.list(out)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temporary left");
        }
    }

    @Test
    void badInputExitsTwoWithOneLineNamingTheProblem() throws Exception {
        CliRun unknown = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "nosuch=1,2",
                "--out", dir.resolve("x").toString());
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().startsWith("schedlab: --vary nosuch: unknown parameter"), unknown.err());
        assertEquals(1, unknown.err().strip().lines().count());

        CliRun badValue = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "sectionUs=10,-4",
                "--out", dir.resolve("y").toString());
        assertEquals(2, badValue.exitCode());
        assertTrue(badValue.err().contains("sweep point sectionUs=-4"), badValue.err());
        assertFalse(Files.exists(dir.resolve("y")), "nothing written for a plan that cannot run");

        Path file = Files.writeString(dir.resolve("file.txt"), "x");
        CliRun notDir = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "preemption=none",
                "--out", file.toString());
        assertEquals(2, notDir.exitCode());
        assertTrue(notDir.err().contains("not a directory"), notDir.err());

        CliRun noVary = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--out", dir.toString());
        assertEquals(2, noVary.exitCode());

        // the option the user typed, as compare names it: "seeds per point" sent them looking for one
        CliRun noSeeds = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "preemption=none",
                "--seeds", "0", "--out", dir.resolve("z").toString());
        assertEquals(2, noSeeds.exitCode());
        assertEquals("schedlab: --seeds must be in 1..1000, was 0", noSeeds.err().strip());
    }

    @Test
    void aSmallerSweepIntoTheSameDirectoryRemovesTheEarlierSweepsPointsButNotOtherFiles() throws Exception {
        Path out = dir.resolve("sweep");
        CliRun big = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "cpus=1,2,3", "--set",
                "durationMs=20", "--threads", "1", "--out", out.toString());
        assertEquals(0, big.exitCode(), big.err());
        Files.writeString(out.resolve("notes.txt"), "mine");
        Files.writeString(out.resolve("cpus=9.json"), "{\"mine\": true}\n"); // named like a point, not one
        CliRun small = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "cpus=1", "--set",
                "durationMs=20", "--threads", "1", "--out", out.toString());
        assertEquals(0, small.exitCode(), small.err());
        assertTrue(small.err().contains("sweep: removed 2 point files of an earlier sweep from " + out), small.err());
        assertTrue(Files.exists(out.resolve("cpus=1.json")));
        assertFalse(Files.exists(out.resolve("cpus=2.json")), "stale point of the earlier sweep");
        assertFalse(Files.exists(out.resolve("cpus=3.json")), "stale point of the earlier sweep");
        assertTrue(Files.exists(out.resolve("notes.txt")));
        assertTrue(Files.exists(out.resolve("cpus=9.json")), "not a sweep's point file: kept");
    }

    @Test
    void aPointFileNameTakenByADirectoryIsRefusedBeforeRunningAndNoFileIsReplaced() throws Exception {
        // summary.csv was replaced, then the point file failed after every run had been simulated
        Path out = dir.resolve("sweep");
        Files.createDirectories(out.resolve("cpus=2.json"));
        Files.writeString(out.resolve("summary.csv"), "OLD");
        CliRun r = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "cpus=1,2", "--set",
                "durationMs=20", "--threads", "1", "--out", out.toString());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("schedlab: " + out.resolve("cpus=2.json") + ": is a directory, expected a file the sweep writes"
                + " (no file was written)", r.err().strip());
        assertEquals("OLD", Files.readString(out.resolve("summary.csv")));
        assertFalse(Files.exists(out.resolve("cpus=1.json")));
    }

    @Test
    void anOutThatIsAFileSaysSo() throws Exception {
        Path f = dir.resolve("file");
        Files.writeString(f, "x");
        CliRun r = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "cpus=1", "--out", f.toString());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains(f + ": is a file, not a directory"), r.err());
    }

    @Test
    void anEmptyOrRepeatedVaryValueIsRefusedNamingIt() {
        Path out = dir.resolve("never");
        CliRun empty = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "cpus=1,,2", "--out", out.toString());
        assertEquals(2, empty.exitCode(), empty.err());
        assertTrue(empty.err().startsWith("schedlab: --vary cpus: value 2 of '1,,2' is empty;"), empty.err());
        CliRun same = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "cpus=1,1.0,01", "--out",
                out.toString());
        assertEquals(2, same.exitCode(), same.err());
        assertTrue(same.err().startsWith("schedlab: --vary cpus: 1.0 (the same as 1) is listed twice in 1,1.0,01"),
                same.err());
        assertFalse(Files.exists(out), "nothing run, nothing written");
    }

    @Test
    void durationAndWarmUpOptionsAreSimulatesAndStandForTheirSet() throws Exception {
        // simulate --duration-ms 200 worked; sweep and compare refused it as an unknown option
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        CliRun set = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "preemption=none,lazy",
                "--set", "durationMs=30", "--set", "warmupMs=5", "--threads", "1", "--out", a.toString());
        CliRun opt = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "preemption=none,lazy",
                "--duration-ms", "30", "--warmup-ms", "5", "--threads", "1", "--out", b.toString());
        assertEquals(0, opt.exitCode(), opt.err());
        assertEquals(Files.readString(a.resolve("summary.csv")), Files.readString(b.resolve("summary.csv")));
        assertEquals(30, JSON.readTree(b.resolve("preemption=lazy.json").toFile()).path("summaries").get(0).path("durationMs").asLong());

        CliRun cmpSet = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "preemption=none",
                "--test", "preemption=lazy", "--set", "durationMs=30");
        CliRun cmpOpt = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "preemption=none",
                "--test", "preemption=lazy", "--duration-ms", "30");
        assertEquals(0, cmpOpt.exitCode(), cmpOpt.err());
        assertEquals(cmpSet.out(), cmpOpt.out(), "the same runs, and the title's set line says durationMs=30");
        assertTrue(cmpOpt.out().contains("\n  set   durationMs=30\n"), cmpOpt.out());

        CliRun disagree = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "preemption=none",
                "--test", "preemption=lazy", "--duration-ms", "30", "--set", "durationMs=40");
        assertEquals(2, disagree.exitCode());
        assertTrue(disagree.err().contains("--duration-ms 30 and --set durationMs=40 disagree"), disagree.err());
    }

    @Test
    void metricPrintsTheNamedMetricInsteadOfTheTopSiteAndSaysWhichItIs() throws Exception {
        Path out = dir.resolve("hz");
        CliRun r = CliRun.of("sweep", "--scenario", "pgbench-graviton4", "--vary", "hz=100,1000", "--warmup-ms", "0",
                "--duration-ms", "20", "--metric", "latencyUs.transaction.p99", "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("\nmetric    transaction p99 (latencyUs.transaction.p99)\n"), r.out());
        assertTrue(r.out().contains("\nvalues    throughput in tps; transaction p99 in us\n"), r.out());
        assertFalse(r.out().contains("top site"), r.out());
        Table t = Table.read().usingOptions(CsvReadOptions.builder(out.resolve("summary.csv").toFile())
                .columnTypesToDetect(List.of(tech.tablesaw.api.ColumnType.STRING, tech.tablesaw.api.ColumnType.DOUBLE)));
        for (int i = 0; i < t.rowCount(); i++) {
            String line = String.format(java.util.Locale.ROOT, "%-40s  %14s  %12s", "hz=" + Math.round(t.doubleColumn("hz").getDouble(i)),
                    PlainText.num(t.doubleColumn("throughput").get(i)),
                    PlainText.num(t.doubleColumn("latencyUs.transaction.p99").get(i)));
            assertTrue(r.out().contains("\n" + line + "\n"), "the csv's p99 in the table: " + line + "\n" + r.out());
        }
        for (String line : r.out().split("\n")) {
            assertTrue(line.startsWith("results in ") || line.length() <= 72, "plain-text width: " + line);
        }
    }

    /**
     * Task B's wake-up latency, the teaching scenarios' lesson, is a metric as the summary names it
     * (runqlatUs.B.p99): under lazy a FIFO B switches in at the wake-up's interrupt exit, a fair
     * one waits for the next tick - the table shows the fifo point lower, with the csv's figures.
     */
    @Test
    void runQueueLatencyOfACommIsAMetricNamedAsTheSummaryNamesIt() throws Exception {
        Path out = dir.resolve("rq");
        CliRun r = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "bClass=fair,fifo",
                "--set", "preemption=lazy", "--duration-ms", "200", "--metric", "runqlatUs.B.p99",
                "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("\nmetric    runqlat B p99 (runqlatUs.B.p99)\n"), r.out());
        assertTrue(r.out().contains("\nvalues    throughput in sections/s; runqlat B p99 in us\n"), r.out());
        assertFalse(r.err().contains("no run reports"), r.err());
        Table t = Table.read().usingOptions(CsvReadOptions.builder(out.resolve("summary.csv").toFile())
                .columnTypesToDetect(List.of(tech.tablesaw.api.ColumnType.STRING, tech.tablesaw.api.ColumnType.DOUBLE)));
        double[] p99 = new double[2];
        for (int i = 0; i < t.rowCount(); i++) {
            String bClass = t.stringColumn("bClass").get(i);
            p99[bClass.equals("fair") ? 0 : 1] = t.doubleColumn("runqlatUs.B.p99").get(i);
            String line = String.format(java.util.Locale.ROOT, "%-40s  %14s  %12s", "bClass=" + bClass,
                    PlainText.num(t.doubleColumn("throughput").get(i)), PlainText.num(t.doubleColumn("runqlatUs.B.p99").get(i)));
            assertTrue(r.out().contains("\n" + line + "\n"), "the csv's p99 in the table: " + line + "\n" + r.out());
        }
        assertTrue(p99[1] < p99[0], "fifo " + p99[1] + " us below fair " + p99[0] + " us");
        CliRun all = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "bClass=fair,fifo",
                "--duration-ms", "100", "--metric", "runqlatUs.nosuch.p50", "--out", dir.resolve("rq2").toString());
        assertEquals(0, all.exitCode(), all.err());
        assertTrue(all.err().contains("runqlatUs.B.mean, runqlatUs.B.p50, runqlatUs.B.p99, runqlatUs.B.max"),
                "the note lists them: " + all.err());
    }

    @Test
    void aMetricNoRunReportsIsADashAndANoteNamingWhatTheRunsDoReport() throws Exception {
        CliRun r = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "preemption=none,full",
                "--set", "durationMs=100", "--metric", "latencyUs.transaction.p99", "--out", dir.resolve("t").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().matches("(?s).*\npreemption=none +[0-9.]+ +-\n.*"), r.out());
        assertTrue(r.err().contains("schedlab: note: no run reports --metric latencyUs.transaction.p99; the runs"
                + " report: "), r.err());
        CliRun bad = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "preemption=none,full",
                "--metric", "p99", "--out", dir.resolve("u").toString());
        assertEquals(2, bad.exitCode());
        assertEquals("schedlab: --metric p99: expected SITE.share, cpu.MODE (user, kernel, fault, spin, runnableWait,"
                + " idle, steal), latencyUs.OP.mean, latencyUs.OP.p99, runqlatUs.COMM.mean|p50|p99|max, LOCK.waitUs.mean or LOCK.holderPreemptions\n", bad.err());
        assertFalse(Files.exists(dir.resolve("u")), "refused before any run");
    }

    /**
     * A kind of CPU time every run has at 0 (no steal in a scenario without a hypervisor) is
     * reported - summary.csv's column and the table's 0.00 % - though the Plot list leaves it out
     * as a flat line: no note that no run reports it beside the runs' zeros.
     */
    @Test
    void aKindOfCpuTimeAtZeroInEveryRunIsReportedWithoutANote() throws Exception {
        CliRun r = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "preemption=none,full",
                "--set", "durationMs=100", "--metric", "cpu.steal", "--out", dir.resolve("s").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().matches("(?s).*\npreemption=none +[0-9.]+ +0\\.00%\n.*"), r.out());
        assertFalse(r.err().contains("no run reports"), r.err());
    }
}
