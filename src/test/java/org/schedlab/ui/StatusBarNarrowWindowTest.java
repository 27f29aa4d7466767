package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A 1024 x 600 window (and 1280 x 720) with a long message in the status bar: recordings opened
 * together under long names, their import warnings, the lab's "looking ahead: ..." and an export's
 * "Exported the view to ..." at once. The text gives way (an ellipsis, the whole of it in its
 * tooltip); the window's content stays as wide as the window, so the toolbar's buttons (the lock
 * button L among them), the side panel and the status bar's controls stay inside it, clickable.
 */
@ExtendWith(ApplicationExtension.class)
class StatusBarNarrowWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @TempDir
    Path dir;

    private Stage stage;
    private double widthBefore;
    private double heightBefore;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window.opener(DatasetOpener.standard()).show(stage);
        widthBefore = stage.getWidth(); // the primary stage is shared: later test classes expect its size back
        heightBefore = stage.getHeight();
    }

    @AfterEach
    void restoreSize() throws Exception {
        org.testfx.api.FxToolkit.setupFixture(() -> {
            stage.setWidth(widthBefore);
            stage.setHeight(heightBefore);
        });
    }

    @Test
    void at1024x600LongMessagesGiveWayAndTheControlsStayInside() throws Exception {
        longMessagesKeepTheControlsInside(1024, 600);
    }

    @Test
    void at1280x720LongMessagesGiveWayAndTheControlsStayInside() throws Exception {
        longMessagesKeepTheControlsInside(1280, 720);
    }

    @Test
    void at1024x600OneRecordingZoomedIntoWithoutAMessageKeepsTheControlsInside() throws Exception {
        interact(() -> {
            stage.setWidth(1024);
            stage.setHeight(600);
        });
        Path rec = dir.resolve("runA_perf_sched_script_during_pgbench_simple_update_16_clients.txt.gz");
        Files.copy(StandardOpenerTest.RECORDING, rec);
        interact(() -> window.vm.openFiles(List.of(rec)));
        FxWait.untilOnFx("it is shown with its warnings", 60, () -> lookup("#status-file").queryAs(Label.class)
                .getText().equals(rec.getFileName().toString()) && !window.vm.warningsProperty().isEmpty());
        // zoomed in, the view's ends take more room than "view: all"; no message shows
        interact(() -> window.vm.timeline().zoomCenter(3));
        FxWait.pulse(FxWait.onFx(stage::getScene)); // laid out with the view's new ends
        double sceneWidth = FxWait.onFx(() -> stage.getScene().getWidth());
        assertEquals(sceneWidth, FxWait.onFx(() -> stage.getScene().getRoot().getLayoutBounds().getWidth()), 0.5,
                "the window's content is as wide as the window");
        for (String id : new String[] {"#tool-next-lhp", "#side-panel", "#status-frame", "#status-warnings",
                "#status-window"}) {
            assertInside(id, sceneWidth);
        }
        Label view = FxWait.onFx(() -> lookup("#status-window").queryAs(Label.class));
        assertTrue(FxWait.onFx(() -> view.getText().startsWith("view +")), "zoomed in: " + FxWait.onFx(view::getText));
        // back in a wide window the count reads whole again
        interact(() -> stage.setWidth(1600));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.Button count = FxWait.onFx(() -> lookup("#status-warnings").queryAs(javafx.scene.control.Button.class));
        FxWait.untilOnFx("the warnings' count whole at 1600 px", 60,
                () -> count.getWidth() >= count.prefWidth(-1) - 0.5);
    }

    private void longMessagesKeepTheControlsInside(double w, double h) throws Exception {
        interact(() -> {
            stage.setWidth(w);
            stage.setHeight(h);
        });
        Path rec = dir.resolve("runA_perf_sched_script_during_pgbench_simple_update_16_clients.txt.gz");
        Path pg = dir.resolve("runA_pgbench_simple_update_16_clients_prepared_8_seconds.txt");
        Files.copy(StandardOpenerTest.RECORDING, rec);
        Files.copy(StandardOpenerTest.PGBENCH, pg);
        interact(() -> window.vm.openFiles(List.of(rec, pg)));
        FxWait.untilOnFx("both are shown with their warnings", 60, () -> lookup("#status-file").queryAs(Label.class)
                .getText().equals(rec.getFileName() + " + " + pg.getFileName()) && !window.vm.warningsProperty().isEmpty());
        Label ahead = new Label("");
        interact(() -> window.workbench.addStatusItem(ahead));
        interact(() -> ahead.setText("looking ahead: preemption=voluntary, clients=900, seed=4, threads=96"));
        Path deep = Files.createDirectories(dir.resolve("exports-for-the-review-thread-about-lazy-preemption")
                .resolve("pgbench-simple-update-16-clients-graviton4-96-cpus"));
        Path png = deep.resolve("lock-holder-preempted-inside-a-page-fault-while-backends-spin.png");
        interact(() -> window.workbench.exports().exportView(png, 1));
        Label message = FxWait.onFx(() -> lookup("#status-export").queryAs(Label.class));
        FxWait.untilOnFx("the export says it is done", 60, () -> message.getText().startsWith("Exported"));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();

        double sceneWidth = FxWait.onFx(() -> stage.getScene().getWidth());
        assertEquals(sceneWidth, FxWait.onFx(() -> stage.getScene().getRoot().getLayoutBounds().getWidth()), 0.5,
                "the window's content is as wide as the window");
        for (String id : new String[] {"#tool-next-lhp", "#tool-help", "#side-panel", "#status-frame",
                "#status-warnings", "#status-export"}) {
            assertInside(id, sceneWidth);
        }
        assertEquals(message.getText(), message.getAccessibleHelp(), "its tooltip has the whole message");
        // the warnings' button, cut to its icon and an ellipsis beside the message, still lists them
        clickOn("#status-warnings");
        FxWait.untilOnFx("the warnings dialog", 60, () -> lookup("#import-warnings-dialog").tryQuery().isPresent());
        clickOn("OK");
        // still a button to press: L goes to the recording's first lock-holder preemption or says why not
        Node lock = FxWait.onFx(() -> lookup("#tool-next-lhp").query());
        assertTrue(FxWait.onFx(() -> lock.isVisible() && !lock.isDisabled()), "the lock button is there to press");
    }

    private void assertInside(String id, double sceneWidth) {
        Node n = FxWait.onFx(() -> lookup(id).query());
        Bounds b = FxWait.onFx(() -> n.localToScene(n.getLayoutBounds()));
        assertTrue(b.getMinX() >= -0.5 && b.getMaxX() <= sceneWidth + 0.5 && b.getWidth() > 0,
                id + " spans " + b.getMinX() + " .. " + b.getMaxX() + " in a window " + sceneWidth + " wide");
    }
}
