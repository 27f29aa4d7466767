package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;

/**
 * Who woke a task: the task whose line carries the sched_waking / sched_wakeup (the one calling
 * try_to_wake_up), kept with each imported wake-up mark; the idle task for a wake-up from an
 * interrupt on an idle CPU. Kept through a crop and the dataset's save and load.
 */
class WakerTest {

    /** Each wake-up mark as "wakee by waker", the waker "<idle>" or "?" (none recorded). */
    static List<String> wakeUps(Dataset d) {
        Marks m = d.marks();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) != MarkKind.WAKEUP) {
                continue;
            }
            int w = m.waker(i);
            String by = w == Marks.IDLE_WAKER ? "<idle>" : w >= 0 ? d.task(w).label() : "?";
            out.add(d.task(m.task(i)).label() + " by " + by + " at " + (m.tNs(i) - d.startNs()));
        }
        return out;
    }

    private static String perf(String comm, int tid, int cpu, String time, String event) {
        return String.format(Locale.ROOT, "%16s %7d [%03d] %12s: %s", comm, tid, cpu, time, event);
    }

    private static String ftrace(String comm, int tid, int cpu, String time, String event) {
        return String.format(Locale.ROOT, "%16s-%-7d [%03d] d..2. %12s: %s", comm, tid, cpu, time, event);
    }

    /** pgbench wakes a postgres backend, an interrupt on idle CPU 1 wakes kworker, the backend wakes pgbench. */
    private static String perfScript() {
        return String.join("\n",
                perf("swapper", 0, 0, "100.000000", "sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120"
                        + " prev_state=R ==> next_comm=pgbench next_pid=123 next_prio=120"),
                perf("pgbench", 123, 0, "100.000100", "sched:sched_waking: comm=postgres pid=500 prio=120 target_cpu=001"),
                perf("pgbench", 123, 0, "100.000110", "sched:sched_wakeup: comm=postgres pid=500 prio=120 target_cpu=001"),
                perf("swapper", 0, 1, "100.000200", "sched:sched_waking: comm=kworker/1:1 pid=77 prio=120 target_cpu=001"),
                perf("swapper", 0, 1, "100.000300", "sched:sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120"
                        + " prev_state=R ==> next_comm=postgres next_pid=500 next_prio=120"),
                perf("pgbench", 123, 0, "100.000400", "sched:sched_switch: prev_comm=pgbench prev_pid=123 prev_prio=120"
                        + " prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120"),
                perf("postgres", 500, 1, "100.001000", "sched:sched_waking: comm=pgbench pid=123 prio=120 target_cpu=000"),
                perf("postgres", 500, 1, "100.001010", "sched:sched_wakeup: comm=pgbench pid=123 prio=120 target_cpu=000"),
                perf("swapper", 0, 0, "100.001100", "sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120"
                        + " prev_state=R ==> next_comm=pgbench next_pid=123 next_prio=120"),
                "");
    }

    @Test
    void perfScriptNamesTheTaskWhoseLineCarriesTheWakeUpAndTheIdleTaskForAnInterrupt() throws Exception {
        ImportResult r = Fixtures.importText("perf-sched-script.txt", perfScript());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals(List.of("postgres[500] by pgbench[123] at 100000", "kworker/1:1[77] by <idle> at 200000",
                "pgbench[123] by postgres[500] at 1000000"), wakeUps(r.dataset()));
    }

    @Test
    void ftraceNamesTheWakerFromTheLinesCommAndTid() throws Exception {
        String text = String.join("\n",
                "# tracer: nop",
                "#",
                ftrace("<idle>", 0, 0, "100.000000", "sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120"
                        + " prev_state=R ==> next_comm=pgbench next_pid=123 next_prio=120"),
                ftrace("pgbench", 123, 0, "100.000100", "sched_waking: comm=postgres pid=500 prio=120 target_cpu=001"),
                ftrace("pgbench", 123, 0, "100.000110", "sched_wakeup: comm=postgres pid=500 prio=120 target_cpu=001"),
                ftrace("<idle>", 0, 1, "100.000200", "sched_wakeup: comm=kworker/1:1 pid=77 prio=120 target_cpu=001"),
                // a waker not seen switching yet (the trace began while it ran): named by its line
                ftrace("sshd", 900, 1, "100.000300", "sched_wakeup: comm=bash pid=901 prio=120 target_cpu=000"),
                "");
        ImportResult r = Fixtures.importText("trace.txt", text);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals(List.of("postgres[500] by pgbench[123] at 100000", "kworker/1:1[77] by <idle> at 200000",
                "bash[901] by sshd[900] at 300000"), wakeUps(r.dataset()));
    }

    @Test
    void traceCmdReportNamesTheWakerWithOrWithoutTheSchedPlugin() throws Exception {
        String text = String.join("\n",
                "cpus=2",
                // the sched_switch plugin's compact print
                "            bash-1234  [000]  1234.500100: sched_wakeup:         sshd:900 [120] success=1 CPU:001",
                "          <idle>-0     [001]  1234.500200: sched_wakeup_new:     Web Content:2711 [120] CPU:001",
                // the event's own fields
                "            sshd-900   [001]  1234.500300: sched_waking:         comm=bash pid=1234 prio=120"
                        + " target_cpu=000",
                "");
        ImportResult r = Fixtures.importText("report.txt", text);
        assertEquals("trace-cmd-report", r.report().format());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals(List.of("sshd[900] by bash[1234] at 0", "Web Content[2711] by <idle> at 100000",
                "bash[1234] by sshd[900] at 200000"), wakeUps(r.dataset()));
    }

    @Test
    void aWakeUpRacingItsTasksSwitchOutKeepsItsWakerUntilTheMarkAtTheSwitchOut() throws Exception {
        // postgres is woken by pgbench while still on CPU 1, switching out S: the mark comes at its switch-out
        String text = String.join("\n",
                perf("swapper", 0, 1, "100.000000", "sched:sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120"
                        + " prev_state=R ==> next_comm=postgres next_pid=500 next_prio=120"),
                perf("swapper", 0, 0, "100.000010", "sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120"
                        + " prev_state=R ==> next_comm=pgbench next_pid=123 next_prio=120"),
                perf("pgbench", 123, 0, "100.000100", "sched:sched_waking: comm=postgres pid=500 prio=120 target_cpu=001"),
                perf("postgres", 500, 1, "100.000200", "sched:sched_switch: prev_comm=postgres prev_pid=500"
                        + " prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120"),
                "");
        ImportResult r = Fixtures.importText("race.txt", text);
        assertEquals(List.of("postgres[500] by pgbench[123] at 200000"), wakeUps(r.dataset()));
    }

    @Test
    void theWakerSurvivesACropAndTheDatasetsSaveAndLoad() throws Exception {
        Dataset d = Fixtures.importText("perf-sched-script.txt", perfScript()).dataset();
        Dataset cut = d.crop(d.startNs() + 150_000, d.endNs());
        assertEquals(List.of("kworker/1:1[77] by <idle> at 50000", "pgbench[123] by postgres[500] at 850000"),
                wakeUps(cut));
        for (Dataset each : List.of(d, cut)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            DatasetJson.write(each, out);
            assertTrue(out.toString(java.nio.charset.StandardCharsets.UTF_8).contains("\"waker\""));
            Dataset back = DatasetJson.read(new ByteArrayInputStream(out.toByteArray()), "saved.json");
            assertEquals(wakeUps(each), wakeUps(back));
            assertEquals(each.marks(), back.marks());
        }
    }

    @Test
    void aFileWrittenBeforeWakersWereKeptReadsWithNoneRecorded() throws Exception {
        Dataset d = Fixtures.importText("perf-sched-script.txt", perfScript()).dataset();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(d, out);
        String json = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        String old = json.replaceAll(",\\s*\"waker\"\\s*:\\s*\\[[-0-9,\\s]*\\]", "");
        assertFalse(old.contains("\"waker\""), "the column is gone");
        Dataset back = DatasetJson.read(new ByteArrayInputStream(old.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                "old.json");
        assertEquals(List.of("postgres[500] by ? at 100000", "kworker/1:1[77] by ? at 200000",
                "pgbench[123] by ? at 1000000"), wakeUps(back));
    }

    @Test
    void theCsvExportNamesTheWakerAndReadsBackWithIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        Dataset d = Fixtures.importText("perf-sched-script.txt", perfScript()).dataset();
        org.schedlab.io.CsvExport.write(d, dir);
        List<String> rows = java.nio.file.Files.readAllLines(dir.resolve("marks.csv"));
        assertEquals("tNs,kind,cpu,tid,pid,comm,note,task,wakerTid,waker", rows.get(0));
        int pgbench = d.task(d.marks().waker(0)).id();
        assertTrue(rows.stream().anyMatch(l -> l.startsWith("100000100000,wakeup,1,500,") && l.endsWith(",123," + pgbench)),
                rows.toString());
        assertTrue(rows.stream().anyMatch(l -> l.startsWith("100000200000,wakeup,1,77,") && l.endsWith(",0,")),
                "the idle task: tid 0, no task id " + rows);
        Dataset back = org.schedlab.io.CsvTables.read(dir, org.schedlab.io.CsvTables.Progress.NONE).dataset();
        assertEquals(wakeUps(d), wakeUps(back));
        // an export made before the columns: no waker recorded
        java.nio.file.Files.write(dir.resolve("marks.csv"), rows.stream()
                .map(l -> l.substring(0, l.lastIndexOf(',', l.lastIndexOf(',') - 1))).toList());
        assertEquals(List.of("postgres[500] by ? at 100000", "kworker/1:1[77] by ? at 200000",
                "pgbench[123] by ? at 1000000"),
                wakeUps(org.schedlab.io.CsvTables.read(dir, org.schedlab.io.CsvTables.Progress.NONE).dataset()));
    }

    @Test
    void perfSchedTimehistWithWakeUpRowsNamesTheRowsTaskAsTheWaker() throws Exception {
        // -w: "awakened:" rows, the row's task the one that woke (timehist -w prints the waker there)
        String rows = String.join("\n",
                "           time    cpu  task name                       wait time  sch delay   run time",
                "                        [tid/pid]                          (msec)     (msec)     (msec)",
                "--------------- ------  ------------------------------  ---------  ---------  ---------",
                "     100.000100 [0000]  pgbench[123]                                          awakened: postgres[500]",
                "     100.000150 [0000]  pgbench[123]                        0.000      0.000      0.150",
                "     100.000200 [0001]  <idle>                                                awakened: kworker/1:1[77]",
                "     100.000400 [0001]  postgres[500]                       0.250      0.200      0.100",
                "     100.000700 [0001]  kworker/1:1[77]                     0.400      0.300      0.200",
                "     100.000900 [0001]  sshd[900]                           0.500      0.200      0.100",
                "");
        ImportResult r = Fixtures.importText("th.txt", rows);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals(List.of("postgres[500] by pgbench[123] at 100000", "kworker/1:1[77] by <idle> at 200000",
                "sshd[900] by ? at 600000"), wakeUps(r.dataset()));
    }

    @Test
    void theStepBarsLineOfAWakeUpNamesItsWaker() throws Exception {
        Dataset d = Fixtures.importText("perf-sched-script.txt", perfScript()).dataset();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < d.marks().size(); i++) {
            if (d.marks().kind(i) == MarkKind.WAKEUP) {
                lines.add(org.schedlab.analysis.MarkExplainer.explain(d, i).lines().findFirst().orElse(""));
            }
        }
        assertEquals(List.of(
                "postgres woken by pgbench onto CPU 1 (sched_wakeup); the trace does not say what the wake-up asked for",
                "kworker/1:1 woken by <idle> (an interrupt on an idle CPU) onto CPU 1 (sched_wakeup); the trace does not"
                        + " say what the wake-up asked for",
                "pgbench woken by postgres onto CPU 0 (sched_wakeup); the trace does not say what the wake-up asked for"),
                lines);
    }

    @Test
    void theChromeTraceExportGivesAWakeUpsWakerAsArgs(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        Dataset d = Fixtures.importText("perf-sched-script.txt", perfScript()).dataset();
        java.nio.file.Path trace = dir.resolve("t.trace.json");
        org.schedlab.io.ChromeTraceWriter.write(d, trace);
        String json = java.nio.file.Files.readString(trace).replace(" ", "");
        assertTrue(json.contains("\"waker\":\"pgbench[123]\",\"wakerTid\":123"), json);
        assertTrue(json.contains("\"waker\":\"<idle>\",\"wakerTid\":0"), json);
    }
}
