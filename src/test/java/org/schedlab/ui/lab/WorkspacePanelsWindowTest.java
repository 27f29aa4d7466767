package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import javafx.application.Platform;
import javafx.scene.control.TabPane;
import javafx.scene.control.TitledPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.ui.BackgroundTaskExecutor;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FilePicker;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.RecentFiles;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.Workbench;
import org.schedlab.ui.WorkbenchViewModel;
import org.schedlab.ui.WorkspaceViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The side panels' state in a workspace, in the real window: the Dataset tab's side panel shows
 * the tab it showed at saving (Locks, not Selection) and a parameter panel's folded group "Not
 * used by this scenario" is open again if it was; a workspace saved before these were kept, or
 * naming a tab or group this version does not have, opens with the panels as a new window shows
 * them, without a word.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspacePanelsWindowTest extends FxRobot {
    @TempDir
    Path dir;

    private volatile Optional<Path> nextWorkspacePick = Optional.empty();
    private BackgroundTaskExecutor executor;
    private LabTaskExecutor labExecutor;
    private Workbench workbench;
    private WorkbenchViewModel vm;
    private LabViewModel lab;
    private Lab labUi;
    private final List<WorkspaceViewModel.Problem> failures = new CopyOnWriteArrayList<>();

    @Start
    void start(Stage stage) throws Exception {
        Workbench.applyTheme();
        executor = new BackgroundTaskExecutor();
        labExecutor = new LabTaskExecutor();
        vm = new WorkbenchViewModel(executor, DatasetOpener.standard(), RecentFiles.inMemory());
        FilePicker picker = LabFixtures.workspacePicker(() -> nextWorkspacePick);
        workbench = new Workbench(vm, picker);
        lab = new LabViewModel(labExecutor, new FxDelayScheduler(), SimRunner.simulator(), Platform::runLater);
        labUi = Lab.install(workbench, lab);
        workbench.workspace().addFailureListener(failures::add);
        workbench.show(stage);
    }

    @AfterEach
    void stop() {
        labExecutor.shutdown();
        executor.shutdown();
    }

    private String sideTab() {
        return FxWait.onFx(() -> lookup("#side-tabs").queryAs(TabPane.class).getSelectionModel().getSelectedItem()
                .getId());
    }

    private TitledPane liveUnused() {
        return FxWait.onFx(() -> lookup("#live-pane #params-unused").queryAs(TitledPane.class));
    }

    /** Clicks the title of the Live run's "Not used by this scenario", scrolled into view first. */
    private void toggleLiveUnused() {
        interact(() -> {
            javafx.scene.Node n = liveUnused();
            while (!(n instanceof javafx.scene.control.ScrollPane)) {
                n = n.getParent();
            }
            ((javafx.scene.control.ScrollPane) n).setVvalue(1);
        });
        clickOn(FxWait.onFx(() -> lookup("#live-pane #params-unused .title").queryAs(javafx.scene.Node.class)));
    }

    private void openWorkspace(Path f) throws Exception {
        nextWorkspacePick = Optional.of(f);
        clickOn("File");
        clickOn("Open workspace\u2026");
        FxWait.untilOnFx("the workspace is open", 40, () -> !workbench.workspace().busyProperty().get()
                && workbench.workspace().messageProperty().get().startsWith("Opened workspace"));
    }

    /** The example in the Dataset tab and the teaching scenario (it has unused parameters) in the Live run. */
    private void openDataAndLiveRun() throws Exception {
        interact(() -> {
            vm.openExample();
            lab.openLive(LabFixtures.teach(), Map.of("durationMs", "300"));
        });
        FxWait.untilOnFx("the example", 40, () -> vm.timeline().dataset() != TimelineViewModel.NO_DATASET);
    }

    @Test
    void theSidePanelsTabAndAnOpenedGroupComeBack() throws Exception {
        openDataAndLiveRun();
        interact(workbench::showDatasetTab);
        clickOn("#tab-locks");
        assertEquals("tab-locks", sideTab());
        interact(labUi::showLive);
        toggleLiveUnused();
        assertTrue(liveUnused().isExpanded());

        Path saved = dir.resolve("study.schedlab");
        nextWorkspacePick = Optional.of(saved);
        clickOn("File");
        clickOn("Save workspace as\u2026");
        FxWait.untilOnFx("the workspace is saved", 40, () -> Files.exists(saved)
                && workbench.workspace().fileProperty().get().isPresent());
        String json = Files.readString(saved);
        assertTrue(json.contains("\"datasetSide\" : \"locks\""), json);
        assertTrue(json.contains("\"liveUnusedParameters\" : \"open\""), json);

        // the user moves on: another side tab, the group folded again
        toggleLiveUnused();
        interact(workbench::showDatasetTab);
        clickOn("#tab-cpu");
        assertFalse(liveUnused().isExpanded());

        openWorkspace(saved);
        assertEquals("tab-locks", sideTab(), "the side panel shows Locks again");
        assertTrue(liveUnused().isExpanded(), "the Live run's unused parameters are open again");
        assertFalse(FxWait.onFx(() -> lookup("#ab-pane #params-unused").tryQuery()
                .map(n -> ((TitledPane) n).isExpanded()).orElse(false)),
                "A/B's stays folded: it was folded at saving");
        assertTrue(failures.isEmpty(), failures.toString());
    }

    @Test
    void aWorkspaceWithoutPanelsOrWithNamesThisVersionLacksOpensWithTheUsualPanels() throws Exception {
        openDataAndLiveRun();
        interact(() -> {
            workbench.showDatasetTab();
            lookup("#side-tabs").queryAs(TabPane.class).getSelectionModel().select(3);
            labUi.showLive();
        });
        toggleLiveUnused();
        assertTrue(liveUnused().isExpanded());

        // as a SchedLab before these were kept saved it: no "panels"
        Path older = Files.writeString(dir.resolve("older.schedlab"),
                "{\"schedlabWorkspace\": 1, \"tab\": \"live\", \"colorMode\": \"task\",\n"
                        + " \"live\": {\"scenario\": \"" + LabFixtures.TEACH + "\", \"seed\": 3}}\n");
        openWorkspace(older);
        assertEquals("tab-selection", sideTab(), "the side panel as a new window shows it");
        assertFalse(liveUnused().isExpanded(), "folded, as a new window shows it");
        assertTrue(failures.isEmpty(), failures.toString());

        toggleLiveUnused();
        // a tab or a group of another version: ignored, no error
        Path other = Files.writeString(dir.resolve("other.schedlab"),
                "{\"schedlabWorkspace\": 1, \"tab\": \"live\", \"colorMode\": \"task\",\n"
                        + " \"live\": {\"scenario\": \"" + LabFixtures.TEACH + "\", \"seed\": 3},\n"
                        + " \"panels\": {\"tabs\": {\"datasetSide\": \"flamegraph\", \"sweepSide\": \"plots\"},\n"
                        + "   \"groups\": {\"retiredGroup\": \"open\"}}}\n");
        openWorkspace(other);
        assertEquals("tab-selection", sideTab());
        assertFalse(liveUnused().isExpanded());
        assertTrue(failures.isEmpty(), failures.toString());
    }
}
