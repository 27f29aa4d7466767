package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * {@code L} on a window opened inside a lock-holder preemption (case B's default run from
 * 130 ms: a granted reader has waited 584 us for CPU 2 holding mmap_lock, and waits 2.5 ms more)
 * goes to it, at the window's start, and the step bar says it began before the recording.
 */
class HolderPreemptionAtWindowStartStepTest {
    private final TimelineViewModel vm = new TimelineViewModel();

    @Test
    void lStepsToTheHolderPreemptionGoingOnAtTheWindowsStart() throws Exception {
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), Map.of("warmupMs", "130", "durationMs", "1"),
                Simulation.Options.recording(1), () -> false).dataset().orElseThrow();
        vm.setDataset(d);
        assertTrue(vm.steps().nextLockHolderPreemption(), "a lock moment to go to: "
                + vm.steps().positionProperty().get());
        int i = vm.steps().current().getAsInt();
        assertEquals(MarkKind.LOCK_HOLDER_PREEMPTION, d.marks().kind(i), d.marks().note(i));
        assertEquals(d.startNs(), d.marks().tNs(i), "at the window's start");
        assertTrue(d.marks().note(i).matches("mmap_lock holder preempted for at least 1000 us .*"
                + "\\(from the window's start; off CPU \\d+ us before it\\)"), d.marks().note(i));
        assertTrue(vm.startNs() <= d.startNs() && vm.endNs() > d.startNs(), "the window shows it");
    }
}
