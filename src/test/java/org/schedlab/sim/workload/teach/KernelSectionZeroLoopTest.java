package org.schedlab.sim.workload.teach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * Every length of teach-kernel-section may be 0 on its own (no section, no user work, no sleep),
 * but a task whose whole loop is shorter than a system call's own entry and exit (A: 0.1 us) or a
 * real sleep (B: 1 us on average) would repeat at a rate no machine reaches: at 0 ns the run failed mid-way as a model bug ("takes 1000000
 * steps without letting time pass", "simulation stuck"), at 1 ns it took minutes. It is refused
 * before it starts, naming the parameters.
 */
class KernelSectionZeroLoopTest {
    private static final Map<String, String> SHORT = Map.of("durationMs", "5", "warmupMs", "0");

    private static Map<String, String> shortRun(Map<String, String> set) {
        Map<String, String> all = new HashMap<>(SHORT);
        all.putAll(set);
        return all;
    }

    private static String refusal(Map<String, String> set) throws Exception {
        Scenario s = ScenarioCatalog.builtIn("teach-kernel-section");
        String run = assertThrows(ScenarioException.class,
                () -> Simulation.run(s, shortRun(set), new Simulation.Options(5, 64, true), () -> false)).getMessage();
        String check = assertThrows(ScenarioException.class, () -> Simulation.check(s, shortRun(set))).getMessage();
        assertEquals(run, check, "a sweep's check refuses what the run refuses, in the same words");
        return run;
    }

    @Test
    void aLoopOfNoSectionAndNoUserWorkIsRefused() throws Exception {
        assertEquals("sectionUs=0 and aUserUs=0: task A's loop (a system call of sectionUs, then aUserUs of user"
                + " work) would take under 0.1 us, less than a system call's own entry and exit (which this model"
                + " does not charge); give sectionUs + aUserUs at least 0.1 us",
                refusal(Map.of("sectionUs", "0", "aUserUs", "0")));
        // a slider's low end near 0 on its logarithmic scale: a few ns, or under one once rounded
        assertTrue(refusal(Map.of("sectionUs", "0.0004", "aUserUs", "0.0001"))
                .startsWith("sectionUs=0.0004 and aUserUs=0.0001: "));
        assertTrue(refusal(Map.of("sectionUs", "0.05", "aUserUs", "0.0023"))
                .startsWith("sectionUs=0.05 and aUserUs=0.0023: "));
    }

    @Test
    void aLoopOfNoSleepAndNoWorkIsRefused() throws Exception {
        assertEquals("bSleepUs=0, bJitterUs=0 and bWorkUs=0: task B's loop (a sleep of bSleepUs +/- bJitterUs,"
                + " then bWorkUs of user work) would average under 1 us, less than a real sleep's system call,"
                + " timer and wake-up take (which this model does not charge); give bSleepUs + bWorkUs at least 1 us",
                refusal(Map.of("bSleepUs", "0", "bJitterUs", "0", "bWorkUs", "0")));
        assertTrue(refusal(Map.of("bSleepUs", "0.001", "bJitterUs", "0.004", "bWorkUs", "0", "bClass", "fifo",
                "preemption", "full", "ctxSwitchUs", "0")).startsWith("bSleepUs=0.001, bJitterUs=0.004 and bWorkUs=0: "));
        // 0 +/- 3 us sleeps 0.75 us on average (half the draws are 0)
        assertTrue(refusal(Map.of("bSleepUs", "0", "bJitterUs", "3", "bWorkUs", "0.2"))
                .startsWith("bSleepUs=0, bJitterUs=3 and bWorkUs=0.2: "));
    }

    @Test
    void bsMeanSleepCountsANegativeDrawAsNoSleep() {
        assertEquals(3000, KernelSectionWorkload.meanSleepNs(3000, 1000), 1e-9);
        assertEquals(1250, KernelSectionWorkload.meanSleepNs(0, 5000), 1e-9);
        assertEquals(1000, KernelSectionWorkload.meanSleepNs(1000, 1000), 1e-9);
        assertEquals(0, KernelSectionWorkload.meanSleepNs(0, 0), 1e-9);
    }

    @Test
    void loopsAtTheFloorsRun() throws Exception {
        Scenario s = ScenarioCatalog.builtIn("teach-kernel-section");
        for (Map<String, String> set : List.of(
                Map.of("sectionUs", "0", "aUserUs", "0.1"),
                Map.of("sectionUs", "0.1", "aUserUs", "0"),
                Map.of("sectionUs", "0.05", "aUserUs", "0.05"),
                Map.of("bSleepUs", "0", "bJitterUs", "0", "bWorkUs", "1", "bClass", "fifo", "preemption", "full"),
                Map.of("bSleepUs", "1", "bJitterUs", "0", "bWorkUs", "0", "bClass", "fifo", "preemption", "full"),
                Map.of("bSleepUs", "0.5", "bJitterUs", "0.5", "bWorkUs", "0.5"),
                Map.of("bSleepUs", "0", "bJitterUs", "5", "bWorkUs", "0"))) {
            Simulation.check(s, shortRun(set));
            assertTrue(Simulation.run(s, shortRun(set), new Simulation.Options(5, 64, true), () -> false).summary()
                    .events() > 0, set.toString());
        }
    }
}
