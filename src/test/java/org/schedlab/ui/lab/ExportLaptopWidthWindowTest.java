package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.render.Caption;
import org.schedlab.render.Figure;
import org.schedlab.render.FigureWriter;
import org.schedlab.render.RecordingSurface;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TimelinePanel;
import org.schedlab.render.TrackRow;
import org.schedlab.render.Viewport;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.export.TimelineSnapshot;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A 1024 x 768 laptop's Live run of teach-kernel-section, exported for a slide (and its A/B tab, below): its timeline is
 * about 380 px wide there, and the PNG was that strip, two axis labels, "always 100" under
 * throughput without its "sections/s". The picture is {@link TimelineSnapshot#READABLE_WIDTH_PX}
 * wide over the window and lanes on screen, and each counter's scale has its unit.
 */
@ExtendWith(ApplicationExtension.class)
class ExportLaptopWidthWindowTest extends FxRobot {
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
    void aLaptopsLiveRunIsExportedReadableOverTheSameWindowAndLanes() throws Exception {
        org.schedlab.sim.scenario.Scenario section = ScenarioCatalog.builtIn("teach-kernel-section");
        interact(() -> {
            window.lab.openLive(section, Map.of());
            window.ui.showLive();
        });
        TimelineView view = FxWait.onFx(() -> lookup("#live-timeline").queryAs(TimelineView.class));
        FxWait.untilOnFx("the run painted", 60, () -> window.lab.live().outcome().isPresent()
                && !window.lab.live().busyProperty().get() && view.lastPaintedViewport().isPresent()
                && !view.lastFrameStale());
        WaitForAsyncUtils.waitForFxEvents();
        Viewport onScreen = FxWait.onFx(() -> view.lastPaintedViewport().orElseThrow());
        assertTrue(onScreen.widthPx() < TimelineSnapshot.READABLE_WIDTH_PX / 2,
                "a laptop's Live timeline is narrow: " + onScreen.widthPx());
        List<TrackRow> rowsOnScreen = FxWait.onFx(() -> view.currentLayout().visibleRows());
        long origin = FxWait.onFx(() -> window.lab.live().timeline().dataset().startNs());

        Figure[] figure = new Figure[1];
        interact(() -> figure[0] = window.workbench.exports().current().figure().orElseThrow());
        Viewport drawn = figure[0].panels().get(0).viewport();
        assertEquals(TimelineSnapshot.READABLE_WIDTH_PX, drawn.widthPx(), "the picture's timeline width");
        assertEquals(Caption.stretchText(onScreen.startNs() - origin, onScreen.endNs() - origin),
                Caption.stretchText(figure[0].caption().window().orElseThrow().startNs(),
                        figure[0].caption().window().orElseThrow().endNs()), "the caption names the window on screen");
        assertEquals(onScreen.laneScrollPx(), drawn.laneScrollPx(), "the same scroll");
        List<TrackRow> rowsDrawn = TimelineLayout.of(drawn, window.lab.live().timeline().dataset(),
                figure[0].panels().get(0).spec()).visibleRows();
        assertEquals(rowsOnScreen.stream().filter(r -> r.bottomPx() <= TimelineLayout.of(onScreen,
                        window.lab.live().timeline().dataset(), figure[0].panels().get(0).spec()).lanesBottomPx())
                        .map(r -> r.label() + " " + r.heightPx()).toList(),
                rowsDrawn.stream().map(r -> r.label() + " " + r.heightPx()).toList(),
                "the lanes whole on screen, at their heights");
        RecordingSurface s = new RecordingSurface();
        figure[0].paint(s);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).toList();
        assertTrue(texts.contains("always 100 sections/s"), "throughput's scale with its unit: " + texts);

        clickOn("File");
        WaitForAsyncUtils.waitForFxEvents();
        clickOn("Export view as PNG\u2026");
        Path png = dir.resolve("teach-kernel-section-live.png");
        FxWait.until("the PNG is written", 30, () -> Files.exists(png) && Files.size(png) > 0);
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals((int) TimelineSnapshot.READABLE_WIDTH_PX, img.getWidth(), "the PNG's width");
        assertEquals(FigureWriter.heightPx(figure[0]), img.getHeight(), "the lanes, the legend and the caption strip");
    }

    /**
     * A 1024 x 768 laptop's A/B tab gives each timeline about 630 px: its picture is drawn at the
     * readable width as the Live run's is, A and B on one canvas width and one time axis, each side
     * over the window it shows on screen.
     */
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
