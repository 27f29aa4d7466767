package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

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
 * A message in the status bar ("Exported the view to /home/.../a-long-path.png (PNG 2x)", the
 * lab's "looking ahead: ...") gives way before the open file's name: on a 1280-pixel screen the
 * name used to shrink to "runA_perf_sc..." for the ten seconds the message showed, while the
 * message itself, a path the user had just typed, kept most of its length.
 */
@ExtendWith(ApplicationExtension.class)
class StatusBarMessageWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @TempDir
    Path dir;

    private Stage stage;
    private double widthBefore;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window.opener(DatasetOpener.standard()).show(stage);
        widthBefore = stage.getWidth(); // the primary stage is shared: later test classes expect its size back
        stage.setWidth(1280);
    }

    @AfterEach
    void restoreWidth() throws Exception {
        org.testfx.api.FxToolkit.setupFixture(() -> stage.setWidth(widthBefore));
    }

    @Test
    void anExportMessageIsCutShortBeforeTheFileName() throws Exception {
        Label file = openRecording();

        Path deep = Files.createDirectories(dir.resolve("exports-for-the-review-thread-about-lazy-preemption")
                .resolve("pgbench-simple-update-16-clients-graviton4-96-cpus"));
        Path png = deep.resolve("lock-holder-preempted-inside-a-page-fault-while-backends-spin.png");
        interact(() -> window.workbench.exports().exportView(png, 1));
        Label message = FxWait.onFx(() -> lookup("#status-export").queryAs(Label.class));
        FxWait.untilOnFx("the export says it is done", 60, () -> message.getText().startsWith("Exported"));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();

        double sceneWidth = stage.getScene().getWidth();
        assertTrue(FxWait.onFx(() -> file.getWidth() >= file.prefWidth(-1) - 0.5),
                "the file name is whole while the message shows: " + file.getWidth() + " of " + file.prefWidth(-1));
        for (String id : new String[] {"#status-counts", "#status-window", "#status-frame"}) {
            Label l = lookup(id).queryAs(Label.class);
            assertTrue(FxWait.onFx(() -> l.getWidth() >= l.prefWidth(-1) - 0.5), id + " is whole: " + l.getText());
        }
        assertTrue(FxWait.onFx(() -> message.getWidth() >= 100), "some of the message is read: " + message.getWidth());
        assertEquals(message.getText(), message.getAccessibleHelp(), "its tooltip has the whole message");
        assertInside(FxWait.onFx(() -> lookup("#status-frame").query()), sceneWidth);
        assertInside(message, sceneWidth);
    }

    @Test
    void aStatusItemAddedByTheLabGivesWayBeforeTheFileName() throws Exception {
        Label file = openRecording();
        Label ahead = new Label();
        interact(() -> {
            ahead.setId("status-lookahead");
            window.workbench.addStatusItem(ahead);
            ahead.setText("looking ahead: preemption=voluntary, clients=900, seed=4, threads=96, record-ms=1000");
        });
        FxWait.pulse(FxWait.onFx(ahead::getScene)); // laid out with the item's text
        assertTrue(FxWait.onFx(() -> file.getWidth() >= file.prefWidth(-1) - 0.5),
                "the file name is whole beside the lab's item: " + file.getWidth() + " of " + file.prefWidth(-1));
        assertInside(ahead, stage.getScene().getWidth());
        // the empty messages beside it (no export, no workspace saved) take none of its room
        assertTrue(FxWait.onFx(() -> ahead.getWidth() >= StatusBar.MESSAGES_MIN_WIDTH - 0.5),
                "the lab's item has the messages' whole room: " + ahead.getWidth());
    }

    @Test
    void withNothingOpenNoSeparatorStandsBetweenEmptyDescriptions() throws Exception {
        // "nothing open | |": the span and the counts were empty, their separators not
        assertEquals(0, visibleSeparators(), "nothing open, nothing to separate");
        Label file = openRecording();
        assertEquals(3, visibleSeparators(), "file | span | counts | window");
    }

    /** Opens the bundled recording by File > Open; the status bar's file name once it shows it. */
    private Label openRecording() throws Exception {
        window.pick(Files.copy(StandardOpenerTest.RECORDING, dir.resolve("runA_perf_sched_script.txt.gz")));
        clickOn("File");
        clickOn("Open\u2026");
        Label file = FxWait.onFx(() -> lookup("#status-file").queryAs(Label.class));
        FxWait.untilOnFx("the recording is shown", 60, () -> file.getText().equals("runA_perf_sched_script.txt.gz"));
        return file;
    }

    private long visibleSeparators() {
        return FxWait.onFx(() -> lookup(".status-bar").queryAs(javafx.scene.layout.HBox.class).getChildren().stream()
                .filter(n -> n instanceof javafx.scene.control.Separator && n.isVisible() && n.isManaged()).count());
    }

    private static void assertInside(Node n, double sceneWidth) {
        Bounds b = FxWait.onFx(() -> n.localToScene(n.getLayoutBounds()));
        assertTrue(b.getMaxX() <= sceneWidth + 0.5, n.getId() + " ends at " + b.getMaxX() + " in a window "
                + sceneWidth + " wide");
    }
}
