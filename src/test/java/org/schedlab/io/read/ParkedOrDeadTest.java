package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.io.read.TaskLifetimeTest.lane;
import static org.schedlab.io.read.TaskLifetimeTest.perfLine;
import static org.schedlab.io.read.TaskLifetimeTest.sw;
import static org.schedlab.io.read.TaskLifetimeTest.tasks;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.SchedEventKind;
import org.schedlab.model.SchedEvents;
import org.schedlab.model.TaskInfo;

/**
 * The numeric prev_state 64: TASK_DEAD before Linux 4.14 (the task's last switch-out), TASK_PARKED
 * from 4.14 on (a kthread parked, as on CPU hotplug, woken again when unparked). Decided from the
 * recording: the kernel release it states, the numbers only one kernel era prints, else what
 * follows (a dead task is never woken).
 */
class ParkedOrDeadTest {

    /** A trace-cmd report line without the sched plugin or print fmt: fields as the event has them. */
    private static String tc(String comm, int pid, int cpu, String time, String event, String fields) {
        return String.format(java.util.Locale.ROOT, "%16s-%-5d [%03d] %12s: %-22s %s", comm, pid, cpu, time,
                event + ":", fields);
    }

    private static String swFields(String prevComm, int prevPid, int state, String nextComm, int nextPid) {
        return "prev_comm=" + prevComm + " prev_pid=" + prevPid + " prev_prio=120 prev_state=" + state + " next_comm="
                + nextComm + " next_pid=" + nextPid + " next_prio=120";
    }

    private static String wakeFields(String comm, int pid, int cpu) {
        return "comm=" + comm + " pid=" + pid + " prio=120 success=1 target_cpu=" + String.format("%03d", cpu);
    }

    /**
     * ksoftirqd/1 runs, leaves with 64, is woken (or not) and runs again; meanwhile cpu 0's idle task
     * is preempted, its prev_state printed as {@code preemptMark} (TASK_STATE_MAX 4096 before 4.14,
     * TASK_REPORT_MAX 256 from 4.14 on; 0 says nothing of the kernel).
     */
    private static String hotplug(boolean woken, int preemptMark) {
        List<String> l = new ArrayList<>();
        l.add("cpus=2");
        l.add(tc("<idle>", 0, 1, "200.000000", "sched_switch", swFields("swapper/1", 0, 0, "ksoftirqd/1", 18)));
        l.add(tc("ksoftirqd/1", 18, 1, "200.000100", "sched_switch", swFields("ksoftirqd/1", 18, 64, "swapper/1", 0)));
        if (woken) {
            l.add(tc("cpuhp/0", 15, 0, "200.001000", "sched_wakeup", wakeFields("ksoftirqd/1", 18, 1)));
        }
        l.add(tc("<idle>", 0, 0, "200.001500", "sched_switch", swFields("swapper/0", 0, preemptMark, "bash", 900)));
        l.add(tc("<idle>", 0, 1, "200.002000", "sched_switch", swFields("swapper/1", 0, 0, "ksoftirqd/1", 18)));
        l.add(tc("ksoftirqd/1", 18, 1, "200.002500", "sched_switch", swFields("ksoftirqd/1", 18, 1, "swapper/1", 0)));
        l.add(tc("bash", 900, 0, "200.005000", "sched_switch", swFields("bash", 900, 1, "swapper/0", 0)));
        l.add("");
        return String.join("\n", l);
    }

    private static List<String> labels(Dataset d, int tid) {
        return tasks(d, tid).stream().map(TaskInfo::label).toList();
    }

    /** The prev_state recorded for each switch-out of {@code tid}, in order. */
    private static String statesOf(ImportResult r, int tid) {
        SchedEvents e = r.schedEvents();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < e.size(); i++) {
            if (e.kind(i) == SchedEventKind.SWITCH && e.tid(i) == tid) {
                out.append(e.prevState(i));
            }
        }
        return out.toString();
    }

    @Test
    void aWakeUpAfterPrevState64SaysParkedAndTheKthreadStaysOneTask() throws Exception {
        // a dead task is never woken: this is a 4.14+ kernel's TASK_PARKED, unparked by cpuhp
        ImportResult r = Fixtures.importText("hotplug.txt", hotplug(true, 0));
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        assertEquals(List.of("ksoftirqd/1[18]"), labels(d, 18), "no ksoftirqd/1[18#2]");
        assertEquals(List.of("running 200000000-200000100", "sleeping 200000100-200001000",
                "runnable 200001000-200002000", "running 200002000-200002500", "sleeping 200002500-200005000"),
                lane(d, tasks(d, 18).get(0)));
        assertEquals("PS", statesOf(r, 18), "recorded as parked");
        assertTrue(r.report().files().get(0).notes().stream().noneMatch(n -> n.contains("prev_state 64")),
                r.report().files().get(0).notes().toString());
    }

    @Test
    void theNumbersOfA414KernelSayParkedWithoutAWakeUp() throws Exception {
        // TASK_REPORT_MAX 256, the preemption mark only 4.14+ prints, comes after the 64: the kthread
        // parked and was switched in again (its wake-up not recorded): one task, asleep while parked
        ImportResult r = Fixtures.importText("hotplug.txt", hotplug(false, 256));
        Dataset d = r.dataset();
        assertEquals(List.of("ksoftirqd/1[18]"), labels(d, 18));
        assertEquals(List.of("running 200000000-200000100", "sleeping 200000100-200002000",
                "running 200002000-200002500", "sleeping 200002500-200005000"), lane(d, tasks(d, 18).get(0)));
        assertEquals("PS", statesOf(r, 18));
    }

    @Test
    void theNumbersOfAnOlderKernelSayDeadAsTheBundledLisaTraceHasIt() throws Exception {
        // TASK_STATE_MAX 4096 as the preemption mark: before 4.14, 64 is TASK_DEAD; the tid switched in
        // later is a new task
        ImportResult r = Fixtures.importText("exit.txt", hotplug(false, 4096));
        Dataset d = r.dataset();
        assertEquals(List.of("ksoftirqd/1[18]", "ksoftirqd/1[18#2]"), labels(d, 18));
        assertEquals(List.of("running 200000000-200000100"), lane(d, tasks(d, 18).get(0)), "no lane after its death");
        assertEquals("XS", statesOf(r, 18));
        assertTrue(r.report().files().get(0).notes().stream().noneMatch(n -> n.contains("prev_state 64")));
    }

    @Test
    void eachNumberOnlyOneEraPrintsDecides() throws Exception {
        // before 4.14: TASK_STATE_MAX 2048 (kernels before 4.11) as the preemption mark, or several
        // state bits at once (D|K, 130): 64 is TASK_DEAD, the tid switched in later a new task
        for (int older : new int[] {2048, 130}) {
            ImportResult r = Fixtures.importText("exit.txt", hotplug(false, older));
            assertEquals(List.of("ksoftirqd/1[18]", "ksoftirqd/1[18#2]"), labels(r.dataset(), 18), "" + older);
            assertEquals("XS", statesOf(r, 18), "" + older);
            assertTrue(r.report().files().get(0).notes().stream().noneMatch(n -> n.contains("prev_state 64")),
                    older + " said which");
        }
        // from 4.14 on: TASK_REPORT_IDLE 128 (I), one TASK_REPORT bit: 64 is TASK_PARKED, one task
        ImportResult r = Fixtures.importText("hotplug.txt", hotplug(false, 128));
        assertEquals(List.of("ksoftirqd/1[18]"), labels(r.dataset(), 18));
        assertEquals("PS", statesOf(r, 18));
    }

    @Test
    void withNothingToTellItReadsAsDeadAndTheReportSaysWhy() throws Exception {
        ImportResult r = Fixtures.importText("exit.txt", hotplug(false, 0));
        Dataset d = r.dataset();
        assertEquals(List.of("ksoftirqd/1[18]", "ksoftirqd/1[18#2]"), labels(d, 18));
        assertEquals(List.of("running 200000000-200000100"), lane(d, tasks(d, 18).get(0)));
        List<String> notes = r.report().files().get(0).notes();
        assertTrue(notes.contains("1 task was switched out with the numeric prev_state 64, TASK_DEAD before Linux"
                + " 4.14 and TASK_PARKED from 4.14 on, and neither the kernel release nor a later wake-up of the task"
                + " said which: read as dead (its lane ends there, and its tid seen again is a new task)"), notes.toString());
    }

    @Test
    void aSwitchOutOfTheTidAfter64WithoutItsSwitchInReadsAsDeadAsASwitchInWould() throws Exception {
        // worker leaves with 64; its tid is next seen switched out (the switch-in lost), then woken:
        // nothing said parked before that switch-out, which is a new task's, as a switch-in would be
        String text = String.join("\n",
                "cpus=2",
                tc("<idle>", 0, 0, "100.000000", "sched_switch", swFields("swapper/0", 0, 0, "worker", 500)),
                tc("worker", 500, 0, "100.000100", "sched_switch", swFields("worker", 500, 64, "swapper/0", 0)),
                tc("worker", 500, 1, "100.002000", "sched_switch", swFields("worker", 500, 1, "swapper/1", 0)),
                tc("bash", 400, 0, "100.003000", "sched_wakeup", wakeFields("worker", 500, 1)),
                tc("<idle>", 0, 1, "100.004000", "sched_switch", swFields("swapper/1", 0, 0, "worker", 500)),
                tc("worker", 500, 1, "100.005000", "sched_switch", swFields("worker", 500, 1, "swapper/1", 0)),
                "");
        ImportResult r = Fixtures.importText("lost.txt", text);
        Dataset d = r.dataset();
        assertEquals(List.of("worker[500]", "worker[500#2]"), labels(d, 500));
        assertEquals(List.of("running 100000000-100000100"), lane(d, tasks(d, 500).get(0)), "no lane after its death");
        assertEquals("XSS", statesOf(r, 500), "the 64 read as dead, not parked by the later wake-up");
        assertTrue(r.report().files().get(0).notes().stream().anyMatch(n -> n.startsWith("1 task was switched out"
                + " with the numeric prev_state 64")), r.report().files().get(0).notes().toString());
    }

    /**
     * worker leaves with 64, its tid is next seen switched out (its switch-in lost: nothing said
     * which, read as dead there), and only later does cpu 0's idle task leave with
     * {@code laterMark}, a number one kernel era prints.
     */
    private static String guessedThenShown(int laterMark) {
        return String.join("\n",
                "cpus=2",
                tc("<idle>", 0, 0, "100.000000", "sched_switch", swFields("swapper/0", 0, 0, "worker", 500)),
                tc("worker", 500, 0, "100.000100", "sched_switch", swFields("worker", 500, 64, "swapper/0", 0)),
                tc("worker", 500, 1, "100.002000", "sched_switch", swFields("worker", 500, 1, "swapper/1", 0)),
                tc("<idle>", 0, 0, "100.003000", "sched_switch", swFields("swapper/0", 0, laterMark, "bash", 400)),
                tc("bash", 400, 0, "100.005000", "sched_switch", swFields("bash", 400, 1, "swapper/0", 0)),
                "");
    }

    @Test
    void a64ReadAsDeadBeforeA414KernelsNumbersCameIsRecordedParkedAndTheReportSaysSo() throws Exception {
        // the whole recording decides: TASK_REPORT_MAX 256 later in the file says 4.14+, so the 64 was parked
        ImportResult r = Fixtures.importText("late.txt", guessedThenShown(256));
        assertEquals("PS", statesOf(r, 500), "recorded as parked, not dead");
        List<String> notes = r.report().files().get(0).notes();
        assertTrue(notes.stream().noneMatch(n -> n.contains("neither the kernel release nor a later wake-up")),
                notes.toString());
        assertTrue(notes.contains("1 task was switched out with the numeric prev_state 64 and read as dead when its"
                + " tid was next seen switching out without a switch-in; later the recording showed a kernel from Linux"
                + " 4.14 on, where 64 is TASK_PARKED: the scheduler events record it as parked (P), but the timeline"
                + " shows the tid's later runs as a new task"), notes.toString());
    }

    @Test
    void a64ReadAsDeadBeforeAnOlderKernelsNumbersCameWasRightAndNeedsNoNote() throws Exception {
        // TASK_STATE_MAX 4096 later in the file: before 4.14, 64 is TASK_DEAD, as guessed
        ImportResult r = Fixtures.importText("late.txt", guessedThenShown(4096));
        assertEquals("XS", statesOf(r, 500));
        assertEquals(List.of("worker[500]", "worker[500#2]"), labels(r.dataset(), 500));
        assertTrue(r.report().files().get(0).notes().stream().noneMatch(n -> n.contains("prev_state 64")),
                r.report().files().get(0).notes().toString());
    }

    @Test
    void a64WhoseTidIsNeverSeenAgainReadsAsDeadItsLaneEndingThere() throws Exception {
        String text = String.join("\n",
                "cpus=2",
                tc("<idle>", 0, 0, "100.000000", "sched_switch", swFields("swapper/0", 0, 0, "worker", 500)),
                tc("worker", 500, 0, "100.000100", "sched_switch", swFields("worker", 500, 64, "swapper/0", 0)),
                tc("<idle>", 0, 1, "100.004000", "sched_switch", swFields("swapper/1", 0, 0, "bash", 400)),
                tc("bash", 400, 1, "100.005000", "sched_switch", swFields("bash", 400, 1, "swapper/1", 0)),
                "");
        ImportResult r = Fixtures.importText("gone.txt", text);
        Dataset d = r.dataset();
        assertEquals(List.of("worker[500]"), labels(d, 500));
        assertEquals(List.of("running 100000000-100000100"), lane(d, tasks(d, 500).get(0)),
                "not asleep to the recording's end");
        assertEquals("X", statesOf(r, 500));
        assertTrue(r.report().files().get(0).notes().stream().anyMatch(n -> n.startsWith("1 task was switched out"
                + " with the numeric prev_state 64")), r.report().files().get(0).notes().toString());
    }

    @Test
    void aWakeupNewOfTheTidAfter64SaysDeadAndANewTask() throws Exception {
        // before 4.14: worker exits (64), its tid is given to a new thread, which sched_wakeup_new wakes
        String text = String.join("\n",
                "cpus=2",
                tc("<idle>", 0, 0, "100.000000", "sched_switch", swFields("swapper/0", 0, 0, "worker", 500)),
                tc("worker", 500, 0, "100.000100", "sched_switch", swFields("worker", 500, 64, "swapper/0", 0)),
                tc("bash", 400, 1, "100.001000", "sched_wakeup_new", wakeFields("worker", 500, 0)),
                tc("<idle>", 0, 0, "100.002000", "sched_switch", swFields("swapper/0", 0, 0, "worker", 500)),
                tc("worker", 500, 0, "100.003000", "sched_switch", swFields("worker", 500, 1, "swapper/0", 0)),
                tc("<idle>", 0, 1, "100.005000", "sched_switch", swFields("swapper/1", 0, 0, "bash", 400)),
                "");
        ImportResult r = Fixtures.importText("fork.txt", text);
        Dataset d = r.dataset();
        assertEquals(List.of("worker[500]", "worker[500#2]"), labels(d, 500));
        assertEquals(List.of("running 100000000-100000100"), lane(d, tasks(d, 500).get(0)));
        assertEquals(List.of("runnable 100001000-100002000", "running 100002000-100003000",
                "sleeping 100003000-100005000"), lane(d, tasks(d, 500).get(1)));
        assertEquals("XS", statesOf(r, 500));
    }

    /** perf script --header, then sched_switch lines printing prev_state as the raw number. */
    private static String perfWithRelease(String release) {
        return String.join("\n",
                "# ========",
                "# captured on    : Mon Dec  7 05:00:00 2026",
                "# header version : 1",
                "# hostname : box",
                "# os release : " + release,
                "# perf version : 6.1.55",
                "# nrcpus online : 2",
                "# ========",
                "#",
                perfLine("swapper", 0, 1, "300.000000", sw("swapper/1", 0, "0", "cpuhp/1", 17)),
                perfLine("cpuhp/1", 17, 1, "300.000100", sw("cpuhp/1", 17, "64", "swapper/1", 0)),
                perfLine("swapper", 0, 1, "300.002000", sw("swapper/1", 0, "0", "cpuhp/1", 17)),
                perfLine("cpuhp/1", 17, 1, "300.002500", sw("cpuhp/1", 17, "1", "swapper/1", 0)),
                perfLine("swapper", 0, 0, "300.005000", sw("swapper/0", 0, "0", "bash", 900)),
                "");
    }

    @Test
    void perfsHeaderReleaseDecides() throws Exception {
        ImportResult parked = Fixtures.importText("p.txt", perfWithRelease("5.15.0-91-generic"));
        assertEquals(0, parked.report().skippedLines(), parked.report().warnings().toString());
        assertEquals(List.of("cpuhp/1[17]"), labels(parked.dataset(), 17));
        assertEquals(List.of("running 300000000-300000100", "sleeping 300000100-300002000",
                "running 300002000-300002500", "sleeping 300002500-300005000"),
                lane(parked.dataset(), tasks(parked.dataset(), 17).get(0)));
        assertEquals("PS", statesOf(parked, 17));
        ImportResult dead = Fixtures.importText("d.txt", perfWithRelease("4.9.0-8-amd64"));
        assertEquals(List.of("cpuhp/1[17]", "cpuhp/1[17#2]"), labels(dead.dataset(), 17));
        assertEquals("XS", statesOf(dead, 17));
        assertTrue(dead.report().files().get(0).notes().stream().noneMatch(n -> n.contains("prev_state 64")),
                "the release said it");
        // 4.14 itself reports TASK_PARKED as 64
        assertEquals(List.of("cpuhp/1[17]"), labels(Fixtures.importText("p.txt", perfWithRelease("4.14.0"))
                .dataset(), 17));
    }
}
