package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.ImportOutOfMemoryError;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * What the CLI does when a run is too big or its output cannot be written: one line, never a JVM
 * stack trace, never a silent wait, and never a long run whose result is then lost to a bad --out.
 */
class CliResourceGuardTest {
    @TempDir
    Path dir;

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        final Error error;

        Boom(Error error) {
            this.error = error;
        }

        @Override
        public Integer call() {
            throw error;
        }
    }

    private static CliRun runWith(Error thrown) {
        CommandLine cl = SchedLabCli.commandLine();
        cl.addSubcommand("boom", new Boom(thrown));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return new CliRun(cl.execute("boom"), out.toString(), err.toString());
    }

    @Test
    void outOfMemoryIsOneLineWithWhatToDoNotAStackTrace() {
        CliRun r = runWith(new OutOfMemoryError("Java heap space"));
        assertEquals(SchedLabCli.EXIT_INTERNAL, r.exitCode());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("schedlab: out of memory"), r.err());
        assertTrue(r.err().contains("--record-ms") && r.err().contains("-Xmx"), r.err());
        assertFalse(r.err().contains("at org.") || r.err().contains("Error"), r.err());
    }

    @Test
    void aRecordingTooBigForTheHeapIsNamedWithHowToGiveJavaMore() {
        CliRun r = runWith(new ImportOutOfMemoryError("/data/big.perf-sched-script.txt", 300L << 20));
        assertEquals(SchedLabCli.EXIT_INTERNAL, r.exitCode());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("schedlab: /data/big.perf-sched-script.txt: out of memory: the recording does"
                + " not fit in the Java heap (limited to 300 MiB)"), r.err());
        assertTrue(r.err().contains("java -Xmx2g -jar schedlab.jar") && r.err().contains("JAVA_TOOL_OPTIONS=-Xmx2g"),
                r.err());
        // a simulation's options are no help to an import
        assertFalse(r.err().contains("--record-ms") || r.err().contains("at org."), r.err());
    }

    @Test
    void stackOverflowIsOneLineNotAStackTrace() {
        CliRun r = runWith(new StackOverflowError());
        assertEquals(SchedLabCli.EXIT_INTERNAL, r.exitCode());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("schedlab: ") && r.err().contains("nests too deeply"), r.err());
    }

    @Test
    void simulateRefusesAnUnwritableOutBeforeAnHourLongRun() {
        // were --out checked after the run, this would simulate an hour of 96 CPUs first
        Path out = dir.resolve("missing").resolve("run.json");
        CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of("simulate", "--scenario",
                "pgbench-graviton4", "--duration-ms", "3600000", "--out", out.toString()));
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("schedlab: " + out + ": cannot write: directory " + out.getParent() + " does not exist"
                + System.lineSeparator(), r.err());
        assertEquals("", r.out());
    }

    @Test
    void simulateRefusesADirectoryAsOutAndAnEmptyRecordingBeforeRunning() throws Exception {
        Path sub = Files.createDirectory(dir.resolve("run.json"));
        CliRun intoDir = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of("simulate",
                "--scenario", "pgbench-graviton4", "--duration-ms", "3600000", "--out", sub.toString()));
        assertEquals(2, intoDir.exitCode());
        assertTrue(intoDir.err().contains(sub + ": is a directory, expected a dataset file name"), intoDir.err());
        CliRun nothing = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of("simulate",
                "--scenario", "pgbench-graviton4", "--duration-ms", "3600000", "--record-ms", "0",
                "--out", dir.resolve("r.json").toString()));
        assertEquals(2, nothing.exitCode());
        assertTrue(nothing.err().contains("--record-ms must be > 0"), nothing.err());
    }

    @Test
    void exportAndRenderNameAMissingOutputDirectory() throws Exception {
        Path ds = dir.resolve("d.json");
        org.schedlab.io.DatasetJson.write(org.schedlab.io.SampleDatasets.small(), ds);
        Path json = dir.resolve("nope").resolve("e.json");
        CliRun export = CliRun.of("export", ds.toString(), "--format", "json", "--out", json.toString());
        assertEquals(2, export.exitCode());
        assertTrue(export.err().contains(json + ": cannot write: directory " + json.getParent() + " does not exist"),
                export.err());
        Path png = dir.resolve("nope").resolve("x.png");
        CliRun render = CliRun.of("render", ds.toString(), "--out", png.toString());
        assertEquals(2, render.exitCode());
        assertTrue(render.err().contains(png + ": cannot write: directory"), render.err());
    }

    @Test
    void importRefusesAPipeOrDeviceInsteadOfHangingOrReadingItTwice() {
        // a fifo without a writer blocked forever; <(zcat x.gz) lost its head to format detection
        Path dev = Path.of("/dev/null");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(dev) && !Files.isRegularFile(dev));
        CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of("import", dev.toString()));
        assertEquals(2, r.exitCode());
        assertEquals("schedlab: /dev/null: is not a regular file (a pipe or a device); expected a recording file:"
                + " save the output first (SchedLab reads .gz directly, no need to unpack)" + System.lineSeparator(),
                r.err());
    }

    @Test
    void datasetCommandsRefuseANamedPipeInsteadOfWaitingForAWriter() throws Exception {
        // info, table, export and render opened a fifo and waited for a writer, forever without one
        Path fifo = CliRun.fifo(dir.resolve("ds.json"));
        // the refusal import gives a recording: these commands read recordings too
        String expected = "schedlab: " + fifo + ": is not a regular file (a pipe or a device); expected a dataset"
                + " or recording file: save the output first (SchedLab reads .gz directly, no need to unpack)";
        for (String[] args : new String[][] {{"info", fifo.toString()}, {"table", fifo.toString()},
                {"export", fifo.toString(), "--format", "json", "--out", dir.resolve("x.json").toString()},
                {"render", fifo.toString(), "--out", dir.resolve("x.png").toString()}}) {
            CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> CliRun.of(args));
            assertEquals(2, r.exitCode(), args[0] + ": " + r.err());
            assertEquals(expected, r.err().strip(), args[0]);
        }
    }

    @Test
    void fileErrorsSayWhyNotJustThePath() {
        assertEquals("permission denied (/out/x.csv)",
                OutputFile.reason(new java.nio.file.AccessDeniedException("/out/x.csv")));
        // our temporary is no name the user gave: the caller names the user's path
        assertEquals("no such file or directory",
                OutputFile.reason(new java.nio.file.NoSuchFileException("/out/.x.json.tmp")));
        assertEquals("no such file or directory (/out)",
                OutputFile.reason(new java.nio.file.NoSuchFileException("/out")));
        assertEquals("No space left on device (/out/x.json)",
                OutputFile.reason(new java.nio.file.FileSystemException("/out/x.json", null, "No space left on device")));
    }

    @Test
    void taskNamesFromAHostileFileCannotDriveTheTerminal() throws Exception {
        Path f = dir.resolve("esc.txt");
        Files.writeString(f, "   bad\u001b[31mcomm  7396 [000]   329.519877: sched:sched_switch: prev_comm=bad\u001b[31mcomm"
                + " prev_pid=7396 prev_prio=120 prev_state=D ==> next_comm=x\u0007y next_pid=18 next_prio=0\n");
        CliRun r = CliRun.of("import", f.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("x?y:18"), r.out());
        assertTrue(r.out().chars().allMatch(c -> c >= 0x20 || c == '\n' || c == '\r'), r.out());
    }

    @Test
    void importRefusesToWriteItsDatasetOverTheRecordingItReads() throws Exception {
        Path rec = dir.resolve("pgbench.txt");
        String log = "pgbench (15.18)\nprogress: 1.0 s, 2347.3 tps, lat 6.017 ms stddev 3.354, 0 failed\n";
        Files.writeString(rec, log);
        CliRun r = CliRun.of("import", rec.toString(), "--out", rec.toString());
        assertEquals(2, r.exitCode());
        assertEquals("schedlab: " + rec + ": is the recording being imported; expected a new dataset file name for"
                + " --out" + System.lineSeparator(), r.err());
        assertEquals(log, Files.readString(rec), "the recording is untouched");
    }

    @Test
    void exportRefusesToWriteOverTheFileItReads() throws Exception {
        // export reads a recording as import does, but wrote its JSON or Chrome trace over the
        // recording given as --out too, and a Chrome trace over the dataset it came from
        Path rec = dir.resolve("pgbench.txt");
        String log = "pgbench (15.18)\nprogress: 1.0 s, 2347.3 tps, lat 6.017 ms stddev 3.354, 0 failed\n";
        Files.writeString(rec, log);
        Path saved = CliRun.smallDataset(dir, "small.json");
        byte[] dataset = Files.readAllBytes(saved);
        for (Path in : List.of(rec, saved)) {
            for (String format : List.of("json", "chrome")) {
                CliRun r = CliRun.of("export", in.toString(), "--format", format, "--out", in.toString());
                assertEquals(2, r.exitCode(), format + ": " + r.err());
                assertEquals("schedlab: " + in + ": is the file being exported; expected a new file name for --out"
                        + System.lineSeparator(), r.err());
            }
        }
        assertEquals(log, Files.readString(rec), "the recording is untouched");
        assertArrayEquals(dataset, Files.readAllBytes(saved), "the dataset is untouched");
    }

    @Test
    void simulateRefusesToWriteItsRunOverTheScenarioFileItRuns() throws Exception {
        // simulate --scenario my.json --out my.json replaced the scenario a user wrote with its run
        Path scenario = dir.resolve("my.json");
        Files.copy(Path.of("example-data/scenarios/teach-fair-share.json"), scenario);
        byte[] written = Files.readAllBytes(scenario);
        CliRun r = CliRun.of("simulate", "--scenario", scenario.toString(), "--duration-ms", "10", "--out",
                scenario.toString());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("schedlab: " + scenario + ": is the scenario file being run; expected a new dataset file name for"
                + " --out" + System.lineSeparator(), r.err());
        assertArrayEquals(written, Files.readAllBytes(scenario), "the scenario file is untouched");
    }

    @Test
    void aLongRunReportsProgressAfterAQuietStartAndEstimatesTheRest() {
        AtomicLong clock = new AtomicLong(1_000L);
        StringWriter err = new StringWriter();
        RunProgress p = new RunProgress("simulating big", new PrintWriter(err, true), clock::get);
        p.simulated(100_000_000L, 10_000_000_000L);
        clock.addAndGet(RunProgress.FIRST_AFTER_NS - 1);
        p.simulated(200_000_000L, 10_000_000_000L);
        assertEquals("", err.toString(), "short runs stay quiet");
        clock.addAndGet(1);
        p.simulated(1_000_000_000L, 10_000_000_000L);
        assertEquals("schedlab: simulating big: 1.0 of 10.0 s simulated (10.0%) in 5 s, about 45 s left"
                + System.lineSeparator(), err.toString());
        clock.addAndGet(RunProgress.EVERY_NS - 1);
        p.simulated(2_000_000_000L, 10_000_000_000L);
        assertEquals(1, err.toString().lines().count(), "at most one line per interval");
    }
}
