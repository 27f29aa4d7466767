package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import javafx.application.Platform;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.ui.lab.CompareViewModel;
import org.schedlab.ui.lab.FxDelayScheduler;
import org.schedlab.ui.lab.Lab;
import org.schedlab.ui.lab.LabViewModel;
import org.schedlab.ui.lab.SimRunner;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window as {@code schedlab open FILE...} starts it ({@link WorkbenchApp#firstScreen}), wired
 * as the app wires it but with every read and run held until the test lets it go: the files are
 * read into the Dataset tab, in front, and the A/B tab's first runs wait for the read.
 */
@ExtendWith(ApplicationExtension.class)
class CommandLineOpenWindowTest extends FxRobot {
    private static final Path RECORDINGS = Path.of("example-data/recordings/pgbench-sandbox-2cpu");

    @TempDir
    Path dir;

    private final HeldExecutor reads = new HeldExecutor();
    private final HeldExecutor runs = new HeldExecutor();
    private Stage stage;
    private Workbench workbench;
    private Lab lab;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Workbench.applyTheme();
        workbench = new Workbench(new WorkbenchViewModel(reads, DatasetOpener.standard(), RecentFiles.inMemory()),
                owner -> Optional.empty());
        lab = Lab.install(workbench, new LabViewModel(runs, new FxDelayScheduler(), SimRunner.simulator(),
                Platform::runLater));
    }

    private void firstScreen(Path... files) {
        interact(() -> WorkbenchApp.firstScreen(stage, workbench, lab, List.of(files)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private String tabInFront() {
        return FxWait.onFx(() -> lookup("#workspaces").queryAs(TabPane.class).getSelectionModel().getSelectedItem()
                .getId());
    }

    private boolean abOpened() {
        return lab.viewModel().compare().scenario().isPresent();
    }

    private WorkbenchViewModel vm() {
        return workbench.viewModel();
    }

    @Test
    void recordingsAreReadTogetherIntoTheDatasetTabInFrontAndTheAbRunsWaitForTheRead() throws Exception {
        firstScreen(RECORDINGS.resolve("perf_sched_script.txt.gz"), RECORDINGS.resolve("pgbench.txt"));
        assertEquals("tab-dataset", tabInFront());
        assertTrue(vm().loadingProperty().get(), "read in the background, with File > Open's progress and Cancel");
        assertEquals("Opening perf_sched_script.txt.gz + pgbench.txt", vm().loadingWhatProperty().get());
        assertFalse(abOpened(), "the A/B runs would take the cores from the read");

        reads.runAllInBackground();
        FxWait.untilOnFx("the A/B tab's first runs", 60, this::abOpened);
        assertEquals("perf_sched_script.txt.gz + pgbench.txt", vm().sourceNameProperty().get());
        assertEquals(2, vm().timeline().dataset().cpuCount(), "the perf recording's CPUs");
        assertTrue(vm().timeline().dataset().counters().stream().anyMatch(c -> c.name().contains("tps")),
                "and pgbench's counters, in one dataset");
        assertEquals("tab-dataset", tabInFront(), "the recording stays in front");
    }

    @Test
    void showingTheAbTabBeforeTheReadEndsStartsItsRuns() throws Exception {
        firstScreen(RECORDINGS.resolve("perf_sched_script.txt.gz"));
        assertFalse(abOpened());
        interact(lab::showCompare);
        FxWait.untilOnFx("the A/B tab's first runs", 60, this::abOpened);
        assertTrue(vm().loadingProperty().get(), "the read goes on");
    }

    @Test
    void whatTheAbTabWasGivenDuringTheReadStays() throws Exception {
        firstScreen(RECORDINGS.resolve("pgbench.txt"));
        // what a workspace opened meanwhile restores, or a scenario picked for A/B
        interact(() -> lab.viewModel().load("teach-kernel-section").ifPresent(lab.viewModel()::openCompare));
        reads.runAllInBackground();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("pgbench.txt", vm().sourceNameProperty().get());
        assertEquals("teach-kernel-section", lab.viewModel().compare().scenario().orElseThrow().name(),
                "not replaced by the default scenario");
    }

    @Test
    void aFileThatCannotBeReadIsShownAsFileOpenShowsItAndTheAbRunsThenStart() throws Exception {
        Path bad = Files.writeString(dir.resolve("notes.txt"), "hello world\n");
        firstScreen(bad);
        reads.runAllInBackground();
        FxWait.untilOnFx("the load error", 60, () -> lookup("#load-error-dialog").tryQuery().isPresent());
        String text = FxWait.onFx(() -> lookup("#load-error-dialog").queryAs(DialogPane.class).getContentText());
        assertTrue(text.startsWith(bad.toAbsolutePath() + ": not a recording format SchedLab reads"), text);
        String header = FxWait.onFx(() -> lookup("#load-error-dialog").queryAs(DialogPane.class).getHeaderText());
        assertEquals("Could not open notes.txt.", header, "nothing was open, so nothing 'stays open'");
        FxWait.untilOnFx("the A/B tab's first runs", 60, this::abOpened);
    }

    @Test
    void withoutFilesTheWindowOpensOnAbWithTheExampleDataset() {
        firstScreen();
        assertEquals("tab-ab", tabInFront());
        assertTrue(abOpened(), "the first screen's runs start before the window's first layout");
        assertTrue(vm().loadingWhatProperty().get().startsWith("Opening pgbench-2cpu"),
                vm().loadingWhatProperty().get());
    }

    @Test
    void aLoneWorkspaceIsRestoredOverTheUsualFirstScreen() throws Exception {
        Path ws = Files.writeString(dir.resolve("study.schedlab"), "{}");
        firstScreen(ws);
        assertEquals("tab-ab", tabInFront());
        assertTrue(abOpened());
        assertEquals("Opening workspace study.schedlab", workbench.workspace().messageProperty().get());
        assertFalse(vm().loadingProperty().get(), "not read as a recording");
    }

    @Test
    void aWorkspaceThatCannotBeReadIsReportedAndTheWindowOpensAsWithoutIt() throws Exception {
        Path ws = Files.writeString(dir.resolve("broken.schedlab"), "{\"schedlabWorkspace\": 1,\n  \"sead\": 3}\n");
        firstScreen(ws);
        reads.runAllInBackground(); // the workspace is read and refused; then the example is asked for
        FxWait.untilOnFx("the workspace error", 60, () -> lookup("#workspace-problem-dialog").tryQuery().isPresent());
        DialogPane dialog = FxWait.onFx(() -> lookup("#workspace-problem-dialog").queryAs(DialogPane.class));
        String problem = FxWait.onFx(dialog::getContentText);
        assertTrue(problem.contains("broken.schedlab:2:3: unknown field \"sead\""), problem);

        reads.runAllInBackground(); // the example's read, if it was not among those run above
        FxWait.untilOnFx("the example in the Dataset tab", 60,
                () -> vm().timeline().dataset() != TimelineViewModel.NO_DATASET);
        assertEquals("pgbench-2cpu-50ms.json", vm().sourceNameProperty().get(), "what a start without a workspace shows");
        assertEquals("tab-ab", tabInFront(), "the first screen's A/B in front, as on a normal start");
        assertTrue(abOpened());
        assertEquals("Could not open broken.schedlab.", FxWait.onFx(dialog::getHeaderText),
                "nothing was open, so nothing 'stays open'");
    }
}
