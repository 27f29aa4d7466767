package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.io.read.Fixtures;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * runA's perf sched script opened alone in a 1280 x 720 window, with its two import warnings: the
 * view, all of the recording, read "view +0 ns .. +1.54 s (1.54 s)", the span beside it said
 * again, and the span itself gave way to it - "..... 331.056317 s (1.54 s)", its start time gone
 * from a screenshot. The whole view is "view: all (1.54 s)" and the span is whole.
 */
@ExtendWith(ApplicationExtension.class)
class StatusBarWholeSpanLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(st -> window.opener(DatasetOpener.standard()).show(st));
    }

    @Test
    void aRecordingOpenedAloneKeepsItsWholeSpanBesideItsWarnings() throws Exception {
        interact(() -> window.vm.openFiles(List.of(Fixtures.path(Fixtures.RUN_A_SCRIPT))));
        FxWait.untilOnFx("runA is shown with its warnings", 120, () -> !window.vm.spanTextProperty().get().isEmpty()
                && window.vm.spanTextProperty().get().contains(" .. ") && !window.vm.warningsProperty().isEmpty()
                && !window.vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Label view = FxWait.onFx(() -> lookup("#status-window").queryAs(Label.class));
        assertEquals("view: all (1.54 s)", FxWait.onFx(view::getText));
        Label span = FxWait.onFx(() -> lookup("#status-span").queryAs(Label.class));
        FxWait.untilOnFx("the status bar laid out", 60, () -> ShownText.of(span).equals(span.getText()));
        assertTrue(FxWait.onFx(() -> ShownText.of(span).startsWith("329.5198")), FxWait.onFx(() -> ShownText.of(span)));
        interact(() -> window.vm.timeline().zoomCenter(2));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(FxWait.onFx(view::getText).startsWith("view +"), "zoomed in, the view's own times: " + FxWait.onFx(view::getText));
    }
}
