package org.schedlab.sim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;

class SweepPlanTest {
    private static final Map<String, String> SHORT = Map.of("durationMs", "200");

    private static Scenario teach() throws ScenarioException {
        return ScenarioCatalog.builtIn("teach-kernel-section");
    }

    private static SweepPlan plan(int seeds, String... vary) throws ScenarioException {
        List<SweepAxis> axes = new ArrayList<>();
        for (String v : vary) {
            axes.add(SweepAxis.parse(v));
        }
        return SweepPlan.of(teach(), SHORT, axes, seeds);
    }

    @Test
    void pointsAreEveryCombinationWithTheFirstAxisVaryingSlowest() throws Exception {
        SweepPlan p = plan(2, "preemption=none,full", "sectionUs=1000,5000,10000");
        assertEquals(6, p.points().size());
        assertEquals(12, p.runCount());
        assertEquals(Map.of("preemption", "none", "sectionUs", "1000"), p.points().get(0).values());
        assertEquals(Map.of("preemption", "none", "sectionUs", "5000"), p.points().get(1).values());
        assertEquals(Map.of("preemption", "full", "sectionUs", "10000"), p.points().get(5).values());
        assertEquals("preemption=full_sectionUs=10000", p.points().get(5).id());
        assertEquals(1, p.firstSeed());
        assertEquals(Map.of("durationMs", "200", "preemption", "none", "sectionUs", "1000", "seed", "2"),
                p.overrides(p.points().get(0), 2));
    }

    @Test
    void badPlansAreRejectedBeforeAnythingRunsNamingTheProblem() {
        assertTrue(assertThrows(ScenarioException.class, () -> plan(1, "nosuch=1,2")).getMessage()
                .contains("unknown parameter"));
        assertTrue(assertThrows(ScenarioException.class, () -> plan(1, "preemption=none,maybe")).getMessage()
                .contains("sweep point preemption=maybe"));
        assertTrue(assertThrows(ScenarioException.class, () -> plan(1, "durationMs=10,20")).getMessage()
                .contains("conflicts with --set durationMs"));
        assertTrue(assertThrows(ScenarioException.class, () -> plan(1, "seed=1,2")).getMessage()
                .contains("--seeds"));
        assertTrue(assertThrows(ScenarioException.class, () -> plan(1, "bClass=fifo", "bClass=fair")).getMessage()
                .contains("twice"));
        assertTrue(assertThrows(ScenarioException.class, () -> SweepAxis.parse("preemption")).getMessage()
                .contains("KEY=V1,V2"));
        assertTrue(assertThrows(ScenarioException.class, () -> SweepAxis.parse("preemption=full,full")).getMessage()
                .contains("twice"));
        assertThrows(ScenarioException.class, () -> plan(0, "preemption=none"));
    }

    @Test
    void runsComeBackInPlanOrderAndAreTheSameOnOneOrTwoThreads() throws Exception {
        SweepPlan p = plan(2, "preemption=none,full,lazy");
        List<String> streamed = Collections.synchronizedList(new ArrayList<>());
        List<SweepRun> two = SweepRunner.run(p, 2, Simulation.Options.summaryOnly(),
                (r, done, total) -> streamed.add(r.point().id() + "/" + r.seed() + " " + done + "/" + total), () -> false);
        List<SweepRun> one = SweepRunner.run(p, 1, Simulation.Options.summaryOnly(), (r, d, t) -> { }, () -> false);
        assertEquals(6, two.size());
        assertEquals(6, streamed.size(), "each run is reported as it finishes");
        for (int i = 0; i < 6; i++) {
            assertEquals(i / 2, two.get(i).point().index());
            assertEquals(1 + i % 2, two.get(i).seed());
            assertEquals(one.get(i).summary().withWallMs(0), two.get(i).summary().withWallMs(0));
            assertEquals(two.get(i).point().values().get("preemption"), two.get(i).summary().params().get("preemption"));
        }
    }

    @Test
    void aCancelledSweepStops() throws Exception {
        SweepPlan p = SweepPlan.of(teach(), Map.of("durationMs", "3600000"),
                List.of(SweepAxis.parse("preemption=none,full,lazy,voluntary")), 1);
        AtomicInteger asked = new AtomicInteger();
        long t0 = System.nanoTime();
        assertThrows(CancellationException.class, () -> SweepRunner.run(p, 2, Simulation.Options.summaryOnly(),
                (r, d, t) -> { }, () -> asked.incrementAndGet() > 50));
        assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "stopped well before an hour of simulated time");
    }
}
