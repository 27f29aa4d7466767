package org.schedlab.ui;

import java.nio.file.Path;
import java.util.List;

import javafx.stage.Stage;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The workbench window alone (no lab), for the window tests of the Dataset tab: a background
 * executor, recent files in memory, and a stand-in file chooser that answers what the test last
 * gave {@link #pick}. A test registers one and shows it in {@code @Start}; after each test it
 * stops its executor itself:
 * <pre>
 * &#64;RegisterExtension
 * final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
 *
 * &#64;Start
 * void start(Stage stage) {
 *     window.opener(DatasetOpener.standard()).show(stage);
 * }
 * </pre>
 * Unless a test says otherwise File > Open reads only SchedLab's own JSON.
 */
final class WorkbenchWindowFixture implements AfterEachCallback {
    private final BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
    private DatasetOpener opener = DatasetOpener.json();
    private volatile List<Path> next = List.of();

    /** Set by {@link #show}. */
    WorkbenchViewModel vm;
    Workbench workbench;

    /** How File > Open reads a file: {@link DatasetOpener#standard()} for recordings. */
    WorkbenchWindowFixture opener(DatasetOpener opener) {
        this.opener = opener;
        return this;
    }

    /** What the file dialogs answer from now on (the first of them where one file is asked for). */
    void pick(Path... files) {
        next = List.of(files);
    }

    /** Builds the workbench and shows its window on {@code stage}; on the FX thread. */
    WorkbenchWindowFixture show(Stage stage) {
        Workbench.applyTheme();
        vm = new WorkbenchViewModel(executor, opener, RecentFiles.inMemory());
        workbench = new Workbench(vm, UiFixtures.picking(() -> next));
        workbench.show(stage);
        return this;
    }

    /**
     * Opens {@link org.schedlab.fixtures.LockHolderPreemption}'s dataset (written into {@code dir}) by File > Open, as a user
     * would, and waits until it is shown and prepared (10 CPUs).
     */
    void openLockHolderPreemption(org.testfx.api.FxRobot robot, Path dir) throws Exception {
        Path file = dir.resolve("lock-holder-preemption.json");
        org.schedlab.io.DatasetJson.write(org.schedlab.fixtures.LockHolderPreemption.dataset(), file);
        pick(file);
        robot.clickOn("File");
        robot.clickOn("Open\u2026");
        FxWait.untilOnFx("the fixture is shown and prepared", 60, () -> vm.timeline().dataset().cpuCount() == 10
                && vm.timeline().data().isPrepared());
    }

    /**
     * Waits until the side panel is 30 % of a {@code windowPx} window, as the workbench opens it,
     * putting the divider back there while it is not (a test before may have moved it).
     */
    static void sidePanelAt30Percent(org.testfx.api.FxRobot robot, double windowPx) throws Exception {
        FxWait.untilOnFx("the side panel at 30 % of " + windowPx + " px", 60, () -> {
            if (Math.abs(robot.lookup("#side-panel").query().getBoundsInLocal().getWidth() - windowPx * 0.3) <= 8) {
                return true;
            }
            robot.lookup(".split-pane").queryAll().stream().filter(n -> n.lookup("#side-panel") != null).findFirst()
                    .ifPresent(n -> ((javafx.scene.control.SplitPane) n).setDividerPositions(0.7));
            return false;
        });
    }

    @Override
    public void afterEach(ExtensionContext context) {
        executor.shutdown();
    }
}
