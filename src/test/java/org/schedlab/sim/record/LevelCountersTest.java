package org.schedlab.sim.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * The "runnable tasks" counter of a recorded run says how many tasks wait for a CPU at each
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

    @Test
    void aTeachingRunsRunnableCountFollowsTheTaskLanesStepForStep() throws Exception {
        Dataset d = recorded("teach-kernel-section", Map.of("preemption", "none", "durationMs", "100"));
        assertEquals(d.tasks().size(), d.taskLanes().size(), "every task has a lane");
        CounterSeries rq = counter(d, "runnable tasks").orElseThrow();
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
        for (int i = 0; i < spin.size(); i++) {
            assertEquals(0, spin.value(i), "nothing spins here");
        }
    }

    @Test
    void aWindowTooBusyForStepsGetsMeansNamedSo() throws Exception {
        // 96 CPUs and 1,120 tasks change the levels every few hundred ns
        Dataset d = recorded("pgbench-graviton4", Map.of("durationMs", "100", "warmupMs", "20"));
        assertTrue(counter(d, "runnable tasks").isEmpty());
        CounterSeries rq = counter(d, "runnable tasks" + CounterBuckets.MEAN_SUFFIX).orElseThrow();
        assertTrue(counter(d, "spinning CPUs" + CounterBuckets.MEAN_SUFFIX).isPresent());
        assertEquals(d.startNs(), rq.tNs(0));
        assertEquals(CounterBuckets.BUCKET_NS, rq.tNs(1) - rq.tNs(0), "one sample per 10 ms");
    }
}
