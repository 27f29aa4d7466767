package org.schedlab.ui.lab;

import java.util.Optional;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.stage.Stage;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.schedlab.ui.BackgroundTaskExecutor;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FilePicker;
import org.schedlab.ui.RecentFiles;
import org.schedlab.ui.Workbench;
import org.schedlab.ui.WorkbenchViewModel;

/**
 * The workbench window with the lab installed, wired as the app wires it (real simulator,
 * background executors, FX-thread delivery), for the window tests. A test registers one per test
 * and shows it in {@code @Start}; after each test it stops its executors itself:
 * <pre>
 * &#64;RegisterExtension
 * final LabWindowFixture window = new LabWindowFixture();
 *
 * &#64;Start
 * void start(Stage stage) {
 *     window.opener(DatasetOpener.standard()).show(stage);
 * }
 * </pre>
 * Unless a test says otherwise it opens only SchedLab's own JSON, keeps recent files in memory,
 * and its file dialogs answer "cancelled".
 */
final class LabWindowFixture implements AfterEachCallback {
    private final BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
    private final LabTaskExecutor labExecutor = new LabTaskExecutor();
    private DatasetOpener opener = DatasetOpener.json();
    private RecentFiles recent = RecentFiles.inMemory();
    private FilePicker picker = owner -> Optional.empty();
    private Consumer<Workbench> beforeShow = wb -> { };
    private SimRunner runner = SimRunner.simulator();

    /** Set by {@link #show}. */
    WorkbenchViewModel vm;
    Workbench workbench;
    LabViewModel lab;
    Lab ui;

    /** How File > Open reads a file: {@link DatasetOpener#standard()} for recordings. */
    LabWindowFixture opener(DatasetOpener opener) {
        this.opener = opener;
        return this;
    }

    LabWindowFixture recentFiles(RecentFiles recent) {
        this.recent = recent;
        return this;
    }

    /** What the file dialogs answer. */
    LabWindowFixture picker(FilePicker picker) {
        this.picker = picker;
        return this;
    }

    /** How the lab runs the simulator (the real one unless a test holds its runs back). */
    LabWindowFixture runner(SimRunner runner) {
        this.runner = runner;
        return this;
    }

    /** Runs on the installed workbench before its window shows (an export picker, a failure listener). */
    LabWindowFixture beforeShow(Consumer<Workbench> beforeShow) {
        this.beforeShow = beforeShow;
        return this;
    }

    /** Builds the workbench, installs the lab and shows the window on {@code stage}; on the FX thread. */
    LabWindowFixture show(Stage stage) {
        Workbench.applyTheme();
        vm = new WorkbenchViewModel(executor, opener, recent);
        workbench = new Workbench(vm, picker);
        lab = new LabViewModel(labExecutor, new FxDelayScheduler(), runner, Platform::runLater);
        ui = Lab.install(workbench, lab);
        beforeShow.accept(workbench);
        workbench.show(stage);
        return this;
    }

    /**
     * Opens s390-uperf on the A/B tab, short runs, full against lazy, and waits for their TCP
     * counters (the table's TCP tab enabled); call off the FX thread.
     */
    void openS390FullVsLazy(org.testfx.api.FxRobot robot) throws Exception {
        java.util.Map<String, String> a = new java.util.HashMap<>(
                java.util.Map.of("durationMs", "40", "warmupMs", "20", "preemption", "full"));
        java.util.Map<String, String> b = new java.util.HashMap<>(a);
        b.put("preemption", "lazy");
        org.schedlab.sim.scenario.Scenario s390 = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("s390-uperf");
        robot.interact(() -> {
            lab.compare().open(s390, a, b);
            ui.showCompare();
        });
        org.schedlab.ui.FxWait.untilOnFx("the TCP tab is there", 60, () -> !robot.lookup("#ab-tables")
                .queryAs(javafx.scene.control.TabPane.class).getTabs().get(1).isDisable());
    }

    /**
     * Opens {@code scenario} in the Live tab with {@code values}, shows the Sweep tab, waits until the
     * sweep has that scenario for its base, and sets it to vary {@code key} over {@code values1} on
     * {@code threads} threads; call off the FX thread. The sweep is not started.
     */
    SweepViewModel sweepOver(org.testfx.api.FxRobot robot, org.schedlab.sim.scenario.Scenario scenario,
                             java.util.Map<String, String> values, String key, String values1, int threads)
            throws Exception {
        SweepViewModel vm = lab.sweep();
        robot.interact(() -> {
            lab.openLive(scenario, values);
            ui.showSweep();
        });
        org.schedlab.ui.FxWait.untilOnFx("the sweep has the live scenario", 30, () -> vm.scenario().isPresent()
                && values.entrySet().stream().allMatch(e -> e.getValue().equals(vm.base().get(e.getKey()))));
        robot.interact(() -> {
            vm.key1Property().set(key);
            vm.values1Property().set(values1);
            vm.threadsProperty().set(threads);
        });
        return vm;
    }

    /** Stops both executors (a run still going is cancelled with them). */
    @Override
    public void afterEach(ExtensionContext context) {
        if (lab != null) {
            lab.shutdown();
        }
        labExecutor.shutdown();
        executor.shutdown();
    }
}
