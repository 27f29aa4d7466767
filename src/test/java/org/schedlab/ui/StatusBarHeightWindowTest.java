package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import javafx.scene.Node;
import javafx.scene.layout.Region;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A recording the import warned about shows the warnings' button in the status bar; the button
 * (an icon, a small button's padding) was taller than the bar's line of text, so the bar grew a
 * few pixels as the recording opened and everything above it - the Dataset tab's timeline, and
 * the A/B sides' timelines on their tabs - moved up and got shorter. The bar keeps its height.
 */
@ExtendWith(ApplicationExtension.class)
class StatusBarHeightWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard()).show(stage);
    }

    @Test
    void theWarningsButtonAppearingLeavesTheStatusBarsHeightAsItWas() throws Exception {
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        Region bar = FxWait.onFx(() -> lookup(".status-bar").queryAs(Region.class));
        Region split = FxWait.onFx(() -> lookup("#workbench-split").queryAs(Region.class));
        double barBefore = FxWait.onFx(bar::getHeight);
        double splitBefore = FxWait.onFx(split::getHeight);

        Path warned = dir.resolve("warned.txt");
        Files.writeString(warned, "            perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf"
                + " prev_pid=7396 prev_prio=120 prev_state=R ==> next_comm=sh next_pid=9 next_prio=120\n"
                + "garbage\n"
                + "              sh     9 [000]   329.519991:       sched:sched_switch: prev_comm=sh prev_pid=9"
                + " prev_prio=120 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120\n",
                StandardCharsets.UTF_8);
        window.pick(warned);
        clickOn("File");
        clickOn("Open\u2026");
        Node warnings = FxWait.onFx(() -> lookup("#status-warnings").query());
        FxWait.untilOnFx("the recording is shown with its warning", 30, () -> warnings.isVisible()
                && window.vm.sourceNameProperty().get().equals("warned.txt"));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();

        assertTrue(FxWait.onFx(() -> warnings.getLayoutBounds().getHeight() > 0), "the button shows");
        assertEquals(barBefore, FxWait.onFx(bar::getHeight), 0.01, "the status bar's height");
        assertEquals(splitBefore, FxWait.onFx(split::getHeight), 0.01, "the height left to the tabs above it");
    }
}
