package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javafx.concurrent.Task;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.workspace.Workspace;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The FX thread never touches a file itself: the recent-files store, the existence of a recent
 * entry's files and of a restored workspace's files are all read and written by tasks handed
 * to the executor. Here the executor holds every task back until the test runs it, so each step
 * shows what the FX-side code decided without any file access (a file on a dead network mount
 * would have frozen the window in that access).
 */
@ExtendWith(ApplicationExtension.class)
class FileIoOffFxThreadTest extends FxRobot {
    @TempDir
    Path dir;

    private final HeldExecutor executor = new HeldExecutor();
    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage s) {
        Workbench.applyTheme();
        stage = s; // the window is built in the test, with the held executor
    }

    private Path dataset(String name) throws Exception {
        Path p = dir.resolve(name);
        DatasetJson.write(UiFixtures.busy(name, 2, 0, 1_000_000), p);
        return p;
    }

    @Test
    void theRecentListIsReadAndWrittenOnlyByBackgroundTasks() throws Exception {
        Path store = dir.resolve("config/recent-files.json");
        Path a = dataset("a.json");
        RecentFiles earlier = RecentFiles.storedIn(store);
        earlier.mergeStored(earlier.readStore());
        earlier.add(List.of(a));
        earlier.write(earlier.snapshot());

        WorkbenchViewModel vm = new WorkbenchViewModel(executor, DatasetOpener.json(), RecentFiles.storedIn(store));
        assertTrue(vm.recentEntriesProperty().isEmpty(), "the stored list is not read on the FX thread");
        executor.runAll(this);
        assertEquals(List.of(List.of(a)), vm.recentEntriesProperty());

        Path b = dataset("b.json");
        interact(() -> vm.openFiles(List.of(b)));
        Task<?> load = executor.held.remove(0);
        interact(load::run);
        assertEquals(List.of(List.of(b), List.of(a)), vm.recentEntriesProperty(), "the window shows it at once");
        assertEquals(List.of(List.of(a)), RecentFiles.storedIn(store).readStore(),
                "the FX thread did not write the store");
        executor.runAll(this);
        assertEquals(List.of(List.of(b), List.of(a)), RecentFiles.storedIn(store).readStore());
    }

    @Test
    void savingAWorkspaceLeavesTheRecentStoreToABackgroundTask() throws Exception {
        Path store = dir.resolve("recent-files.json");
        WorkbenchViewModel vm = new WorkbenchViewModel(executor, DatasetOpener.json(), RecentFiles.storedIn(store));
        executor.runAll(this);
        WorkspaceViewModel ws = new WorkspaceViewModel(vm, executor);
        Path target = dir.resolve("study.schedlab");
        interact(() -> ws.saveAs(target));
        assertFalse(Files.exists(target), "the workspace is written by a task");
        Task<?> save = executor.held.remove(0);
        interact(save::run);
        assertTrue(Files.isRegularFile(target));
        assertFalse(Files.exists(store), "the recent list is written by a task of its own");
        executor.runAll(this);
        assertEquals(List.of(List.of(target)), RecentFiles.storedIn(store).readStore());
    }

    @Test
    void theRecentMenuMarksAMissingFileOnlyWhenTheBackgroundCheckSaysSo() throws Exception {
        WorkbenchViewModel vm = new WorkbenchViewModel(executor, DatasetOpener.json());
        Path gone = dir.resolve("on-a-dead-mount.json");
        interact(() -> {
            workbench = new Workbench(vm, owner -> Optional.empty());
            workbench.show(stage);
            vm.rememberFiles(List.of(gone));
        });
        Menu recent = recentMenu();
        interact(() -> recent.getOnShowing().handle(null));
        MenuItem entry = recent.getItems().get(0);
        assertFalse(entry.isDisable(), "no existence check on the FX thread: the entry is offered as it is");
        assertFalse(executor.held.isEmpty(), "the check waits in the executor");

        executor.runAll(this);
        MenuItem checked = recentMenu().getItems().get(0);
        assertTrue(checked.isDisable(), "the check found the file gone");
        assertTrue(checked.getText().endsWith("(missing)"), checked.getText());
    }

    private Menu recentMenu() {
        MenuBar bar = workbench.menus();
        return (Menu) bar.getMenus().get(0).getItems().stream().filter(i -> "menu-recent".equals(i.getId()))
                .findFirst().orElseThrow();
    }

    @Test
    void aRestoredWorkspaceChecksItsFilesInTheBackgroundAndSkipsOnesGoneByThen() throws Exception {
        Path kept = dataset("kept.json");
        Path vanishing = dataset("vanishing.json");
        WorkbenchViewModel vm = new WorkbenchViewModel(executor, DatasetOpener.json());
        WorkspaceViewModel ws = new WorkspaceViewModel(vm, executor);
        Workspace w = Workspace.empty().withDataset(Optional.of(new Workspace.DatasetPart(List.of(kept, vanishing),
                Optional.empty(), List.of(), Optional.empty())));
        List<List<String>> problems = new ArrayList<>();

        interact(() -> ws.restore(w, problems::add));
        assertTrue(problems.isEmpty(), "nothing is decided about the files on the FX thread");
        assertFalse(vm.loadingProperty().get());

        Files.delete(vanishing); // what the background check sees is what counts
        executor.runAll(this);
        assertEquals(List.of(List.of("vanishing.json is missing (" + vanishing + ")")), problems);
        assertEquals("kept.json", vm.sourceNameProperty().get());
    }
}
