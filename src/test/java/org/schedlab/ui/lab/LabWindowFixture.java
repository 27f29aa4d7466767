package org.schedlab.ui.lab;

import java.util.Optional;

import javafx.application.Platform;
import javafx.stage.Stage;

import org.schedlab.ui.BackgroundTaskExecutor;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.Workbench;
import org.schedlab.ui.WorkbenchViewModel;

/**
 * The workbench window with the lab installed, wired as the app wires it (real simulator,
 * background executors, FX-thread delivery), for the window tests: {@link #show} in
 * {@code @Start}, {@link #close} in {@code @AfterEach}.
 */
final class LabWindowFixture {
    private final BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
    private final LabTaskExecutor labExecutor = new LabTaskExecutor();
    final LabViewModel lab;
    final Lab ui;

    private LabWindowFixture(Stage stage) {
        Workbench.applyTheme();
        Workbench wb = new Workbench(new WorkbenchViewModel(executor, DatasetOpener.json()), owner -> Optional.empty());
        lab = new LabViewModel(labExecutor, new FxDelayScheduler(), SimRunner.simulator(), Platform::runLater);
        ui = Lab.install(wb, lab);
        wb.show(stage);
    }

    static LabWindowFixture show(Stage stage) {
        return new LabWindowFixture(stage);
    }

    /** Stops both executors (a run still going is cancelled with them). */
    void close() {
        lab.shutdown();
        labExecutor.shutdown();
        executor.shutdown();
    }
}
