package org.schedlab.sim.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;
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
        assertEquals(List.of("writer", "readers", "handoff", "free"), List.copyOf(w.keySet()));
        double sum = w.values().stream().mapToDouble(Double::doubleValue).sum();
        assertTrue(s.cpu().spin() > 0, "something spins: " + s.cpu());
        // each share is rounded to 6 decimals
        assertEquals(s.cpu().spin(), sum, 4e-6, "split " + w + " against cpu.spin " + s.cpu().spin());
    }

    @ParameterizedTest
    @ValueSource(strings = {"x86", "arm64"})
    void theSplitAgreesWithTheRecordedTimelineOnHeldAgainstFree(String arch) throws Exception {
        // an entry that changed the lock without charging the time before it would move spinning
        // between "held" (writer, readers) and "free" (handoff, free) without changing the sum:
        // the recorded CPU lanes and lock holds of the same 300 ms say where it belongs
        var r = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), Map.of("arch", arch, "durationMs", "300"),
                Simulation.Options.recording(300), () -> false);
        Dataset d = r.dataset().orElseThrow();
        Intervals holds = d.locks().get(0).holds();
        List<long[]> held = new ArrayList<>(); // union of the holds (readers' may overlap)
        for (int h = 0; h < holds.size(); h++) {
            long[] last = held.isEmpty() ? null : held.get(held.size() - 1);
            if (last != null && holds.startNs(h) <= last[1]) {
                last[1] = Math.max(last[1], holds.endNs(h));
            } else {
                held.add(new long[] {holds.startNs(h), holds.endNs(h)});
            }
        }
        long spinHeld = 0;
        long spinAll = 0;
        for (var cpu : d.cpus()) {
            Intervals sl = cpu.slices();
            for (int i = 0; i < sl.size(); i++) {
                if (sl.code(i) != SliceState.SPINNING.code()) {
                    continue;
                }
                spinAll += sl.durationNs(i);
                for (long[] iv : held) {
                    spinHeld += Math.max(0, Math.min(iv[1], sl.endNs(i)) - Math.max(iv[0], sl.startNs(i)));
                }
            }
        }
        double total = 16 * 300e6;
        Map<String, Double> w = spinWhile(r.summary());
        assertEquals(spinAll / total, r.summary().cpu().spin(), 1e-5, "the lanes' spinning is cpu.spin");
        assertEquals(spinHeld / total, w.get("writer") + w.get("readers"), 2e-5, "spun while held: " + w);
        assertEquals((spinAll - spinHeld) / total, w.get("handoff") + w.get("free"), 2e-5, "spun while free: " + w);
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
