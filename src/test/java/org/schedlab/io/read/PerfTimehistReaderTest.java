package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;
import org.schedlab.model.TaskInfo;

/** perf sched timehist output read on its own draws the same runs as the script it came from. */
class PerfTimehistReaderTest {

    private static Map<Integer, Long> runsByTid(Dataset d) {
        Map<Integer, Long> out = new HashMap<>();
        for (CpuLane c : d.cpus()) {
            Intervals s = c.slices();
            for (int i = 0; i < s.size(); i++) {
                if (s.task(i) != Intervals.NO_TASK) {
                    out.merge(d.task(s.task(i)).tid(), 1L, Long::sum);
                }
            }
        }
        return out;
    }

    private static Map<Integer, Long> runNsByTid(Dataset d) {
        Map<Integer, Long> out = new HashMap<>();
        for (CpuLane c : d.cpus()) {
            Intervals s = c.slices();
            for (int i = 0; i < s.size(); i++) {
                if (s.task(i) != Intervals.NO_TASK) {
                    out.merge(d.task(s.task(i)).tid(), s.durationNs(i), Long::sum);
                }
            }
        }
        return out;
    }

    @Test
    void timehistAndScriptOfOneRecordingGiveEachTaskTheSameRunTime() throws Exception {
        Dataset th = Fixtures.importAll("real/pgbench-local/runA_timehist.txt.gz").dataset();
        Dataset script = Fixtures.importAll(Fixtures.RUN_A_SCRIPT).dataset();
        Map<Integer, Long> a = runNsByTid(th);
        Map<Integer, Long> b = runNsByTid(script);
        // timehist cannot time each CPU's first run (it prints 0.000), and prints nothing for the
        // run still going when the recording stops; the script shows both: take them out
        for (CpuLane c : script.cpus()) {
            Intervals s = c.slices();
            if (s.task(0) != Intervals.NO_TASK) {
                b.merge(script.task(s.task(0)).tid(), -s.durationNs(0), Long::sum);
            }
            int last = s.size() - 1;
            if (s.task(last) != Intervals.NO_TASK && s.endNs(last) == script.endNs()) {
                b.merge(script.task(s.task(last)).tid(), -s.durationNs(last), Long::sum);
            }
        }
        b.values().removeIf(v -> v == 0);
        assertEquals(b.size(), a.size(), "tasks that ran");
        Map<Integer, Long> runs = runsByTid(th);
        for (Map.Entry<Integer, Long> e : a.entrySet()) {
            long other = b.getOrDefault(e.getKey(), 0L);
            // timehist truncates each run to whole microseconds; the script's times are too
            assertEquals(other, e.getValue(), 1_000 * (runs.get(e.getKey()) + 1), "tid " + e.getKey() + " run time, ns");
        }
    }

    @Test
    void aRowOutOfTimeOrderNamesTheRowItGoesBackBefore() throws Exception {
        String rows = "           time    cpu  task name                       wait time  sch delay   run time\n"
                + "     329.519891 [0000]  perf[7396]                          0.000      0.000      0.000\n"
                + "     929.519926 [0000]  migration/0[18]                     0.000      0.007      0.035\n"
                + "     329.519997 [0000]  postgres[7386]                      0.000      0.000      0.071\n";
        FileReport f = Fixtures.importText("th.txt", rows).report().files().get(0);
        assertEquals("line 4: time 329.519997 goes back before 929.519926 of line 3 (rows must be in time order)",
                f.firstSkipReason());
    }

    private static final String SECOND = ": this looks like a second recording starting here, put after the first"
            + " in one file; expected one recording a file: split it at this line and open each part (or compare them"
            + " as A and B)";

    /** The first {@code lines} lines of the real timehist of run A, each ending in a line break. */
    private static String runA(int lines) throws Exception {
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(
                        Fixtures.path("real/pgbench-local/runA_timehist.txt.gz"))),
                java.nio.charset.StandardCharsets.UTF_8))) {
            return in.lines().limit(lines).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        }
    }

    @Test
    void aTimehistPutTwiceInOneFileIsRefusedAtTheSecondsFirstLine() throws Exception {
        // `cat th.txt th.txt`: every row of the second copy was one "not understood" line (time goes
        // back), and the file read as the first copy with 2997 of 6000 lines refused
        String first = runA(3000);
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("twice.txt", first + first));
        assertEquals("twice.txt:3001: perf sched timehist's header again (line 3001; the first at line 1, its rows"
                + " from line 4)" + SECOND, e.getMessage());

        // a later run of the same boot, its times after the first's end
        String later = first.replace(" 329.", "1329.");
        e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("later.txt", first + later));
        assertEquals("later.txt:3001: perf sched timehist's header again (line 3001; the first at line 1, its rows"
                + " from line 4)" + SECOND, e.getMessage());

        // as perf prints it to a terminal, "Samples do not have callchains." first: the second copy starts there
        String withPreamble = "Samples do not have callchains.\n" + first;
        e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("twice.txt", withPreamble + withPreamble));
        assertEquals("twice.txt:3002: perf sched timehist's header again (line 3003; the first at line 2, its rows"
                + " from line 5)" + SECOND, e.getMessage());

        // with its summary (-S): the second copy came after the summary, and was read past unseen
        String summary = java.nio.file.Files.readString(Fixtures.path("handmade/perf_sched/timehist_with_summary.txt"));
        e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("twice-s.txt", summary + summary));
        long lines = summary.lines().count();
        assertEquals("twice-s.txt:" + (lines + 1) + ": perf sched timehist's header again (line " + (lines + 1)
                + "; the first at line 1, its rows from line 4)" + SECOND, e.getMessage());

        // rows without their header (grep'ed, tail'ed), twice: their times go back to the first row's
        String rows = first.substring(first.indexOf("     329.519891"));
        e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("rows.txt", rows + rows));
        assertEquals("rows.txt:2998: time 329.519891 goes back before " + rows.lines().skip(2996).findFirst()
                .orElseThrow().strip().split(" ")[0] + " of line 2997, to the first row's time (329.519891, line 1) or"
                + " before" + SECOND, e.getMessage());

        // one row out of order, inside one recording, is still one line not understood
        String[] l = first.split("\n");
        String swapped = l[1000];
        l[1000] = l[1001];
        l[1001] = swapped;
        ImportResult r = Fixtures.importText("one.txt", String.join("\n", l) + "\n");
        assertTrue(r.report().skippedLines() <= 1, r.report().warnings().toString());
    }

    @Test
    void aRunLongerThanTheClockHasRunIsRefusedNotDrawnFromBeforeTimeZero() throws Exception {
        // a damaged figure (99999999 ms of run at 329.5 s) made a 100000 s dataset, its slice
        // starting 27 hours before the clock began
        String rows = "           time    cpu  task name                       wait time  sch delay   run time\n"
                + "     329.519891 [0000]  perf[7396]                          0.000      0.000      0.000\n"
                + "     329.519926 [0000]  migration/0[18]                     0.000      0.007   99999999.000\n"
                + "     329.519997 [0000]  postgres[7386]                 329600.000      0.000      0.071\n"
                + "     329.520046 [0000]  postgres[7383]                      0.000      0.000      0.048\n";
        ImportResult r = Fixtures.importText("th.txt", rows);
        FileReport f = r.report().files().get(0);
        assertEquals(List.of(3L, 4L), f.firstSkippedLines());
        assertTrue(f.firstSkipReason().startsWith("line 3: wait, sch delay and run time reach back before time 0"),
                f.firstSkipReason());
        assertTrue(r.dataset().startNs() >= 0, "starts at " + r.dataset().startNs());
        assertTrue(r.dataset().endNs() - r.dataset().startNs() < 1_000_000_000L, "a recording of under a second");
    }

    @Test
    void aMigrationToACpuAboveAllRowsIsReportedWithItsLine() throws Exception {
        // "cpu 0 => 900" (a flipped digit) gave a 1-CPU recording 901 CPU lanes without a word
        String rows = "           time    cpu  task name                       wait time  sch delay   run time\n"
                + "     329.519891 [0000]  perf[7396]                          0.000      0.000      0.000\n"
                + "     329.519899 [0000]  perf[7396]                          migrated: postgres[7386] cpu 0 => 900\n"
                + "     329.519926 [0000]  migration/0[18]                     0.000      0.007      0.035\n";
        FileReport f = Fixtures.importText("th.txt", rows).report().files().get(0);
        assertTrue(f.notes().contains("cpu 900 (line 3) is above every CPU a row ran on, named only as a migration"
                + " target: a damaged number, or a recording of some CPUs only"), f.notes().toString());
    }

    @Test
    void tidSlashPidGivesTheThreadGroupAndCommsKeepTheirSpaces() throws Exception {
        ImportResult r = Fixtures.importAll("public/perf_sched/lkml_acme_dsahern_perf_sched_timehist_cpu_filter.txt");
        Dataset d = r.dataset();
        TaskInfo kvm = d.tasks().stream().filter(t -> t.tid() == 3589).findFirst().orElseThrow();
        assertEquals("CPU 0/KVM", kvm.comm());
        assertEquals(3561, kvm.pid());
        assertEquals("perf-sched-timehist", r.report().format());
        // the shell prompt and the "--cpu 2 | head" header lines are reported, not guessed at
        assertEquals(5, r.report().skippedLines());
    }

    @Test
    void theCpuVisualColumnOfDashVIsNotPartOfTheTaskName() throws Exception {
        // -V puts a cell per CPU before the task: every task was named "s    perf", and the idle
        // rows ("i   <idle>") were refused
        ImportResult r = Fixtures.importAll("handmade/perf_sched/timehist_cpu_visual.txt");
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        assertEquals(List.of("perf", "migration/0", "CPU 0/KVM", "s", "i 2"),
                d.tasks().stream().map(TaskInfo::comm).toList());
        assertEquals(3561, d.tasks().get(2).pid());
        Intervals cpu2 = d.cpus().get(2).slices();
        assertEquals(2, cpu2.size(), "the KVM run and the idle row");
        assertEquals(Intervals.NO_TASK, cpu2.task(1));
        assertEquals(48_000, cpu2.durationNs(1));
        assertEquals(0, PerfTimehistReader.Row.visualColumn(
                "           time    cpu  task name     wait time  sch delay   run time"), "no -V");
    }

    @Test
    void timehistsSummaryAfterItsRowsIsReadPastNotReportedLineByLine() throws Exception {
        // -S: every line of the summary (one per task, the idle stats, the totals) was "not understood"
        ImportResult r = Fixtures.importAll("handmade/perf_sched/timehist_with_summary.txt");
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals(5, r.report().events());
        assertEquals(4, r.dataset().tasks().size(), "the summary's rows are no tasks of their own");
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("perf sched timehist's summary (-S),"
                + " from line 10 on, was read past")), r.report().warnings().toString());

        // -s: the summary alone has no rows to draw, and says which option leaves them out
        String all = java.nio.file.Files.readString(Fixtures.path("handmade/perf_sched/timehist_with_summary.txt"));
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("th-s.txt", all.substring(all.indexOf("Runtime summary"))));
        assertEquals("th-s.txt: only perf sched timehist's summary (-s), no rows to draw; run `perf sched timehist`"
                + " without -s (or with -S, which keeps the rows before it)", e.getMessage());
    }

    @Test
    void aRowIsARunPrecededByItsDelayAndItsSleep() throws Exception {
        String text = String.join("\n",
                "           time    cpu  task name                       wait time  sch delay   run time",
                "                        [tid/pid]                          (msec)     (msec)     (msec)",
                "--------------- ------  ------------------------------  ---------  ---------  ---------",
                "       10.000100 [0000]  a[7]                                0.000      0.000      0.000",
                "       10.000500 [0000]  b[8/8]                              0.000      0.000      0.400",
                "       10.001500 [0000]  a[7]                                0.400      0.100      0.600",
                "");
        Dataset d = Fixtures.importText("th.txt", text).dataset();
        Intervals s = d.cpus().get(0).slices();
        assertEquals(2, s.size());
        assertEquals(10_000_900_000L, s.startNs(1));
        assertEquals(600_000, s.durationNs(1));
        var lane = d.taskLane(d.tasks().stream().filter(t -> t.tid() == 7).findFirst().orElseThrow().id())
                .orElseThrow().intervals();
        assertEquals(3, lane.size(), "sleeping, runnable, running");
        assertEquals(300_000, lane.durationNs(0));
        assertEquals(100_000, lane.durationNs(1));
        assertEquals(1, d.marks().count(MarkKind.WAKEUP));
        assertTrue(d.marks().count(MarkKind.PREEMPTION) == 0);
    }
}
