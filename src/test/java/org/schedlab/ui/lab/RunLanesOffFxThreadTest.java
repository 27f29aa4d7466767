package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.schedlab.model.Metadata;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.ui.HeldExecutor;
import org.schedlab.ui.LaneFixtures;
import org.schedlab.ui.TimelineViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A simulated run's timeline opens with task lanes chosen from every slice (lock-holder
 * preemption victims, then the tasks that ran longest): they are chosen on the thread that ran
 * the simulation and handed over with the dataset - with the early window and with the finished
 * run - so that the FX thread only swaps the dataset in, as for an opened file.
 */
@ExtendWith(ApplicationExtension.class)
class RunLanesOffFxThreadTest extends FxRobot {
    private static final List<Integer> BUSIEST = LaneFixtures.BUSIEST;
    private final Scenario teach = LabFixtures.teach();
    private final ManualScheduler clock = new ManualScheduler();

    /** The teaching scenario's run, with 20 tasks; the last three run longest. */
    private static Dataset big() {
        return LaneFixtures.busiestLast(Metadata.of("teach-kernel-section", "simulation"), i -> "task" + i);
    }

    /** The real simulator's summary of the teaching scenario, with {@code d} as its recording. */
    private static SimRunner recording(Dataset d) {
        return (scenario, overrides, options, monitor) -> {
            RunResult real = Simulation.run(scenario, overrides, Simulation.Options.summaryOnly(), monitor);
            if (options.recordMs() > 0) {
                monitor.recorded(d, RunResult.Timings.NONE);
            }
            return new RunResult(real.summary(), options.recordMs() > 0 ? Optional.of(d) : Optional.empty());
        };
    }

    @Test
    void theRunHandsItsLanesOverWithTheEarlyWindowAndWithTheOutcome() throws Exception {
        Dataset d = big();
        List<RunTask.Recorded> early = new ArrayList<>();
        RunTask task = new RunTask(recording(d), teach, Map.of(), 1, RunViewModel.RECORD_MS, early::add);
        LaneFixtures.runOnAWorker(task, "test-worker");
        // what the worker handed over, before the FX thread has done anything with it
        assertEquals(BUSIEST, task.get().taskLanes(), "the outcome carries its lanes");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, early.size());
        assertSame(d, early.get(0).dataset());
        assertEquals(BUSIEST, early.get(0).taskLanes(), "the early window carries its lanes");
        assertEquals(TimelineViewModel.defaultTaskLanes(d), BUSIEST, "the lanes a run opens with, as before");
    }

    @Test
    void theTimelineOpensWithTheLanesTheWorkerChose() throws Exception {
        Dataset d = big();
        HeldExecutor held = new HeldExecutor();
        RunViewModel vm = new RunViewModel(held, clock, recording(d));
        interact(() -> vm.runNow(teach, Map.of(), 1));
        LaneFixtures.runOnAWorker(held.held.remove(0), "test-worker");
        WaitForAsyncUtils.waitForFxEvents();
        assertSame(d, vm.timeline().dataset());
        assertEquals(BUSIEST, vm.timeline().trackSpecProperty().get().taskLanes());
        assertTrue(vm.outcome().isPresent());
        assertEquals(BUSIEST, vm.outcome().get().taskLanes());
        // swapped onto another view (Swap A and B) the run opens with the lanes it came with
        RunViewModel other = new RunViewModel(held, clock, recording(d));
        interact(() -> other.show(vm.outcome().get()));
        assertSame(d, other.timeline().dataset());
        assertEquals(BUSIEST, other.timeline().trackSpecProperty().get().taskLanes());
    }
}
