package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import javafx.application.Platform;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.schedlab.ui.BackgroundTaskExecutor;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.Workbench;
import org.schedlab.ui.WorkbenchViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "A ← dataset" puts the Dataset tab's recording on side A with the task lanes the Dataset tab
 * shows it with - the ones the user picked there - rather than a default set the FX thread would
 * choose by walking every slice.
 */
@ExtendWith(ApplicationExtension.class)
class DatasetOnSideLanesWindowTest extends FxRobot {
    private static final Path RECORDING =
            Path.of("example-data/recordings/pgbench-sandbox-2cpu/perf_sched_script.txt.gz");

    private final BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
    private final LabTaskExecutor labExecutor = new LabTaskExecutor();
    private LabViewModel lab;
    private WorkbenchViewModel vm;

    @Start
    void start(Stage stage) {
        Workbench.applyTheme();
        vm = new WorkbenchViewModel(executor, DatasetOpener.standard());
        Workbench wb = new Workbench(vm, owner -> Optional.empty());
        lab = new LabViewModel(labExecutor, new FxDelayScheduler(), SimRunner.simulator(), Platform::runLater);
        Lab.install(wb, lab);
        wb.show(stage);
    }

    @AfterEach
    void stop() {
        lab.shutdown();
        labExecutor.shutdown();
        executor.shutdown();
    }

    @Test
    void sideAOpensWithTheLanesPickedOnTheDatasetTab() throws Exception {
        interact(() -> vm.openFiles(List.of(RECORDING)));
        FxWait.until("the recording", 30, () -> vm.timeline().dataset() != TimelineViewModel.NO_DATASET);
        Dataset d = vm.timeline().dataset();
        List<Integer> picked = List.of(d.tasks().size() - 1, 0);
        assertNotEquals(TimelineViewModel.defaultTaskLanes(d), picked);
        interact(() -> vm.timeline().setTaskLanes(picked));

        interact(() -> lookup("#workspaces").queryAs(TabPane.class).getSelectionModel().select(1));
        clickOn("#ab-dataset-a");
        TimelineViewModel a = lab.compare().side(CompareViewModel.Side.A).timeline();
        FxWait.until("A shows the recording", 30, () -> a.dataset() == d);
        assertEquals(picked, a.trackSpecProperty().get().taskLanes());
        FxWait.until("A's summary", 60, () -> lab.compare().side(CompareViewModel.Side.A).outcome()
                .map(o -> o.dataset().orElse(null) == d).orElse(false));
        assertSame(d, a.dataset());
        assertEquals(picked, a.trackSpecProperty().get().taskLanes(), "kept once the summary is in");
    }
}
