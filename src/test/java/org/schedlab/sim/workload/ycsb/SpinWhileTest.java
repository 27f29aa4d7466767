package org.schedlab.sim.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * Where the rwsem spinners' CPU goes ({@code locks[].spinWhile}): the split by what the lock was
 * doing adds up to {@code cpu.spin} (mmap_lock is the only thing that spins in case B), and at the
 * shipped inputs v5.10's readers spend nearly all of it on a lock nobody holds: HANDOFF is set,
 * the woken first waiter (a writer) must take the lock itself, and it waits for a CPU that the
 * spinners keep until the tick ends a slice.
 */
class SpinWhileTest {
    private static RunSummary run(Map<String, String> inputs) throws Exception {
        return Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), inputs, Simulation.Options.summaryOnly(),
                () -> false).summary();
    }

    private static Map<String, Double> spinWhile(RunSummary s) {
        assertEquals(1, s.locks().size());
        return s.locks().get(0).spinWhile();
    }

    @ParameterizedTest
    @CsvSource({"x86,on,eevdf", "arm64,on,eevdf", "x86,off,eevdf", "arm64,on,cfs"})
    void theSplitAddsUpToTheSpinningCpuTime(String arch, String readerSpinning, String scheduler) throws Exception {
        RunSummary s = run(Map.of("arch", arch, "readerSpinning", readerSpinning, "scheduler", scheduler,
                "warmupMs", "20", "durationMs", "200"));
        Map<String, Double> w = spinWhile(s);
        assertEquals(java.util.List.of("writer", "readers", "handoff", "free"), java.util.List.copyOf(w.keySet()));
        double sum = w.values().stream().mapToDouble(Double::doubleValue).sum();
        assertTrue(s.cpu().spin() > 0, "something spins: " + s.cpu());
        // each share is rounded to 6 decimals
        assertEquals(s.cpu().spin(), sum, 4e-6, "split " + w + " against cpu.spin " + s.cpu().spin());
    }

    @ParameterizedTest
    @ValueSource(strings = {"x86", "arm64"})
    void atTheShippedInputsV510ReadersSpinMostlyOnAFreeLockWithAHandoffPending(String arch) throws Exception {
        for (int seed = 1; seed <= 2; seed++) {
            RunSummary s = run(Map.of("arch", arch, "seed", Integer.toString(seed), "durationMs", "300"));
            Map<String, Double> w = spinWhile(s);
            double spin = s.cpu().spin();
            assertTrue(spin > 0.02, "seed " + seed + ": v5.10 spins " + spin);
            assertTrue(w.get("handoff") > 0.5 * spin, "seed " + seed + ": " + w + " of " + spin);
            assertTrue(w.get("writer") < 0.05 * spin, "seed " + seed + ": spinners leave an off-CPU writer: " + w);
        }
    }
}
