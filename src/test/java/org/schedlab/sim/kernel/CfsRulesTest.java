package org.schedlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.sim.kernel.Harness.MS;
import static org.schedlab.sim.kernel.Harness.US;
import static org.schedlab.sim.kernel.Harness.loop;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.record.Recorder;

/** v5.10's CFS (scheduler=cfs): its tunables, pick, placement, wake-up and tick preemption. */
class CfsRulesTest {

    private static MachineConfig cfs(int cpus) {
        return MachineConfig.defaults(cpus, PreemptionModel.FULL).withHz(1000).withScheduler(FairScheduler.CFS);
    }

    // ------------------------------------------------------------------ the run queue itself

    private final Kernel k = new Kernel(new Engine(), cfs(1), new RandomStreams(1), Recorder.none());

    private Task task(int id, int nice, long vruntime) {
        Task t = new Task(k, id, new TaskSpec(id, id, "t" + id, SchedClass.FAIR, nice, 0, -1), 0, c -> c.exit(), null);
        t.vruntime = vruntime;
        return t;
    }

    private static FairRunqueue queue(int cpus) {
        FairRunqueue rq = new FairRunqueue();
        rq.useCfs(CfsTunables.forCpus(cpus));
        return rq;
    }

    @Test
    void tunablesScaleWithLogOfCpusUpToEight() {
        assertEquals(new CfsTunables(6 * MS, 750 * US, 1 * MS), CfsTunables.forCpus(1));
        assertEquals(new CfsTunables(18 * MS, 2250 * US, 3 * MS), CfsTunables.forCpus(4));
        assertEquals(new CfsTunables(24 * MS, 3 * MS, 4 * MS), CfsTunables.forCpus(16));
        assertEquals(CfsTunables.forCpus(8), CfsTunables.forCpus(96));
    }

    @Test
    void sliceIsTheWeightShareOfAPeriodThatStretchesPastEightTasks() {
        FairRunqueue rq = queue(1);
        Task curr = task(0, 0, 0);
        Task light = task(1, 5, 0); // weight 335
        rq.add(light);
        // two tasks: the 6 ms latency split 1024 : 335
        assertEquals(6 * MS * 1024 / 1359, rq.sliceNs(curr, curr));
        assertEquals(6 * MS * 335 / 1359, rq.sliceNs(light, curr));
        for (int i = 2; i < 10; i++) {
            rq.add(task(i, 0, 0));
        }
        // ten tasks, 9 x 1024 + 335: the period is 10 x 0.75 ms
        assertEquals(7500 * US * 1024 / (9 * 1024 + 335), rq.sliceNs(curr, curr));
        // a task not yet queued counts itself
        Task joining = task(20, 0, 0);
        assertEquals(8250 * US * 1024 / (10 * 1024 + 335), rq.sliceNs(joining, curr));
    }

    @Test
    void wakeUpPreemptsOnlyBeyondTheGranularityScaledToTheWokenWeight() {
        FairRunqueue rq = queue(1);
        Task curr = task(0, 0, 10 * MS);
        assertEquals(-1, rq.wakeupPreemptEntity(curr, task(1, 0, 10 * MS)));
        assertEquals(0, rq.wakeupPreemptEntity(curr, task(2, 0, 9 * MS)), "exactly 1 ms behind: no");
        assertEquals(1, rq.wakeupPreemptEntity(curr, task(3, 0, 9 * MS - 1)));
        // a nice-5 task's granularity is 1 ms x 1024 / 335 = 3.06 ms of vruntime
        assertEquals(0, rq.wakeupPreemptEntity(curr, task(4, 5, 7 * MS)));
        assertEquals(1, rq.wakeupPreemptEntity(curr, task(5, 5, 6900 * US)));
    }

    @Test
    void sleepersArePlacedHalfALatencyBeforeMinVruntimeButNeverGainByIt() {
        FairRunqueue rq = queue(1);
        Task curr = task(0, 0, 50 * MS);
        rq.updateMinVruntime(curr);
        assertEquals(50 * MS, rq.minVruntime());
        Task longSleeper = task(1, 0, 5 * MS);
        rq.placeCfs(longSleeper, curr, false);
        assertEquals(47 * MS, longSleeper.vruntime, "min_vruntime - latency/2 (GENTLE_FAIR_SLEEPERS)");
        Task shortSleeper = task(2, 0, 49 * MS);
        rq.placeCfs(shortSleeper, curr, false);
        assertEquals(49 * MS, shortSleeper.vruntime, "keeps its own, larger vruntime");
        Task fresh = task(3, 0, 0);
        rq.placeCfs(fresh, curr, true);
        assertEquals(50 * MS + 3 * MS, fresh.vruntime, "START_DEBIT: one slice of the 6 ms period shared with curr");
        // min_vruntime never goes back
        curr.vruntime = 40 * MS;
        rq.updateMinVruntime(curr);
        assertEquals(50 * MS, rq.minVruntime());
    }

    @Test
    void pickTakesTheLeftmostUnlessABuddyIsCloseEnough() {
        FairRunqueue rq = queue(1);
        Task a = task(1, 0, 10 * MS);
        Task b = task(2, 0, 10500 * US);
        Task c = task(3, 0, 12 * MS);
        rq.add(c);
        rq.add(a);
        rq.add(b);
        assertSame(a, rq.pick(null, true), "smallest vruntime");
        Task curr = task(0, 0, 9 * MS);
        assertSame(curr, rq.pick(curr, true), "curr is leftmost");
        // a yielding leftmost gives way to the second when that is within the granularity
        rq.setSkip(a);
        assertSame(b, rq.pick(null, true));
        // ... and the pick clears the mark on the task it took, not on the skipped one
        rq.setSkip(a);
        rq.remove(b);
        assertSame(a, rq.pick(null, true), "second (c) is 2 ms away: the yielder runs");
        // the last buddy (a preempted task) runs again if within the granularity of the leftmost
        rq.setLast(c);
        assertSame(a, rq.pick(null, true), "c is 2 ms ahead of a: too far");
        Task d = task(4, 0, 10800 * US);
        rq.add(d);
        rq.setLast(d);
        assertSame(d, rq.pick(null, true));
        assertSame(a, rq.pick(null, true), "picking d cleared the mark");
        rq.setLast(d);
        rq.remove(d);
        assertSame(a, rq.pick(null, true), "a dequeued buddy is forgotten");
        // the next buddy (the woken task that preempted) goes before the last buddy
        Task e = task(5, 0, 10900 * US);
        Task f = task(6, 0, 10200 * US);
        rq.add(e);
        rq.add(f);
        rq.setLast(f);
        rq.setNext(e);
        assertSame(e, rq.pick(null, true), "next, 0.9 ms right of the leftmost");
        assertSame(f, rq.pick(null, true), "then last");
        rq.setNext(c);
        assertSame(a, rq.pick(null, true), "a next buddy 2 ms right of the leftmost would be unfair");
    }

    // ------------------------------------------------------------------ behaviour on a CPU

    /** {@code n} CPU hogs on one CPU at HZ 1000: the median run-queue latency of the first. */
    private static double hogLatencyUs(MachineConfig cfg, int n) {
        Harness h = new Harness(cfg, 0);
        Site s = h.kernel.site("hog");
        for (int i = 0; i < n; i++) {
            h.spawn(TaskSpec.fair(i + 1, i + 1, i == 0 ? "first" : "hog"), loop(c -> c.user(100 * MS, s)));
        }
        h.runUntil(400 * MS);
        SimStats st = h.kernel.stats();
        Histogram lat = st.groupRunqlat(st.groups().indexOf("first"));
        assertTrue(lat.getTotalCount() > 20, "the first hog ran " + lat.getTotalCount() + " times");
        return lat.getValueAtPercentile(50) / 1000.0;
    }

    @Test
    void tickPreemptionFollowsTheSliceAndThePeriodStretches() {
        // 2 hogs (teach-fair-share's note): slice 3 ms, passed at the fourth tick; EEVDF switches at every tick
        assertEquals(4000, hogLatencyUs(cfs(1), 2), 100);
        assertEquals(1000, hogLatencyUs(cfs(1).withScheduler(FairScheduler.EEVDF), 2), 100);
        // 4 hogs: slice 6 / 4 = 1.5 ms, so each runs to the second tick: the others wait 3 x 2 ms
        assertEquals(6000, hogLatencyUs(cfs(1), 4), 100);
        // 10 hogs: the period is 10 x 0.75 ms, slice 0.75 ms: each runs one tick, the others wait 9 x 1 ms
        assertEquals(9000, hogLatencyUs(cfs(1), 10), 100);
        // EEVDF on the same machine: 0.7 ms base slice, one tick each
        assertEquals(3000, hogLatencyUs(cfs(1).withScheduler(FairScheduler.EEVDF), 4), 100);
    }

    @Test
    void cpuSharesFollowTheWeights() {
        Harness h = new Harness(cfs(1), 0);
        Site s = h.kernel.site("hog");
        h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> c.user(100 * MS, s)));
        h.spawn(new TaskSpec(2, 2, "B", SchedClass.FAIR, 5, 0, -1), loop(c -> c.user(100 * MS, s)));
        h.runUntil(1000 * MS);
        SimStats st = h.kernel.stats();
        double a = st.groupRunNs(st.groups().indexOf("A"));
        double b = st.groupRunNs(st.groups().indexOf("B"));
        assertEquals(1024.0 / 1359, a / (a + b), 0.01);
    }

    @Test
    void aLongSleeperPreemptsAtOnceAndAShortOneWaitsForTheTick() {
        // A hogs the CPU in user mode; B sleeps and runs briefly. B falls behind A in vruntime
        // and is placed half a latency (3 ms) behind min_vruntime: more than the 1 ms
        // granularity, so its wake-up preempts A at once.
        double light = sleeperLatencyUs(10 * US);
        assertTrue(light < 20, "light sleeper waits " + light + " us");
        // B sleeps 100 us and then runs 2 ms: it takes more than its share, so it wakes ahead of
        // A in vruntime and waits for A's slice to end at a tick
        double heavy = sleeperLatencyUs(2 * MS);
        assertTrue(heavy > 500, "heavy sleeper waits " + heavy + " us");
    }

    private static double sleeperLatencyUs(long runNs) {
        Harness h = new Harness(cfs(1), 0);
        Site s = h.kernel.site("work");
        h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> c.user(100 * MS, s)));
        h.spawn(TaskSpec.fair(2, 2, "B"), loop(c -> c.sleep(100 * US, s), c -> c.user(runNs, s)));
        h.runUntil(300 * MS);
        SimStats st = h.kernel.stats();
        return st.groupRunqlat(st.groups().indexOf("B")).getMean() / 1000.0;
    }
}
