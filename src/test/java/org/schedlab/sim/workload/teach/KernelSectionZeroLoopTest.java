package org.schedlab.sim.workload.teach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * Every length of teach-kernel-section may be 0 on its own (no section, no user work, no sleep),
 * but a task whose whole loop is 0 ns long would never let time pass: the run is refused before
 * it starts, naming the parameters, instead of failing mid-run as a model bug ("takes 1000000
 * steps without letting time pass", "simulation stuck").
 */
class KernelSectionZeroLoopTest {
    private static final Map<String, String> SHORT = Map.of("durationMs", "5", "warmupMs", "0");

    private static String refusal(Map<String, String> set) throws Exception {
        Scenario s = ScenarioCatalog.builtIn("teach-kernel-section");
        java.util.HashMap<String, String> all = new java.util.HashMap<>(SHORT);
        all.putAll(set);
        String run = assertThrows(ScenarioException.class,
                () -> Simulation.run(s, all, new Simulation.Options(5, 64, true), () -> false)).getMessage();
        String check = assertThrows(ScenarioException.class, () -> Simulation.check(s, all)).getMessage();
        assertEquals(run, check, "the UI's check refuses what the run refuses, in the same words");
        return run;
    }

    @Test
    void aLoopOfNoSectionAndNoUserWorkIsRefused() throws Exception {
        assertEquals("sectionUs=0 and aUserUs=0: task A's loop (a system call of sectionUs, then aUserUs of user"
                + " work) would take no time; give one of them at least 0.001 us",
                refusal(Map.of("sectionUs", "0", "aUserUs", "0")));
        // under half a nanosecond each: 0 ns once rounded, as the run would use them
        assertTrue(refusal(Map.of("sectionUs", "0.0004", "aUserUs", "0.0001"))
                .startsWith("sectionUs=0.0004 and aUserUs=0.0001: "));
    }

    @Test
    void aLoopOfNoSleepAndNoWorkIsRefused() throws Exception {
        assertEquals("bSleepUs=0, bJitterUs=0 and bWorkUs=0: task B's loop (a sleep of bSleepUs +/- bJitterUs,"
                + " then bWorkUs of user work) would take no time; give one of them at least 0.001 us",
                refusal(Map.of("bSleepUs", "0", "bJitterUs", "0", "bWorkUs", "0")));
    }

    @Test
    void anyOneLengthAboveZeroRuns() throws Exception {
        Scenario s = ScenarioCatalog.builtIn("teach-kernel-section");
        for (Map<String, String> set : java.util.List.of(
                Map.of("sectionUs", "0", "aUserUs", "0.001"),
                Map.of("sectionUs", "0.001", "aUserUs", "0"),
                Map.of("bSleepUs", "0", "bJitterUs", "0", "bWorkUs", "0.001"),
                Map.of("bSleepUs", "0.001", "bJitterUs", "0", "bWorkUs", "0"),
                Map.of("bSleepUs", "0", "bJitterUs", "5", "bWorkUs", "0"))) {
            java.util.HashMap<String, String> all = new java.util.HashMap<>(SHORT);
            all.putAll(set);
            assertTrue(Simulation.run(s, all, new Simulation.Options(5, 64, true), () -> false).summary().events() > 0,
                    set.toString());
        }
    }
}
