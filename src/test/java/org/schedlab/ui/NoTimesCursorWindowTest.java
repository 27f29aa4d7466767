package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.OptionalLong;

import javafx.geometry.Point2D;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.render.TimelineLayout;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A file without times (an nstat snapshot: one sample per counter) draws no time axis, yet the
 * pointer over its plot drew a time line with a made-up time badge ("+468.750 us") on the axis
 * that says "no times". There is no time under the pointer there; the hover still names the row
 * and gives its value, at no time.
 */
@ExtendWith(ApplicationExtension.class)
class NoTimesCursorWindowTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void thePointerOverAFileWithoutTimesShowsNoTime() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("nstat_snapshot.txt", "nstat"));
        b.counter("TcpActiveOpens", "count").add(0, 78);
        b.counter("TcpRetransSegs", "count").add(0, 1);
        Path file = dir.resolve("nstat-once.json");
        DatasetJson.write(b.build(), file);
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the snapshot is shown", 60, () -> window.vm.timeline().dataset().counters().size() == 2
                && window.workbench.timelineView().lastPaintedViewport().isPresent());
        assertEquals(0, FxWait.onFx(() -> window.vm.timeline().dataset().spanNs()), "a file without times");

        TimelineLayout l = FxWait.onFx(() -> window.workbench.timelineView().currentLayout());
        var row = l.visibleRows().stream().filter(r -> r.label().equals("TcpActiveOpens")).findFirst().orElseThrow();
        Point2D p = FxWait.onFx(() -> window.workbench.timelineView().localToScreen(
                l.plotLeftPx() + l.plotWidthPx() / 2, row.topPx() + row.heightPx() / 2));
        moveTo(p);
        FxWait.untilOnFx("the hover names the counter", 60,
                () -> window.vm.timeline().hoverTextProperty().get().contains("TcpActiveOpens"));
        assertEquals(OptionalLong.empty(), FxWait.onFx(() -> window.vm.timeline().cursorNsProperty().get()),
                "no time line nor time badge on a plot without times");
        assertTrue(FxWait.onFx(() -> window.vm.timeline().paintOptions().cursorNs().isEmpty()));
        // nor does the hover make one up: it said "at +0 ns" under the value
        assertEquals("TcpActiveOpens\n78 count", FxWait.onFx(() -> window.vm.timeline().hoverTextProperty().get()));
    }
}
