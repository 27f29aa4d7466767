package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.schedlab.io.read.TaskLifetimeTest.lane;
import static org.schedlab.io.read.TaskLifetimeTest.perfLine;
import static org.schedlab.io.read.TaskLifetimeTest.sw;
import static org.schedlab.io.read.TaskLifetimeTest.tasks;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskInfo;

/** A task's end at the edges: a dead switch-out of a task never seen, a preemption after EXIT, a third reuse. */
class TaskLifetimeEdgesTest {

    @Test
    void aDeadSwitchOutOfATaskNoSwitchHadShownRunningStillImports() throws Exception {
        // cpu 1's first line is an event under bash, then a sched_switch switches out worker dead (the
        // switch-in of worker, and bash's switch-out, missing): worker has no state before it, and the
        // import gave up ("task lane 1 interval 0: unknown task state code -1")
        String text = String.join("\n",
                perfLine("bash", 4241, 1, "100.000000", "sched:sched_wakeup: comm=kworker/1:1 pid=77 prio=120"
                        + " target_cpu=001"),
                perfLine("worker", 500, 1, "100.000100", sw("worker", 500, "X", "swapper/1", 0)),
                perfLine("swapper", 0, 1, "100.001000", sw("swapper/1", 0, "R", "worker", 500)),
                perfLine("worker", 500, 1, "100.002000", sw("worker", 500, "S", "swapper/1", 0)),
                "");
        ImportResult r = Fixtures.importText("dead.txt", text);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        List<TaskInfo> workers = tasks(d, 500);
        assertEquals(List.of("worker[500]", "worker[500#2]"), workers.stream().map(TaskInfo::label).toList());
        assertEquals(List.of(), lane(d, workers.get(0)), "nothing says when the dead worker ran");
        assertEquals(List.of("running 100001000-100002000"), lane(d, workers.get(1)));
    }

    @Test
    void aTaskPreemptedAfterItsExitRecordRunsAgainAsTheSameTask() throws Exception {
        // PERF_RECORD_EXIT comes from perf_event_exit_task in do_exit; the task may still be preempted
        // (prev_state R) before do_task_dead switches it out dead: its switch-in after the preemption is
        // the same task finishing its exit, not a new thread given its tid
        String text = String.join("\n",
                perfLine("swapper", 0, 0, "100.000000", sw("swapper/0", 0, "R", "worker", 500)),
                perfLine("worker", 500, 0, "100.000100", "PERF_RECORD_EXIT(500:500):(1:1)"),
                perfLine("worker", 500, 0, "100.000200", sw("worker", 500, "R", "kworker/0:1", 77)),
                perfLine("kworker/0:1", 77, 0, "100.000300", sw("kworker/0:1", 77, "I", "worker", 500)),
                perfLine("worker", 500, 0, "100.000400", sw("worker", 500, "X", "swapper/0", 0)),
                perfLine("swapper", 0, 0, "100.001000", sw("swapper/0", 0, "R", "kworker/0:1", 77)),
                "");
        ImportResult r = Fixtures.importText("exit.txt", text);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        List<TaskInfo> workers = tasks(d, 500);
        assertEquals(List.of("worker[500]"), workers.stream().map(TaskInfo::label).toList());
        assertEquals(List.of("running 100000000-100000200", "runnable 100000200-100000300",
                "running 100000300-100000400"), lane(d, workers.get(0)), "its lane ends at its dead switch-out");
    }

    @Test
    void aTidReusedThreeTimesByOneCommIsNumberedOnEachTime() throws Exception {
        String text = String.join("\n",
                perfLine("swapper", 0, 0, "100.000000", sw("swapper/0", 0, "R", "sleep", 4250)),
                perfLine("sleep", 4250, 0, "100.000050", sw("sleep", 4250, "X", "swapper/0", 0)),
                perfLine("swapper", 0, 0, "100.000100", sw("swapper/0", 0, "R", "sleep", 4250)),
                perfLine("sleep", 4250, 0, "100.000150", sw("sleep", 4250, "Z", "swapper/0", 0)),
                perfLine("swapper", 0, 0, "100.000200", sw("swapper/0", 0, "R", "sleep", 4250)),
                perfLine("sleep", 4250, 0, "100.000250", sw("sleep", 4250, "X", "swapper/0", 0)),
                perfLine("swapper", 0, 0, "100.001000", sw("swapper/0", 0, "R", "sleep", 4250)),
                perfLine("sleep", 4250, 0, "100.002000", sw("sleep", 4250, "S", "swapper/0", 0)),
                "");
        ImportResult r = Fixtures.importText("three.txt", text);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        List<TaskInfo> sleeps = tasks(d, 4250);
        assertEquals(List.of("sleep[4250]", "sleep[4250#2]", "sleep[4250#3]", "sleep[4250#4]"),
                sleeps.stream().map(TaskInfo::label).toList());
        assertEquals(List.of("running 100000100-100000150"), lane(d, sleeps.get(1)));
        assertEquals(List.of("running 100000200-100000250"), lane(d, sleeps.get(2)));
        assertEquals("running 100001000-100002000", lane(d, sleeps.get(3)).get(0));
    }
    @Test
    void aWakeUpOfATidWhoseTaskEndedAtItsExitIsTheNextTasks() throws Exception {
        // worker's EXIT came while it was not running (its last switch-out missing: its lane ends at the
        // EXIT), then its tid, given again (the new thread's FORK record lost), is woken and runs: the
        // wake-up is the new task's, and the ended one waits for no CPU to the recording's end
        String text = String.join("\n",
                perfLine("swapper", 0, 0, "100.000000", sw("swapper/0", 0, "R", "worker", 500)),
                perfLine("worker", 500, 0, "100.000100", sw("worker", 500, "S", "swapper/0", 0)),
                perfLine("worker", 500, 1, "100.000200", "PERF_RECORD_EXIT(500:500):(1:1)"),
                perfLine("bash", 4241, 1, "100.000300", "sched:sched_wakeup_new: comm=worker pid=500 prio=120"
                        + " target_cpu=000"),
                perfLine("swapper", 0, 0, "100.000400", sw("swapper/0", 0, "R", "worker", 500)),
                perfLine("worker", 500, 0, "100.000500", sw("worker", 500, "S", "swapper/0", 0)),
                perfLine("swapper", 0, 0, "100.001000", sw("swapper/0", 0, "R", "kworker/0:1", 77)),
                "");
        ImportResult r = Fixtures.importText("wake.txt", text);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        List<TaskInfo> workers = tasks(d, 500);
        assertEquals(List.of("worker[500]", "worker[500#2]"), workers.stream().map(TaskInfo::label).toList());
        assertEquals(List.of("running 100000000-100000100", "sleeping 100000100-100000200"),
                lane(d, workers.get(0)), "its lane ends at its EXIT");
        assertEquals(List.of("runnable 100000300-100000400", "running 100000400-100000500",
                "sleeping 100000500-100001000"), lane(d, workers.get(1)));
    }
    @Test
    void inARecordingWithoutSwitchesAForkOfATidAfterItsExitIsANewTask() throws Exception {
        // perf record -a -e sched:sched_wakeup_new, perf script --show-task-events: no switch shows the
        // sleeps running, so each EXIT ends its task there and the next FORK of tid 4250 is a new one
        String text = String.join("\n",
                perfLine("bash", 4241, 0, "100.000000", "PERF_RECORD_FORK(4250:4250):(4241:4241)"),
                perfLine("bash", 4241, 0, "100.000010", "sched:sched_wakeup_new: comm=bash pid=4250 prio=120"
                        + " target_cpu=001"),
                perfLine("sleep", 4250, 1, "100.000200", "PERF_RECORD_COMM exec: sleep:4250/4250"),
                perfLine("sleep", 4250, 1, "100.000300", "PERF_RECORD_EXIT(4250:4250):(4241:4241)"),
                perfLine("bash", 4241, 0, "100.001000", "PERF_RECORD_FORK(4250:4250):(4241:4241)"),
                perfLine("bash", 4241, 0, "100.001010", "sched:sched_wakeup_new: comm=bash pid=4250 prio=120"
                        + " target_cpu=001"),
                perfLine("sleep", 4250, 1, "100.001200", "PERF_RECORD_COMM exec: sleep:4250/4250"),
                "");
        ImportResult r = Fixtures.importText("forks.txt", text);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        assertEquals(List.of("sleep[4250]", "sleep[4250#2]"), tasks(d, 4250).stream().map(TaskInfo::label).toList());
    }
}
