package org.schedlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.LockLane;
import org.schedlab.sim.summary.RunSummary;

/** The checking recorder's invariants hold on busy multi-CPU runs, steal and rseq included. */
class InvariantsTest {
    private static RunResult checked(Map<String, String> set) throws Exception {
        return Simulation.run(TestScenarios.syntheticLock(), set,
                new Simulation.Options(200, 256, true), () -> false);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"eevdf", "cfs"})
    void invariantsHoldForEveryModelWithStealAndRseq(String scheduler) throws Exception {
        for (String m : new String[] {"none", "voluntary", "full", "lazy"}) {
            RunResult r = checked(Map.of("preemption", m, "stealPct", "10", "stealBurstUs", "200",
                    "rseqSliceExtUs", "20", "scheduler", scheduler));
            RunSummary s = r.summary();
            assertEquals(1.0, s.cpu().sum(), 1e-5, m + ": cpu shares sum to 1");
            assertTrue(s.cpu().steal() > 0.05 && s.cpu().steal() < 0.15, m + ": steal " + s.cpu().steal());
            RunSummary.LockSummary lock = s.locks().get(0);
            assertTrue(lock.acquisitions() > 1000, m + ": acquisitions " + lock.acquisitions());
            assertTrue(lock.contended() > 0, m + ": contended " + lock.contended());
            assertTrue(s.throughput().value() > 0);
            Dataset d = r.dataset().orElseThrow();
            long window = 200_000_000L;
            for (CpuLane c : d.cpus()) {
                long sum = 0;
                for (int i = 0; i < c.slices().size(); i++) {
                    sum += c.slices().durationNs(i);
                }
                assertEquals(window, sum, "cpu " + c.cpu() + " slices tile the window");
            }
            LockLane lane = d.locks().get(0);
            assertTrue(lane.holds().size() > 100);
            assertTrue(lane.waits().size() > 0);
        }
    }

    @Test
    void stolenLockHoldersAreCountedAsHolderPreemptions() throws Exception {
        RunSummary calm = checked(Map.of("preemption", "none")).summary();
        RunSummary stolen = checked(Map.of("preemption", "none", "stealPct", "30", "stealBurstUs", "100",
                "holdUs", "20")).summary();
        assertTrue(stolen.locks().get(0).holderPreemptions() > calm.locks().get(0).holderPreemptions(),
                stolen.locks().get(0).holderPreemptions() + " vs " + calm.locks().get(0).holderPreemptions());
        assertTrue(stolen.locks().get(0).holderOffCpuUs().mean() > 10);
    }

    @Test
    void lazyPreemptsMoreLockHoldersInTheKernelThanNone() throws Exception {
        Map<String, String> heavy = Map.of("faultChance", "1", "faultUs", "40", "tasks", "128", "holdUs", "5");
        RunSummary none = checked(merge(heavy, "none")).summary();
        RunSummary full = checked(merge(heavy, "full")).summary();
        assertEquals(0, none.preemptions().inKernel(), "none never preempts inside the kernel");
        assertTrue(full.preemptions().inKernel() > 0);
        assertTrue(full.preemptions().lockHolder() >= none.preemptions().lockHolder());
    }

    private static Map<String, String> merge(Map<String, String> base, String model) {
        java.util.HashMap<String, String> m = new java.util.HashMap<>(base);
        m.put("preemption", model);
        return m;
    }
}
