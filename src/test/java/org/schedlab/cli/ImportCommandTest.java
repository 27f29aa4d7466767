package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;

/** {@code schedlab import}: the CLI.md fields, perf's task table, saved datasets, one-line errors. */
class ImportCommandTest {
    @TempDir
    Path dir;

    private static final String RUN_A = Fixtures.path(Fixtures.RUN_A_SCRIPT).toString();

    private static List<String> fieldNames(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void jsonSummaryHasExactlyTheFieldsCliMdPromises() throws Exception {
        CliRun r = CliRun.of("import", RUN_A, "--summary", "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        // CLI.md's fields in its order, then the readers' parameters (added after them, as CLI.md allows)
        assertEquals(List.of("format", "files", "cpus", "spanNs", "events", "tasks", "runqlatUs", "counters", "locks",
                "parameters"), fieldNames(j));
        assertEquals("perf-sched-script", j.get("format").asText());
        assertEquals(RUN_A, j.get("files").get(0).asText());
        assertEquals(2, j.get("cpus").asInt());
        assertEquals(331_056_317_000L - 329_519_877_000L, j.get("spanNs").asLong());
        assertEquals(107_350, j.get("events").asLong());
        JsonNode first = j.get("tasks").get(0);
        assertEquals(List.of("tid", "pid", "comm", "runtimeMs", "switches", "avgDelayMs", "maxDelayMs"), fieldNames(first));
        // perf sched latency --pids sorts by average delay: sleep:7398 first, 3 switches, avg 6.204 ms
        assertEquals(7398, first.get("tid").asInt());
        assertEquals("sleep", first.get("comm").asText());
        assertEquals(3, first.get("switches").asInt());
        assertEquals(6.204, first.get("avgDelayMs").asDouble(), 0.001);
        assertEquals(2.235, first.get("runtimeMs").asDouble(), 0.001);
        long switches = 0;
        for (JsonNode t : j.get("tasks")) {
            switches += t.get("switches").asLong();
        }
        assertEquals(6849, switches, "perf's TOTAL");
        JsonNode all = j.get("runqlatUs").get("_all");
        assertEquals(List.of("count", "mean", "p50", "p99", "max"), fieldNames(all));
        assertTrue(all.get("count").asLong() > 20_000);
        assertTrue(j.get("runqlatUs").has("postgres"));
    }

    @Test
    void jsonCarriesWhatTableReadersFoundAsTheTextDoes() throws Exception {
        // a summary table has no lanes: without "parameters" its figures were only in the text output
        CliRun pgbench = CliRun.of("import", Fixtures.path("real/pgbench-local/runA_pgbench.txt").toString(),
                "--summary", "json");
        assertEquals(0, pgbench.exitCode(), pgbench.err());
        JsonNode p = new ObjectMapper().readTree(pgbench.out()).get("parameters");
        assertEquals("2599.603685 tps", p.get("throughput").asText(), "pgbench's final line: tps = 2599.603685");
        assertEquals("16", p.get("pgbench.numberOfClients").asText());

        CliRun locks = CliRun.of("import", Fixtures.path("real/pgbench-local/runC_lock_contention.txt").toString(),
                "--summary", "json");
        assertEquals(0, locks.exitCode(), locks.err());
        JsonNode l = new ObjectMapper().readTree(locks.out()).get("parameters");
        // perf lock contention's first row: 207 contended, 8.58 ms total, 6.90 ms max, 41.43 us avg, wake_up_q+0x33
        assertEquals("207", l.get("lockContention.wake_up_q+0x33.contended").asText());
        assertEquals(41.43, l.get("lockContention.wake_up_q+0x33.avgWaitUs").asDouble(), 1e-9);
        assertEquals(6900.0, l.get("lockContention.wake_up_q+0x33.maxWaitUs").asDouble(), 1e-9);
    }

    @Test
    void aContentionTablesTextIsTheTableNotItsCellsAsKeys() throws Exception {
        CliRun locks = CliRun.of("import", Fixtures.path("real/pgbench-local/runC_lock_contention.txt").toString());
        assertEquals(0, locks.exitCode(), locks.err());
        assertTrue(java.util.regex.Pattern.compile("\nperf lock contention\ncaller +contended  total wait us  max wait us"
                + "  avg wait us      type\nwake_up_q\\+0x33 +207 +8,580\\.00 +6,900\\.00 +41\\.43  spinlock\n")
                .matcher(locks.out()).find(), locks.out());
        assertTrue(locks.out().contains("\nperf-lock-contention.rows        135\n"), locks.out());
        assertTrue(!locks.out().contains("lockContention."), locks.out());
    }

    /**
     * A simulated window exported as a Chrome trace (import refuses the saved run itself): import's
     * lock table counted each spin or sleep piece as a wait, 9 on s against table's 2 contended -
     * C's spin, sleep, spin three times, and E, F, G and H, which never took the lock. Now both
     * count a task's wait once, those that took the lock, and name the others by why.
     */
    @Test
    void aRecordingsLockWaitsAreCountedAsTableCountsThem() throws Exception {
        Dataset d = org.schedlab.fixtures.RecordedWindow.withAnAbandonedWait();
        Path trace = dir.resolve("trace.json");
        org.schedlab.io.ChromeTraceWriter.write(d, trace);
        Path saved = dir.resolve("run.json");
        DatasetJson.write(d, saved);

        CliRun text = CliRun.of("import", trace.toString());
        assertEquals(0, text.exitCode(), text.err());
        assertTrue(text.out().contains("\nlocks (contended waits)\n"), text.out());
        String row = text.out().lines().filter(l -> l.startsWith("s ")).findFirst().orElseThrow();
        assertEquals(List.of("s", "spin", "2", "1,750.0", "2,500.0"), List.of(row.strip().split("\\s+")), row);
        String note = text.out().replace("\n  ", " ");
        assertTrue(note.contains("waits still going on at its end, not counted: 3 (s); waits that ended without"
                + " taking the lock (timed out or interrupted), not counted: 1 (s)"), text.out());

        CliRun json = CliRun.of("import", trace.toString(), "--summary", "json");
        assertEquals(0, json.exitCode(), json.err());
        JsonNode lock = new ObjectMapper().readTree(json.out()).get("locks").get(0);
        assertEquals(2, lock.get("contended").asLong(), "waits now, as CLI.md's name reads, not pieces");
        assertEquals(2, lock.get("waitUs").get("count").asLong());
        assertEquals(1750.0, lock.get("waitUs").get("mean").asDouble(), 1e-9);
        assertEquals(3, lock.get("openWaits").asLong());
        assertEquals(1, lock.get("abandonedWaits").asLong());
        assertEquals(4, lock.get("unacquiredWaits").asLong());

        CliRun table = CliRun.of("table", saved.toString());
        assertEquals(0, table.exitCode(), table.err());
        String[] cells = table.out().lines().filter(l -> l.startsWith("  s ")).findFirst().orElseThrow().strip()
                .split("\\s+");
        assertEquals("2", cells[2], "table's contended, the same waits");
        assertEquals("1,750", cells[4], "table's wait mean");
    }

    @Test
    void aRecordingWithoutRuntimeEventsSaysWhyTheRuntimeColumnIsZero() throws Exception {
        CliRun ftrace = CliRun.of("import",
                Fixtures.path("public/ftrace/tracecompass_trace-android-sched-irq.txt").toString());
        assertEquals(0, ftrace.exitCode(), ftrace.err());
        assertTrue(ftrace.out().contains("(runtime is 0: this recording has no sched_stat_runtime events,\n"), ftrace.out());
        assertTrue(ftrace.out().contains("\nworkbench's time per task comes from the slices)\n"), ftrace.out());
        CliRun perf = CliRun.of("import", Fixtures.path(Fixtures.RUN_A_SCRIPT).toString());
        assertEquals(0, perf.exitCode(), perf.err());
        assertFalse(perf.out().contains("runtime is 0"), "perf sched record has them");
    }

    @Test
    void aRecordingOfWakeUpsAloneSaysItHasWakeUpsButNoSwitches(@TempDir Path dir) throws Exception {
        // it said the recording had no sched_switch/sched_wakeup events, of a file of sched_wakeup events
        Path file = dir.resolve("wakeups.txt");
        Files.writeString(file, org.schedlab.io.read.WakeUpsOnlyTestAccess.WAKE_UPS);
        CliRun r = CliRun.of("import", file.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("perf sched latency (per task): not computed, this recording has wake-ups\n"
                + "but no sched_switch events, and a delay runs from a wake-up to\nthe switch-in\n"), r.out());
        CliRun info = CliRun.of("info", file.toString());
        assertEquals(0, info.exitCode(), info.err());
        assertTrue(info.out().replaceAll("\\s+", " ").contains("6 wake-up events (sched_waking 2, sched_wakeup 3,"
                + " sched_wakeup_new 1) and no context switches: CPU lanes need sched:sched_switch"), info.out());
    }

    @Test
    void aRecordingOfOneWakeUpSaysSoInTheSingular(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("one.txt");
        // perf script's columns (comm, tid, [cpu], time) and one sched_wakeup, no sched_switch
        Files.writeString(file, "            bash    4241 [000]   100.000000: sched:sched_wakeup: comm=worker pid=500"
                + " prio=120 target_cpu=000\n");
        CliRun r = CliRun.of("import", file.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("not computed, this recording has wake-ups\nbut no sched_switch events"), r.out());
        CliRun info = CliRun.of("info", file.toString());
        assertEquals(0, info.exitCode(), info.err());
        assertTrue(info.out().replaceAll("\\s+", " ").contains("1 wake-up event (sched_wakeup 1) and no context"
                + " switches"), info.out());
        assertTrue(info.out().contains("marks       1 (wakeup 1)"), info.out());
    }

    @Test
    void aRecordingWithTasksButNoSwitchEventsSaysWhyThereIsNoPerfTable() throws Exception {
        // perf sched timehist has per-run rows, not the switch and wake-up events perf sched latency counts
        CliRun r = CliRun.of("import", Fixtures.path("real/pgbench-local/runA_timehist.txt.gz").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("perf sched latency (per task): not computed, this recording has no\n"
                + "sched_switch/sched_wakeup events"), r.out());
        r.out().lines().filter(l -> l.contains("sched_wakeup") || l.contains("not computed"))
                .forEach(l -> assertTrue(l.length() <= 72, l));
        CliRun script = CliRun.of("import", RUN_A);
        assertFalse(script.out().contains("not computed"), "the table itself when it can be computed");
    }

    @Test
    void aRunqlatHistogramIsTheRunQueueLatencyOfItsImport() throws Exception {
        CliRun r = CliRun.of("import", Fixtures.path("public/runqlat/bpftrace_runqlat_example.txt").toString(),
                "--summary", "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode all = new ObjectMapper().readTree(r.out()).get("runqlatUs").get("_all");
        assertEquals(662, all.get("count").asLong());
        assertEquals(1048575.0, all.get("max").asDouble());
    }

    @Test
    void textSummaryPrintsThePerfTableAndReportsUnreadLinesOnStderr() throws Exception {
        Path f = dir.resolve("sched.txt");
        Files.writeString(f, "            perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf prev_pid=7396"
                + " prev_prio=120 prev_state=R ==> next_comm=sh next_pid=9 next_prio=120\n"
                + "garbage\n"
                + "              sh     9 [000]   329.519991:       sched:sched_switch: prev_comm=sh prev_pid=9"
                + " prev_prio=120 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120\n", StandardCharsets.UTF_8);
        CliRun r = CliRun.of("import", f.toString());
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("perf sched latency (per task)"), r.out());
        assertTrue(r.out().contains("perf:7396"), r.out());
        assertEquals("schedlab: warning: " + f + ": 1 of 3 lines not understood (line 2); first: line 2: expected an event"
                + " line \"COMM PID [CPU] SECONDS: EVENT: FIELDS\"" + System.lineSeparator(), r.err());
    }

    @Test
    void outSavesTheDatasetForInfoAndTheWorkbench() throws Exception {
        Path out = dir.resolve("runA.json.gz");
        CliRun r = CliRun.of("import", RUN_A, Fixtures.path("real/pgbench-local/runA_pgbench.txt").toString(),
                "--out", out.toString(), "--summary", "json");
        assertEquals(0, r.exitCode(), r.err());
        Dataset d = DatasetJson.read(out);
        assertEquals("perf-sched-script+pgbench", d.metadata().format());
        assertEquals(2, d.cpuCount());
        assertTrue(d.counter("pgbench tps").isPresent());
        assertEquals("2599.603685", d.metadata().parameters().get("pgbench.tps"));
        CliRun info = CliRun.of("info", out.toString());
        assertEquals(0, info.exitCode(), info.err());
    }

    private static void assertOneLineError(CliRun r, String expected) {
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertEquals("schedlab: " + expected + System.lineSeparator(), r.err());
    }

    @Test
    void badInputExitsTwoWithOneLine() throws Exception {
        assertOneLineError(CliRun.of("import", dir.resolve("missing.txt").toString()),
                dir.resolve("missing.txt") + ": no such file");
        Path bin = dir.resolve("perf.data");
        Files.write(bin, "PERFILE2\u0000\u0000data".getBytes(StandardCharsets.ISO_8859_1));
        assertOneLineError(CliRun.of("import", bin.toString()), bin + ": this is perf.data (binary perf recording), not a"
                + " text recording SchedLab reads; run `perf sched script > sched.txt` (or `perf script`) and open the text");
        Path junk = dir.resolve("junk.txt");
        Files.writeString(junk, "hello world\n");
        CliRun r = CliRun.of("import", junk.toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("schedlab: " + junk + ": not a recording format SchedLab reads (first line: "
                + "\"hello world\")"), r.err());
        CliRun noFiles = CliRun.of("import");
        assertEquals(2, noFiles.exitCode());
    }

    @Test
    void aSymbolicLinkLoopOrADanglingLinkIsSaidToBeOneNotMissing() throws Exception {
        // ls shows the name, so "no such file" sent the user looking for a typo
        Path a = dir.resolve("a.txt");
        Path b = dir.resolve("b.txt");
        Files.createSymbolicLink(a, Path.of("b.txt"));
        Files.createSymbolicLink(b, Path.of("a.txt"));
        assertOneLineError(CliRun.of("import", a.toString()), a + ": is a symbolic link loop (" + a + " -> " + b
                + " -> " + a + ")");
        assertOneLineError(CliRun.of("open", a.toString()), a + ": is a symbolic link loop (" + a + " -> " + b
                + " -> " + a + ")");
        assertOneLineError(CliRun.of("info", a.toString()), a + ": is a symbolic link loop (" + a + " -> " + b
                + " -> " + a + ")");
        Path loopDir = dir.resolve("d");
        Files.createSymbolicLink(loopDir, Path.of("d"));
        assertOneLineError(CliRun.of("import", loopDir.resolve("x.txt").toString()), loopDir.resolve("x.txt")
                + ": directory " + loopDir + " on its way is a symbolic link loop (" + loopDir + " -> " + loopDir + ")");
        Path dangling = Files.createSymbolicLink(dir.resolve("gone.txt"), dir.resolve("deleted.txt"));
        assertOneLineError(CliRun.of("import", dangling.toString()), dangling + ": is a symbolic link to "
                + dir.resolve("deleted.txt") + ", which does not exist");
        assertOneLineError(CliRun.of("table", dangling.toString()), dangling + ": is a symbolic link to "
                + dir.resolve("deleted.txt") + ", which does not exist");
    }

    @Test
    void anEmptyFileArgumentAndStandardInputSayWhatTheyAre() {
        // an unset shell variable ("$TRACE") gave ": is a directory" (the empty path is the current
        // directory), and "-" (standard input to most tools) gave "-: no such file"
        assertOneLineError(CliRun.of("import", ""), "an empty file name was given; expected a recording file"
                + " (is a shell variable unset?)");
        assertOneLineError(CliRun.of("import", "-"), "-: standard input is not read; expected a recording file:"
                + " save the output first (SchedLab reads .gz directly, no need to unpack)");
    }

    @Test
    void theSameFileUnderTwoNamesIsNamedAsGivenTwice() throws Exception {
        // "a.txt ./a.txt" or a link to it read the file twice and blamed a second "log of another run"
        Path a = dir.resolve("a.txt");
        Files.copy(Path.of(RUN_A), a);
        Path link = Files.createSymbolicLink(dir.resolve("link.txt"), a);
        String again = dir.resolve(".").resolve("a.txt").toString();
        assertOneLineError(CliRun.of("import", a.toString(), again),
                again + ": is " + a + " again; expected each recording once");
        assertOneLineError(CliRun.of("import", a.toString(), link.toString()),
                link + ": is " + a + " again; expected each recording once");
    }

    @Test
    void aDirectoryOrAnUnwritableOutIsAUserError() throws Exception {
        assertOneLineError(CliRun.of("import", dir.toString()), dir + ": is a directory, expected a recording file");
        Path out = dir.resolve("no/such/dir/x.json");
        assertOneLineError(CliRun.of("import", RUN_A, "--out", out.toString()),
                out + ": cannot write: directory " + out.getParent() + " does not exist");
    }
}
