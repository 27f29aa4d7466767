package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;

import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.model.Dataset;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Opening recordings in the real window, headless: File > Open with one or several files (the
 * picker is replaced, the menu is real), the recent-files menu, the warnings of an import, the
 * error dialog of a bad recording, Cancel during an import that would never end, and the
 * example recording shipped with the application.
 */
@ExtendWith(ApplicationExtension.class)
class WorkbenchImportWindowTest extends FxRobot {
    @TempDir
    Path dir;

    private List<Path> nextPick = List.of();
    private Workbench workbench;
    private WorkbenchViewModel vm;
    private BackgroundTaskExecutor executor;
    private Path recentStore;

    @Start
    void start(Stage stage) throws Exception {
        Workbench.applyTheme();
        executor = new BackgroundTaskExecutor();
        recentStore = Files.createTempDirectory("schedlab-recent").resolve("recent-files.json");
        vm = new WorkbenchViewModel(executor, DatasetOpener.standard(), RecentFiles.storedIn(recentStore));
        FilePicker picker = UiFixtures.picking(() -> nextPick);
        workbench = new Workbench(vm, picker);
        workbench.show(stage);
        vm.openExample();
    }

    @AfterEach
    void stopWorkers() {
        executor.shutdown();
    }

    /** Waits for {@code condition}, read on the FX thread: it reads nodes and view models the FX thread writes. */
    private static void waitUntil(String what, Callable<Boolean> condition) throws TimeoutException {
        FxWait.untilOnFx(what, 60, condition);
    }

    private void openThroughMenu(Path... files) {
        nextPick = List.of(files);
        clickOn("File");
        clickOn("Open\u2026");
    }

    private String status(String id) {
        return lookup(id).queryAs(Label.class).getText();
    }

    private Menu recentMenu() {
        MenuBar bar = FxWait.onFx(() -> lookup(".menu-bar").queryAs(MenuBar.class));
        Menu file = bar.getMenus().get(0);
        return (Menu) file.getItems().stream().filter(i -> "menu-recent".equals(i.getId())).findFirst().orElseThrow();
    }

    private Path copy(Path from, String name) throws Exception {
        Path to = dir.resolve(name);
        Files.copy(from, to);
        return to;
    }

    @Test
    void aPerfRecordingOpensFromTheMenuShowsItsWarningsAndJoinsTheRecentFiles() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        Path rec = copy(StandardOpenerTest.RECORDING, "perf_sched_script.txt.gz");
        openThroughMenu(rec);
        waitUntil("the recording is shown", () -> status("#status-file").equals("perf_sched_script.txt.gz"));
        assertTrue(status("#status-counts").startsWith("2 CPUs"), status("#status-counts"));
        assertTrue(vm.timeline().dataset().sliceCount() > 20_000);
        assertEquals("perf-sched-script", vm.timeline().dataset().metadata().format());

        Button warnings = FxWait.onFx(() -> lookup("#status-warnings").queryAs(Button.class));
        assertTrue(warnings.isVisible(), "the import's remarks are announced in the status bar");
        assertEquals(vm.warningsProperty().size() + " import warnings", warnings.getText());
        clickOn(warnings);
        waitUntil("the warnings dialog", () -> lookup("#import-warnings-dialog").tryQuery().isPresent());
        String text = FxWait.onFx(() -> lookup("#import-warnings-dialog .text-area").queryAs(TextArea.class).getText());
        assertTrue(text.contains("sched_process_fork"), text);
        assertTrue(vm.warningsProperty().size() >= 2, vm.warningsProperty().toString());
        assertEquals(String.join("\n\n", vm.warningsProperty()), text, "a blank line between two warnings");
        clickOn("OK");

        assertEquals(List.of(List.of(rec.toAbsolutePath())), vm.recentEntriesProperty());
        FxWait.until("the list is saved for the next start", 60,
                () -> RecentFiles.storedIn(recentStore).readStore().equals(List.of(List.of(rec.toAbsolutePath()))));
        MenuItem first = recentMenu().getItems().get(0);
        assertTrue(first.getText().startsWith("perf_sched_script.txt.gz  \u2014  "), first.getText());
        assertFalse(first.isDisable());
    }

    @Test
    void severalFilesChosenTogetherOpenAsOneDatasetAndReopenFromRecentFiles() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        Path rec = copy(StandardOpenerTest.RECORDING, "perf_sched_script.txt.gz");
        Path pg = copy(StandardOpenerTest.PGBENCH, "pgbench.txt");
        openThroughMenu(rec, pg);
        waitUntil("both are shown as one", () -> status("#status-file").equals("perf_sched_script.txt.gz + pgbench.txt"));
        assertTrue(vm.timeline().dataset().counter("pgbench tps").isPresent());

        interact(vm::openExample);
        waitUntil("the example again", () -> status("#status-file").equals("pgbench-2cpu-50ms.json"));
        clickOn("File");
        clickOn("Open recent");
        clickOn(Workbench.recentLabel(List.of(rec.toAbsolutePath(), pg.toAbsolutePath())));
        waitUntil("reopened from the recent list",
                () -> status("#status-file").equals("perf_sched_script.txt.gz + pgbench.txt"));

        Files.delete(pg);
        interact(() -> recentMenu().getOnShowing().handle(null));
        waitUntil("the check finds the file gone", () -> recentMenu().getItems().get(0).isDisable());
        MenuItem gone = recentMenu().getItems().get(0);
        assertTrue(gone.isDisable(), "an entry whose files are gone cannot be opened");
        assertTrue(gone.getText().endsWith("(missing: pgbench.txt)"), "it names the file that is gone: " + gone.getText());
    }

    @Test
    void aBadRecordingShowsTheErrorDialogAndKeepsTheDatasetThatWasOpen() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        Dataset before = vm.timeline().dataset();
        Path bad = dir.resolve("perf.data");
        Files.write(bad, "PERFILE2\0\0\0\0binary".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        openThroughMenu(bad);
        waitUntil("the error dialog", () -> lookup("#load-error-dialog").tryQuery().isPresent());
        DialogPane dialog = FxWait.onFx(() -> lookup("#load-error-dialog").queryAs(DialogPane.class));
        assertTrue(dialog.getContentText().startsWith(bad.toAbsolutePath() + ": this is perf.data"),
                dialog.getContentText());
        assertTrue(dialog.getContentText().contains("perf sched script"), "it says what to do instead");
        clickOn("OK");
        WaitForAsyncUtils.waitForFxEvents();
        assertSame(before, vm.timeline().dataset());
        assertEquals("pgbench-2cpu-50ms.json", status("#status-file"));
        assertTrue(vm.recentEntriesProperty().isEmpty(), "a file that did not open is not a recent file");
    }

    @Test
    void cancelStopsAnImportThatWouldNeverEndAndKeepsWhatWasOpen() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        Dataset before = vm.timeline().dataset();
        EndlessRecording.Opened opened = new EndlessRecording.Opened();
        interact(() -> vm.open(EndlessRecording.source(opened)));
        FxWait.until("the import is reading", 60, () -> opened.streams.size() >= 3
                && opened.last().bytesServed.get() > 1_000_000);
        assertTrue(FxWait.onFx(() -> lookup("#status-cancel").queryAs(Button.class).isVisible()));
        assertEquals("Opening endless.txt", status("#status-loading"));
        clickOn("#status-cancel");
        FxWait.until("the import stops and closes its file", 60, () -> opened.last().closed.get());
        long served = opened.last().bytesServed.get();
        Thread.sleep(200);
        assertEquals(served, opened.last().bytesServed.get(), "nothing is read after the cancel");
        assertFalse(vm.loadingProperty().get());
        assertSame(before, vm.timeline().dataset());
        assertFalse(FxWait.onFx(() -> lookup("#load-error-dialog").tryQuery().isPresent()), "a cancel is not an error");
    }

    @Test
    void theCancelButtonStaysWhereItIsWhileOtherStatusTextChanges() throws Exception {
        // the lab's "looking ahead: preemption=voluntary" appearing mid-load moved Cancel ~270 px
        // left, from under the pointer of a user on the way to it
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        Label ahead = new Label("");
        interact(() -> workbench.addStatusItem(ahead));
        EndlessRecording.Opened opened = new EndlessRecording.Opened();
        interact(() -> vm.open(EndlessRecording.source(opened)));
        FxWait.until("the import is reading", 60, () -> opened.streams.size() >= 3
                && opened.last().bytesServed.get() > 1_000_000);
        Button cancel = FxWait.onFx(() -> lookup("#status-cancel").queryAs(Button.class));
        javafx.scene.Scene scene = FxWait.onFx(cancel::getScene);
        // where Cancel is after a pulse that laid the item's new text out (two rounds of FX events
        // may come before it, and Cancel had not moved yet)
        FxWait.pulse(scene);
        double x = FxWait.onFx(() -> cancel.localToScene(cancel.getBoundsInLocal()).getMinX());
        interact(() -> ahead.setText("looking ahead: preemption=voluntary"));
        FxWait.pulse(scene);
        assertEquals(x, FxWait.onFx(() -> cancel.localToScene(cancel.getBoundsInLocal()).getMinX()), 0.5, "Cancel stays put");
        interact(() -> ahead.setText(""));
        FxWait.pulse(scene);
        assertEquals(x, FxWait.onFx(() -> cancel.localToScene(cancel.getBoundsInLocal()).getMinX()), 0.5, "Cancel stays put");
        clickOn("#status-cancel");
        FxWait.until("the import stops and closes its file", 60, () -> opened.last().closed.get());
    }

    @Test
    void theExampleRecordingShippedWithTheApplicationImports() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        clickOn("File");
        clickOn("Open example recording");
        waitUntil("the recording is shown", () -> status("#status-file").equals("perf_sched_script.txt.gz"));
        Dataset d = vm.timeline().dataset();
        assertEquals("perf-sched-script", d.metadata().format());
        assertTrue(d.locks().size() > 0, "it holds lock contention from perf lock's tracepoints");
        assertTrue(vm.recentEntriesProperty().isEmpty(), "the example is not a file of the user's");
    }
}
