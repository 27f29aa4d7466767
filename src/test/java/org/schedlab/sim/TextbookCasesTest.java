package org.schedlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.SliceState;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/** SIMULATOR.md "What it must show", textbook cases T1-T3, on the shipped scenarios (HZ 250). */
class TextbookCasesTest {
    private static final double TICK_US = 4000;
    private static final double SLICE_US = 700;

    private static RunSummary run(String scenario, String... kv) throws Exception {
        return runWith(scenario, Simulation.Options.summaryOnly(), kv).summary();
    }

    private static RunResult runWith(String scenario, Simulation.Options o, String... kv) throws Exception {
        Map<String, String> set = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            set.put(kv[i], kv[i + 1]);
        }
        return Simulation.run(ScenarioCatalog.builtIn(scenario), set, o, () -> false);
    }

    private static RunSummary.Latency b(RunSummary s) {
        return s.runqlatUs().get("B");
    }

    @Test
    void t1TwoCpuBoundTasksShareTheCpuFiftyFifty() throws Exception {
        for (String m : new String[] {"none", "voluntary", "full", "lazy"}) {
            RunSummary s = run("teach-fair-share", "preemption", m, "hz", "250");
            double a = s.comms().get("A").cpuShare();
            double b = s.comms().get("B").cpuShare();
            assertEquals(0.5, a, 0.005, m + ": A's share");
            assertEquals(0.5, b, 0.005, m + ": B's share");
        }
    }

    @Test
    void t1TourComparesEevdfWithCfsAtHz1000() throws Exception {
        // the tour's last two steps: EEVDF switches at every 1 ms tick, v5.10's CFS at every fourth
        java.util.List<org.schedlab.sim.scenario.LookAt> tour = ScenarioCatalog.builtIn("teach-fair-share").lookAt();
        Map<String, String> eevdf = tour.get(tour.size() - 2).set();
        Map<String, String> cfs = tour.get(tour.size() - 1).set();
        assertEquals("cfs", cfs.get("scheduler"));
        RunSummary e = Simulation.run(ScenarioCatalog.builtIn("teach-fair-share"), eevdf,
                Simulation.Options.summaryOnly(), () -> false).summary();
        RunSummary c = Simulation.run(ScenarioCatalog.builtIn("teach-fair-share"), cfs,
                Simulation.Options.summaryOnly(), () -> false).summary();
        assertEquals(1002, b(e).p50(), 5);
        assertEquals(4004, b(c).p50(), 5);
        assertEquals(0.5, c.comms().get("B").cpuShare(), 0.005);
    }

    @Test
    void t1SwitchesHappenAtTickGranularityAfterTheSlice() throws Exception {
        // slice 0.7 ms < tick 4 ms: a switch at every tick
        RunResult r = runWith("teach-fair-share", Simulation.Options.recording(1000), "hz", "250");
        long switches = r.summary().comms().get("A").switches() + r.summary().comms().get("B").switches();
        assertEquals(250, switches, 3, "one switch per tick");
        assertRunsAreTickMultiples(r.dataset().orElseThrow(), 1);
        // slice 10 ms: the tick notices the expiry at 12 ms, the third tick
        RunResult longer = runWith("teach-fair-share", Simulation.Options.recording(1000), "hz", "250",
                "baseSliceUs", "10000");
        long fewer = longer.summary().comms().get("A").switches() + longer.summary().comms().get("B").switches();
        assertEquals(1000 / 12.0, fewer, 3);
        assertRunsAreTickMultiples(longer.dataset().orElseThrow(), 3);
    }

    /** Every complete run of a task on CPU 0 lasts {@code ticks} ticks (within the switch cost). */
    private static void assertRunsAreTickMultiples(Dataset d, int ticks) {
        CpuLane cpu = d.cpus().get(0);
        int runs = 0;
        int i = 0;
        var sl = cpu.slices();
        while (i < sl.size()) {
            int task = sl.task(i);
            long start = sl.startNs(i);
            int j = i;
            while (j + 1 < sl.size() && sl.task(j + 1) == task) {
                j++;
            }
            long end = sl.endNs(j);
            if (i > 0 && j < sl.size() - 1) {
                double lenUs = (end - start) / 1000.0;
                assertEquals(ticks * TICK_US, lenUs, 5, "run of task " + task + " at " + start);
                runs++;
            }
            i = j + 1;
        }
        assertTrue(runs > 50, "runs seen: " + runs);
    }

    @Test
    void t2FairBUnderNoneWaitsForTheSectionEnd() throws Exception {
        for (String m : new String[] {"none", "voluntary"}) {
            RunSummary s = run("teach-kernel-section", "preemption", m, "bClass", "fair");
            assertTrue(b(s).count() > 50);
            assertTrue(b(s).mean() >= 1000, m + ": mean " + b(s).mean());
            assertTrue(b(s).max() <= 10000 + 100, m + ": never longer than a section: " + b(s).max());
        }
    }

    @Test
    void t2FairBUnderFullWaitsAtMostTheProtectedSliceAndATick() throws Exception {
        RunSummary s = run("teach-kernel-section", "preemption", "full", "bClass", "fair");
        assertTrue(b(s).count() > 100);
        assertTrue(b(s).max() <= SLICE_US + TICK_US + 20, "max " + b(s).max());
    }

    @Test
    void t2FairBUnderLazyIsFullPlusAtMostOneTickAndNeverFaster() throws Exception {
        for (String sleep : new String[] {"1500", "3000", "6000"}) {
            RunSummary full = run("teach-kernel-section", "preemption", "full", "bClass", "fair", "bSleepUs", sleep);
            for (String seed : new String[] {"1", "2"}) {
                RunSummary lazy = run("teach-kernel-section", "preemption", "lazy", "bClass", "fair", "seed", seed,
                        "bSleepUs", sleep);
                assertTrue(b(lazy).max() <= SLICE_US + 2 * TICK_US + 20, "max " + b(lazy).max());
                assertTrue(b(lazy).mean() >= b(full).mean(), "lazy " + b(lazy).mean() + " vs full " + b(full).mean());
                assertTrue(b(lazy).mean() <= b(full).mean() + TICK_US, "lazy " + b(lazy).mean() + " vs full "
                        + b(full).mean() + " plus a tick");
            }
        }
    }

    @Test
    void t2FifoBRunsWithinTheWakeupCostUnderFullAndLazy() throws Exception {
        for (String m : new String[] {"full", "lazy"}) {
            RunSummary s = run("teach-kernel-section", "preemption", m, "bClass", "fifo");
            assertTrue(b(s).count() > 100);
            assertTrue(b(s).max() <= 50, m + ": max " + b(s).max());
        }
    }

    @Test
    void t2FifoBUnderNoneStillWaitsForTheSectionEnd() throws Exception {
        RunSummary s = run("teach-kernel-section", "preemption", "none", "bClass", "fifo");
        assertTrue(b(s).mean() >= 1000, "mean " + b(s).mean());
    }

    @Test
    void t3CondReschedEveryMillisecondBoundsFifoBUnderNoneAndVoluntary() throws Exception {
        for (String m : new String[] {"none", "voluntary"}) {
            RunSummary s = run("teach-kernel-section", "preemption", m, "bClass", "fifo", "condReschedUs", "1000");
            assertTrue(b(s).count() > 100);
            assertTrue(b(s).p99() <= 1500, m + ": p99 " + b(s).p99());
            assertTrue(b(s).max() <= 1000 + 20, m + ": max " + b(s).max());
        }
    }

    @Test
    void mightSleepPointsEveryMillisecondBoundFifoBUnderVoluntaryOnly() throws Exception {
        RunSummary voluntary = run("teach-kernel-section", "preemption", "voluntary", "bClass", "fifo",
                "mightReschedUs", "1000");
        assertTrue(b(voluntary).count() > 100);
        assertTrue(b(voluntary).p99() <= 1500, "voluntary: p99 " + b(voluntary).p99());
        assertTrue(b(voluntary).max() <= 1000 + 20, "voluntary: max " + b(voluntary).max());
        // none has no might_resched(): the same points change nothing, B waits for the section's end
        RunSummary none = run("teach-kernel-section", "preemption", "none", "bClass", "fifo", "mightReschedUs", "1000");
        RunSummary noneWithout = run("teach-kernel-section", "preemption", "none", "bClass", "fifo");
        assertTrue(b(none).mean() >= 1000, "none: mean " + b(none).mean());
        assertEquals(b(noneWithout).mean(), b(none).mean(), 1e-9);
        // and voluntary without them is none
        RunSummary voluntaryWithout = run("teach-kernel-section", "preemption", "voluntary", "bClass", "fifo");
        assertEquals(b(noneWithout).mean(), b(voluntaryWithout).mean(), 1e-9);
    }

    @Test
    void kernelSectionKeepsTheCpuInKernelState() throws Exception {
        RunResult r = runWith("teach-kernel-section", Simulation.Options.recording(200), "preemption", "none");
        CpuLane cpu = r.dataset().orElseThrow().cpus().get(0);
        long kernel = 0;
        for (int i = 0; i < cpu.slices().size(); i++) {
            if (cpu.state(i) == SliceState.KERNEL) {
                kernel += cpu.slices().durationNs(i);
            }
        }
        assertTrue(kernel > 180_000_000L, "kernel time " + kernel);
        assertTrue(r.summary().cpu().kernel() > 0.9);
    }

    @Test
    void remoteLazyWakeupWaitsForTheTickWhileFullSendsAnIpi() throws Exception {
        RunSummary full = run("teach-remote-wakeup", "preemption", "full");
        RunSummary lazy = run("teach-remote-wakeup", "preemption", "lazy");
        assertTrue(b(full).count() > 200 && b(lazy).count() > 200);
        assertTrue(b(full).max() <= 20, "full: IPI then the return to user: " + b(full).max());
        assertTrue(b(lazy).mean() > 500, "lazy: no IPI, waits for the tick: " + b(lazy).mean());
        assertTrue(b(lazy).max() <= TICK_US + 20, "lazy: at most one tick: " + b(lazy).max());
        assertTrue(full.sched().reschedIpis() > 200);
        assertEquals(0, lazy.sched().reschedIpis());
    }
}
