package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.render.Bookmark;
import org.schedlab.workspace.WorkspaceFile;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A successful File > Open replaced the Dataset tab's dataset and silently dropped the bookmarks
 * added since the last save, notes and all. Now the window asks first - Save workspace..., Discard
 * or Cancel - and only when something would be lost; closing the window asks the same.
 */
@ExtendWith(ApplicationExtension.class)
class UnsavedBookmarksWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @TempDir
    Path dir;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window.show(stage);
    }

    @Test
    void openingOverANewBookmarkAsksAndCancelKeepsItAndDiscardOpens() throws Exception {
        TimelineViewModel tl = openExample();
        long at = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 3);
        interact(() -> tl.bookmarks().add(at, "the stall"));
        Path other = lockFixture();

        window.pick(other);
        clickOn("File");
        clickOn("Open\u2026");
        DialogPane dialog = question();
        assertTrue(dialog.getHeaderText().contains("1 bookmark"), dialog.getHeaderText());
        assertTrue(dialog.getContentText().contains("lock-holder-preemption.json"), dialog.getContentText());
        clickOn("Cancel");
        FxWait.untilOnFx("the question is gone", 60, () -> lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty());
        assertFalse(FxWait.onFx(() -> window.vm.loadingProperty().get()), "Cancel opens nothing");
        assertEquals(2, (int) FxWait.onFx(() -> tl.dataset().cpuCount()), "the dataset stays");
        assertEquals(List.of(new Bookmark(at, "the stall")), FxWait.onFx(tl.bookmarks()::list), "the bookmark stays");

        clickOn("File");
        clickOn("Open\u2026");
        question();
        clickOn("Discard");
        FxWait.untilOnFx("the other file is shown", 60, () -> tl.dataset().cpuCount() == 10);
        assertEquals(List.of(), FxWait.onFx(tl.bookmarks()::list));
    }

    /**
     * A file that cannot be read is said so first: the window asked "save the bookmark?" for an open
     * that was going to fail, and only after Discard said the file was not there. Now the failure
     * comes at once, naming the file, with no question, and the bookmark and the dataset stay.
     */
    @Test
    void anUnreadableFileIsSaidSoWithoutAskingAboutTheBookmarks() throws Exception {
        TimelineViewModel tl = openExample();
        long at = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 3);
        interact(() -> tl.bookmarks().add(at, "the stall"));

        window.pick(dir.resolve("gone.perf.txt"));
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the load's error", 60, () -> lookup("#load-error-dialog").tryQuery().isPresent()
                || lookup("#unsaved-bookmarks-dialog").tryQuery().isPresent());
        assertTrue(lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty(), "no question about the bookmarks");
        DialogPane error = FxWait.onFx(() -> lookup("#load-error-dialog").queryAs(DialogPane.class));
        String said = FxWait.onFx(() -> error.getHeaderText() + " " + error.getContentText());
        assertTrue(said.contains("gone.perf.txt"), said);
        type(javafx.scene.input.KeyCode.ENTER);
        FxWait.untilOnFx("the error is closed", 60, () -> lookup("#load-error-dialog").tryQuery().isEmpty());
        assertEquals(2, (int) FxWait.onFx(() -> tl.dataset().cpuCount()), "the dataset stays");
        assertEquals(List.of(new Bookmark(at, "the stall")), FxWait.onFx(tl.bookmarks()::list), "the bookmark stays");
    }

    @Test
    void nothingToLoseOpensWithoutAQuestion() throws Exception {
        TimelineViewModel tl = openExample();
        long at = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 3);
        Path saved = dir.resolve("study.schedlab");
        interact(() -> {
            tl.bookmarks().add(at, "kept");
            window.workbench.workspace().saveAs(saved);
        });
        FxWait.untilOnFx("the workspace is saved", 60, () -> window.workbench.workspace().fileProperty().get().isPresent());
        window.pick(lockFixture());
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the other file is shown", 60, () -> tl.dataset().cpuCount() == 10);
        assertTrue(lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty(), "saved bookmarks ask nothing");
    }

    @Test
    void saveWritesTheBookmarksThenOpens() throws Exception {
        TimelineViewModel tl = openExample();
        long first = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 3);
        long second = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 2);
        Path saved = dir.resolve("study.schedlab");
        interact(() -> {
            tl.bookmarks().add(first, "kept");
            window.workbench.workspace().saveAs(saved);
        });
        FxWait.untilOnFx("the workspace is saved", 60, () -> window.workbench.workspace().fileProperty().get().isPresent());
        interact(() -> tl.bookmarks().setNote(0, "kept, then edited"));
        interact(() -> tl.bookmarks().add(second, "new"));
        window.pick(lockFixture());
        clickOn("File");
        clickOn("Open\u2026");
        DialogPane dialog = question();
        assertTrue(dialog.getHeaderText().contains("2 bookmarks"), "edited and added: " + dialog.getHeaderText());
        clickOn("Save workspace\u2026");
        FxWait.untilOnFx("the other file is shown", 60, () -> tl.dataset().cpuCount() == 10);
        assertEquals(List.of(new Bookmark(first, "kept, then edited"), new Bookmark(second, "new")),
                WorkspaceFile.read(saved).dataset().orElseThrow().bookmarks(), "saved before the open");
    }

    @Test
    void closingTheWindowAsksTooAndCancelKeepsItOpen() throws Exception {
        TimelineViewModel tl = openExample();
        long at = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 3);
        interact(() -> tl.bookmarks().add(at, ""));
        interact(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
        question();
        clickOn("Cancel");
        FxWait.untilOnFx("the question is gone", 60, () -> lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty());
        assertTrue(FxWait.onFx(stage::isShowing), "Cancel keeps the window");
        assertEquals(1, (int) FxWait.onFx(() -> tl.bookmarks().list().size()));
    }

    /**
     * A workspace saved without data leaves the Dataset tab as it is: its bookmarks are not lost,
     * so opening one asks nothing (it asked, counting them).
     */
    @Test
    void aWorkspaceWithoutDataAsksNothingAndLeavesTheBookmarks() throws Exception {
        TimelineViewModel tl = openExample();
        long at = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 3);
        interact(() -> tl.bookmarks().add(at, "the stall"));
        Path bare = dir.resolve("bare.schedlab");
        WorkspaceFile.save(bare, org.schedlab.workspace.Workspace.empty(), "test");
        window.pick(bare);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the workspace opened", 60, () -> window.workbench.workspace().fileProperty().get()
                .equals(java.util.Optional.of(bare)) && !window.workbench.workspace().busyProperty().get());
        assertTrue(lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty(), "nothing to lose, nothing asked");
        assertEquals(List.of(new Bookmark(at, "the stall")), FxWait.onFx(tl.bookmarks()::list), "the bookmark stays");
        assertEquals(2, (int) FxWait.onFx(() -> tl.dataset().cpuCount()), "the dataset stays");
    }

    /**
     * Save workspace... asked over a workspace being opened saves, then reads the file again: it
     * may be the one just saved, and then shows what the save wrote, not what it held before.
     */
    @Test
    void saveBeforeOpeningTheWorkspaceItselfShowsWhatWasSaved() throws Exception {
        TimelineViewModel tl = openExample();
        long first = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 3);
        long second = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 2);
        Path study = savedWith(tl, first);
        interact(() -> tl.bookmarks().add(second, "new"));
        window.pick(study);
        clickOn("File");
        clickOn("Open\u2026");
        DialogPane dialog = question();
        assertTrue(dialog.getHeaderText().contains("1 bookmark"), dialog.getHeaderText());
        clickOn("Save workspace\u2026");
        List<Bookmark> both = List.of(new Bookmark(first, "kept"), new Bookmark(second, "new"));
        FxWait.untilOnFx("reopened", 30, () -> window.workbench.workspace().messageProperty().get()
                .equals("Opened workspace study.schedlab") && !window.vm.loadingProperty().get()
                && tl.dataset().cpuCount() == 2);
        assertEquals(both, WorkspaceFile.read(study).dataset().orElseThrow().bookmarks(), "saved");
        assertEquals(both, FxWait.onFx(tl.bookmarks()::list), "shown as saved");
        assertEquals(java.util.Map.of(), FxWait.onFx(window.workbench.workspace()::unsavedBookmarks));
    }

    /**
     * Save workspace... asked over a workspace being opened saved the window's state, then read the
     * file again and showed it without asking: a bookmark added while the save ran (after it had
     * taken the state, before the file was read back) was in neither the file nor the window
     * after. Now the window asks again, about that bookmark only.
     */
    @Test
    void aBookmarkAddedWhileTheSaveRunsIsAskedAboutBeforeTheWorkspaceIsShownAgain() throws Exception {
        TimelineViewModel tl = openExample();
        long first = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 4);
        long second = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 2);
        long meanwhile = FxWait.onFx(() -> tl.startNs() + tl.spanNs() * 3 / 4);
        Path study = savedWith(tl, first);
        interact(() -> tl.bookmarks().add(second, "new"));
        addWhenTheSaveStarts(tl, meanwhile);
        window.pick(study);
        clickOn("File");
        clickOn("Open\u2026");
        DialogPane asked = question();
        assertTrue(asked.getHeaderText().contains("1 bookmark"), asked.getHeaderText());
        clickOn("Save workspace\u2026");
        DialogPane again = askedAgainOr(asked, () -> window.workbench.workspace().messageProperty().get()
                .equals("Opened workspace study.schedlab"));
        assertTrue(FxWait.onFx(() -> tl.bookmarks().list().contains(new Bookmark(meanwhile, "meanwhile"))),
                "the bookmark added while saving is still there: " + FxWait.onFx(tl.bookmarks()::list));
        assertTrue(again != null, "asked about the bookmark added while saving");
        assertTrue(again.getHeaderText().contains("1 bookmark"), "only the one added meanwhile: " + again.getHeaderText());
        assertEquals(List.of(new Bookmark(first, "kept"), new Bookmark(second, "new")),
                WorkspaceFile.read(study).dataset().orElseThrow().bookmarks(), "what the save took");
        clickOn("Cancel");
        FxWait.untilOnFx("the question is gone", 60, () -> lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty());
        assertEquals(List.of(new Bookmark(first, "kept"), new Bookmark(second, "new"), new Bookmark(meanwhile, "meanwhile")),
                FxWait.onFx(tl.bookmarks()::list), "Cancel keeps all three");
    }

    /** As above, for a dataset opened over the bookmarks: asked again rather than dropping the new one. */
    @Test
    void aBookmarkAddedWhileTheSaveRunsIsAskedAboutBeforeADatasetReplacesIt() throws Exception {
        TimelineViewModel tl = openExample();
        long first = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 4);
        long second = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 2);
        long meanwhile = FxWait.onFx(() -> tl.startNs() + tl.spanNs() * 3 / 4);
        savedWith(tl, first);
        interact(() -> tl.bookmarks().add(second, "new"));
        addWhenTheSaveStarts(tl, meanwhile);
        window.pick(lockFixture());
        clickOn("File");
        clickOn("Open\u2026");
        DialogPane asked = question();
        clickOn("Save workspace\u2026");
        DialogPane again = askedAgainOr(asked, () -> tl.dataset().cpuCount() == 10);
        assertEquals(2, (int) FxWait.onFx(() -> tl.dataset().cpuCount()), "the example stays until answered");
        assertTrue(again != null, "asked about the bookmark added while saving");
        clickOn("Cancel");
        FxWait.untilOnFx("the question is gone", 60, () -> lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty());
        assertTrue(FxWait.onFx(() -> tl.bookmarks().list().contains(new Bookmark(meanwhile, "meanwhile"))),
                FxWait.onFx(tl.bookmarks()::list).toString());
    }

    /**
     * A workspace whose data could not be reopened keeps that data's reference when saved, not the
     * data still shown from before: Save workspace... over that data's bookmarks saved without
     * keeping them, then asked the same again, after every save - only Discard or Cancel ended it.
     * Now the question says a save would not keep them and offers no Save.
     */
    @Test
    void bookmarksTheWorkspaceCannotKeepAreNotOfferedASave() throws Exception {
        TimelineViewModel tl = openExample();
        long at = FxWait.onFx(() -> tl.startNs() + tl.spanNs() / 3);
        interact(() -> tl.bookmarks().add(at, "the stall"));
        Path gone = dir.resolve("gone.schedlab");
        WorkspaceFile.save(gone, org.schedlab.workspace.Workspace.empty().withDataset(java.util.Optional.of(
                new org.schedlab.workspace.Workspace.DatasetPart(List.of(dir.resolve("on-a-disk-not-mounted.json")),
                        java.util.Optional.empty(), List.of(), java.util.Optional.empty()))), "test");
        window.pick(gone);
        clickOn("File");
        clickOn("Open\u2026");
        DialogPane first = question();
        clickOn("Discard"); // its data is not there: the example and its bookmark stay shown
        FxWait.untilOnFx("the workspace opened in part", 60, () -> window.workbench.workspace().fileProperty().get()
                .equals(java.util.Optional.of(gone)) && !window.workbench.workspace().busyProperty().get()
                && lookup(".dialog-pane").queryAll().stream().anyMatch(d -> d != first));
        interact(() -> lookup(".dialog-pane").queryAll().forEach(d -> d.getScene().getWindow().hide()));
        assertEquals(List.of(new Bookmark(at, "the stall")), FxWait.onFx(tl.bookmarks()::list));

        window.pick(lockFixture());
        clickOn("File");
        clickOn("Open\u2026");
        DialogPane asked = question();
        assertTrue(FxWait.onFx(() -> asked.getButtonTypes().stream().noneMatch(b -> MenuText.of(b).startsWith("Save"))),
                "a save would not keep it: " + FxWait.onFx(asked::getButtonTypes));
        assertTrue(asked.getContentText().contains("Saving the workspace would not keep it"), asked.getContentText());
        assertTrue(FxWait.onFx(() -> ((javafx.scene.control.Button) asked.lookupButton(
                javafx.scene.control.ButtonType.CANCEL)).isDefaultButton()), "Enter keeps it");
        clickOn("Discard");
        FxWait.untilOnFx("the other file is shown", 60, () -> tl.dataset().cpuCount() == 10);
    }

    /** The example with one bookmark "kept" at {@code at}, saved to study.schedlab. */
    private Path savedWith(TimelineViewModel tl, long at) throws Exception {
        Path study = dir.resolve("study.schedlab");
        interact(() -> {
            tl.bookmarks().add(at, "kept");
            window.workbench.workspace().saveAs(study);
        });
        FxWait.untilOnFx("the workspace is saved", 60, () -> window.workbench.workspace().fileProperty().get().isPresent()
                && !window.workbench.workspace().busyProperty().get());
        return study;
    }

    /**
     * Adds a bookmark "meanwhile" at {@code at} in the FX event that starts the next save, once
     * the save has taken the window's state and handed the writing to its background task: the
     * user's click while the file is written, without a race.
     */
    private void addWhenTheSaveStarts(TimelineViewModel tl, long at) {
        interact(() -> window.workbench.workspace().messageProperty().addListener(
                new javafx.beans.value.ChangeListener<String>() {
                    @Override
                    public void changed(javafx.beans.value.ObservableValue<? extends String> o, String was, String now) {
                        if (now.startsWith("Saving workspace")) {
                            o.removeListener(this);
                            tl.bookmarks().add(at, "meanwhile");
                        }
                    }
                }));
    }

    /** The question shown after {@code first} closed, or null once {@code replaced} holds without one. */
    private DialogPane askedAgainOr(DialogPane first, java.util.function.BooleanSupplier replaced) throws Exception {
        FxWait.untilOnFx("asked again, or replaced", 30, () -> lookup("#unsaved-bookmarks-dialog").tryQuery()
                .filter(d -> d != first).isPresent() || replaced.getAsBoolean() && !window.vm.loadingProperty().get());
        return FxWait.onFx(() -> lookup("#unsaved-bookmarks-dialog").tryQuery().filter(d -> d != first)
                .map(d -> (DialogPane) d).orElse(null));
    }

    private TimelineViewModel openExample() throws Exception {
        interact(() -> window.vm.openExample());
        FxWait.untilOnFx("the example is shown", 30, () -> window.vm.timeline().dataset().cpuCount() == 2
                && !window.vm.loadingProperty().get());
        return window.vm.timeline();
    }

    private Path lockFixture() throws Exception {
        Path file = dir.resolve("lock-holder-preemption.json");
        org.schedlab.io.DatasetJson.write(org.schedlab.fixtures.LockHolderPreemption.dataset(), file);
        return file;
    }

    private DialogPane question() throws Exception {
        FxWait.untilOnFx("the question about the bookmarks", 60,
                () -> lookup("#unsaved-bookmarks-dialog").tryQuery().isPresent());
        return FxWait.onFx(() -> lookup("#unsaved-bookmarks-dialog").queryAs(DialogPane.class));
    }
}
