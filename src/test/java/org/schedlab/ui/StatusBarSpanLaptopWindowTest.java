package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Three public files opened together in a 1280 x 720 window: their joined name took the room and
 * the recorded span, which gives way first, was cut to a lone "..." between two separators. It gives
 * way from its start, keeping the length of the recording whole ("...2.34 ms)").
 */
@ExtendWith(ApplicationExtension.class)
class StatusBarSpanLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(st -> window.opener(DatasetOpener.standard()).show(st));
    }

    @Test
    void theRecordedSpanKeepsItsLengthBesideTheNamesOfFilesOpenedTogether() throws Exception {
        Path dir = Path.of("src/test/resources/public");
        List<Path> files = List.of(dir.resolve("ftrace/tracecompass_trace-critical-path.txt"),
                dir.resolve("lock/lkml_namhyung_perf_lock_con_-abt_per_thread.txt"),
                dir.resolve("runqlat/bcc_runqlat_example.txt"));
        interact(() -> window.vm.openFiles(files));
        FxWait.untilOnFx("the three are shown", 60, () -> window.vm.sourceNameProperty().get().contains(" + ")
                && !window.vm.spanTextProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        String whole = FxWait.onFx(() -> window.vm.spanTextProperty().get());
        String length = whole.substring(whole.lastIndexOf(" (") + 1);
        String shown = FxWait.onFx(() -> ShownText.of(lookup("#status-span").queryAs(Label.class)));
        assertTrue(shown.endsWith(length), "the span shows '" + shown + "' of '" + whole + "'");
        for (String id : new String[] {"#status-counts", "#status-window", "#status-frame"}) {
            Label l = FxWait.onFx(() -> lookup(id).queryAs(Label.class));
            assertTrue(FxWait.onFx(() -> ShownText.of(l).equals(l.getText())), id + " is whole: " + ShownText.of(l));
        }
        Label file = FxWait.onFx(() -> lookup("#status-file").queryAs(Label.class));
        assertTrue(FxWait.onFx(() -> file.getWidth() >= StatusBar.FILE_MIN_WIDTH - 0.5), "the names keep their least width: "
                + FxWait.onFx(file::getWidth));
    }
}
