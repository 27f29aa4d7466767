package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.MarkReason;
import org.schedlab.model.Marks;
import org.schedlab.model.Metadata;
import org.schedlab.model.OperationSamples;
import org.schedlab.model.PreemptPoint;
import org.schedlab.model.ReschedCause;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * A simulated run exported as a Chrome trace and read back is the same run, lane by lane, as the
 * CSV tables and the dataset JSON give it back: every CPU slice and task-lane state (zero-length
 * ones too, in their order), every lock hold (with whether it was taken for read or write) and
 * wait, every counter (in order, with its unit, gaps and those without samples), every mark
 * (with why the simulator made it) and every operation. Tasks are compared by tid, pid and comm,
 * as the trace names them.
 */
class ChromeTraceRoundTripTest {
    private static Dataset simulate(String scenario, Map<String, String> params, long recordMs) throws Exception {
        return Simulation.run(ScenarioCatalog.builtIn(scenario), params, Simulation.Options.recording(recordMs),
                () -> false).dataset().orElseThrow();
    }

    private static Dataset readBack(Dataset d) throws Exception {
        ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes("run.trace.json",
                ChromeTraceWriterTest.export(d)));
        assertEquals("chrome-trace", r.report().format());
        assertTrue(r.report().warnings().isEmpty(), r.report().warnings().toString());
        return r.dataset();
    }

    @Test
    void aSmallPgbenchRunComesBackLaneByLane() throws Exception {
        Map<String, String> p = new HashMap<>();
        p.put("cpus", "4");
        p.put("clients", "32");
        p.put("pgbenchThreads", "4");
        p.put("warmupMs", "5");
        p.put("durationMs", "30");
        Dataset d = simulate("pgbench-graviton4", p, 15);
        assertTrue(zeroLengthTaskStates(d) > 0, "the run has zero-length task-lane states to carry");
        assertTrue(d.marks().hasWakers(), "the run's wake-ups name their wakers");
        assertSameRun(d, readBack(d));
    }

    @Test
    void aShortYcsbRunWithItsRwsemComesBackLaneByLane() throws Exception {
        Map<String, String> p = new HashMap<>();
        p.put("warmupMs", "5");
        p.put("durationMs", "30");
        Dataset d = simulate("mongodb-ycsb-a", p, 15);
        assertSameRun(d, readBack(d));
    }

    /**
     * What a simulated run may or may not happen to hold, built by hand: a lane that begins and
     * ends with zero-length states and has two of them at one time, locks whose first spans are not
     * in the dataset's order, a lock with no spans, a counter without samples between two with
     * samples, an rwsem's read and write holds, and marks with their reasons.
     */
    @Test
    void aReusedTidsTasksComeBackApartAlsoBesideAThreadOfItsTidInAnotherProcess() throws Exception {
        // tid 4250 was first a thread of process 4000, then the main thread of two processes 4250 in turn
        DatasetBuilder b = Dataset.builder(Metadata.of("hand.txt", "perf-sched"));
        int worker = b.addTask(4250, 4000, "worker");
        int first = b.addTask(4250, 4250, "sleep");
        int second = b.addTask(4250, 4250, "sleep");
        b.cpuCount(1);
        b.slice(0, 0, 100, worker, SliceState.USER).slice(0, 100, 200, first, SliceState.USER)
                .slice(0, 200, 300, second, SliceState.USER);
        b.taskState(worker, 0, 100, TaskState.RUNNING).taskState(first, 100, 200, TaskState.RUNNING)
                .taskState(second, 200, 300, TaskState.RUNNING).taskState(second, 300, 400, TaskState.SLEEPING);
        b.lock("m", "mutex", false).hold(120, 180, first).waitFor(150, 210, second, WaitMode.SLEEP);
        b.mark(MarkKind.WAKEUP, 150, -1, second, "");
        // wakers of a reused tid come back by their labels: sleep[4250#2] is not sleep[4250]
        b.mark(MarkKind.WAKEUP, 160, 0, worker, "", 0, second);
        b.mark(MarkKind.WAKEUP, 170, 0, second, "", 0, first);
        b.mark(MarkKind.WAKEUP, 180, 0, first, "", 0, worker);
        Dataset d = b.build();
        // every task of the tid listed with its thread: the other process's thread keeps its tid, and
        // nothing folds into the last sleep
        // in the trace: a thread per task, named by its label; the first of the tid in each process keeps
        // the tid (the worker in 4000, the first sleep in 4250), the later sleep gets one from 2000400000
        Map<String, String> threads = new java.util.TreeMap<>();
        for (com.fasterxml.jackson.databind.JsonNode e : ChromeTraceWriterTest.JSON.readTree(
                ChromeTraceWriterTest.export(d)).get("traceEvents")) {
            if (e.path("name").asText().equals("thread_name") && e.path("pid").asLong() < 2_000_000_000L) {
                threads.put(e.get("pid").asText() + "/" + e.get("tid").asText(), e.path("args").path("name").asText());
            }
        }
        assertEquals(Map.of("4000/4250", "worker[4250]", "4250/4250", "sleep[4250]", "4250/2000400000",
                "sleep[4250#2]"), threads);
        Dataset back = readBack(d);
        assertEquals(List.of("worker[4250] 4000", "sleep[4250] 4250", "sleep[4250#2] 4250"), back.tasks().stream()
                .map(t -> t.label() + " " + t.pid()).toList());
        assertSameRun(d, back);
    }

    @Test
    void theIdleTasksOfTwoCpusComeBackApart() throws Exception {
        // a lock wait of the idle task (0/0) on cpu 0 and one on cpu 1: swapper/0 and swapper/1, both tid 0
        String text = """
                 swapper     0/0     [000]   364.641196: lock:contention_begin: 0xffff888627c2ba40 (flags=SPIN)
                 swapper     0/0     [000]   364.641284:   lock:contention_end: 0xffff888627c2ba40 (ret=0)
                 swapper     0/0     [001]   364.967494: lock:contention_begin: 0xffff888627c2ba40 (flags=SPIN)
                 swapper     0/0     [001]   364.969829:   lock:contention_end: 0xffff888627c2ba40 (ret=0)
                """;
        Dataset d = Importer.standard().importFile(RecordingSource.ofBytes("lock.txt", text.getBytes(StandardCharsets.UTF_8))).dataset();
        assertEquals(List.of("swapper/0", "swapper/1"), d.tasks().stream().map(TaskInfo::comm).toList());
        Dataset back = readBack(d);
        // each CPU's idle task keeps its own wait, neither folds into the other
        assertEquals(List.of("swapper/0", "swapper/1"), back.tasks().stream().map(TaskInfo::comm).toList());
        assertSameRun(d, back);
    }

    @Test
    void zeroLengthStatesEmptyCountersLockOrderHoldModesAndMarkReasonsComeBack() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("scenario:hand", "simulation"));
        int a = b.addTask(10, 10, "postgres");
        int w = b.addTask(11, 10, "postgres");
        b.cpuCount(2);
        b.slice(0, 0, 0, a, SliceState.KERNEL).slice(0, 0, 500, a, SliceState.USER).slice(0, 500, 500, w,
                SliceState.USER).slice(0, 500, 900, Intervals.NO_TASK, SliceState.IDLE);
        b.taskState(a, 0, 0, TaskState.RUNNABLE).taskState(a, 0, 500, TaskState.RUNNING)
                .taskState(a, 500, 500, TaskState.RUNNABLE).taskState(a, 500, 500, TaskState.RUNNING)
                .taskState(a, 500, 900, TaskState.SLEEPING).taskState(a, 900, 900, TaskState.RUNNABLE);
        b.taskState(w, 0, 500, TaskState.BLOCKED).taskState(w, 500, 500, TaskState.RUNNING);
        b.lock("late", "mutex", false).hold(700, 800, w);
        b.lock("mmap_lock", "rwsem", true).hold(100, 300, a, LockLane.HOLD_READ).hold(150, 250, w,
                LockLane.HOLD_READ).hold(300, 400, w, LockLane.HOLD_WRITE).hold(400, 450, a)
                .waitFor(300, 300, a, WaitMode.SPIN).waitFor(300, 400, a, WaitMode.SLEEP);
        b.counter("tps", "tx/s").add(0, 5).add(500, Double.NaN).add(800, 7);
        b.counter("none yet", "count");
        b.counter("runnable", "tasks").add(0, 1);
        b.mark(MarkKind.PREEMPTION, 500, 0, a, "tick", MarkReason.code(ReschedCause.SLICE_EXPIRED_TICK,
                PreemptPoint.IRQ_EXIT_USER, true, true, false));
        b.mark(MarkKind.WAKEUP, 500, -1, w, "");
        Dataset d = b.build();
        assertSameRun(d, readBack(d));
    }

    /**
     * A wake-up's waker comes back from the args the export writes: a task, the idle task, and a
     * task no other event of the file names (no lane, no mark of its own), made again from the
     * waker's label, tid and pid.
     */
    @Test
    void wakersComeBackAlsoTheIdleTaskAndATaskOnlyAWakeUpNames() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("scenario:hand", "simulation"));
        int backend = b.addTask(5000, 5000, "postgres");
        int client = b.addTask(4001, 4000, "pgbench");
        int timer = b.addTask(77, 2, "kworker/1:1");
        b.cpuCount(2);
        b.slice(0, 0, 100, client, SliceState.USER).slice(0, 100, 300, backend, SliceState.USER);
        b.taskState(client, 0, 100, TaskState.RUNNING).taskState(backend, 100, 300, TaskState.RUNNING);
        b.mark(MarkKind.WAKEUP, 50, 1, backend, "from CPU 0", 0, client);
        b.mark(MarkKind.WAKEUP, 60, 1, client, "", 0, Marks.IDLE_WAKER);
        b.mark(MarkKind.WAKEUP, 70, 1, backend, "", 0, timer);
        b.mark(MarkKind.WAKEUP, 80, 1, client, "");
        Dataset d = b.build();
        Dataset back = readBack(d);
        assertSameRun(d, back);
        assertEquals(List.of("pgbench[4001]", "<idle>", "kworker/1:1[77]", "none"),
                java.util.stream.IntStream.range(0, back.marks().size()).mapToObj(i -> back.marks().waker(i))
                        .map(w -> w == Marks.IDLE_WAKER ? "<idle>" : w < 0 ? "none" : back.task(w).label()).toList());
    }

    /**
     * Three tasks of one tid (a loop of short-lived sleeps): each wake-up comes back naming the
     * sleep that woke it, the middle one too - not the first or the last task of the tid.
     */
    @Test
    void eachOfThreeTasksOfOneTidComesBackAsTheWakerItWas() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("hand.txt", "perf-sched"));
        int shell = b.addTask(4000, 4000, "sh");
        int[] sleeps = {b.addTask(4250, 4250, "sleep"), b.addTask(4250, 4250, "sleep"), b.addTask(4250, 4250, "sleep")};
        b.cpuCount(1);
        b.slice(0, 0, 100, shell, SliceState.USER);
        for (int k = 0; k < 3; k++) {
            b.slice(0, 100 + 100 * k, 200 + 100 * k, sleeps[k], SliceState.USER)
                    .taskState(sleeps[k], 100 + 100 * k, 200 + 100 * k, TaskState.RUNNING);
            b.mark(MarkKind.WAKEUP, 150 + 100 * k, 0, shell, "", 0, sleeps[k]);
        }
        b.taskState(shell, 0, 100, TaskState.RUNNING);
        Dataset d = b.build();
        Dataset back = readBack(d);
        assertSameRun(d, back);
        assertEquals(List.of("sleep[4250]", "sleep[4250#2]", "sleep[4250#3]"),
                java.util.stream.IntStream.range(0, back.marks().size())
                        .mapToObj(i -> back.task(back.marks().waker(i)).label()).toList());
    }

    /**
     * Hostile waker args: a tid too large for a tid, a waker said to be of another process than
     * the task of its tid, a label with control characters. The file reads, every wake-up stays on
     * its task, and none names a task the args do not describe: the other process's task of the
     * tid is not taken for the waker; the label's text is kept as it was written (a task name is
     * made printable where it is shown).
     */
    @Test
    void hostileWakerArgsNeverNameAnotherTask() throws Exception {
        String mark = "{\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":2,\"ts\":%d,\"name\":\"w\","
                + "\"args\":{\"mark\":\"wakeup\",\"tid\":500,\"pid\":500,\"comm\":\"postgres\"%s}}";
        String events = "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":1,\"dur\":50,\"name\":\"run\"},"
                + String.format(mark, 10, ",\"waker\":\"pgbench[123]\",\"wakerTid\":1e300,\"wakerPid\":7") + ","
                + String.format(mark, 11, ",\"waker\":\"pgbench[123]\",\"wakerTid\":4294967296") + ","
                + String.format(mark, 12, ",\"waker\":\"other[500]\",\"wakerTid\":500,\"wakerPid\":999") + ","
                + String.format(mark, 13, ",\"waker\":\"x\\u0000\\n\\u001b[31m[9]\",\"wakerTid\":9") + ","
                + String.format(mark, 14, ",\"waker\":\"postgres[500]\",\"wakerTid\":500,\"wakerPid\":500");
        Dataset d = Importer.standard().importFile(RecordingSource.ofBytes("t.json",
                ("{\"traceEvents\":[" + events + "]}").getBytes(StandardCharsets.UTF_8))).dataset();
        Marks m = d.marks();
        List<String> got = new ArrayList<>();
        for (int i = 0; i < m.size(); i++) {
            int w = m.waker(i);
            got.add(d.task(m.task(i)).label() + " by " + (w == Marks.NO_WAKER ? "none"
                    : d.task(w).tid() + "/" + d.task(w).pid() + "/" + d.task(w).comm()));
        }
        assertEquals(List.of("postgres[500] by none", "postgres[500] by none", "postgres[500] by none",
                "postgres[500] by 9/-1/x\u0000\n\u001b[31m", "postgres[500] by 500/500/postgres"), got);
    }

    /**
     * Waker args another tool (or a hand edit) wrote wrongly: the wake-up stays, on its task and
     * CPU, without a waker - no tid, a fractional or negative one, a number for the label - and a
     * waker on a mark that is no wake-up is not taken; the file reads without a stack trace.
     */
    @Test
    void wakerArgsThatNameNoWakerLeaveTheWakeUpWithout() throws Exception {
        String mark = "{\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":2,\"ts\":%d,\"name\":\"w\","
                + "\"args\":{\"mark\":\"%s\",\"tid\":500,\"pid\":500,\"comm\":\"postgres\"%s}}";
        String events = "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":1,\"dur\":50,\"name\":\"run\"},"
                + String.format(mark, 10, "wakeup", ",\"waker\":\"pgbench[123]\"") + ","
                + String.format(mark, 11, "wakeup", ",\"waker\":\"pgbench[123]\",\"wakerTid\":12.5") + ","
                + String.format(mark, 12, "wakeup", ",\"waker\":\"pgbench[123]\",\"wakerTid\":-4") + ","
                + String.format(mark, 13, "wakeup", ",\"waker\":7,\"wakerTid\":123") + ","
                + String.format(mark, 14, "wakeup", ",\"waker\":{\"tid\":123},\"wakerTid\":123") + ","
                + String.format(mark, 15, "preemption", ",\"waker\":\"pgbench[123]\",\"wakerTid\":123") + ","
                + String.format(mark, 16, "wakeup", ",\"waker\":\"pgbench[123]\",\"wakerTid\":123");
        Dataset d = Importer.standard().importFile(RecordingSource.ofBytes("t.json",
                ("{\"traceEvents\":[" + events + "]}").getBytes(StandardCharsets.UTF_8))).dataset();
        Marks m = d.marks();
        assertEquals(7, m.size());
        List<String> got = new ArrayList<>();
        for (int i = 0; i < m.size(); i++) {
            int w = m.waker(i);
            got.add(m.kind(i).label() + " of " + d.task(m.task(i)).label() + " by "
                    + (w == Marks.NO_WAKER ? "none" : d.task(w).label()));
        }
        assertEquals(List.of("wakeup of postgres[500] by none", "wakeup of postgres[500] by none",
                "wakeup of postgres[500] by none", "wakeup of postgres[500] by none", "wakeup of postgres[500] by none",
                "preemption of postgres[500] by none", "wakeup of postgres[500] by pgbench[123]"), got);
    }

    /**
     * Another tool's zero-duration X events are instant-like: they fold into the span around them
     * or add nothing, as before; only SchedLab's own export (otherData.schedlab) has zero-length
     * states.
     */
    @Test
    void zeroDurationEventsOfOtherToolsAddNoStates() throws Exception {
        String events = "{\"ph\":\"M\",\"pid\":1,\"tid\":2,\"name\":\"thread_name\",\"args\":{\"name\":\"main\"}},"
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":5,\"dur\":0,\"name\":\"mark\"},"
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":10,\"dur\":0,\"name\":\"tick\"},"
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":10,\"dur\":5,\"name\":\"work\"},"
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":12,\"dur\":0,\"name\":\"inner\"}]";
        Dataset other = Importer.standard().importFile(RecordingSource.ofBytes("t.json",
                ("{\"traceEvents\":[" + events + "}").getBytes(StandardCharsets.UTF_8))).dataset();
        Intervals lane = other.taskLanes().get(0).intervals();
        assertEquals(1, lane.size());
        assertEquals(10_000, lane.startNs(0));
        assertEquals(15_000, lane.endNs(0));
        Dataset own = Importer.standard().importFile(RecordingSource.ofBytes("t.json",
                ("{\"traceEvents\":[" + events + ",\"otherData\":{\"schedlab\":{}}}")
                        .getBytes(StandardCharsets.UTF_8))).dataset();
        lane = own.taskLanes().get(0).intervals();
        assertEquals(3, lane.size(), "SchedLab's own zero-length states are states");
        assertEquals(List.of(5_000L, 10_000L, 10_000L), List.of(lane.startNs(0), lane.startNs(1), lane.startNs(2)));
        assertEquals(15_000, lane.endNs(2));
    }

    private static long zeroLengthTaskStates(Dataset d) {
        long n = 0;
        for (TaskLane l : d.taskLanes()) {
            for (int i = 0; i < l.intervals().size(); i++) {
                n += l.intervals().startNs(i) == l.intervals().endNs(i) ? 1 : 0;
            }
        }
        return n;
    }

    static void assertSameRun(Dataset a, Dataset b) {
        assertEquals(a.cpuCount(), b.cpuCount(), "CPUs");
        for (int c = 0; c < a.cpuCount(); c++) {
            assertSameIntervals(a, a.cpus().get(c).slices(), b, b.cpus().get(c).slices(), "cpu " + c);
        }
        assertEquals(lanes(a), lanes(b), "tasks with a lane");
        Map<String, TaskLane> byTask = new HashMap<>();
        for (TaskLane l : b.taskLanes()) {
            byTask.put(label(b, l.task()), l);
        }
        for (TaskLane l : a.taskLanes()) {
            String who = label(a, l.task());
            assertSameIntervals(a, l.intervals(), b, byTask.get(who).intervals(), "lane of " + who);
        }
        assertEquals(a.locks().stream().map(LockLane::name).toList(), b.locks().stream().map(LockLane::name).toList(),
                "locks, in order");
        for (int i = 0; i < a.locks().size(); i++) {
            LockLane x = a.locks().get(i);
            LockLane y = b.locks().get(i);
            assertEquals(x.kind(), y.kind(), x.name());
            assertEquals(x.shared(), y.shared(), x.name());
            assertSameIntervals(a, x.holds(), b, y.holds(), "holds of " + x.name());
            assertSameIntervals(a, x.waits(), b, y.waits(), "waits of " + x.name());
        }
        assertEquals(a.counters().stream().map(CounterSeries::name).toList(),
                b.counters().stream().map(CounterSeries::name).toList(), "counters, in order");
        for (int i = 0; i < a.counters().size(); i++) {
            CounterSeries x = a.counters().get(i);
            CounterSeries y = b.counters().get(i);
            assertEquals(x.unit(), y.unit(), x.name());
            assertEquals(x.size(), y.size(), x.name());
            for (int k = 0; k < x.size(); k++) {
                assertEquals(x.tNs(k), y.tNs(k), x.name() + " #" + k);
                assertEquals(x.hasValue(k), y.hasValue(k), x.name() + " #" + k);
                if (x.hasValue(k)) {
                    assertEquals(x.value(k), y.value(k), x.name() + " #" + k);
                }
            }
        }
        Marks ma = a.marks();
        Marks mb = b.marks();
        assertEquals(ma.size(), mb.size(), "marks");
        for (int i = 0; i < ma.size(); i++) {
            String at = "mark " + i + " at " + ma.tNs(i);
            assertEquals(ma.tNs(i), mb.tNs(i), at);
            assertEquals(ma.kind(i), mb.kind(i), at);
            assertEquals(ma.cpu(i), mb.cpu(i), at);
            assertEquals(label(a, ma.task(i)), label(b, mb.task(i)), at);
            assertEquals(ma.note(i), mb.note(i), at);
            assertEquals(ma.reasonCode(i), mb.reasonCode(i), at + ": reason");
            assertEquals(waker(a, ma.waker(i)), waker(b, mb.waker(i)), at + ": waker");
        }
        assertEquals(a.operations().stream().map(OperationSamples::name).toList(),
                b.operations().stream().map(OperationSamples::name).toList(), "operations");
        for (int i = 0; i < a.operations().size(); i++) {
            assertEquals(a.operations().get(i), b.operations().get(i));
        }
    }

    private static String waker(Dataset d, int w) {
        return w == Marks.IDLE_WAKER ? "<idle>" : w == Marks.NO_WAKER ? "none" : label(d, w);
    }

    /** The tasks that have a task lane, by tid, pid and comm, in the original's order. */
    private static List<String> lanes(Dataset d) {
        List<String> out = new ArrayList<>();
        for (TaskLane l : d.taskLanes()) {
            out.add(label(d, l.task()));
        }
        out.sort(null);
        return out;
    }

    private static void assertSameIntervals(Dataset a, Intervals x, Dataset b, Intervals y, String what) {
        for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
            String at = what + " #" + i + " [" + x.startNs(i) + ", " + x.endNs(i) + ")";
            assertEquals(x.startNs(i), y.startNs(i), at + " start");
            assertEquals(x.endNs(i), y.endNs(i), at + " end");
            assertEquals(x.code(i), y.code(i), at + " code");
            assertEquals(label(a, x.task(i)), label(b, y.task(i)), at + " task");
        }
        assertEquals(x.size(), y.size(), what + ": count");
    }

    private static String label(Dataset d, int task) {
        if (task == Intervals.NO_TASK) {
            return "-";
        }
        TaskInfo t = d.task(task);
        // a later task of a reused tid and comm by its number: two sleeps of tid 4250 are two tasks
        return t.tid() + "/" + t.pid() + "/" + t.comm() + (t.reuse() > 0 ? "#" + (t.reuse() + 1) : "");
    }
}
