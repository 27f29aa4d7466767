package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Chrome trace SchedLab exported reads back as the dataset it was exported from, as that
 * dataset's JSON export does: a simulated run as that run (scenario, seed, settings), a cut as a
 * window of the recording or run it was cut from. It read back as a {@code chrome-trace} recording
 * named after the trace, so a cut of a run called the run's settings "whole-run figures left out"
 * and its caption and {@code table} could not say which run, nor which recording a cut was of.
 */
class ChromeTraceOriginCliTest {
    @TempDir
    static Path dir;
    static Path run;
    static final Path RECORDING = Path.of("example-data/recordings/pgbench-local-runA-50ms.perf-sched-script.txt.gz");

    @BeforeAll
    static void simulate() {
        run = dir.resolve("run.json");
        CliRun sim = CliRun.of("simulate", "--scenario", "teach-fair-share", "--duration-ms", "50", "--seed", "5",
                "--out", run.toString());
        assertEquals(0, sim.exitCode(), sim.err());
    }

    /** Exports {@code from} as {@code format} to {@code name} in {@code dir}, with {@code window} options. */
    private static Path export(Path from, String format, String name, String... window) {
        Path out = dir.resolve(name);
        List<String> args = new java.util.ArrayList<>(List.of("export", from.toString(), "--format", format, "--out",
                out.toString()));
        args.addAll(List.of(window));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.err());
        return out;
    }

    /** {@code info}'s lines of {@code f} but its first (the file's name). */
    private static List<String> infoLines(Path f) {
        CliRun r = CliRun.of("info", f.toString());
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("file        " + f, lines.get(0));
        return lines.subList(1, lines.size());
    }

    /**
     * Info of the JSON export and of the Chrome export read back: every line the same (the data's
     * source, format, seed, version, counts and parameters) but what the file was read as.
     */
    private static void assertSameInfo(Path json, Path trace) {
        List<String> a = infoLines(json);
        List<String> b = infoLines(trace);
        assertEquals(a.size(), b.size(), a + "\n" + b);
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).startsWith("format ")) {
                assertTrue(a.get(i).endsWith(" (schedlab-dataset v1)"), a.get(i));
                assertEquals(a.get(i).replace(" (schedlab-dataset v1)", " (a SchedLab Chrome trace export, read back)"),
                        b.get(i));
            } else {
                assertEquals(a.get(i), b.get(i));
            }
        }
    }

    @Test
    void aSimulatedRunsTraceReadsBackAsThatRun() {
        Path json = export(run, "json", "whole.json");
        Path trace = export(run, "chrome", "whole.trace.json");
        assertSameInfo(json, trace);
        List<String> info = infoLines(trace);
        assertTrue(info.contains("source      teach-fair-share"), info.toString());
        assertTrue(info.contains("format      simulation (a SchedLab Chrome trace export, read back)"), info.toString());
        assertTrue(info.contains("seed        5"), info.toString());
        assertTrue(info.stream().anyMatch(l -> l.startsWith("written by  SchedLab ")), info.toString());
        assertFalse(String.join("\n", info).contains("schedlab."), "the origin is no parameter: " + info);
        assertFalse(String.join("\n", info).contains("displayTimeUnit"), info.toString());
        // its summary is the run's: scenario and seed, not a recording named after the trace
        CliRun t = CliRun.of("table", trace.toString());
        assertEquals(0, t.exitCode(), t.err());
        assertTrue(t.out().startsWith("scenario  teach-fair-share  (seed 5)\n"), t.out());
        assertEquals(CliRun.of("table", json.toString()).out(), t.out());
    }

    @Test
    void aCutOfARunsTraceSaysWhichRunItIsAsItsJsonDoes() throws Exception {
        Path json = export(run, "json", "cut.json", "--from-ms", "10", "--to-ms", "30");
        Path trace = export(run, "chrome", "cut.trace.json", "--from-ms", "10", "--to-ms", "30");
        assertSameInfo(json, trace);
        // the run's settings are settings, not a recording's whole-run figures left out of the window
        CliRun t = CliRun.of("table", trace.toString());
        assertEquals(0, t.exitCode(), t.err());
        assertFalse(t.out().contains("whole-run figures"), t.out());
        assertEquals(CliRun.of("table", json.toString()).out(), t.out());
        // the A/B table and the caption name the run, its seed and the window
        CliRun ab = CliRun.of("table", trace.toString(), run.toString());
        assertEquals(0, ab.exitCode(), ab.err());
        assertTrue(ab.out().startsWith("compare\n  base  cut.trace.json (A)\n"
                + "        teach-fair-share, simulation, seed 5, window 10..30 ms\n"), ab.out());
        Path svg = dir.resolve("cut.trace.svg");
        CliRun r = CliRun.of("render", trace.toString(), "--out", svg.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(Files.readString(svg).contains(">cut.trace.json (teach-fair-share, simulation, seed 5, window 10..30 ms)"
                + "</text>"), "the caption");
    }

    @Test
    void aCutOfARecordingsTraceSaysWhichRecordingItWasCutFrom() throws Exception {
        Path trace = export(RECORDING, "chrome", "rec-cut.trace.json", "--from-ms", "10", "--to-ms", "20");
        Path json = export(RECORDING, "json", "rec-cut.json", "--from-ms", "10", "--to-ms", "20");
        List<String> info = infoLines(trace);
        assertTrue(info.contains("source      " + RECORDING), info.toString());
        assertTrue(info.contains("format      perf-sched-script (a SchedLab Chrome trace export, read back)"),
                info.toString());
        // every line but the tasks, as the JSON's (a trace names no task without an event: FORMATS.md)
        List<String> fromJson = infoLines(json);
        for (int i = 0; i < info.size(); i++) {
            if (!info.get(i).startsWith("format ") && !info.get(i).startsWith("tasks ")) {
                assertEquals(fromJson.get(i), info.get(i));
            }
        }
        Path svg = dir.resolve("rec-cut.svg");
        CliRun r = CliRun.of("render", trace.toString(), "--out", svg.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(Files.readString(svg).contains(">rec-cut.trace.json (window 10..20 ms of " + RECORDING.getFileName()
                + ", perf-sched-script)</text>"), "the caption names the recording, as the JSON cut's does");
        // and a window of it is said from the recording's start, as of the JSON cut
        Path again = export(trace, "json", "rec-cut-again.json", "--from-ms", "2", "--to-ms", "4");
        List<String> twice = infoLines(again);
        assertTrue(twice.stream().anyMatch(l -> l.contains("window=12..14 ms")), twice.toString());
        assertTrue(twice.contains("source      " + RECORDING), twice.toString());
    }

    @Test
    void importedWithAnotherFileTheTracesOriginStaysInItsParameters() {
        // two files of one run are one import of both: its source and format are the files', and
        // the run the trace was exported from is still said
        Path trace = export(run, "chrome", "with-log.trace.json");
        Path both = dir.resolve("both.json");
        CliRun r = CliRun.of("import", trace.toString(), "example-data/recordings/pgbench-sandbox-2cpu/pgbench.txt",
                "--out", both.toString());
        assertEquals(0, r.exitCode(), r.err());
        List<String> info = infoLines(both);
        assertTrue(info.get(1).startsWith("format      chrome-trace+pgbench "), info.toString());
        String all = String.join(" ", info);
        for (String p : List.of("schedlab.source=teach-fair-share", "schedlab.format=simulation", "schedlab.seed=5",
                "schedlab.version=" + org.schedlab.model.Version.current())) {
            assertTrue(all.contains(p), p + " in " + all);
        }
    }

    @Test
    void anotherToolsTraceReadsAsBefore() {
        // no otherData.schedlab: its own fields stay parameters, the trace is the source
        Path f = dir.resolve("other.json");
        try {
            Files.writeString(f, "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":5}],"
                    + "\"displayTimeUnit\":\"ns\",\"otherData\":{\"version\":\"Chrome 120\",\"schedlab\":{\"source\":\"x\"}}}");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        List<String> info = infoLines(f);
        assertTrue(info.contains("source      " + f), info.toString());
        assertTrue(info.contains("format      chrome-trace (a recording, read as import reads it)"), info.toString());
        assertFalse(info.stream().anyMatch(l -> l.startsWith("written by")), info.toString());
        String all = String.join("\n", info);
        for (String p : List.of("chrome.displayTimeUnit=ns", "otherData.version=Chrome 120", "schedlab.source=x")) {
            assertTrue(all.contains(p), p + ": a schedlab object without a format is no SchedLab export: " + all);
        }
    }

    /**
     * {@code from}'s JSON rewritten by {@code edit} (given the root object) to {@code name} in
     * {@code dir}: a dataset file or trace as a hand edit, another version or an older SchedLab leaves it.
     */
    private static Path edited(Path from, String name, java.util.function.Consumer<ObjectNode> edit) throws IOException {
        ObjectMapper om = new ObjectMapper();
        ObjectNode root = (ObjectNode) om.readTree(from.toFile());
        edit.accept(root);
        Path out = dir.resolve(name);
        om.writeValue(out.toFile(), root);
        return out;
    }

    private static ObjectNode schedlab(ObjectNode trace) {
        return (ObjectNode) trace.get("otherData").get("schedlab");
    }

    @Test
    void everySeedADatasetFileHoldsReadsBackFromItsTrace() throws IOException {
        // the dataset file takes any whole number as its seed, and the trace writes it as it is:
        // one of 19 digits read back as "chrome-trace", named after the trace, with no seed
        for (long seed : new long[] {Long.MAX_VALUE, Long.MIN_VALUE, 0}) {
            Path json = edited(run, "seed" + seed + ".json", root -> ((ObjectNode) root.get("metadata")).put("seed", seed));
            Path trace = export(json, "chrome", "seed" + seed + ".trace.json");
            assertSameInfo(json, trace);
            assertTrue(infoLines(trace).contains("seed        " + seed), infoLines(trace).toString());
        }
    }

    @Test
    void aTraceSaysTheVersionThatWroteItOrThatItDoesNotKnowAsTheJsonDoes() throws IOException {
        // an older SchedLab's export says so, as its dataset file does
        Path json = edited(run, "old.json", root -> ((ObjectNode) root.get("metadata")).put("schedlabVersion", "0.0.9"));
        Path trace = edited(export(run, "chrome", "old-src.trace.json"), "old.trace.json",
                root -> schedlab(root).put("version", "0.0.9"));
        assertSameInfo(json, trace);
        assertTrue(infoLines(trace).contains("written by  SchedLab 0.0.9"), infoLines(trace).toString());
        // one that does not say: not this SchedLab, which did not write it, but "unknown" as of the dataset file
        Path noJson = edited(run, "nover.json", root -> ((ObjectNode) root.get("metadata")).remove("schedlabVersion"));
        Path noTrace = edited(export(run, "chrome", "nover-src.trace.json"), "nover.trace.json",
                root -> schedlab(root).remove("version"));
        assertSameInfo(noJson, noTrace);
        assertTrue(infoLines(noTrace).contains("written by  SchedLab unknown"), infoLines(noTrace).toString());
    }

    @Test
    void aSchedlabObjectWithoutASourceOrFormatOrWithABadSeedReadsAsBefore() throws IOException {
        // not as SchedLab writes it: the trace is a recording named after its file, its fields parameters
        Path trace = export(run, "chrome", "src.trace.json");
        Object[][] cases = {
            {"nosource", (java.util.function.Consumer<ObjectNode>) root -> schedlab(root).remove("source"), "schedlab.format=simulation"},
            {"emptyformat", (java.util.function.Consumer<ObjectNode>) root -> schedlab(root).put("format", ""), "schedlab.format="},
            {"textseed", (java.util.function.Consumer<ObjectNode>) root -> schedlab(root).put("seed", "five"), "schedlab.seed=five"},
            {"fractionseed", (java.util.function.Consumer<ObjectNode>) root -> schedlab(root).put("seed", 5.5), "schedlab.seed=5.5"},
            {"hugeseed", (java.util.function.Consumer<ObjectNode>) root -> schedlab(root).put("seed",
                    new java.math.BigInteger("92233720368547758070")), "schedlab.seed=92233720368547758070"},
        };
        for (Object[] c : cases) {
            @SuppressWarnings("unchecked")
            Path f = edited(trace, c[0] + ".trace.json", (java.util.function.Consumer<ObjectNode>) c[1]);
            List<String> info = infoLines(f);
            assertTrue(info.contains("source      " + f), c[0] + ": " + info);
            assertTrue(info.contains("format      chrome-trace (a recording, read as import reads it)"), c[0] + ": " + info);
            assertTrue(info.contains("seed        none"), c[0] + ": " + info);
            String all = String.join(" ", info);
            assertTrue(all.contains((String) c[2]), c[0] + ": " + all);
            assertTrue(all.contains("chrome.displayTimeUnit=ns"), c[0] + ": " + all);
        }
    }
}
