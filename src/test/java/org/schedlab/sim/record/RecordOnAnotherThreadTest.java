package org.schedlab.sim.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * Reports applied on the recorder's own thread give the dataset that applying them where they
 * happen gives, for every built-in scenario; a failure there reaches the run, and a cancelled
 * run leaves no thread behind.
 */
class RecordOnAnotherThreadTest {
    private static RunResult run(String scenario, Map<String, String> set, boolean onAnotherThread) throws Exception {
        Map<String, String> o = new LinkedHashMap<>(set);
        o.putIfAbsent("durationMs", "60");
        o.putIfAbsent("warmupMs", "20");
        return Simulation.run(ScenarioCatalog.builtIn(scenario), o,
                Simulation.Options.recording(50).withRecordOnAnotherThread(onAnotherThread), () -> false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"teach-fair-share", "teach-kernel-section", "teach-remote-wakeup", "mongodb-ycsb-a",
            "s390-uperf", "pgbench-graviton4"})
    void theDatasetAndSummaryAreTheSameOnEitherThread(String scenario) throws Exception {
        Map<String, String> set = scenario.equals("pgbench-graviton4")
                ? Map.of("cpus", "16", "clients", "170", "pgbenchThreads", "16") : Map.of();
        RunResult here = run(scenario, set, false);
        RunResult there = run(scenario, set, true);
        Dataset a = here.dataset().orElseThrow();
        Dataset b = there.dataset().orElseThrow();
        assertTrue(a.sliceCount() > 0, "the window recorded something");
        assertEquals(a, b);
        assertEquals(here.summary().withWallMs(0), there.summary().withWallMs(0));
    }

    /** Enough reports to cycle every chunk several times, so the simulator waits for the applier. */
    @Test
    void manyMoreReportsThanThePipeHoldsArriveInOrder() {
        Dataset here = feed(new Recorder(Metadata.of("t", "test"), 4, 1_000, 90_000_000, 8), false);
        Dataset there = feed(new Recorder(Metadata.of("t", "test"), 4, 1_000, 90_000_000, 8), true);
        assertEquals(here, there);
        assertTrue(here.sliceCount() > 3 * RecordPipe.RECORDS * RecordPipe.CHUNKS / 4, "slices " + here.sliceCount());
    }

    private static Dataset feed(Recorder r, boolean onAnotherThread) {
        for (int t = 0; t < 12; t++) {
            r.taskCreated(t, 100 + t, 100, "w" + t);
        }
        int lane = r.lockLane("lock", "spin", false);
        if (onAnotherThread) {
            r.applyOnAnotherThread();
        }
        SliceState[] states = SliceState.values();
        long t = 0;
        for (int i = 0; i < 3 * RecordPipe.RECORDS * RecordPipe.CHUNKS; i++) {
            t += 7 + (i % 13);
            int cpu = i % 4;
            int task = (i / 4) % 12;
            r.cpuState(cpu, t, task, states[i % states.length]);
            if (i % 5 == 0) {
                r.taskState(task, t, i % 10 == 0 ? TaskState.RUNNING : TaskState.RUNNABLE);
                r.levels(t, i % 7, i % 3);
            }
            if (i % 97 == 0) {
                r.lockHold(lane, t - 5, t, task);
                r.lockWait(lane, t - 5, t, (task + 1) % 12, WaitMode.values()[0]);
                r.mark(MarkKind.values()[i % MarkKind.values().length], t, cpu, task, "note " + i);
                r.completed(t, 1);
            }
        }
        r.finish(t + 1);
        return r.dataset().orElseThrow();
    }

    @Test
    void aFailureWhileApplyingReachesTheRunAtTheWindowsEnd() {
        Recorder r = new Recorder(Metadata.of("t", "test"), 2, 0, 1_000_000, 8);
        r.taskCreated(0, 1, 1, "a");
        r.applyOnAnotherThread();
        r.taskCreated(5, 2, 2, "b"); // ids out of step with the dataset's: the applier throws
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.finish(10));
        assertTrue(e.getMessage().contains("task ids out of step"), e.getMessage());
    }

    @Test
    void aCancelledRunEndsTheRecordersThread() throws Exception {
        AtomicLong simulatedNs = new AtomicLong();
        AtomicBoolean sawThread = new AtomicBoolean();
        assertThrows(CancellationException.class, () -> Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"),
                Map.of("durationMs", "500", "warmupMs", "10"),
                Simulation.Options.recording(400).withRecordOnAnotherThread(true), new Simulation.Monitor() {
                    @Override
                    public void simulated(long nowNs, long endNs) {
                        simulatedNs.set(nowNs);
                    }

                    @Override
                    public boolean isCancelled() {
                        if (simulatedNs.get() < 50_000_000L) {
                            return false; // the recorder's thread starts with the window, at 10 ms
                        }
                        sawThread.set(recorderThreads() > 0);
                        return true;
                    }
                }));
        assertTrue(sawThread.get(), "the run was cancelled while its recorder's thread ran");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (recorderThreads() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(0, recorderThreads());
    }

    private static long recorderThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("schedlab-recorder") && t.isAlive()).count();
    }

    @Test
    void reportsAfterTheWindowClosedAreIgnoredOnEitherSide() {
        Recorder r = new Recorder(Metadata.of("t", "test"), 1, 0, 100, 8);
        r.taskCreated(0, 1, 1, "a");
        r.applyOnAnotherThread();
        r.cpuState(0, 10, 0, SliceState.USER);
        r.finish(100);
        r.cpuState(0, 150, -1, SliceState.IDLE);
        r.finish(200);
        assertFalse(r.recording(50));
        assertEquals(1, r.dataset().orElseThrow().sliceCount());
    }
}
