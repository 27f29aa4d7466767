package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import javax.imageio.ImageIO;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.render.Figure;
import org.schedlab.render.TimelinePanel;
import org.schedlab.render.Viewport;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.export.TimelineSnapshot;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A 1024 x 768 laptop's A/B tab gives each timeline about 630 px: its picture is drawn at the
 * readable width as the Live run's is, A and B on one canvas width and one time axis, each side
 * over the window it shows on screen.
 */
@ExtendWith(ApplicationExtension.class)
class AbExportLaptopWidthWindowTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();
    private AnsweringExportPicker picker;

    @Start
    void start(Stage primary) {
        picker = new AnsweringExportPicker(dir);
        stage.open(window.beforeShow(wb -> wb.setExportPicker(picker))::show, 1024, 768);
    }

    @Test
    void aLaptopsABTabIsExportedAtTheReadableWidthOverEachSidesWindow() throws Exception {
        interact(() -> {
            window.lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none", "durationMs", "300"),
                    Map.of("preemption", "full", "durationMs", "300"));
            window.ui.showCompare();
        });
        TimelineView a = FxWait.onFx(() -> window.ui.comparePane().card(CompareViewModel.Side.A).timelineView());
        TimelineView b = FxWait.onFx(() -> window.ui.comparePane().card(CompareViewModel.Side.B).timelineView());
        FxWait.untilOnFx("both sides painted", 60, () -> !window.lab.compare().rows().isEmpty()
                && !window.lab.compare().rowsStaleProperty().get()
                && a.lastPaintedViewport().isPresent() && !a.lastFrameStale()
                && b.lastPaintedViewport().isPresent() && !b.lastFrameStale());
        WaitForAsyncUtils.waitForFxEvents();
        Viewport aOnScreen = FxWait.onFx(() -> a.lastPaintedViewport().orElseThrow());
        Viewport bOnScreen = FxWait.onFx(() -> b.lastPaintedViewport().orElseThrow());
        assertTrue(aOnScreen.widthPx() < TimelineSnapshot.READABLE_WIDTH_PX,
                "a laptop's A/B timeline is narrower than the readable width: " + aOnScreen.widthPx());

        Figure[] figure = new Figure[1];
        interact(() -> figure[0] = window.workbench.exports().current().figure().orElseThrow());
        assertEquals(2, figure[0].panels().size(), "A over B");
        TimelinePanel pa = figure[0].panels().get(0);
        TimelinePanel pb = figure[0].panels().get(1);
        assertEquals(TimelineSnapshot.READABLE_WIDTH_PX, pa.viewport().widthPx(), "A's picture width");
        assertEquals(pa.viewport().widthPx(), pb.viewport().widthPx(), "B on A's canvas width");
        assertEquals(pa.viewport().labelWidthPx(), pb.viewport().labelWidthPx(), "one time axis for both");
        assertEquals(java.util.List.of(aOnScreen.startNs(), aOnScreen.endNs()),
                java.util.List.of(pa.viewport().startNs(), pa.viewport().endNs()), "A's window as on screen");
        assertEquals(java.util.List.of(bOnScreen.startNs(), bOnScreen.endNs()),
                java.util.List.of(pb.viewport().startNs(), pb.viewport().endNs()), "B's window as on screen");

        clickOn("File");
        WaitForAsyncUtils.waitForFxEvents();
        clickOn("Export view as PNG\u2026");
        Path png = dir.resolve("teach-kernel-section-ab.png");
        FxWait.until("the PNG is written", 30, () -> Files.exists(png) && Files.size(png) > 0);
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals((int) TimelineSnapshot.READABLE_WIDTH_PX, img.getWidth(), "the PNG's width");
    }
}
