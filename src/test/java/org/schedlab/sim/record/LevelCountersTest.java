package org.schedlab.sim.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.Metadata;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * The "waiting for a CPU" counter of a recorded run says how many tasks wait for a CPU at each
 * instant - what the task lanes show - not a 10 ms mean that reads 0.78 while a task plainly
 * waits; only a window too busy for exact steps gets means, and says so in the track's name.
 */
class LevelCountersTest {
    private static Dataset recorded(String scenario, Map<String, String> params) throws Exception {
        return Simulation.run(ScenarioCatalog.builtIn(scenario), params, Simulation.Options.recording(100),
                () -> false).dataset().orElseThrow();
    }

    private static Optional<CounterSeries> counter(Dataset d, String name) {
        return d.counters().stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** Tasks whose lane says runnable at {@code t}. */
    private static int runnableLanes(Dataset d, long t) {
        int n = 0;
        for (TaskLane lane : d.taskLanes()) {
            int i = lane.intervals().firstStartingAtOrAfter(t + 1) - 1;
            if (i >= 0 && lane.intervals().endNs(i) > t && lane.state(i) == TaskState.RUNNABLE) {
                n++;
            }
        }
        return n;
    }

    /**
     * teach-fair-share's two CPU-bound tasks are both runnable as the kernel counts (state R,
     * nr_running, vmstat's r), one of them running: the level of 1 is named for what it counts,
     * the one waiting - "runnable tasks: always 1 task" told a lecture's students otherwise.
     */
    @Test
    void theLevelIsNamedForTheTasksWaitingNotForEveryRunnableOne() throws Exception {
        Dataset d = recorded("teach-fair-share", Map.of("durationMs", "100"));
        assertTrue(d.counters().stream().noneMatch(c -> c.name().startsWith("runnable")),
                d.counters().stream().map(CounterSeries::name).toList().toString());
        CounterSeries waiting = counter(d, "waiting for a CPU").orElseThrow();
        for (int i = 0; i < waiting.size(); i++) {
            assertEquals(1, waiting.value(i), 1e-9, "one runs, one waits");
        }
    }

    @Test
    void aTeachingRunsRunnableCountFollowsTheTaskLanesStepForStep() throws Exception {
        Dataset d = recorded("teach-kernel-section", Map.of("preemption", "none", "durationMs", "100"));
        assertEquals(d.tasks().size(), d.taskLanes().size(), "every task has a lane");
        CounterSeries rq = counter(d, CounterBuckets.WAITING).orElseThrow();
        assertTrue(rq.size() > 4, "one sample per change: " + rq.size());
        double max = 0;
        for (int i = 0; i < rq.size(); i++) {
            long from = rq.tNs(i);
            long to = i + 1 < rq.size() ? rq.tNs(i + 1) : d.endNs();
            assertEquals(Math.rint(rq.value(i)), rq.value(i), "a whole number of tasks");
            // anywhere inside the step: at its start and just before the next one
            assertEquals(runnableLanes(d, from), rq.value(i), 1e-9, "at +" + (from - d.startNs()) + " ns");
            assertEquals(runnableLanes(d, to - 1), rq.value(i), 1e-9, "before +" + (to - d.startNs()) + " ns");
            max = Math.max(max, rq.value(i));
        }
        assertEquals(1, max, "B waits behind A's section");
        CounterSeries spin = counter(d, "spinning CPUs").orElseThrow();
        assertEquals(2, spin.size(), "nothing spins here: one level for the whole window, not a sample at each"
                + " change of the runnable count (a hover then said '0 cpus from +300 us to +2.494 ms')");
        assertEquals(d.startNs(), spin.tNs(0));
        assertEquals(d.endNs(), spin.tNs(1), "closed at the window's end: it held all through");
        assertEquals(0, spin.value(0));
        assertEquals(0, spin.value(1));
    }

    @Test
    void eachLevelStepsOnlyWhereItChanges() {
        CounterBuckets b = new CounterBuckets(1_000, 50_000_000);
        b.levels(10, 1, 0);
        b.levels(2_000, 2, 0); // only runnable changes
        b.levels(3_000, 2, 1); // only spinning changes
        b.levels(4_000, 1, 1);
        Dataset d = close(b, 50_000_000);
        CounterSeries rq = counter(d, CounterBuckets.WAITING).orElseThrow();
        CounterSeries sp = counter(d, "spinning CPUs").orElseThrow();
        assertEquals(java.util.List.of(1_000L, 2_000L, 4_000L), times(rq));
        assertEquals(java.util.List.of(1_000L, 3_000L), times(sp));
        assertEquals(1, sp.value(1));
    }

    private static java.util.List<Long> times(CounterSeries c) {
        java.util.List<Long> t = new java.util.ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
            t.add(c.tNs(i));
        }
        return t;
    }

    @Test
    void aWindowThatOpensWithATaskWaitingOpensAtOneNotZero() throws Exception {
        // two CPU-bound tasks on one CPU: one of them waits at every instant, the window's first too
        Dataset d = recorded("teach-fair-share", Map.of("durationMs", "30", "warmupMs", "10"));
        CounterSeries rq = counter(d, CounterBuckets.WAITING).orElseThrow();
        assertEquals(d.startNs(), rq.tNs(0), "the opening level is at the window's start");
        assertEquals(1, runnableLanes(d, d.startNs()), "the lanes: one task waits at the start");
        for (int i = 0; i < rq.size(); i++) {
            assertEquals(1, rq.value(i), "one task waits all along, at +" + (rq.tNs(i) - d.startNs()) + " ns");
        }
    }

    @Test
    void theOpeningLevelIsTheLastOneReportedBeforeTheWindow() {
        CounterBuckets b = new CounterBuckets(1_000, 50_000_000);
        b.levels(10, 3, 2);
        b.levels(500, 4, 1); // the level the window opens with
        b.levels(2_000, 1, 0);
        Dataset d = close(b, 50_000_000);
        CounterSeries rq = counter(d, CounterBuckets.WAITING).orElseThrow();
        CounterSeries sp = counter(d, "spinning CPUs").orElseThrow();
        assertEquals(2, rq.size());
        assertEquals(1_000, rq.tNs(0));
        assertEquals(4, rq.value(0));
        assertEquals(1, sp.value(0));
        assertEquals(2_000, rq.tNs(1));
        assertEquals(1, rq.value(1));
        assertEquals(0, sp.value(1));

        CounterBuckets quiet = new CounterBuckets(1_000, 50_000_000);
        quiet.levels(10, 3, 2); // nothing changes inside the window: it holds this all through
        CounterSeries held = counter(close(quiet, 50_000_000), CounterBuckets.WAITING).orElseThrow();
        assertEquals(2, held.size(), "the level and its close at the window's end");
        assertEquals(1_000, held.tNs(0));
        assertEquals(3, held.value(0));
        assertEquals(50_000_000, held.tNs(1));
        assertEquals(3, held.value(1));
    }

    private static Dataset close(CounterBuckets b, long endNs) {
        DatasetBuilder builder = Dataset.builder(Metadata.of("test", "simulator")).cpuCount(1);
        b.close(endNs, builder, "tps");
        try {
            return builder.build();
        } catch (InvalidDatasetException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aWindowTooBusyForStepsGetsMeansNamedSo() throws Exception {
        // 96 CPUs and 1,120 tasks change the levels every few hundred ns
        Dataset d = recorded("pgbench-graviton4", Map.of("durationMs", "100", "warmupMs", "20"));
        assertTrue(counter(d, CounterBuckets.WAITING).isEmpty());
        CounterSeries rq = counter(d, CounterBuckets.WAITING + CounterBuckets.MEAN_SUFFIX).orElseThrow();
        assertTrue(counter(d, "spinning CPUs" + CounterBuckets.MEAN_SUFFIX).isPresent());
        assertEquals(d.startNs(), rq.tNs(0));
        assertEquals(CounterBuckets.BUCKET_NS, rq.tNs(1) - rq.tNs(0), "one sample per 10 ms");
    }
}
