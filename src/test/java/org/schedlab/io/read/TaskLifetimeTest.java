package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.LatencyStats;
import org.schedlab.analysis.RunQueueLatency;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskLane;

/**
 * A task's end in a recording: its PERF_RECORD_EXIT, or a switch-out in a dead state, ends its
 * lane, and its tid given again by the kernel is a new task, with its own lane and row.
 */
class TaskLifetimeTest {

    /**
     * A line as perf script prints it: perf_sample__fprintf_start in tools/perf/builtin-script.c
     * ("%16s " comm, "%7d " tid, "[%03d] " cpu, "%12s: " time), then the event, or for a side
     * record perf_event__fprintf in tools/perf/util/event.c ("PERF_RECORD_%s" and the record's text).
     */
    static String perfLine(String comm, int tid, int cpu, String time, String event) {
        return String.format(java.util.Locale.ROOT, "%16s %7d [%03d] %12s: %s", comm, tid, cpu, time, event);
    }

    /** sched_switch as its TP_printk in include/trace/events/sched.h prints it. */
    static String sw(String prevComm, int prevPid, String prevState, String nextComm, int nextPid) {
        return "sched:sched_switch: prev_comm=" + prevComm + " prev_pid=" + prevPid + " prev_prio=120 prev_state="
                + prevState + " ==> next_comm=" + nextComm + " next_pid=" + nextPid + " next_prio=120";
    }

    /** The tasks of {@code tid}, in the order the recording made them. */
    static List<TaskInfo> tasks(Dataset d, int tid) {
        return d.tasks().stream().filter(t -> t.tid() == tid).toList();
    }

    static List<String> lane(Dataset d, TaskInfo t) {
        List<String> out = new java.util.ArrayList<>();
        d.taskLane(t.id()).map(TaskLane::intervals).ifPresent(l -> {
            for (int i = 0; i < l.size(); i++) {
                out.add(d.taskLane(t.id()).orElseThrow().state(i).label() + " " + l.startNs(i) / 1000 + "-"
                        + l.endNs(i) / 1000);
            }
        });
        return out;
    }

    /**
     * One short-lived process after another from bash (4241), each given tid 4250 (the kernel's pid
     * wrap, or pid_max reached by a long loop): sleep, sleep again, then cat, which runs to the end.
     * perf script --show-task-events: FORK (perf_event__fprintf_task) in the parent's context, COMM
     * exec (perf_event__fprintf_comm), EXIT in do_exit while the task still runs, then its last
     * sched_switch with prev_state=X.
     */
    private static String shortLived(String... comms) {
        StringBuilder sb = new StringBuilder(perfLine("swapper", 0, 0, "100.000000", sw("swapper/0", 0, "R", "bash",
                4241)) + "\n");
        long t = 100_000_100;
        for (int i = 0; i < comms.length; i++) {
            String c = comms[i];
            sb.append(perfLine("bash", 4241, 0, us(t), "PERF_RECORD_FORK(4250:4250):(4241:4241)")).append('\n');
            sb.append(perfLine("bash", 4241, 0, us(t + 10), "sched:sched_wakeup_new: comm=bash pid=4250 prio=120"
                    + " target_cpu=001")).append('\n');
            sb.append(perfLine("swapper", 0, 1, us(t + 100), sw("swapper/1", 0, "R", "bash", 4250))).append('\n');
            sb.append(perfLine(c, 4250, 1, us(t + 200), "PERF_RECORD_COMM exec: " + c + ":4250/4250")).append('\n');
            if (i < comms.length - 1) {
                sb.append(perfLine(c, 4250, 1, us(t + 300), "PERF_RECORD_EXIT(4250:4250):(4241:4241)")).append('\n');
                sb.append(perfLine(c, 4250, 1, us(t + 310), sw(c, 4250, "X", "swapper/1", 0))).append('\n');
            }
            t += 1000;
        }
        sb.append(perfLine("bash", 4241, 0, us(t), sw("bash", 4241, "S", "swapper/0", 0))).append('\n');
        return sb.toString();
    }

    private static String us(long tUs) {
        return tUs / 1_000_000 + String.format(java.util.Locale.ROOT, ".%06d", tUs % 1_000_000);
    }

    @Test
    void aTidReusedAfterItsTaskExitedIsANewTaskWithItsOwnLaneRowAndComm() throws Exception {
        ImportResult r = Fixtures.importText("reuse.txt", shortLived("sleep", "sleep", "cat"));
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        List<TaskInfo> reused = tasks(d, 4250);
        // one task "cat[4250]" ran all three processes, its lane going on across the exits
        assertEquals(List.of("sleep[4250]", "sleep[4250#2]", "cat[4250]"),
                reused.stream().map(TaskInfo::label).toList(), "each a row of its own, the two sleeps told apart");
        assertEquals(List.of(4250, 4250, 4250), reused.stream().map(TaskInfo::pid).toList());
        assertEquals(List.of("runnable 100000110-100000200", "running 100000200-100000410"), lane(d, reused.get(0)));
        assertEquals(List.of("runnable 100001110-100001200", "running 100001200-100001410"), lane(d, reused.get(1)));
        assertEquals(List.of("runnable 100002110-100002200", "running 100002200-100003100"), lane(d, reused.get(2)),
                "cat runs to the recording's end");
        // the CPU lane's slices name each process, not the last one's comm for all
        assertEquals(List.of(reused.get(0).id(), reused.get(1).id(), reused.get(2).id()),
                java.util.stream.IntStream.range(0, d.cpus().get(1).slices().size())
                        .map(i -> d.cpus().get(1).slices().task(i)).filter(id -> id >= 0).boxed().toList());
        // a saved dataset read back names them alike (the numbering follows the task table's order)
        java.io.ByteArrayOutputStream saved = new java.io.ByteArrayOutputStream();
        org.schedlab.io.DatasetJson.write(d, saved);
        Dataset back = org.schedlab.io.DatasetJson.read(new java.io.ByteArrayInputStream(saved.toByteArray()), "r.json");
        assertEquals(List.of("sleep[4250]", "sleep[4250#2]", "cat[4250]"),
                tasks(back, 4250).stream().map(TaskInfo::label).toList());
        // runqlat per comm: each wait counted for the comm of the process that waited
        Map<String, LatencyStats> byComm = RunQueueLatency.byCommGroup(d);
        assertEquals(2, byComm.get("sleep").count());
        assertEquals(1, byComm.get("cat").count());
    }

    /** Each task's label, lane and CPU slices: what tells two tasks of one tid apart. */
    private static List<String> tasksAndSlices(Dataset d) {
        List<String> out = new java.util.ArrayList<>();
        for (TaskInfo t : d.tasks()) {
            out.add(t.label() + " pid " + t.pid() + ": " + lane(d, t));
        }
        for (org.schedlab.model.CpuLane c : d.cpus()) {
            for (int i = 0; i < c.slices().size(); i++) {
                int task = c.slices().task(i);
                out.add("cpu " + c.cpu() + " " + c.slices().startNs(i) + ": " + (task < 0 ? "idle" : d.task(task).label()));
            }
        }
        return out;
    }

    @Test
    void aReusedTidExportedAsCsvTablesReadsBackAsTwoTasksEachWithItsRows(@org.junit.jupiter.api.io.TempDir
                                                                        java.nio.file.Path dir) throws Exception {
        Dataset d = Fixtures.importText("reuse.txt", shortLived("sleep", "sleep", "cat")).dataset();
        org.schedlab.io.CsvExport.write(d, dir);
        org.schedlab.io.CsvTables.Read back = org.schedlab.io.CsvTables.read(dir, org.schedlab.io.CsvTables.Progress.NONE);
        assertEquals(List.of(), back.warnings(), "tasks told apart by their id: nothing folded together");
        assertEquals(tasksAndSlices(d), tasksAndSlices(back.dataset()));
        assertEquals(List.of("sleep[4250]", "sleep[4250#2]", "cat[4250]"),
                tasks(back.dataset(), 4250).stream().map(TaskInfo::label).toList());
        // an export made before the task column (its tables without it) reads as it did: the second
        // sleep's rows go to the first, with a warning
        for (String table : List.of("slices.csv", "task-states.csv", "locks.csv", "marks.csv")) {
            java.nio.file.Path f = dir.resolve(table);
            List<String> rows = new java.util.ArrayList<>();
            for (String row : java.nio.file.Files.readAllLines(f)) {
                // marks.csv ends with the waker's two columns since, after the task column
                String cut = table.equals("marks.csv") ? row.substring(0, row.lastIndexOf(',', row.lastIndexOf(',') - 1))
                        : row;
                rows.add(cut.substring(0, cut.lastIndexOf(',')));
            }
            java.nio.file.Files.write(f, rows);
        }
        org.schedlab.io.CsvTables.Read old = org.schedlab.io.CsvTables.read(dir, org.schedlab.io.CsvTables.Progress.NONE);
        assertEquals(d.tasks().size(), old.dataset().tasks().size());
        assertTrue(old.warnings().toString().contains("has the tid, pid and comm of task"), old.warnings().toString());
        assertEquals(List.of(), lane(old.dataset(), tasks(old.dataset(), 4250).get(1)));
    }

    @Test
    void aReusedTidExportedAsAChromeTraceIsAThreadPerTaskAndReadsBackAsItsTasks(@org.junit.jupiter.api.io.TempDir
                                                                             java.nio.file.Path dir) throws Exception {
        Dataset d = Fixtures.importText("reuse.txt", shortLived("sleep", "sleep", "cat")).dataset();
        java.nio.file.Path trace = dir.resolve("reuse.trace.json");
        org.schedlab.io.ChromeTraceWriter.write(d, trace);
        // in the trace: a thread per task, the later ones on thread ids of their own, named as the workbench
        // names them; their state events on their own threads
        com.fasterxml.jackson.databind.JsonNode events = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(trace.toFile()).get("traceEvents");
        Map<Integer, String> threadNames = new java.util.TreeMap<>();
        Map<Integer, Integer> statesByThread = new java.util.TreeMap<>();
        for (com.fasterxml.jackson.databind.JsonNode e : events) {
            if (e.get("pid").asInt() != 4250) {
                continue;
            }
            if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("thread_name")) {
                threadNames.put(e.get("tid").asInt(), e.get("args").get("name").asText());
            } else if (e.get("ph").asText().equals("X")) {
                statesByThread.merge(e.get("tid").asInt(), 1, Integer::sum);
            }
        }
        assertEquals(Map.of(4250, "sleep[4250]", 2_000_400_000, "sleep[4250#2]", 2_000_400_001, "cat[4250]"),
                threadNames);
        assertEquals(Map.of(4250, 2, 2_000_400_000, 2, 2_000_400_001, 2), statesByThread);
        // read back: the three tasks, each with its lane and its CPU slices, not one under cat's comm
        ImportResult back = Importer.standard().importFile(RecordingSource.of(trace));
        assertEquals(List.of("sleep[4250]", "sleep[4250#2]", "cat[4250]"),
                tasks(back.dataset(), 4250).stream().map(TaskInfo::label).toList());
        assertEquals(sorted(tasksAndSlices(d)), sorted(tasksAndSlices(back.dataset())));
        assertEquals(d.marks().size(), back.dataset().marks().size());
        for (int i = 0; i < d.marks().size(); i++) {
            assertEquals(d.task(d.marks().task(i)).label(), back.dataset().task(back.dataset().marks().task(i)).label(),
                    "mark " + i);
        }
    }

    private static List<String> sorted(List<String> l) {
        return l.stream().sorted().toList();
    }

    @Test
    void aReusedTidSavedAsJsonReadsBackAsTwoTasksEachWithItsLaneAndSlices(@org.junit.jupiter.api.io.TempDir
                                                                         java.nio.file.Path dir) throws Exception {
        Dataset d = Fixtures.importText("reuse.txt", shortLived("sleep", "sleep", "cat")).dataset();
        java.nio.file.Path json = dir.resolve("reuse.json");
        org.schedlab.io.DatasetJson.write(d, json);
        assertEquals(tasksAndSlices(d), tasksAndSlices(org.schedlab.io.DatasetJson.read(json)), "the dataset JSON");
    }

    @Test
    void aTaskSwitchedOutDeadWithoutAnExitRecordEndsThereAndItsTidIsThenANewTask() throws Exception {
        // no --show-task-events: only the sched_switch says the task died. prev_state X is EXIT_DEAD
        // and Z EXIT_ZOMBIE, as __trace_sched_switch_state reports a task's last switch-out from
        // do_task_dead (task_state_index folds exit_state into TASK_REPORT, printed by letter);
        // a kernel before 4.14 printed x (TASK_DEAD) there
        for (String dead : List.of("X", "Z", "x")) {
            String text = String.join("\n",
                    perfLine("swapper", 0, 0, "100.000000", sw("swapper/0", 0, "R", "worker", 500)),
                    perfLine("worker", 500, 0, "100.000100", sw("worker", 500, dead, "swapper/0", 0)),
                    perfLine("swapper", 0, 1, "100.000200", sw("swapper/1", 0, "R", "kworker/1:1", 77)),
                    perfLine("kworker/1:1", 77, 1, "100.001000", sw("kworker/1:1", 77, "I", "worker", 500)),
                    perfLine("worker", 500, 1, "100.002000", sw("worker", 500, "S", "swapper/1", 0)),
                    perfLine("swapper", 0, 0, "100.005000", sw("swapper/0", 0, "R", "kworker/0:1", 78)),
                    "");
            Dataset d = Fixtures.importText("dead.txt", text).dataset();
            List<TaskInfo> workers = tasks(d, 500);
            assertEquals(List.of("worker[500]", "worker[500#2]"), workers.stream().map(TaskInfo::label).toList(), dead);
            assertEquals(List.of("running 100000000-100000100"), lane(d, workers.get(0)),
                    dead + ": no sleep after its death to the recording's end");
            assertEquals(List.of("running 100001000-100002000", "sleeping 100002000-100005000"),
                    lane(d, workers.get(1)), dead);
        }
    }

    @Test
    void aDyingTaskSwitchingToItsTidsNextTaskSwitchesToANewTask() throws Exception {
        // the tid was freed (release_task) before the dying task's last switch and a fork elsewhere got
        // it: the switch names the tid twice, the two tasks being two (the kernel never switches a task
        // to itself); before 4.14 the dying one's state could be the number 64
        for (String dead : List.of("X", "64")) {
            String text = String.join("\n",
                    perfLine("swapper", 0, 0, "100.000000", sw("swapper/0", 0, "R", "worker", 500)),
                    perfLine("worker", 500, 0, "100.000100", sw("worker", 500, dead, "worker", 500)),
                    perfLine("worker", 500, 0, "100.002000", sw("worker", 500, "S", "swapper/0", 0)),
                    perfLine("swapper", 0, 1, "100.005000", sw("swapper/1", 0, "R", "kworker/1:1", 77)),
                    "");
            ImportResult r = Fixtures.importText("dead.txt", text);
            assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
            Dataset d = r.dataset();
            List<TaskInfo> workers = tasks(d, 500);
            assertEquals(List.of("worker[500]", "worker[500#2]"), workers.stream().map(TaskInfo::label).toList(), dead);
            assertEquals(List.of("running 100000000-100000100"), lane(d, workers.get(0)), dead);
            assertEquals(List.of("running 100000100-100002000", "sleeping 100002000-100005000"),
                    lane(d, workers.get(1)), dead);
            org.schedlab.model.Intervals s = d.cpus().get(0).slices();
            assertEquals(workers.get(0).id(), s.task(0), dead);
            assertEquals(workers.get(1).id(), s.task(1), dead + ": the CPU ran the new task from the switch");
            assertTrue(r.report().files().get(0).notes().stream().noneMatch(n -> n.contains("prev_state 64")), dead);
        }
    }

    @Test
    void ftraceAndTraceCmdDeadSwitchOutsEndTheLaneToo() throws Exception {
        // ftrace's trace file (print_trace_fmt: comm-pid, [cpu], irq flags, time) and trace-cmd report's
        // (no flags column, sched_switch by its plugin: "comm:pid [prio] STATE ==> comm:pid [prio]")
        String ftrace = String.join("\n",
                "# tracer: nop",
                "          <idle>-0       [000] d..2.   100.000000: sched_switch: prev_comm=swapper/0 prev_pid=0"
                        + " prev_prio=120 prev_state=R ==> next_comm=worker next_pid=500 next_prio=120",
                "          worker-500     [000] d..2.   100.000100: sched_switch: prev_comm=worker prev_pid=500"
                        + " prev_prio=120 prev_state=X ==> next_comm=swapper/0 next_pid=0 next_prio=120",
                "          <idle>-0       [001] d..2.   100.005000: sched_switch: prev_comm=swapper/1 prev_pid=0"
                        + " prev_prio=120 prev_state=R ==> next_comm=kworker/1:1 next_pid=77 next_prio=120",
                "");
        String traceCmd = String.join("\n",
                "cpus=2",
                "          <idle>-0     [000]   100.000000: sched_switch:         swapper/0:0 [120] R ==>"
                        + " worker:500 [120]",
                "          worker-500   [000]   100.000100: sched_switch:         worker:500 [120] Z ==>"
                        + " swapper/0:0 [120]",
                "          <idle>-0     [001]   100.005000: sched_switch:         swapper/1:0 [120] R ==>"
                        + " kworker/1:1:77 [120]",
                "");
        for (String text : List.of(ftrace, traceCmd)) {
            ImportResult r = Fixtures.importText("dead.txt", text);
            assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
            Dataset d = r.dataset();
            assertEquals(List.of("running 100000000-100000100"), lane(d, tasks(d, 500).get(0)), r.report().format());
        }
    }

    @Test
    void aTimehistRowWithTheDeadStateEndsItsTaskAndALaterRowOfItsTidIsANewTask() throws Exception {
        // perf sched timehist --state: timehist_print_sample prints the state the task left the CPU in
        // after the run time (task_state_char, "X" for a dead task); perf's thread for the tid after the
        // exit is a new one, its wait 0
        String text = String.join("\n",
                "           time    cpu  task name                       wait time  sch delay   run time  state",
                "                        [tid/pid]                          (msec)     (msec)     (msec)",
                "--------------- ------  ------------------------------  ---------  ---------  ---------  -----",
                "      100.000500 [0001]  sleep[4250]                         0.000      0.100      0.300      X",
                "      100.001000 [0000]  bash[4241]                          0.000      0.000      0.900      S",
                "      100.001500 [0001]  sleep[4250]                         0.000      0.100      0.300      S",
                "      100.003000 [0001]  sleep[4250]                         1.200      0.200      0.300      S",
                "");
        ImportResult r = Fixtures.importText("th.txt", text);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        List<TaskInfo> sleeps = tasks(d, 4250);
        assertEquals(List.of("sleep[4250]", "sleep[4250#2]"), sleeps.stream().map(TaskInfo::label).toList());
        assertEquals(List.of("runnable 100000100-100000200", "running 100000200-100000500"), lane(d, sleeps.get(0)),
                "the first process's lane ends at its dead row");
        assertEquals(List.of("runnable 100001100-100001200", "running 100001200-100001500",
                "sleeping 100001500-100002500", "runnable 100002500-100002700", "running 100002700-100003000"),
                lane(d, sleeps.get(1)));
    }
}
