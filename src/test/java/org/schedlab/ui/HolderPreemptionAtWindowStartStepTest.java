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
 * goes to it, at the window's start (the step bar's lock button too), and shows the holder's
 * whole time off CPU.
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

    @Test
    void lClosesInOnTheMarkedHoldersOffCpuStretchNotAnotherStartingThere() throws Exception {
        // at the window's start 66 granted readers wait for a CPU holding mmap_lock, each an
        // off-CPU stretch from there; the first of them lasts 7 us, the marked holder's 2.5 ms
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), Map.of("warmupMs", "130", "durationMs", "5"),
                Simulation.Options.recording(5), () -> false).dataset().orElseThrow();
        vm.setDataset(d);
        assertTrue(vm.data().locks().isPresent(), "prepared in place without an executor");
        int mark = -1;
        for (int i = 0; i < d.marks().size(); i++) {
            if (d.marks().kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION && d.marks().tNs(i) == d.startNs()) {
                mark = i;
            }
        }
        assertTrue(mark >= 0, "marked at the window's start");
        java.util.regex.Matcher g = java.util.regex.Pattern.compile("preempted for (\\d+) us").matcher(d.marks().note(mark));
        assertTrue(g.find(), d.marks().note(mark));
        long endNs = d.startNs() + Long.parseLong(g.group(1)) * 1000;
        // L (the key, the toolbar's button) from the window's end wraps round to the first
        vm.setWindow(d.endNs() - 100_000, d.endNs());
        assertTrue(vm.nextLockHolderPreemption(), vm.steps().positionProperty().get());
        assertEquals(mark, vm.steps().current().getAsInt());
        assertTrue(vm.endNs() > endNs, "the view reaches the holder's return to a CPU at +"
                + (endNs - d.startNs()) + " ns: " + (vm.endNs() - d.startNs()));
    }
}
