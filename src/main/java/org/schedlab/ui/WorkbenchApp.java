package org.schedlab.ui;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

import org.schedlab.ui.lab.FxDelayScheduler;
import org.schedlab.ui.lab.Lab;
import org.schedlab.ui.lab.LabTaskExecutor;
import org.schedlab.ui.lab.LabViewModel;
import org.schedlab.ui.lab.SimRunner;

/**
 * The workbench application: opens the window in A/B mode on the default scenario (the lab),
 * with the example dataset shipped with SchedLab in the Dataset tab, or on the workspace file
 * given on the command line.
 * Started through {@link org.schedlab.Main} (no arguments), never as the jar's main class.
 */
public class WorkbenchApp extends Application {
    private BackgroundTaskExecutor executor;
    private LabTaskExecutor labExecutor;
    private LabViewModel labVm;

    public static void launchApp(String[] args) {
        Application.launch(WorkbenchApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        Workbench.applyTheme();
        executor = new BackgroundTaskExecutor();
        WorkbenchViewModel vm = new WorkbenchViewModel(executor, DatasetOpener.standard(), RecentFiles.forUser());
        Workbench workbench = new Workbench(vm, new FxFilePicker());
        labExecutor = new LabTaskExecutor();
        labVm = new LabViewModel(labExecutor, new FxDelayScheduler(), SimRunner.simulator(),
                Platform::runLater);
        Lab lab = Lab.install(workbench, labVm);
        // the first screen's two runs start before the window's first style and layout pass, which
        // takes seconds on a cold JVM: the simulations overlap it instead of waiting for it
        // the settings likely next (the other preemption models first) run while nothing else does
        labVm.lookaheadProperty().set(true);
        labVm.openDefault();
        lab.showCompare();
        workbench.show(stage);
        // "SchedLab study.schedlab" (Main sends a lone workspace file here): restore it over the first
        // screen, and leave the Dataset tab to it - the example, still loading when the workspace's
        // files were checked, used to take the tab and leave "Opening workspace" up for good
        if (getParameters().getRaw().isEmpty()) {
            vm.openExample();
        }
        for (String arg : getParameters().getRaw()) {
            workbench.workspace().open(java.nio.file.Path.of(arg));
        }
    }

    @Override
    public void stop() {
        if (executor != null) {
            executor.shutdown();
        }
        if (labExecutor != null) {
            labExecutor.shutdown();
        }
        if (labVm != null) {
            labVm.shutdown();
        }
    }
}
