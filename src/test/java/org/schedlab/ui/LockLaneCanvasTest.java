package org.schedlab.ui;

import java.util.concurrent.atomic.AtomicReference;

import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.render.HighlightIndex;
import org.schedlab.render.LockPictureChecks;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TimelineRenderer;
import org.schedlab.render.TrackSpec;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The workbench canvas shows write holds apart from read holds, futex holds as before, and
 * handoff stall and lock-holder preemption marks that stand out of a by-task slice: the timeline painted into a JavaFX
 * {@link Canvas} (the raster path the window uses) and read back from a snapshot.
 */
@ExtendWith(ApplicationExtension.class)
class LockLaneCanvasTest extends FxRobot {
    private Canvas canvas;

    @Start
    void start(Stage stage) {
        canvas = new Canvas(LockPictureChecks.WIDTH, LockPictureChecks.HEIGHT);
        stage.setScene(new Scene(new Pane(canvas)));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    private LockPictureChecks.Painter canvasPainter() {
        return (d, vp, options) -> {
            AtomicReference<WritableImage> shot = new AtomicReference<>();
            interact(() -> {
                FxSurface s = new FxSurface(canvas.getGraphicsContext2D());
                new TimelineRenderer().render(TimelineData.prepare(d, () -> false), vp, TrackSpec.DEFAULT,
                        HighlightIndex.NONE, options, s);
                shot.set(canvas.snapshot(new SnapshotParameters(), null));
            });
            PixelReader r = shot.get().getPixelReader();
            return (x, y) -> r.getArgb(x, y) & 0xFFFFFF;
        };
    }

    @Test
    void writeHoldsStandApartFromReadHoldsAndFutexHoldsAreUnchanged() {
        LockPictureChecks.writeHoldsStandApartAndModelessHoldsAreUnchanged(canvasPainter());
    }

    @Test
    void zoomedOutAColumnWithAWriteInItIsAWritersColumn() {
        LockPictureChecks.aColumnWithAWriteAndReadsIsCapped(canvasPainter());
    }

    @Test
    void aHandoffStallMarkStandsOutOfAnyTaskColor() {
        LockPictureChecks.aStallMarkStandsOutOfTheSliceUnderIt(canvasPainter());
    }

    @Test
    void aLockHolderPreemptionMarkStandsOutOfAnyTaskColor() {
        LockPictureChecks.aHolderPreemptionMarkStandsOutOfTheSliceUnderIt(canvasPainter());
    }
}
