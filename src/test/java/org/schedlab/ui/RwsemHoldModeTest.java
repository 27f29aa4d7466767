package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.render.TrackHit;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * A simulated rwsem's lane says which holds were a writer's: the hover read "mmap_lock held by
 * conn12" for a munmap's write section and for a lone reader alike, so the lane could not show
 * readers against the writer. It stays so in a saved run, whose table counts the read phases
 * from it as the run's summary does.
 */
class RwsemHoldModeTest {
    @Test
    void theMmapLockLaneTellsWritersFromReadersAndASavedRunKeepsIt() throws Exception {
        for (boolean otherThread : new boolean[] {false, true}) {
            RunResult run = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"),
                    Map.of("warmupMs", "20", "durationMs", "40"),
                    new Simulation.Options(40, 256, false, otherThread), () -> false);
            Dataset d = run.dataset().orElseThrow();
            check(d);
            // the saved run's table has the read phases the run's summary has (the whole run recorded)
            JsonNode phases = DatasetSummary.of(d).path("locks").get(0).path("readPhases");
            RunSummary.ReadPhases sim = run.summary().locks().get(0).readPhases();
            assertEquals(sim.count(), phases.path("count").asLong(), phases.toString());
            assertEquals(sim.readersPerPhase(), phases.path("readersPerPhase").asDouble(), 1e-9);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            DatasetJson.write(d, out);
            Dataset back = DatasetJson.read(new ByteArrayInputStream(out.toByteArray()), "run.json");
            assertEquals(d.locks().get(0).holds(), back.locks().get(0).holds(), "modes survive a save");
            check(back);
        }
    }

    private static void check(Dataset d) {
        LockLane l = d.locks().get(0);
        assertEquals("mmap_lock", l.name());
        Intervals h = l.holds();
        int writes = 0;
        int reads = 0;
        int write = -1;
        for (int i = 0; i < h.size(); i++) {
            byte m = l.holdMode(i);
            assertTrue(m == LockLane.HOLD_READ || m == LockLane.HOLD_WRITE, "hold " + i + " mode " + m);
            if (m == LockLane.HOLD_WRITE) {
                writes++;
                write = i;
            } else {
                reads++;
            }
        }
        assertTrue(writes > 0 && reads > writes, writes + " write holds, " + reads + " read holds");
        TrackHit.LockHoldHit w = new TrackHit.LockHoldHit(0, write, h.task(write), h.startNs(write), h.endNs(write), 0);
        String hover = HoverText.of(d, w);
        assertTrue(hover.startsWith("mmap_lock write-held by " + d.task(h.task(write)).label()), hover);
        assertTrue(SelectionViewModel.describe(d, w).contains("(writer)"), SelectionViewModel.describe(d, w));
        int r = 0;
        while (l.holdMode(r) != LockLane.HOLD_READ) {
            r++;
        }
        TrackHit.LockHoldHit rd = new TrackHit.LockHoldHit(0, r, h.task(r), h.startNs(r), h.endNs(r), 0, 5);
        String rh = HoverText.of(d, rd);
        assertTrue(rh.startsWith("mmap_lock read-held by " + d.task(h.task(r)).label() + " and 4 more readers"), rh);
    }
}
