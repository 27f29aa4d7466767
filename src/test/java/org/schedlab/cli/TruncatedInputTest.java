package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.Fixtures;

/** README: a damaged or truncated file is refused - import read a cut gzip's first part and exited 0. */
class TruncatedInputTest {
    @TempDir
    Path dir;

    @Test
    void aSmallGzipCutShortLeadsWithTheCutThenWhatTheLinesBeforeItAre() throws Exception {
        // were "not a recording format SchedLab reads (first line ...) (and the gzip data ends early)",
        // and for sar no word of the cut at all: the cut is the cause, and comes first
        String[] files = {"real/sysstat/sar-u-de-1-2.txt", "real/sysstat/sar-P-ALL-1-3.txt",
            "real/sysstat/mpstat-o-JSON-1-2.txt", "public/netstat/node_exporter_fixture_proc_net_netstat.txt"};
        for (String name : files) {
            byte[] gz = Fixtures.gzip(Files.readAllBytes(Path.of("src/test/resources", name)));
            Path cut = dir.resolve(Path.of(name).getFileName() + ".gz");
            Files.write(cut, Arrays.copyOf(gz, gz.length * 6 / 10));
            for (String command : new String[] {"import", "info"}) {
                CliRun r = CliRun.of(command, cut.toString());
                assertEquals(2, r.exitCode(), r.out() + r.err());
                assertEquals(1, r.err().lines().count(), r.err());
                String lead = "schedlab: " + cut + ": the gzip data ends early (cut or still being written) at byte "
                        + Files.size(cut) + "; of the ";
                assertTrue(r.err().startsWith(lead), command + ": " + r.err());
                assertFalse(r.err().contains("(and the gzip"), r.err());
            }
        }
    }

    @Test
    void aPlainRecordingCutWhileItIsReadIsRefusedNotImportedAsAWholeRun() throws Exception {
        // another program truncates the trace while import reads it (a re-recording into the same
        // name, a log rotated): the read stopped at the new end, a cut last line at most, and the
        // part was imported with exit 0 and totals of a shorter run
        byte[] plain;
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(Fixtures.path(Fixtures.RUN_A_SCRIPT)))) {
            plain = in.readAllBytes();
        }
        Path trace = dir.resolve("sched.txt");
        Files.write(trace, plain);
        org.schedlab.io.read.ImportMonitor truncating = new org.schedlab.io.read.ImportMonitor() {
            private boolean cut;

            @Override
            public void progress(String file, long bytesDone, long bytesTotal) {
                if (!cut && bytesDone > 0) {
                    cut = true;
                    try (var ch = java.nio.channels.FileChannel.open(trace, java.nio.file.StandardOpenOption.WRITE)) {
                        ch.truncate(bytesDone + 100_000);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            }

            @Override
            public boolean cancelRequested() {
                return false;
            }
        };
        UserInputException e = org.junit.jupiter.api.Assertions.assertThrows(UserInputException.class,
                () -> RecordingFiles.imported(java.util.List.of(org.schedlab.io.read.RecordingSource.of(trace)),
                        truncating));
        assertTrue(e.getMessage().startsWith(trace + ": the file got shorter while it was read (cut, or rewritten"
                + " by another program): it ended at byte "), e.getMessage());
        assertTrue(e.getMessage().contains(String.format(java.util.Locale.ROOT, " of the %,d it had when the import"
                + " began: read up to line ", plain.length)), e.getMessage());
        assertTrue(e.getMessage().endsWith("; expected a complete file, nothing was imported"), e.getMessage());
    }

    @Test
    void aPlainRecordingThatGrowsWhileItIsReadIsReadWhole() throws Exception {
        // a log still being appended to is longer at its end than at its start: nothing was lost
        Path trace = dir.resolve("growing.txt");
        byte[] head = SCRIPT_LINES.getBytes(StandardCharsets.UTF_8);
        Files.write(trace, head);
        var source = org.schedlab.io.read.RecordingSource.of(trace);
        Files.write(trace, (SCRIPT_LINES + SCRIPT_LINES.replace("329.5", "329.6")).getBytes(StandardCharsets.UTF_8));
        var r = RecordingFiles.imported(java.util.List.of(source), org.schedlab.io.read.ImportMonitor.NONE);
        assertEquals(6, r.report().events(), r.report().warnings().toString());
    }

    private static final String SCRIPT_LINES = String.join("\n",
            "   perf  7396 [000]   329.519877: sched:sched_stat_runtime: comm=perf pid=7396 runtime=36889 [ns]",
            "   perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf prev_pid=7396 prev_prio=120"
                    + " prev_state=D ==> next_comm=migration/0 next_pid=18 next_prio=0",
            "   migration/0    18 [000]   329.519896:       sched:sched_waking: comm=perf pid=7396 prio=120"
                    + " target_cpu=000") + "\n";

    @Test
    void aTruncatedGzipIsRefusedNamingTheFileAndHowFarItGot() throws Exception {
        byte[] full = Files.readAllBytes(Fixtures.path(Fixtures.RUN_A_SCRIPT));
        Path cut = dir.resolve("cut.txt.gz");
        Files.write(cut, Arrays.copyOf(full, full.length / 3));
        Path out = dir.resolve("cut.json");
        CliRun r = CliRun.of("import", cut.toString(), "--out", out.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("schedlab: " + cut + ": the gzip data ends early (cut or still being written) at"
                + " byte " + Files.size(cut) + ": read up to line "), r.err());
        assertTrue(r.err().contains("expected a complete file, nothing was imported"), r.err());
        assertEquals("", r.out());
        assertFalse(Files.exists(out), "no dataset from part of a recording");
    }

    @Test
    void aChromeTraceCutShortIsRefusedToo() throws Exception {
        Path cut = dir.resolve("cut.json");
        Files.writeString(cut, "[{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":10,\"dur\":5,\"name\":\"a\"},\n"
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":20,\"dur\":5,\"name\":\"b\"},\n{\"ph\":\"X\",\"pi",
                StandardCharsets.UTF_8);
        CliRun r = CliRun.of("import", cut.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        // as a cut gzip's: where the file ends, and nothing said to be read that was not imported
        assertEquals("schedlab: " + cut + ": the JSON ends early (truncated file): read up to line 3; expected a"
                + " complete file, nothing was imported", r.err().strip());
    }

    @Test
    void aCutGzipChromeTraceGetsNoAdviceToImportItsPart() throws Exception {
        // the part before the cut is a cut JSON document, which import refuses in turn: the
        // "gzip -dc ... then import part.txt" of a line format would send the user in a circle
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (var out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(Files.readAllBytes(Fixtures.path("public/chrome_json/catapult_x_event_trace.json")));
        }
        Path cut = dir.resolve("trace.json.gz");
        Files.write(cut, Arrays.copyOf(gz.toByteArray(), gz.size() / 3));
        CliRun r = CliRun.of("import", cut.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        // where it ends, in the words of a cut gzip recording's (was "the file ends early (truncated)")
        assertTrue(r.err().startsWith("schedlab: " + cut + ": the gzip data ends early (cut or still being written) at"
                + " byte " + Files.size(cut) + ": read up to line "), r.err());
        assertTrue(r.err().strip().endsWith("expected a complete file, nothing was imported"), r.err());
    }

    @Test
    void theWholeFileStillImports() {
        CliRun r = CliRun.of("import", Fixtures.path(Fixtures.RUN_A_SCRIPT).toString());
        assertEquals(0, r.exitCode(), r.err());
    }
}
