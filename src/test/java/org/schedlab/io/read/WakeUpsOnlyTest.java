package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.io.read.TaskLifetimeTest.perfLine;
import static org.schedlab.io.read.TaskLifetimeTest.sw;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;

/** A recording of wake-ups without context switches says what it lacks and claims nothing it has not. */
class WakeUpsOnlyTest {

    /**
     * perf record -e sched:sched_waking -e sched:sched_wakeup -e sched:sched_wakeup_new (no
     * sched_switch): the wake-ups as their TP_printk in include/trace/events/sched.h prints them
     * (DECLARE_EVENT_CLASS sched_wakeup_template: "comm=%s pid=%d prio=%d target_cpu=%03d"). A
     * worker is woken twice (sched_waking, then its sched_wakeup), a kworker once by a
     * sched_wakeup alone, and bash forks a child (sched_wakeup_new).
     */
    static final String WAKE_UPS = String.join("\n",
            perfLine("bash", 4241, 0, "100.000000", "sched:sched_waking: comm=worker pid=500 prio=120 target_cpu=001"),
            perfLine("bash", 4241, 0, "100.000010", "sched:sched_wakeup: comm=worker pid=500 prio=120 target_cpu=001"),
            perfLine("swapper", 0, 1, "100.001000", "sched:sched_wakeup: comm=kworker/1:1 pid=77 prio=120"
                    + " target_cpu=001"),
            perfLine("bash", 4241, 0, "100.002000", "sched:sched_wakeup_new: comm=bash pid=4250 prio=120"
                    + " target_cpu=000"),
            perfLine("bash", 4241, 0, "100.005000", "sched:sched_waking: comm=worker pid=500 prio=120 target_cpu=001"),
            perfLine("bash", 4241, 0, "100.005010", "sched:sched_wakeup: comm=worker pid=500 prio=120 target_cpu=001"),
            "");

    @Test
    void wakeUpsWithoutSwitchesAreMarksAndTheReportSaysWhatIsMissing() throws Exception {
        ImportResult r = Fixtures.importText("wakeups.txt", WAKE_UPS);
        FileReport f = r.report().files().get(0);
        assertEquals(0, f.skippedLines(), r.report().warnings().toString());
        assertEquals(List.of("6 wake-up events (sched_waking 2, sched_wakeup 3, sched_wakeup_new 1) and no context"
                + " switches: CPU lanes need sched:sched_switch (perf record -e sched:sched_switch -e"
                + " sched:sched_waking ..., or perf sched record); the wake-ups are marks on their tasks and target"
                + " CPUs, and the CPUs are left empty, not idle, as nothing says what ran on them"), f.notes());
        Dataset d = r.dataset();
        // each task woken was runnable from its first wake-up to the recording's end: a run-queue wait
        // of the whole recording that nothing measured, and the later wake-ups were no marks
        assertEquals(List.of(), d.taskLanes(), "no state is known: no switch says when a task ran");
        assertEquals(4, d.marks().count(MarkKind.WAKEUP), "one mark per wake-up, its waking and wakeup one");
        assertEquals(2, d.cpuCount(), "the CPUs the events ran on and woke tasks onto");
        assertEquals(0, d.sliceCount(), "no CPU shown busy or idle");
        assertEquals(100_000_000_000L, d.startNs());
        assertEquals(100_005_010_000L, d.endNs(), "the recording spans its events, the last a wake-up's second half");
        assertEquals(6, r.report().events());
    }

    @Test
    void aRecordingWithSwitchesDrawsWakeUpsAsBeforeAndSaysNothingOfThem() throws Exception {
        // the same wake-ups with the worker's switches: runnable from its first wake-up to its switch-in
        String text = WAKE_UPS + String.join("\n",
                perfLine("swapper", 0, 1, "100.006000", sw("swapper/1", 0, "R", "worker", 500)),
                perfLine("worker", 500, 1, "100.007000", sw("worker", 500, "S", "swapper/1", 0)),
                "");
        ImportResult r = Fixtures.importText("both.txt", text);
        assertTrue(r.report().files().get(0).notes().stream().noneMatch(n -> n.contains("wake-up")),
                r.report().warnings().toString());
        Dataset d = r.dataset();
        assertEquals(List.of("runnable 100000000-100006000", "running 100006000-100007000"),
                TaskLifetimeTest.lane(d, TaskLifetimeTest.tasks(d, 500).get(0)));
    }
}
