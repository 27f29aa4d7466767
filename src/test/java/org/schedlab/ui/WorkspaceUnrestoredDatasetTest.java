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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.render.Bookmark;
import org.schedlab.workspace.Workspace;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A workspace whose dataset file is gone (an unmounted disk) or damaged opens without it; saving
 * that workspace again must not throw away the files, bookmarks and window it could not show.
 * Once the user opens other data, that is what is saved.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceUnrestoredDatasetTest extends FxRobot {
    @TempDir
    Path dir;

    private final List<LoadFailure> loadFailures = new ArrayList<>();

    private Workspace withData(Path file) {
        return Workspace.empty().withDataset(Optional.of(new Workspace.DatasetPart(List.of(file), Optional.empty(),
                List.of(new Bookmark(500_000, "the stall")), Optional.of(new Workspace.TimeWindow(100_000, 900_000)))));
    }

    private void saveKeepsTheUnshownData(Path dataFile) throws Exception {
        Path good = dir.resolve("other.json");
        DatasetJson.write(UiFixtures.busy("other", 2, 0, 1_000_000), good);
        WorkbenchViewModel vm = new WorkbenchViewModel(Task::run, DatasetOpener.standard());
        vm.addFailureListener(loadFailures::add);
        WorkspaceViewModel ws = new WorkspaceViewModel(vm, Task::run);
        interact(() -> vm.openFiles(List.of(good)));
        Workspace saved = withData(dataFile);

        List<List<String>> problems = new ArrayList<>();
        interact(() -> ws.restore(saved, problems::add));

        assertFalse(problems.get(0).isEmpty() && loadFailures.isEmpty(), "the user is told the data is not there");
        assertEquals(saved.dataset(), ws.capture().dataset(), "saving again keeps the workspace's own data");

        Path next = dir.resolve("next.json");
        DatasetJson.write(UiFixtures.busy("next", 2, 0, 1_000_000), next);
        interact(() -> vm.openFiles(List.of(next)));
        assertEquals(List.of(next), ws.capture().dataset().orElseThrow().files(), "data opened since wins");
    }

    @Test
    void dataOpenedWhileTheWorkspacesFilesAreCheckedStaysAndTheOpenStillEnds() throws Exception {
        Path mine = dir.resolve("mine.json");
        Path other = dir.resolve("other.json");
        DatasetJson.write(UiFixtures.busy("mine", 2, 0, 1_000_000), mine);
        DatasetJson.write(UiFixtures.busy("other", 2, 0, 1_000_000), other);
        WorkbenchViewModel vm = new WorkbenchViewModel(Task::run, DatasetOpener.standard());
        List<Task<?>> later = new ArrayList<>(); // the workspace's file check, held back
        WorkspaceViewModel ws = new WorkspaceViewModel(vm, later::add);
        List<List<String>> problems = new ArrayList<>();
        interact(() -> ws.restore(withData(mine), problems::add));
        interact(() -> vm.openFiles(List.of(other))); // e.g. the example the app opens at start-up
        assertTrue(problems.isEmpty(), "still checking");
        interact(() -> later.forEach(Task::run));
        assertEquals(1, problems.size(), "the restore ends (it used to wait for ever)");
        assertTrue(problems.get(0).stream().anyMatch(p -> p.contains("other data was opened meanwhile")),
                problems.toString());
        assertEquals(List.of(other), ws.capture().dataset().orElseThrow().files(), "what was opened stays");
    }

    @Test
    void aWorkspaceWhoseDatasetFileIsGoneKeepsItWhenSavedAgain() throws Exception {
        saveKeepsTheUnshownData(dir.resolve("on-a-disk-not-mounted.json"));
    }

    @Test
    void aWorkspaceWhoseDatasetFileIsDamagedKeepsItWhenSavedAgain() throws Exception {
        Path bad = dir.resolve("damaged.json");
        Files.writeString(bad, "{\n  \"format\": \"schedlab-dataset\",\n  \"version\": 1,\n  \"metadata\": 42\n}\n");
        saveKeepsTheUnshownData(bad);
        assertTrue(loadFailures.get(0).message().startsWith(bad.toAbsolutePath() + ":"), loadFailures.toString());
    }
}
