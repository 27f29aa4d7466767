package org.schedlab.ui;

import javafx.application.Application;
import javafx.stage.Stage;

/**
 * The workbench application: opens the window on the example dataset shipped with SchedLab.
 * Started through {@link org.schedlab.Main} (no arguments), never as the jar's main class.
 */
public class WorkbenchApp extends Application {
    private BackgroundTaskExecutor executor;

    public static void launchApp(String[] args) {
        Application.launch(WorkbenchApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        Workbench.applyTheme();
        executor = new BackgroundTaskExecutor();
        WorkbenchViewModel vm = new WorkbenchViewModel(executor, DatasetOpener.standard(), RecentFiles.forUser());
        new Workbench(vm, new FxFilePicker()).show(stage);
        vm.openExample();
    }

    @Override
    public void stop() {
        if (executor != null) {
            executor.shutdown();
        }
    }
}
