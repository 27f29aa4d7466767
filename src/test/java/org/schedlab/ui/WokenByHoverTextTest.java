package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;
import org.schedlab.render.TrackHit;

/**
 * A recording with switches draws a wake-up as the woken task's runnable stretch, not as a tick,
 * so the waker the importer keeps was named only on the Step line. Pointing at a runnable
 * stretch that began with a wake-up says who woke the task and onto which CPU.
 */
class WokenByHoverTextTest {
    private static String line(String comm, int tid, int cpu, String time, String event) {
        return String.format(Locale.ROOT, "%16s %7d [%03d] %12s: %s", comm, tid, cpu, time, event);
    }

    /** worker[500] sleeps, bash[4241] wakes it onto CPU 1, where it waits for kworker to switch out. */
    static final String TRACE = String.join("\n",
            line("worker", 500, 1, "100.000000", "sched:sched_switch: prev_comm=worker prev_pid=500 prev_prio=120"
                    + " prev_state=S ==> next_comm=kworker/1:1 next_pid=77 next_prio=120"),
            line("bash", 4241, 0, "100.001000", "sched:sched_waking: comm=worker pid=500 prio=120 target_cpu=001"),
            line("bash", 4241, 0, "100.001010", "sched:sched_wakeup: comm=worker pid=500 prio=120 target_cpu=001"),
            line("kworker/1:1", 77, 1, "100.003000", "sched:sched_switch: prev_comm=kworker/1:1 prev_pid=77"
                    + " prev_prio=120 prev_state=R ==> next_comm=worker next_pid=500 next_prio=120"),
            line("worker", 500, 1, "100.004000", "sched:sched_switch: prev_comm=worker prev_pid=500 prev_prio=120"
                    + " prev_state=R+ ==> next_comm=kworker/1:1 next_pid=77 next_prio=120"),
            line("swapper", 0, 0, "100.006000", "sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120"
                    + " prev_state=R ==> next_comm=bash next_pid=4241 next_prio=120"),
            "");

    private static TrackHit.TaskStateHit stretch(Dataset d, int task, TaskState state, long atNs) {
        TaskLane lane = d.taskLanes().stream().filter(l -> l.task() == task).findFirst().orElseThrow();
        for (int i = 0; i < lane.intervals().size(); i++) {
            if (lane.state(i) == state && lane.intervals().startNs(i) <= atNs && atNs < lane.intervals().endNs(i)) {
                return new TrackHit.TaskStateHit(task, i, state, lane.intervals().startNs(i), lane.intervals().endNs(i));
            }
        }
        throw new AssertionError("no " + state + " stretch of task " + task + " at " + atNs);
    }

    private static int task(Dataset d, String label) {
        for (int t = 0; t < d.tasks().size(); t++) {
            if (d.task(t).label().equals(label)) {
                return t;
            }
        }
        throw new AssertionError("no task " + label);
    }

    @Test
    void aRunnableStretchBegunByAWakeUpNamesItsWaker() throws Exception {
        Dataset d = Fixtures.importText("switches.txt", TRACE).dataset();
        long o = d.startNs();
        int worker = task(d, "worker[500]");
        String woken = HoverText.of(d, stretch(d, worker, TaskState.RUNNABLE, o + 2_000_000));
        assertEquals("worker[500]\nrunnable, 2.00 ms\nfrom +1.000 ms to +3.000 ms\nwoken by bash[4241] onto CPU 1", woken);
        // preempted at +4 ms: runnable again, but nobody woke it
        String preempted = HoverText.of(d, stretch(d, worker, TaskState.RUNNABLE, o + 4_500_000));
        assertTrue(preempted.startsWith("worker[500]\nrunnable, "), preempted);
        assertTrue(!preempted.contains("woken"), preempted);
        // a sleep names no waker
        String sleeping = HoverText.of(d, stretch(d, worker, TaskState.SLEEPING, o + 500_000));
        assertTrue(!sleeping.contains("woken"), sleeping);
    }

    @Test
    void onTheRealRecordingEveryWakeUpsRunnableStretchNamesTheWakerItsMarkNames() throws Exception {
        Dataset d = Fixtures.importAll(Fixtures.RUN_A_SCRIPT).dataset();
        Marks m = d.marks();
        int checked = 0;
        for (TaskLane lane : d.taskLanes()) {
            for (int i = 0; i < lane.intervals().size(); i++) {
                if (lane.state(i) != TaskState.RUNNABLE) {
                    continue;
                }
                long s = lane.intervals().startNs(i);
                int mark = -1;
                for (int k = m.firstAtOrAfter(s); k < m.size() && m.tNs(k) == s; k++) {
                    if (m.kind(k) == MarkKind.WAKEUP && m.task(k) == lane.task()) {
                        mark = k;
                    }
                }
                String text = HoverText.of(d, new TrackHit.TaskStateHit(lane.task(), i, TaskState.RUNNABLE, s,
                        lane.intervals().endNs(i)));
                if (mark < 0) {
                    assertTrue(!text.contains("woken"), text);
                    continue;
                }
                int w = m.waker(mark);
                String by = w == Marks.IDLE_WAKER ? "<idle>" : d.task(w).label();
                assertTrue(text.contains("\nwoken by " + by), text);
                checked++;
            }
        }
        // runA's wake-ups (30,288) mostly start a runnable stretch; some land on a task already
        // runnable or running (a wake-up racing a switch-out), which starts none
        assertTrue(checked > 20_000, "runnable stretches begun by a wake-up: " + checked);
    }

    /**
     * A simulated run's wake-ups name their waker too: in teach-remote-wakeup W wakes B from CPU 1,
     * and each of B's runnable stretches that a wake-up began says so.
     */
    @Test
    void aSimulatedRunsRunnableStretchNamesTheTaskThatWokeIt() throws Exception {
        Dataset d = org.schedlab.sim.Simulation.run(org.schedlab.sim.scenario.ScenarioCatalog.builtIn(
                "teach-remote-wakeup"), java.util.Map.of(), org.schedlab.sim.Simulation.Options.recording(50),
                () -> false).dataset().orElseThrow();
        int b = task(d, "B[3002]");
        TaskLane lane = d.taskLanes().stream().filter(l -> l.task() == b).findFirst().orElseThrow();
        int checked = 0;
        for (int i = 0; i < lane.intervals().size(); i++) {
            long s = lane.intervals().startNs(i);
            if (lane.state(i) != TaskState.RUNNABLE || s == d.startNs()) {
                continue;
            }
            String text = HoverText.of(d, new TrackHit.TaskStateHit(b, i, TaskState.RUNNABLE, s, lane.intervals().endNs(i)));
            assertTrue(text.endsWith("\nwoken by W[3003] onto CPU 0"), text);
            checked++;
        }
        assertTrue(checked > 10, "B's wake-ups: " + checked);
    }
}
