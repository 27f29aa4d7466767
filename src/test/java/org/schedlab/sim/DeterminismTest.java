package org.schedlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.summary.RunSummary;

/** Same scenario, parameters and seed: the same summary and recording, bit for bit. */
class DeterminismTest {
    private static final Map<String, String> BUSY = Map.of("preemption", "lazy", "stealPct", "5",
            "rseqSliceExtUs", "10");

    private static RunResult run(String seed) throws Exception {
        return run(seed, "eevdf");
    }

    private static RunResult run(String seed, String scheduler) throws Exception {
        java.util.HashMap<String, String> set = new java.util.HashMap<>(BUSY);
        set.put("seed", seed);
        set.put("scheduler", scheduler);
        return Simulation.run(TestScenarios.syntheticLock(), set, Simulation.Options.recording(100), () -> false);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"eevdf", "cfs"})
    void sameSeedGivesIdenticalSummaryAndDataset(String scheduler) throws Exception {
        RunResult a = run("42", scheduler);
        RunResult b = run("42", scheduler);
        RunSummary sa = a.summary().withWallMs(0);
        RunSummary sb = b.summary().withWallMs(0);
        assertEquals(sa, sb);
        Dataset da = a.dataset().orElseThrow();
        Dataset db = b.dataset().orElseThrow();
        assertEquals(da, db);
        // the wake-ups' wakers are part of the recording, and the same
        assertTrue(da.marks().hasWakers(), "the run's wake-ups name their wakers");
        for (int i = 0; i < da.marks().size(); i++) {
            assertEquals(da.marks().waker(i), db.marks().waker(i), "waker of mark " + i);
        }
    }

    @Test
    void differentSeedGivesADifferentRun() throws Exception {
        RunSummary a = run("1").summary().withWallMs(0);
        RunSummary b = run("2").summary().withWallMs(0);
        assertNotEquals(a, b);
        assertNotEquals(a.events(), b.events());
    }

    @Test
    void addingAnEntityDoesNotChangeAnotherEntitysStream() {
        RandomStreams s = new RandomStreams(9);
        long first = s.stream("task A 1").nextLong();
        s.stream("task Z 99").nextLong();
        assertEquals(first, new RandomStreams(9).stream("task A 1").nextLong());
        assertNotEquals(first, new RandomStreams(10).stream("task A 1").nextLong());
        assertNotEquals(first, s.stream("task A 2").nextLong());
    }
}
