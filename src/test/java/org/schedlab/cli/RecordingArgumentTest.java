package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.schedlab.io.read.Fixtures;

/**
 * {@code info}, {@code table}, {@code render} and {@code export} given a recording (two pgbench
 * outputs for a mail reply, a perf sched script): read as {@code import FILE} reads that one file,
 * so each prints what it prints for the dataset {@code import FILE --out} saves, and refuses what
 * import refuses with import's line.
 */
class RecordingArgumentTest {
    @TempDir
    Path dir;

    private final AtomicInteger saves = new AtomicInteger();

    /**
     * {@code import recording --out}, the dataset then saved under the recording's own file name in
     * a directory of its own: tables and captions name a file by its name, so the two runs compare
     * line for line.
     */
    private Path imported(Path recording) throws Exception {
        Path json = dir.resolve("import-" + saves.incrementAndGet() + ".json");
        CliRun r = CliRun.of("import", recording.toString(), "--out", json.toString());
        assertEquals(0, r.exitCode(), r.err());
        Path saved = Files.createDirectories(dir.resolve("saved-" + saves.get())).resolve(recording.getFileName());
        return Files.move(json, saved);
    }

    private static CliRun ok(String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.exitCode(), String.join(" ", args) + ": " + r.err());
        return r;
    }

    @ParameterizedTest
    @CsvSource({
        "real/pgbench-local/runA_pgbench.txt, summary",
        "public/ycsb/depdx_LOG8430_outputRun_workloada.txt, summary",
        "real/pgbench-local/runA_perf_sched_script.txt.gz, summary",
        "real/pgbench-local/nstat_snapshot.txt, summary",
        "real/pgbench-local/nstat_snapshot.txt, tcp",
        "real/pgbench-local/runC_lock_contention.txt, summary",
    })
    void tableOfARecordingPrintsTheTableOfTheDatasetItsImportSaves(String resource, String kind) throws Exception {
        Path recording = Fixtures.path(resource);
        CliRun importRun = CliRun.of("import", recording.toString());
        Path saved = imported(recording);

        CliRun direct = ok("table", recording.toString(), "--kind", kind);
        CliRun viaImport = ok("table", saved.toString(), "--kind", kind);
        assertFalse(direct.out().isBlank());
        assertEquals(viaImport.out(), direct.out(), resource);
        // the lines its reader did not understand, as import says them; nothing else on stderr
        assertEquals(importRun.err(), direct.err(), resource);
    }

    @Test
    void infoOfARecordingIsTheInfoOfItsDataset() throws Exception {
        Path recording = Fixtures.path("real/pgbench-local/runC_lock_contention.txt");
        Path saved = imported(recording);
        for (String[] extra : new String[][] {{}, {"--json"}}) {
            String[] a = concat(new String[] {"info", recording.toString()}, extra);
            String[] b = concat(new String[] {"info", saved.toString()}, extra);
            // the file name given is echoed ("file", "schedlab table FILE prints them"); the text says a
            // recording was read just now, not a dataset some SchedLab wrote
            String expected = ok(b).out().replace(saved.toString(), recording.toString());
            if (extra.length == 0) {
                expected = expected.replace("(schedlab-dataset v1)", "(a recording, read as import reads it)")
                        .replaceAll("(?m)^written by .*\\R", "");
            }
            assertEquals(expected, ok(a).out());
        }
        assertTrue(ok("info", saved.toString()).out().contains("written by  SchedLab "), "a saved dataset says who wrote it");
        assertTrue(ok("info", recording.toString()).out().contains("format      perf-lock"),
                ok("info", recording.toString()).out());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void twoPgbenchOutputsCompareAsTheirTwoDatasetsDo() throws Exception {
        Path a = Fixtures.path("real/pgbench-local/runA_pgbench.txt");
        Path c = Fixtures.path("real/pgbench-local/runC_pgbench.txt");
        Path sa = imported(a);
        Path sc = imported(c);
        CliRun direct = ok("table", a.toString(), c.toString());
        assertTrue(direct.out().contains("base  runA_pgbench.txt (A)"), direct.out());
        assertTrue(direct.out().lines().anyMatch(l -> l.startsWith("throughput (tps)")), direct.out());
        assertEquals(ok("table", sa.toString(), sc.toString()).out(), direct.out());

        Path png = dir.resolve("direct.png");
        Path pngSaved = dir.resolve("saved.png");
        ok("render", a.toString(), c.toString(), "--view", "compare", "--out", png.toString());
        ok("render", sa.toString(), sc.toString(), "--view", "compare", "--out", pngSaved.toString());
        assertArrayEquals(Files.readAllBytes(pngSaved), Files.readAllBytes(png));
    }

    @Test
    void aGzippedPerfSchedScriptRendersAndExportsAsItsDataset() throws Exception {
        Path trace = Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz");
        Path saved = imported(trace);
        Path png = dir.resolve("direct.svg");
        Path pngSaved = dir.resolve("saved.svg");
        CliRun render = ok("render", trace.toString(), "--out", png.toString());
        ok("render", saved.toString(), "--out", pngSaved.toString());
        // the same picture, caption and all: the saved dataset keeps its import's warnings, which
        // the caption names as the recording's does
        String direct = Files.readString(png);
        String fromSaved = Files.readString(pngSaved);
        String subject = ">runA_perf_sched_script.txt.gz (perf-sched-script)</text>";
        assertTrue(direct.contains(subject), "the recording's picture names it");
        assertEquals(aboveCaption(fromSaved, subject), aboveCaption(direct, subject));
        assertTrue(direct.contains(">import warning: runA_perf_sched_script.txt.gz: 343 events ran under a task"),
                "the recording's caption names its import warnings");
        assertEquals(direct, fromSaved, "the saved dataset's caption names them too");
        assertTrue(render.err().startsWith("schedlab: warning: " + trace + ": "), render.err());

        // export --format json of a recording writes what import --out writes
        Path json = dir.resolve("exported.json");
        Path imported = dir.resolve("imported.json");
        ok("export", trace.toString(), "--format", "json", "--out", json.toString());
        ok("import", trace.toString(), "--out", imported.toString());
        assertArrayEquals(Files.readAllBytes(imported), Files.readAllBytes(json));
    }

    /** An SVG up to its caption's subject line, every height left out (the caption's strip sets the picture's). */
    private static String aboveCaption(String svg, String subjectStart) {
        int at = svg.indexOf(subjectStart);
        assertTrue(at > 0, subjectStart + " in the picture");
        return svg.substring(0, at).replaceAll("height='[0-9.]+'", "");
    }

    @Test
    void aRecordingImportRefusesIsRefusedWithImportsLine() throws Exception {
        // cut mid-stream: import refuses it naming the file and the line reached; so does every command
        byte[] whole = Files.readAllBytes(Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz"));
        Path cut = dir.resolve("cut.txt.gz");
        Files.write(cut, Arrays.copyOf(whole, 20_000));
        CliRun imp = CliRun.of("import", cut.toString());
        assertEquals(2, imp.exitCode());
        assertTrue(imp.err().startsWith("schedlab: " + cut + ": the gzip data ends early"), imp.err());
        assertTrue(imp.err().contains("read up to line "), imp.err());
        for (String[] args : new String[][] {{"info", cut.toString()}, {"table", cut.toString()},
                {"render", cut.toString(), "--out", dir.resolve("x.png").toString()},
                {"export", cut.toString(), "--format", "json", "--out", dir.resolve("x.json").toString()}}) {
            CliRun r = CliRun.of(args);
            assertEquals(2, r.exitCode(), args[0]);
            assertEquals(imp.err(), r.err(), args[0]);
            assertEquals("", r.out(), args[0]);
        }
        assertFalse(Files.exists(dir.resolve("x.png")));
        assertFalse(Files.exists(dir.resolve("x.json")));
    }

    @Test
    void aLineTheReaderDidNotUnderstandIsWarnedAboutAsImportWarns() throws Exception {
        Path trace = dir.resolve("trace.txt");
        Files.writeString(trace, "          <idle>-0     [001] d..3  1234.000100: sched_switch: prev_comm=swapper/1"
                + " prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=bash next_pid=42 next_prio=120\n"
                + "          <idle>-0     [001] d..3  1234.000200: sched_switch: prev_pid=0 garbage\n",
                StandardCharsets.UTF_8);
        CliRun imp = ok("import", trace.toString());
        assertTrue(imp.err().contains("schedlab: warning: " + trace + ": 1 of 2 lines not understood (line 2)"),
                imp.err());
        CliRun table = ok("table", trace.toString());
        assertEquals(imp.err(), table.err());
        assertTrue(table.out().contains("bash"), table.out());
    }

    @Test
    void aLinkToARecordingIsFollowedAndAMissingOneNamedAsImportNamesIt() throws Exception {
        Path pgbench = Fixtures.path("real/pgbench-local/runA_pgbench.txt");
        Path link = Files.createSymbolicLink(dir.resolve("runA_pgbench.txt"), pgbench);
        assertEquals(ok("table", pgbench.toString()).out(), ok("table", link.toString()).out());

        Path dangling = Files.createSymbolicLink(dir.resolve("gone.txt"), dir.resolve("nowhere.txt"));
        for (Path p : new Path[] {dangling, dir.resolve("missing.txt"), Path.of("-")}) {
            CliRun imp = CliRun.of("import", p.toString());
            CliRun table = CliRun.of("table", p.toString());
            assertEquals(2, table.exitCode(), table.err());
            // what the file is, as import says it; only what was expected names both kinds
            assertEquals(imp.err().replace("expected a recording file", "expected a dataset or recording file"),
                    table.err());
        }
    }

    @Test
    void textThatIsNeitherGetsImportsReasonAndTheFormatsItReads() throws Exception {
        // was "notes.txt:1:1: not valid JSON: Unrecognized token 'hello'", to a user who gave a recording
        Path notes = dir.resolve("notes.txt");
        Files.writeString(notes, "hello world\nfoo\n", StandardCharsets.UTF_8);
        Path empty = Files.createFile(dir.resolve("capture.txt"));
        for (Path f : new Path[] {notes, empty}) {
            CliRun imp = CliRun.of("import", f.toString());
            CliRun info = CliRun.of("info", f.toString());
            assertEquals(2, info.exitCode(), info.err());
            assertEquals(imp.err().replace(f + ": ", f + ": not a SchedLab dataset; "), info.err());
        }
        assertTrue(CliRun.of("table", notes.toString()).err().contains("not a recording format SchedLab reads"
                + " (first line: \"hello world\"); expected perf/ftrace text"));
    }

    @Test
    void aSavedDatasetIsStillReadAsADataset() throws Exception {
        Path plain = CliRun.smallDataset(dir, "run.json");
        Path gz = CliRun.smallDataset(dir, "run.json.gz");
        String expected = ok("table", plain.toString()).out();
        assertTrue(expected.startsWith("scenario  scenario:pgbench-lazy  (seed 42)"), expected);
        CliRun fromGz = ok("table", gz.toString());
        assertEquals(expected, fromGz.out());
        assertEquals("", fromGz.err());
    }

    @Test
    void theHelpOfEachCommandSaysItTakesOneRecordingPerDataset() {
        for (String cmd : new String[] {"info", "table", "render", "export"}) {
            CliRun help = ok(cmd, "--help");
            String text = help.out().replaceAll("\\s+", " ");
            assertTrue(text.contains("or a recording schedlab import reads"), cmd + ": " + help.out());
            assertTrue(text.contains("import A B --out run.json"), cmd + ": " + help.out());
        }
    }
}
