package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.schedlab.model.Metadata;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Opening a big recording: the task lanes it opens with (the lock-holder preemption victims,
 * then the tasks that ran longest - a pass over every slice) are chosen on the loading thread,
 * so the FX thread only swaps the dataset in.
 */
@ExtendWith(ApplicationExtension.class)
class OpenLanesOffFxThreadTest extends FxRobot {
    /** A recording of 20 postgres backends; the last three run longest. */
    private static Dataset big() {
        return LaneFixtures.busiestLast(Metadata.of("big.txt", "perf-sched-script"), i -> "postgres");
    }

    @Test
    void theOpeningLanesAreChosenWhereTheFileIsRead() throws Exception {
        Dataset d = big();
        HeldExecutor held = new HeldExecutor();
        WorkbenchViewModel vm = new WorkbenchViewModel(held, (sources, progress) -> new DatasetOpener.Opened(d, List.of()));
        interact(() -> vm.open(DatasetSource.file(Path.of("big.txt"))));
        javafx.concurrent.Task<?> task = held.held.remove(0);
        LaneFixtures.runOnAWorker(task, "test-load");
        // what the loading thread handed over, before the FX thread has done anything with it
        Object read = task.get();
        assertTrue(read instanceof WorkbenchViewModel.Loaded, "the load hands over " + read);
        List<Integer> busiest = LaneFixtures.BUSIEST;
        assertEquals(busiest, ((WorkbenchViewModel.Loaded) read).taskLanes(), "chosen on the loading thread");
        WaitForAsyncUtils.waitForFxEvents(); // the FX thread shows the dataset with them
        assertTrue(vm.timeline().dataset() == d, "the dataset is shown");
        assertEquals(busiest, vm.timeline().trackSpecProperty().get().taskLanes());
        assertEquals(MarkNavigation.defaultTaskLanes(d), busiest, "the lanes a dataset opens with, as before");
    }
}
