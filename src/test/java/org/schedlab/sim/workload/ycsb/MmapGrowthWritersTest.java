package org.schedlab.sim.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Intervals;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * mongod's two kinds of mmap_lock writer in 5.10 (mm/mmap.c): munmap ({@code __vm_munmap} with
 * downgrade: write section, {@code mmap_write_downgrade}, the zap under the read lock) and heap
 * growth by mmap ({@code vm_mmap_pgoff}: write section, {@code mmap_write_unlock} = up_write).
 * {@code growthPct} picks the share of growth; 0 (the default) keeps every writer a munmap.
 */
class MmapGrowthWritersTest {
    private static final long WINDOW_MS = 40;

    private static RunResult run(String growthPct) throws Exception {
        Map<String, String> o = Map.of("growthPct", growthPct, "unmapsPerOp", "0.2", "warmupMs", "10",
                "durationMs", Long.toString(WINDOW_MS));
        return Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), o,
                new Simulation.Options(WINDOW_MS, 256, true), () -> false);
    }

    private static double share(RunSummary s, String site) {
        return s.profile().stream().filter(p -> p.site().equals(site)).mapToDouble(RunSummary.SiteShare::share).sum();
    }

    /** Holds that begin, by the same task, exactly where one of its holds ended: a downgrade. */
    private static int downgrades(RunResult r) {
        Intervals holds = r.dataset().orElseThrow().locks().get(0).holds();
        Set<String> ends = new HashSet<>();
        for (int i = 0; i < holds.size(); i++) {
            ends.add(holds.task(i) + "@" + holds.endNs(i));
        }
        int n = 0;
        for (int i = 0; i < holds.size(); i++) {
            if (ends.contains(holds.task(i) + "@" + holds.startNs(i))) {
                n++;
            }
        }
        return n;
    }

    @Test
    void growthWritersReleaseWithUpWriteSoNothingIsZappedOrHeldForReadAfterTheWriteSection() throws Exception {
        RunResult r = run("100");
        RunSummary s = r.summary();
        assertTrue(share(s, "mmap (mmap_lock write)") > 0, "growth write sections ran");
        assertEquals(0.0, share(s, "munmap (mmap_lock write)"));
        assertEquals(0.0, share(s, "munmap zap (mmap_lock read)"));
        assertEquals(0, downgrades(r), "no writer kept the lock as a reader");
    }

    @Test
    void byDefaultEveryWriterIsAMunmapThatDowngradesForTheZap() throws Exception {
        RunResult r = run("0");
        RunSummary s = r.summary();
        assertEquals(0.0, share(s, "mmap (mmap_lock write)"));
        assertTrue(share(s, "munmap zap (mmap_lock read)") > 0, "zaps under the read lock");
        assertTrue(downgrades(r) > 0, "write holds followed by the same task's read hold");
    }
}
