package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * The step bar (and the lock band's readout) on a cut of a saved case B run that ends inside a lock
 * episode says it is still going on at the cut's end, as on a recording ending there: not the
 * episode's whole length, nor its waiters at its real end, nor the CPU its waiter took the lock on
 * after the cut (the stall from 351.3 ms: its waiter queued on CPU 13 at 352 ms, ran on CPU 14 at
 * 352.1 ms; the holder preemption from 129.4 ms: 3125 us off CPU, 185 waiting at its end).
 */
class EpisodeAtCropEndStepTest {
    private static Dataset full;
    private final TimelineViewModel vm = new TimelineViewModel();

    @BeforeAll
    static void record() throws Exception {
        full = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), Map.of("warmupMs", "100", "durationMs", "260"),
                Simulation.Options.recording(260), () -> false).dataset().orElseThrow();
    }

    /** Steps to the cut's first lock moment; its explanation. */
    private String stepToLockMoment(Dataset cut, MarkKind kind) {
        vm.setDataset(cut);
        assertTrue(vm.steps().nextLockHolderPreemption(), vm.steps().positionProperty().get());
        int i = vm.steps().current().getAsInt();
        assertEquals(kind, cut.marks().kind(i), cut.marks().note(i));
        return vm.steps().explanationProperty().get();
    }

    @Test
    void aStallAtTheCutsEndIsStillGoingOnThereOnTheCpuItsWaiterWasQueuedOn() {
        Dataset cut = full.crop(351_000_000, 352_000_000);
        String why = stepToLockMoment(cut, MarkKind.LOCK_HANDOFF);
        assertTrue(why.startsWith("lock handoff stall: mmap_lock free for at least 676 us with HANDOFF set (still at the"
                + " window's end), up to 11 CPUs spinning on it."), why);
        assertTrue(why.contains("past the recording's end, where it still waited to run on CPU 13"), why);
        String readout = HoverText.free(cut, 0, 351_900_000);
        assertTrue(readout.contains("woken, waiting to run on CPU 13 to take it"), readout);
    }

    @Test
    void aHolderPreemptionAtTheCutsEndIsStillOffCpuThereWithThoseWaitingThen() {
        String why = stepToLockMoment(full.crop(129_000_000, 131_000_000), MarkKind.LOCK_HOLDER_PREEMPTION);
        assertTrue(why.startsWith("lock-holder preemption: mmap_lock holder preempted for at least 1584 us (still off"
                + " CPU at the window's end), 118 waiting. Why: "), why);
    }
}
