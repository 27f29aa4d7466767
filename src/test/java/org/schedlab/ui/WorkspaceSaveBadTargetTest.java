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
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/** Save workspace as… onto a place it cannot go: one message naming the file and why; nothing replaced. */
@ExtendWith(ApplicationExtension.class)
class WorkspaceSaveBadTargetTest extends FxRobot {
    @TempDir
    Path dir;

    private final List<WorkspaceViewModel.Problem> problems = new ArrayList<>();

    private WorkspaceViewModel workspace() {
        WorkspaceViewModel ws = new WorkspaceViewModel(new WorkbenchViewModel(Task::run, DatasetOpener.json()), Task::run);
        ws.addFailureListener(problems::add);
        return ws;
    }

    @Test
    void anEmptyDirectoryNamedLikeTheWorkspaceIsNotReplaced() throws Exception {
        Path target = Files.createDirectory(dir.resolve("study.schedlab"));
        WorkspaceViewModel ws = workspace();
        interact(() -> ws.saveAs(target));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).message().contains("directory"), problems.get(0).message());
        assertTrue(Files.isDirectory(target));
        assertEquals(Optional.empty(), ws.fileProperty().get(), "Save does not later write there");
    }

    @Test
    void aDirectoryWithFilesInItSaysSo() throws Exception {
        Path target = Files.createDirectory(dir.resolve("full.schedlab"));
        Files.writeString(target.resolve("keep.txt"), "mine");
        WorkspaceViewModel ws = workspace();
        interact(() -> ws.saveAs(target));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).message().contains("directory"), problems.get(0).message());
        assertEquals("mine", Files.readString(target.resolve("keep.txt")));
    }

    @Test
    void aPathUnderAFileSaysSo() throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "x");
        WorkspaceViewModel ws = workspace();
        interact(() -> ws.saveAs(file.resolve("study.schedlab")));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).message().contains("notes.txt"), problems.get(0).message());
        assertEquals("x", Files.readString(file));
    }

    @Test
    void aFolderThatIsGoneIsNamedNotTheHiddenTemporary() throws Exception {
        // the workspace's folder removed (a USB stick pulled) before Ctrl+S: the message was
        // "not saved (/media/stick/.study.schedlab.tmp)", a file the user never named, and no reason
        Path gone = dir.resolve("stick");
        WorkspaceViewModel ws = workspace();
        interact(() -> ws.saveAs(gone.resolve("study.schedlab")));
        assertEquals(1, problems.size(), problems.toString());
        assertEquals(gone.resolve("study.schedlab") + ": the workspace was not saved (the folder " + gone
                + " does not exist); the previous file, if any, is unchanged", problems.get(0).message());
    }

    @Test
    void aFolderThatCannotBeWrittenSaysPermissionDenied() {
        // the JDK puts only the path in an AccessDeniedException's message, the reason is its type
        Path study = dir.resolve("study.schedlab");
        assertEquals("permission denied: cannot write in " + dir, WorkspaceViewModel.whyNotSaved(study,
                new java.nio.file.AccessDeniedException(dir.resolve(".study.schedlab.tmp").toString())));
        assertEquals("Read-only file system", WorkspaceViewModel.whyNotSaved(study,
                new java.nio.file.FileSystemException(dir.resolve(".study.schedlab.tmp").toString(), null,
                        "Read-only file system")));
        assertEquals("No space left on device", WorkspaceViewModel.whyNotSaved(study,
                new java.io.IOException("No space left on device")));
    }

    @Test
    void twoSavesInARowEndWithTheLaterStateWhateverOrderTheThreadsRunIn() throws Exception {
        // Ctrl+S, a change, Ctrl+S again while the first is still being written: on a pool of
        // threads the first save could finish last and leave the older state in the file
        List<Task<?>> handedOver = new ArrayList<>();
        WorkbenchViewModel vm = new WorkbenchViewModel(Task::run, DatasetOpener.json());
        WorkspaceViewModel ws = new WorkspaceViewModel(vm, handedOver::add);
        Path f = dir.resolve("study.schedlab");
        interact(() -> {
            vm.timeline().colorModeProperty().set(org.schedlab.render.ColorMode.BY_TASK);
            ws.saveAs(f);
            vm.timeline().colorModeProperty().set(org.schedlab.render.ColorMode.BY_STATE);
            ws.saveAs(f);
        });
        while (!handedOver.isEmpty()) { // the newest task first, as threads may
            interact(() -> {
                for (int i = handedOver.size() - 1; i >= 0; i--) {
                    handedOver.remove(i).run();
                }
            });
        }
        assertEquals(org.schedlab.render.ColorMode.BY_STATE,
                org.schedlab.workspace.WorkspaceFile.read(f).colorMode(), "the state at the last save");
        assertEquals("Saved workspace study.schedlab", ws.messageProperty().get());
        assertFalse(ws.busyProperty().get());
    }
}
