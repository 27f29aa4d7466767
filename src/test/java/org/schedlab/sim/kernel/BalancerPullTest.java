package org.schedlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.sim.kernel.Harness.MS;
import static org.schedlab.sim.kernel.Harness.loop;

import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.schedlab.analysis.MarkExplainer;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.ReschedCause;

/**
 * Load balancing's pull onto a busy CPU is attach_task(): the pulled task goes through
 * check_preempt_curr() like a woken one, so it may preempt the task running there at once
 * instead of waiting for that task's slice to end (or, for a FIFO task, for it to block).
 */
class BalancerPullTest {
    private static final long TICK = 4 * MS;

    /**
     * EEVDF: CPU 1 runs a bound hog alone, CPU 0 a bound hog and two free ones. CPU 1's busy
     * balance (every fourth tick) pulls a free hog that has waited (positive lag, so eligible). The
     * check's update_curr() finds no CPU time since the tick's and returns; CPU 1's hog ran alone
     * long past its protected slice, so the pick is free to choose, and it takes the pulled task.
     */
    @Test
    void eevdfPullPreemptsAHogThatRanAlonePastItsSlice() {
        Harness h = new Harness(config(FairScheduler.EEVDF), 100 * MS);
        Task hog1 = scene(h, TaskSpec.fair(1, 1, "hog0"), TaskSpec::fair, s -> loop(c -> c.user(50 * MS, s)));
        h.runUntil(100 * MS);
        Dataset d = h.finish();
        int mark = onlyPullPreemption(d.marks(), ReschedCause.BALANCE_PREEMPT);
        long pullAt = d.marks().tNs(mark);
        assertEquals(4 * TICK, pullAt, "CPU 1's fourth tick is its first busy balance");
        assertEquals(1, d.marks().cpu(mark));
        assertEquals(hog1.id(), d.marks().task(mark), "the hog that ran alone is the one preempted");
        assertTrue(firstFreeSliceOnCpu1(d) < pullAt + TICK,
                "the pulled task runs at the pull, not a tick later: " + firstFreeSliceOnCpu1(d));
        String why = MarkExplainer.explain(d, mark);
        assertTrue(why.contains("load balancing pulled a queued task") && why.contains("EEVDF picks the pulled task"),
                why);
        noWakeUpMarkAt(d.marks(), pullAt, 1);
    }

    /**
     * A FIFO task moved onto a CPU running a fair task preempts it at once under either fair
     * scheduler (a higher class always does). Without the check it would wait behind a fair
     * task that never blocks: the tick only compares fair tasks.
     */
    @ParameterizedTest
    @EnumSource(FairScheduler.class)
    void aPulledFifoTaskPreemptsTheFairTaskRunningThere(FairScheduler scheduler) {
        Harness h = new Harness(config(scheduler), 100 * MS);
        Task hog1 = scene(h, TaskSpec.fifo(1, 1, "rt0", 50), (tid, pid, comm) -> TaskSpec.fifo(tid, pid, comm, 50),
                s -> loop(c -> c.user(50 * MS, s)));
        h.runUntil(100 * MS);
        Dataset d = h.finish();
        int mark = onlyPullPreemption(d.marks(), ReschedCause.BALANCE_FIFO);
        assertEquals(4 * TICK, d.marks().tNs(mark), scheduler + ": CPU 1's first busy balance pulls and preempts");
        assertEquals(hog1.id(), d.marks().task(mark));
        assertTrue(firstFreeSliceOnCpu1(d) < 4 * TICK + TICK, "the FIFO task runs on CPU 1 at the pull");
        String why = MarkExplainer.explain(d, mark);
        assertTrue(why.contains("a higher class always preempts hog1"), why);
    }

    /**
     * CFS: a pulled task preempts only when the running one is more than the wake-up
     * granularity (2 ms at 2 CPUs) ahead of it in vruntime. CPU 0 runs a bound hog; two free
     * tasks sleep 60 ms and wake together onto it, each placed half a latency (6 ms) behind
     * min_vruntime. The first preempts the hog at once; the second finds NEED_RESCHED already
     * set and waits queued, 6 ms behind. CPU 1's next busy balance (64 ms) pulls it, keeping
     * its place relative to min_vruntime, so it is 6 ms behind CPU 1's hog, which ran alone at
     * min_vruntime there: check_preempt_wakeup() preempts.
     */
    @Test
    void cfsPullPreemptsWhenTheRunningTaskIsMoreThanTheGranularityAhead() {
        Harness h = new Harness(config(FairScheduler.CFS), 100 * MS);
        Task hog1 = scene(h, TaskSpec.fair(1, 1, "hog0"), TaskSpec::fair,
                s -> loop(c -> c.sleep(60 * MS, s), c -> c.user(500 * MS, s)));
        h.runUntil(100 * MS);
        Dataset d = h.finish();
        int mark = onlyPullPreemption(d.marks(), ReschedCause.BALANCE_PREEMPT);
        assertEquals(16 * TICK, d.marks().tNs(mark), "CPU 1's first busy balance after the wake-ups");
        assertEquals(hog1.id(), d.marks().task(mark));
        noWakeUpMarkAt(d.marks(), d.marks().tNs(mark), 1);
    }

    /**
     * The scenes' machine: CPU 0 runs a bound hog ({@code onCpu0}) with two free tasks ("free",
     * specs from {@code free}, running {@code freeProgram}) placed behind it; CPU 1 runs the bound
     * fair hog it returns, alone.
     */
    private static Task scene(Harness h, TaskSpec onCpu0, FreeSpec free, Function<Site, Program> freeProgram) {
        Site s = h.kernel.site("work");
        h.kernel.createPinnedTask(onCpu0.onCpu(0), loop(c -> c.user(50 * MS, s)));
        Task hog1 = h.kernel.createPinnedTask(TaskSpec.fair(2, 2, "hog1").onCpu(1), loop(c -> c.user(50 * MS, s)));
        for (int tid = 3; tid <= 4; tid++) {
            h.spawn(free.spec(tid, tid, "free").onCpu(0), freeProgram.apply(s));
        }
        return hog1;
    }

    private interface FreeSpec {
        TaskSpec spec(int tid, int pid, String comm);
    }

    /** A pull is not a wake-up: no wake-up mark on {@code cpu} at the pull. */
    private static void noWakeUpMarkAt(Marks m, long t, int cpu) {
        for (int i = 0; i < m.size(); i++) {
            assertTrue(!(m.kind(i) == MarkKind.WAKEUP && m.tNs(i) == t && m.cpu(i) == cpu),
                    "a wake-up mark at the pull, " + m.reason(i).cause());
        }
    }

    private static MachineConfig config(FairScheduler scheduler) {
        return MachineConfig.defaults(2, PreemptionModel.FULL).withHz(250).withScheduler(scheduler);
    }

    /** The one preemption a pull asked for (the scenes balance after one pull). */
    private static int onlyPullPreemption(Marks m, ReschedCause cause) {
        int found = -1;
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == MarkKind.PREEMPTION && (m.reason(i).cause() == ReschedCause.BALANCE_PREEMPT
                    || m.reason(i).cause() == ReschedCause.BALANCE_FIFO)) {
                assertEquals(cause, m.reason(i).cause());
                assertEquals(-1, found, "one pull preemption, a second at " + m.tNs(i));
                found = i;
            }
        }
        assertTrue(found >= 0, "a pulled task preempted the running one");
        return found;
    }

    private static long firstFreeSliceOnCpu1(Dataset d) {
        java.util.Set<Integer> free = new java.util.HashSet<>();
        d.tasks().stream().filter(t -> t.comm().equals("free")).forEach(t -> free.add(t.id()));
        for (CpuLane lane : d.cpus()) {
            Intervals sl = lane.slices();
            for (int i = 0; lane.cpu() == 1 && i < sl.size(); i++) {
                if (free.contains(sl.task(i))) {
                    return sl.startNs(i);
                }
            }
        }
        return Long.MAX_VALUE;
    }
}
