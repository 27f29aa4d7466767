package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The runqlat tab over the built-in example, which has CPU lanes and no task lanes: it said "From
 * the task lanes: ..." over "no run-queue waits in the scope", as if the 30 tasks never waited on a
 * run queue. It says the dataset has no task lanes, and the waits are unknown.
 */
@ExtendWith(ApplicationExtension.class)
class RunqlatNoTaskLanesWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(st -> window.opener(DatasetOpener.standard()).show(st));
    }

    @Test
    void aDatasetWithoutTaskLanesSaysItsWaitsAreUnknownNotNone() throws Exception {
        interact(() -> window.vm.openFiles(List.of(Path.of("example-data/datasets/pgbench-2cpu-50ms.json"))));
        FxWait.untilOnFx("the summary", 60, () -> window.vm.timeline().dataset().cpuCount() == 2
                && window.vm.timeline().summary().summary().isPresent());
        Label source = showRunqlatTab();
        TextArea text = FxWait.onFx(() -> lookup("#runqlat-text").queryAs(TextArea.class));
        assertEquals(RunqlatPanel.NONE, FxWait.onFx(source::getText));
        String shown = FxWait.onFx(text::getText);
        assertFalse(shown.contains("no run-queue waits"), "read as none waited: " + shown);
        assertEquals(RunqlatPanel.NOT_RECORDED, shown);
    }

    /** A runqlat histogram file has no task lanes either, but its waits are recorded: they show. */
    @Test
    void aRecordedHistogramWithoutTaskLanesShowsItsWaits() throws Exception {
        interact(() -> window.vm.openFiles(List.of(Path.of("src/test/resources/public/runqlat/bcc_runqlat_example.txt"))));
        FxWait.untilOnFx("the summary", 60, () -> window.vm.timeline().dataset().taskLanes().isEmpty()
                && window.vm.timeline().summary().summary().map(s -> s.runqlatFromRecording()).orElse(false));
        Label source = showRunqlatTab();
        TextArea text = FxWait.onFx(() -> lookup("#runqlat-text").queryAs(TextArea.class));
        assertEquals(RunqlatPanel.sourceLine(false, true, false), FxWait.onFx(source::getText));
        String shown = FxWait.onFx(text::getText);
        assertFalse(shown.contains("no task lanes"), "its recorded waits: " + shown);
        assertTrue(shown.contains("usecs"), shown);
    }

    /** Brings the side panel's runqlat tab to the front, waits for its text, returns its source line. */
    private Label showRunqlatTab() throws Exception {
        interact(() -> {
            TabPane tabs = lookup("#side-tabs").queryAs(TabPane.class);
            tabs.getSelectionModel().select(tabs.getTabs().stream()
                    .filter(t -> "tab-runqlat".equals(t.getId())).findFirst().orElseThrow());
        });
        WaitForAsyncUtils.waitForFxEvents();
        Label source = FxWait.onFx(() -> lookup("#runqlat-source").queryAs(Label.class));
        TextArea text = FxWait.onFx(() -> lookup("#runqlat-text").queryAs(TextArea.class));
        FxWait.untilOnFx("the tab filled", 60, () -> !text.getText().isEmpty());
        return source;
    }
}
