package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The status bar never makes the window wider than the screen: several recordings opened
 * together give a long name, and on a 1280-pixel laptop screen the side panel, the warnings
 * button and the frame time must still be inside the window (they used to be cut off on the
 * right because the status labels refused to shrink).
 */
@ExtendWith(ApplicationExtension.class)
class StatusBarFitWindowTest extends FxRobot {
    @TempDir
    Path dir;

    private List<Path> nextPick = List.of();
    private WorkbenchViewModel vm;
    private BackgroundTaskExecutor executor;
    private Stage stage;
    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        Workbench.applyTheme();
        executor = new BackgroundTaskExecutor();
        vm = new WorkbenchViewModel(executor, DatasetOpener.standard(),
                RecentFiles.storedIn(Files.createTempDirectory("schedlab-recent").resolve("recent-files.json")));
        FilePicker picker = UiFixtures.picking(() -> nextPick);
        workbench = new Workbench(vm, picker);
        workbench.show(stage);
        widthBefore = stage.getWidth(); // the primary stage is shared: later test classes expect its size back
        stage.setWidth(1280);
        vm.openExample();
    }

    private double widthBefore;

    @AfterEach
    void stopWorkers() throws Exception {
        org.testfx.api.FxToolkit.setupFixture(() -> stage.setWidth(widthBefore));
        executor.shutdown();
    }

    /** The dialog {@code id} lies within the window's left and right edges. */
    private void assertInsideTheWindow(String id) {
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        javafx.stage.Window dialog = FxWait.onFx(() -> lookup(id).query().getScene().getWindow());
        double left = stage.getX();
        double right = stage.getX() + stage.getWidth();
        assertTrue(dialog.getX() >= left - 0.5 && dialog.getX() + dialog.getWidth() <= right + 0.5,
                "the dialog spans " + dialog.getX() + " .. " + (dialog.getX() + dialog.getWidth())
                        + " over a window from " + left + " to " + right);
    }

    /** After the example: a recording and its pgbench output under long names, opened together, their warnings in. */
    private void openTwoLongNamedFilesWithWarnings() throws Exception {
        FxWait.untilOnFx("the example is shown", 60, () -> vm.timeline().dataset().cpuCount() == 2);
        Path rec = dir.resolve("runA_perf_sched_script_during_pgbench_simple_update_16_clients.txt.gz");
        Path pg = dir.resolve("runA_pgbench_simple_update_16_clients_prepared_8_seconds.txt");
        Files.copy(StandardOpenerTest.RECORDING, rec);
        Files.copy(StandardOpenerTest.PGBENCH, pg);
        interact(() -> vm.openFiles(List.of(rec, pg)));
        FxWait.untilOnFx("both are shown with their warnings", 60, () -> lookup("#status-file").queryAs(Label.class)
                .getText().equals(rec.getFileName() + " + " + pg.getFileName()) && !vm.warningsProperty().isEmpty());
    }

    @Test
    void recordingsOpenedTogetherWithLongNamesKeepTheSidePanelAndWarningsInsideTheWindow() throws Exception {
        FxWait.untilOnFx("the example is shown", 60, () -> vm.timeline().dataset().cpuCount() == 2);
        Path rec = dir.resolve("runA_perf_sched_script_during_pgbench_simple_update_16_clients.txt.gz");
        Path pg = dir.resolve("runA_pgbench_simple_update_16_clients_prepared_8_seconds.txt");
        Files.copy(StandardOpenerTest.RECORDING, rec);
        Files.copy(StandardOpenerTest.PGBENCH, pg);
        nextPick = List.of(rec, pg);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("both are shown", 60, () -> lookup("#status-file").queryAs(Label.class).getText()
                .equals(rec.getFileName() + " + " + pg.getFileName()));

        double sceneWidth = stage.getScene().getWidth();
        assertEquals(sceneWidth, stage.getScene().getRoot().getLayoutBounds().getWidth(), 0.5,
                "the window's content is as wide as the window");
        assertInside(FxWait.onFx(() -> lookup("#side-panel").query()), sceneWidth);
        assertInside(FxWait.onFx(() -> lookup("#status-frame").query()), sceneWidth);
        for (String id : new String[] {"#status-counts", "#status-window", "#status-frame"}) {
            Label l = lookup(id).queryAs(Label.class);
            assertTrue(l.getWidth() >= l.prefWidth(-1) - 0.5, id + " is whole, not '...': " + l.getText());
        }
        Button warnings = FxWait.onFx(() -> lookup("#status-warnings").queryAs(Button.class));
        assertTrue(warnings.isVisible(), "the recording's import has remarks");
        assertInside(warnings, sceneWidth);
        assertTrue(warnings.getWidth() >= warnings.prefWidth(-1) - 0.5,
                "the warnings button shows its whole text, not an ellipsis: " + warnings.getWidth());
    }

    @Test
    void aLongLoadOfALongNamedFileKeepsTheSidePanelAndItsCancelInsideTheWindow() throws Exception {
        // "Opening runA_perf_sched_script_....txt.gz" with its progress and Cancel refused to shrink:
        // beside the lab's "looking ahead: ..." it pushed the side panel and Cancel past the right
        // edge of a 1280-pixel window for as long as the file loaded. The worst case is taken: the
        // open file's name at its narrowest, its warnings button and a lab message beside the load
        openTwoLongNamedFilesWithWarnings();
        Label ahead = new Label("");
        interact(() -> workbench.addStatusItem(ahead));
        interact(() -> ahead.setText("looking ahead: preemption=voluntary"));
        String name = "runB_perf_sched_script_during_pgbench_simple_update_16_clients.txt.gz";
        EndlessRecording.Opened opened = new EndlessRecording.Opened();
        interact(() -> vm.open(new DatasetSource(name, "/nowhere/" + name, () -> {
            EndlessRecording r = new EndlessRecording();
            opened.streams.add(r);
            return r;
        }, () -> -1)));
        FxWait.until("the import is reading", 60, () -> opened.streams.size() >= 3
                && opened.last().bytesServed.get() > 100_000);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();

        double sceneWidth = stage.getScene().getWidth();
        assertEquals(sceneWidth, FxWait.onFx(() -> stage.getScene().getRoot().getLayoutBounds().getWidth()), 0.5,
                "the window's content is as wide as the window");
        assertInside(FxWait.onFx(() -> lookup("#side-panel").query()), sceneWidth);
        Button cancel = FxWait.onFx(() -> lookup("#status-cancel").queryAs(Button.class));
        assertInside(cancel, sceneWidth);
        assertTrue(cancel.getWidth() >= cancel.prefWidth(-1) - 0.5, "Cancel is whole: " + cancel.getWidth());
        assertInside(FxWait.onFx(() -> lookup("#status-warnings").query()), sceneWidth);
        for (String id : new String[] {"#status-counts", "#status-window", "#status-frame"}) {
            Label l = lookup(id).queryAs(Label.class);
            assertTrue(l.getWidth() >= l.prefWidth(-1) - 0.5, id + " is whole, not '...': " + l.getText());
        }
        clickOn("#status-cancel");
        FxWait.until("the import stops and closes its file", 60, () -> opened.last().closed.get());
    }

    @Test
    void theWarningsOfFilesWithLongNamesOpenInADialogInsideTheWindow() throws Exception {
        // the dialog was placed for its header on one line, 1340 px for two long names, then shown
        // 640 px wide from x = -30: its left edge, where each remark starts, off the screen
        openTwoLongNamedFilesWithWarnings();
        clickOn("#status-warnings");
        FxWait.untilOnFx("the warnings dialog", 60, () -> lookup("#import-warnings-dialog").tryQuery().isPresent());
        assertInsideTheWindow("#import-warnings-dialog");
        clickOn("OK");
    }

    @Test
    void aRefusalOfFilesWithLongNamesOpensInADialogInsideTheWindow() throws Exception {
        // as the warnings: "Could not open A + B. What was open stays open." on one line placed it
        FxWait.untilOnFx("the example is shown", 60, () -> vm.timeline().dataset().cpuCount() == 2);
        Path a = dir.resolve("runA_perf_sched_script_during_pgbench_simple_update_16_clients.txt");
        Path b = dir.resolve("runB_perf_sched_script_during_pgbench_simple_update_16_clients.txt");
        byte[] binary = new byte[4096];
        new java.util.Random(7).nextBytes(binary);
        Files.write(a, binary);
        Files.write(b, binary);
        interact(() -> vm.openFiles(List.of(a, b)));
        FxWait.untilOnFx("the refusal", 60, () -> lookup("#load-error-dialog").tryQuery().isPresent());
        assertInsideTheWindow("#load-error-dialog");
        clickOn("OK");
    }

    @Test
    void aWorkspaceThatCannotBeOpenedUnderALongNameIsReportedInADialogInsideTheWindow() throws Exception {
        // as the load error: "Could not open NAME." on one line placed it partly left of the window
        FxWait.untilOnFx("the example is shown", 60, () -> vm.timeline().dataset().cpuCount() == 2);
        Path ws = Files.writeString(dir.resolve("study_of_pgbench_simple_update_16_clients_preempt_none_against_lazy"
                + "_on_the_two_cpu_guest_with_the_buffer_pool_filling_and_huge_pages_off_second_attempt_after_the"
                + "_kernel_update_of_tuesday.schedlab"), "{\"schedlabWorkspace\": 1,\n  \"sead\": 3}\n");
        interact(() -> workbench.workspace().open(ws));
        FxWait.untilOnFx("the refusal", 60, () -> lookup("#workspace-problem-dialog").tryQuery().isPresent());
        assertInsideTheWindow("#workspace-problem-dialog");
        clickOn("OK");
    }

    @Test
    void aMessageSaysWhatJustHappenedThenGoes() throws Exception {
        javafx.beans.property.SimpleStringProperty text = new javafx.beans.property.SimpleStringProperty("");
        Label[] l = new Label[1];
        interact(() -> l[0] = StatusBar.message("m", text, javafx.util.Duration.millis(300)));
        interact(() -> text.set("Exporting the view\u2026"));
        Thread.sleep(600);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Exporting the view\u2026", l[0].getText(), "a message of work under way stays");
        interact(() -> text.set("Exported the view to /tmp/x.png"));
        assertEquals("Exported the view to /tmp/x.png", l[0].getText());
        // the whole text, kept for the tooltip made on the first hover (LazyTooltipsWindowTest)
        assertEquals("Exported the view to /tmp/x.png", l[0].getAccessibleHelp());
        FxWait.untilOnFx("the message goes", 10, () -> l[0].getText().isEmpty());
    }

    private static void assertInside(Node n, double sceneWidth) {
        Bounds b = n.localToScene(n.getLayoutBounds());
        assertTrue(b.getMaxX() <= sceneWidth + 0.5, n.getId() + " ends at " + b.getMaxX() + " in a window "
                + sceneWidth + " wide");
    }
}
