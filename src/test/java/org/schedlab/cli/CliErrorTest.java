package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.SampleDatasets;

/** The CLI.md contract for bad input: exit 2, one line on stderr naming file and line, no stack trace. */
class CliErrorTest {
    @TempDir
    Path dir;

    private static void assertUserError(CliRun r, String... fragments) {
        assertEquals(2, r.exitCode(), r.err());
        String err = r.err();
        assertTrue(err.endsWith(System.lineSeparator()), err);
        assertEquals(1, err.lines().count(), "exactly one line: " + err);
        assertTrue(err.startsWith("schedlab: "), err);
        assertFalse(err.contains("Exception"), err);
        assertFalse(err.contains("at org."), err);
        assertEquals("", r.out(), "nothing on stdout when failing");
        for (String f : fragments) {
            assertTrue(err.contains(f), "expected '" + f + "' in: " + err);
        }
    }

    private Path file(String name, byte[] content) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, content);
        return f;
    }

    @Test
    void anUnknownCommandOrAnExtraFileSaysWhatWasExpected() {
        // picocli said "Unmatched argument at index 0: 'nosuchcmd'": neither what is wrong nor what to give
        assertEquals("schedlab: unknown command 'nosuchcmd'; the commands are: scenarios, simulate, compare, import,"
                + " info, export, bench, sweep, render, table, open (see 'schedlab --help')",
                CliRun.of("nosuchcmd").err().strip());
        assertUserError(CliRun.of("inof", "x.json"), "unknown command 'inof' (did you mean 'info'?)");
        assertEquals("schedlab: info takes one file; got 2: a, b (see 'schedlab info --help')",
                CliRun.of("info", "a", "b").err().strip());
        assertUserError(CliRun.of("info", "a", "b"), "info takes one file; got 2: a, b");
        assertUserError(CliRun.of("export", "a", "b", "--format", "json", "--out", "x.json"),
                "export takes one file; got 2: a, b");
        assertUserError(CliRun.of("scenarios", "x"), "scenarios takes no arguments besides its options; got 1: x");
        // an unknown option keeps picocli's words, which say it
        assertUserError(CliRun.of("info", "--bogus", "a"), "Unknown option: '--bogus'");
    }

    @Test
    void aFileGivenWhereTheCommandGoesSaysHowToOpenIt() throws Exception {
        // "schedlab trace.txt", as a trace viewer takes its file, said only "unknown command"
        Path f = file("trace.txt", "x\n".getBytes(StandardCharsets.UTF_8));
        assertUserError(CliRun.of(f.toString()), "unknown command '" + f + "' (a file: 'schedlab open " + f
                + "' shows it in the window, 'schedlab info " + f + "' describes it); the commands are: ");
        // a word that is no file keeps the plain message
        assertFalse(CliRun.of(dir.resolve("gone.txt").toString()).err().contains("a file:"));
    }

    @Test
    void garbageFileNamesFileLineAndColumn() throws Exception {
        Path f = file("garbage.json", "\n\nthis is not json\n".getBytes(StandardCharsets.UTF_8));
        for (String cmd : new String[] {"info", "export"}) {
            CliRun r = cmd.equals("info") ? CliRun.of("info", f.toString())
                    : CliRun.of("export", f.toString(), "--format", "csv", "--out", dir.resolve("o").toString());
            assertUserError(r, f + ":3:1: ", "not valid JSON");
        }
    }

    @Test
    void anEmptyNameSaysSoInsteadOfNamingTheWorkingDirectoryOrFillingIt() throws Exception {
        // "$DIR" unset: Path.of("") is the working directory - sweep and export csv wrote into it
        Path ds = dir.resolve("d.json");
        DatasetJson.write(SampleDatasets.small(), ds);
        String noDataset = "an empty file name was given; expected a dataset or recording file"
                + " (is a shell variable unset?)";
        assertUserError(CliRun.of("info", ""), noDataset);
        assertUserError(CliRun.of("table", ""), noDataset);
        assertUserError(CliRun.of("export", "", "--format", "json", "--out", dir.resolve("o.json").toString()),
                noDataset);
        assertUserError(CliRun.of("render", "", "--out", dir.resolve("o.png").toString()), noDataset);
        String unset = "(is a shell variable unset?)";
        assertUserError(CliRun.of("export", ds.toString(), "--format", "csv", "--out", ""),
                "--out: an empty name was given; expected a directory for --format csv " + unset);
        assertUserError(CliRun.of("export", ds.toString(), "--format", "json", "--out", ""),
                "--out: an empty name was given; expected a file name for --format json " + unset);
        assertUserError(CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "preemption=none", "--out", ""),
                "--out: an empty name was given; expected a directory for the results " + unset);
        assertUserError(CliRun.of("simulate", "--scenario", "teach-fair-share", "--out", ""),
                "--out: an empty name was given; expected a dataset file name (.json or .json.gz) " + unset);
        assertUserError(CliRun.of("render", ds.toString(), "--out", ""),
                "--out: an empty name was given; expected a picture file name (.png or .svg) " + unset);
        assertFalse(Files.exists(Path.of("summary.csv")), "nothing written to the working directory");
        assertFalse(Files.exists(Path.of("slices.csv")), "nothing written to the working directory");
    }

    @Test
    void aFileThatIsNeitherADatasetNorARecordingKeepsTheDatasetReadersReason() throws Exception {
        // recordings are read by these commands (RecordingArgumentTest); other text: its line and column
        Path prose = file("notes.json", "\n\nthis is not json\n".getBytes(StandardCharsets.UTF_8));
        assertUserError(CliRun.of("info", prose.toString()), prose + ":3:1: not valid JSON");
    }

    @Test
    void aUtf16OrBinaryFileGivenWhereADatasetIsExpectedIsNamedForWhatItIs() throws Exception {
        // was "1:13: not valid JSON: Unrecognized token 'perf'": Jackson decodes UTF-16 and quotes its text
        Path utf16 = file("sched.json", ("   perf  7396 [000]   329.519891: sched:sched_switch: prev_comm=perf"
                + " prev_pid=7396 prev_prio=120 prev_state=D ==> next_comm=migration/0 next_pid=18 next_prio=0\n")
                .getBytes(StandardCharsets.UTF_16));
        assertUserError(CliRun.of("info", utf16.toString()), utf16 + ": not a SchedLab dataset; this is UTF-16 text"
                + " (save it as UTF-8)");
        Path zip = file("run.json", "PK\u0003\u0004\u0014\u0000\u0000\u0000".getBytes(StandardCharsets.ISO_8859_1));
        assertUserError(CliRun.of("table", zip.toString()), zip + ": not a SchedLab dataset; this is a zip archive");
    }

    @Test
    void aScenarioFileGivenWhereADatasetIsExpectedSaysHowToRunIt() {
        // was "teach-fair-share.json:1:1: not a SchedLab dataset: missing "format": "schedlab-dataset""
        String f = Path.of("example-data/scenarios/teach-fair-share.json").toString();
        for (String command : new String[] {"info", "table"}) {
            assertUserError(CliRun.of(command, f), f + ": not a SchedLab dataset; this is a SchedLab scenario file:"
                    + " run it with `schedlab simulate --scenario " + f + "`, or draw it with `schedlab render --scenario "
                    + f + " --out FILE.png`");
        }
        assertUserError(CliRun.of("render", f, "--out", Path.of(System.getProperty("java.io.tmpdir"), "x.png").toString()),
                "this is a SchedLab scenario file: run it with `schedlab simulate --scenario");
    }

    @Test
    void aGzippedScenarioFileSaysToDecompressItBeforeRunningIt() throws Exception {
        // simulate --scenario reads a scenario uncompressed: told to run the .gz, it said "byte 0x8b is not UTF-8 text"
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(Files.readAllBytes(Path.of("example-data/scenarios/teach-fair-share.json")));
        }
        Path f = file("fair.json.gz", gz.toByteArray());
        Path plain = dir.resolve("fair.json");
        CliRun r = CliRun.of("info", f.toString());
        assertUserError(r, f + ": not a SchedLab dataset; this is a gzip-compressed SchedLab scenario file",
                "`gunzip -c " + f + " > " + plain + "`", "`schedlab simulate --scenario " + plain + "`",
                "`schedlab render --scenario " + plain + " --out FILE.png`");
        assertFalse(r.err().contains("--scenario " + f), r.err());
        // named otherwise, the plain copy gets a name of its own, never the compressed file's
        Path odd = file("fair.scn", gz.toByteArray());
        assertUserError(CliRun.of("table", odd.toString()), "`gunzip -c " + odd + " > FILE.json`",
                "`schedlab simulate --scenario FILE.json`");
    }

    @Test
    void aToolsSummaryGivenWhereADatasetIsExpectedSaysWhatToGiveInstead() {
        String f = org.schedlab.io.read.Fixtures.path("real/pgbench-local/runA_latency_pids.txt").toString();
        assertUserError(CliRun.of("info", f), f + ": not a SchedLab dataset; this is `perf sched latency` output",
                "`perf sched script`");
    }

    @Test
    void aFileNameWithALineBreakOrATerminalEscapeStillGivesOneLine() throws Exception {
        // the name is echoed in the message: raw, it split the one line scripts read, or drove the terminal
        Path f = file("two\nlines\u001b[31m.txt", "this is not a recording\n".getBytes(StandardCharsets.UTF_8));
        CliRun r = CliRun.of("import", f.toString());
        assertUserError(r, "two lines?[31m.txt: not a recording format");
        assertFalse(r.err().contains("\u001b"), r.err());
    }

    @Test
    void truncatedJsonSaysTruncatedAndWhere() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(SampleDatasets.small(), out);
        byte[] all = out.toByteArray();
        Path f = file("cut.json", Arrays.copyOf(all, all.length - 30));
        String head = new String(Arrays.copyOf(all, all.length - 30), StandardCharsets.UTF_8);
        long lastLine = head.lines().count();
        assertUserError(CliRun.of("info", f.toString()), f + ":" + lastLine + ":", "truncated");
    }

    @Test
    void binaryBytesAreABadInputNotACrash() throws Exception {
        byte[] elf = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3e, 0};
        Path f = file("a.out", elf);
        // named as what it is, as import names it, not "a.out:1:2: not valid JSON: Invalid UTF-8 ..."
        CliRun info = CliRun.of("info", f.toString());
        assertUserError(info, f + ": not a SchedLab dataset; this is binary data");
        assertFalse(info.err().contains("JSON"), info.err());
        // the same bytes in a file named as a dataset: a damaged dataset, with the parser's place
        Path json = file("run.json", elf);
        assertUserError(CliRun.of("info", json.toString()), json + ":1:");
    }

    @Test
    void jsonThatIsNotADatasetSaysWhatWasExpected() throws Exception {
        Path f = file("trace.json", "{\n  \"traceEvents\": [{\"ph\": \"X\"}]\n}\n".getBytes(StandardCharsets.UTF_8));
        // a Chrome trace is a recording: read as import reads it, refused as import refuses this one
        // (no event with a time), rather than for a missing "format" field
        CliRun imported = CliRun.of("import", f.toString());
        assertUserError(imported, f + ": no trace events with times found");
        CliRun info = CliRun.of("info", f.toString());
        assertUserError(info, f + ": no trace events with times found");
        assertEquals(imported.err(), info.err());
        Path other = file("other.json", "{\n  \"name\": \"x\"\n}\n".getBytes(StandardCharsets.UTF_8));
        assertUserError(CliRun.of("info", other.toString()), other + ":1:1: ", "not a SchedLab dataset",
                "\"format\": \"schedlab-dataset\"");
    }

    @Test
    void missingFileIsNamed() {
        Path f = dir.resolve("nowhere.json");
        assertUserError(CliRun.of("info", f.toString()), f + ": no such file");
    }

    @Test
    void directoryInsteadOfFileIsNamed() {
        assertUserError(CliRun.of("info", dir.toString()), dir + ": is a directory");
    }

    @Test
    void unknownOptionIsOneLineWithAHint() throws Exception {
        Path f = file("ok.json", new byte[0]);
        assertUserError(CliRun.of("info", "--bogus", f.toString()), "Unknown option: '--bogus'", "schedlab info --help");
    }

    @Test
    void unknownExportFormatListsTheValidOnes() throws Exception {
        Path f = dir.resolve("ok.json");
        DatasetJson.write(SampleDatasets.small(), f);
        assertUserError(CliRun.of("export", f.toString(), "--format", "perfetto", "--out", dir.resolve("x").toString()),
                "'perfetto'", "json, csv, chrome");
    }

    @Test
    void missingRequiredOptionsAreNamed() throws Exception {
        Path f = dir.resolve("ok.json");
        DatasetJson.write(SampleDatasets.small(), f);
        assertUserError(CliRun.of("export", f.toString()), "--format", "--out");
    }

    @Test
    void csvExportOntoAnExistingFileIsRefused() throws Exception {
        Path f = dir.resolve("ok.json");
        DatasetJson.write(SampleDatasets.small(), f);
        assertUserError(CliRun.of("export", f.toString(), "--format", "csv", "--out", f.toString()),
                "is a file, expected a directory");
    }
}
