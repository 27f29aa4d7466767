package org.schedlab.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

import org.schedlab.ui.lab.BuiltInScenarios;
import org.schedlab.ui.lab.FirstScreenTimes;
import org.schedlab.ui.lab.FxDelayScheduler;
import org.schedlab.ui.lab.Lab;
import org.schedlab.ui.lab.LabTaskExecutor;
import org.schedlab.ui.lab.LabViewModel;
import org.schedlab.ui.lab.SimRunner;

/**
 * The workbench application: opens the window in A/B mode on the default scenario (the lab),
 * with the example dataset shipped with SchedLab in the Dataset tab, or on the workspace file or
 * the recordings given on the command line ({@link #firstScreen}).
 * Started through {@link org.schedlab.Main}, never as the jar's main class.
 */
public class WorkbenchApp extends Application {
    private BackgroundTaskExecutor executor;
    private LabTaskExecutor labExecutor;
    private LabViewModel labVm;

    /**
     * JavaFX's own logger ("javafx"), kept referenced (a logger nobody holds may be collected with its
     * filter). Its one warning for a jar like ours - "Unsupported JavaFX configuration: classes
     * were loaded from 'unnamed module'" - is about the packaging we chose (JavaFX inside the jar,
     * the supported way to ship one file), tells the user nothing they can act on and was printed
     * at every start; its other messages still pass.
     */
    private static final java.util.logging.Logger FX_STARTUP =
            java.util.logging.Logger.getLogger("javafx");

    public static void launchApp(String[] args) {
        quietClassPathWarning();
        Application.launch(WorkbenchApp.class, args);
    }

    static void quietClassPathWarning() {
        FX_STARTUP.setFilter(UNNAMED_MODULE_WARNING.negate()::test);
    }

    /** The start-up warning about JavaFX loaded from the class path. */
    static final java.util.function.Predicate<java.util.logging.LogRecord> UNNAMED_MODULE_WARNING =
            r -> r.getMessage() != null && r.getMessage().startsWith("Unsupported JavaFX configuration");

    @Override
    public void start(Stage stage) {
        labExecutor = new LabTaskExecutor();
        // the scenario files are parsed on a worker while the FX thread builds the window below
        BuiltInScenarios scenarios = new BuiltInScenarios().readAhead(labExecutor);
        Workbench.applyTheme();
        executor = new BackgroundTaskExecutor();
        WorkbenchViewModel vm = new WorkbenchViewModel(executor, DatasetOpener.standard(), RecentFiles.forUser());
        Workbench workbench = new Workbench(vm, new FxFilePicker());
        workbench.setThemeChoice(ThemeChoice.forUser()); // View > Dark theme, as last chosen
        labVm = new LabViewModel(labExecutor, new FxDelayScheduler(), SimRunner.simulator(),
                Platform::runLater, scenarios);
        Lab lab = Lab.install(workbench, labVm);
        if (FirstScreenTimes.wanted()) {
            FirstScreenTimes times = FirstScreenTimes.follow(labVm, System.err);
            times.line("start");
            stage.setOnShown(e -> times.line("window shown"));
            datasetPaintedOnce(workbench, times);
        }
        // the settings likely next (the other preemption models first) run while nothing else does
        labVm.lookaheadProperty().set(true);
        List<Path> files = new ArrayList<>();
        for (String arg : getParameters().getRaw()) {
            files.add(Path.of(arg)); // checked by Main or by the open command
        }
        firstScreen(stage, workbench, lab, files);
    }

    /**
     * For {@link FirstScreenTimes}: when the Dataset tab first paints exact columns of what was
     * opened (after its read: the example, or the files of {@code schedlab open}).
     */
    private static void datasetPaintedOnce(Workbench workbench, FirstScreenTimes times) {
        javafx.beans.value.ChangeListener<Number> painted = new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Number> o, Number was, Number now) {
                TimelineView v = workbench.timelineView();
                if (!workbench.viewModel().loadingProperty().get() && !v.lastFrameStale()
                        && v.viewModel().dataset().cpuCount() > 0) {
                    o.removeListener(this);
                    times.line("dataset painted: " + v.viewModel().dataset().metadata().source());
                }
            }
        };
        workbench.timelineView().paintCountProperty().addListener(painted);
    }

    /**
     * Shows the window on what it was started with. No files: A/B on the default scenario in front,
     * the example dataset in the Dataset tab. A lone workspace file ({@code schedlab study.schedlab}):
     * the same, the workspace restored over it; one that cannot be read is reported and the example
     * opened, as without it. Recordings and datasets ({@code schedlab open FILE...}):
     * read into one dataset as File > Open reads them, with the Dataset tab in front; A/B's default runs
     * wait until the read is over (or the A/B tab is shown), so that it has both cores to itself.
     */
    static void firstScreen(Stage stage, Workbench workbench, Lab lab, List<Path> files) {
        if (!files.isEmpty() && !Workbench.opensWorkspace(files)) {
            // as the runs below: the read overlaps the window's first style and layout pass
            workbench.openPaths(files);
            workbench.showDatasetTab();
            workbench.show(stage);
            lab.openDefaultOnceIdle(workbench.viewModel().loadingProperty());
            return;
        }
        // the first screen's two runs start before the window's first style and layout pass, which
        // takes seconds on a cold JVM: the simulations overlap it instead of waiting for it
        lab.viewModel().openDefault();
        lab.showCompare();
        workbench.show(stage);
        // a workspace is restored over the first screen, and the Dataset tab left to it - the example,
        // still loading when the workspace's files were checked, used to take the tab and leave
        // "Opening workspace" up for good
        if (files.isEmpty()) {
            workbench.viewModel().openExample();
        } else {
            // one that cannot be read leaves the window as a start without it: the example in the Dataset tab
            workbench.workspace().openAtStart(files.get(0), workbench.viewModel()::openExample);
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
