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
        }
        assertEquals(a.operations().stream().map(OperationSamples::name).toList(),
                b.operations().stream().map(OperationSamples::name).toList(), "operations");
        for (int i = 0; i < a.operations().size(); i++) {
            assertEquals(a.operations().get(i), b.operations().get(i));
        }
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
