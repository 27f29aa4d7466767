package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.LockModes;
import org.schedlab.model.Dataset;

/**
 * The pixels of an rwsem's write holds against its read holds and a futex's modeless holds as a
 * PNG has them: painted by the Java2D surface through the raster (PNG) and as rectangles (the
 * SVG path), without a display. The workbench canvas is checked the same way in
 * {@code ui.LockLaneCanvasTest}.
 */
class LockLanePixelsTest {
    @Test
    void writeHoldsStandApartFromReadHoldsAndFutexHoldsAreUnchanged() {
        LockPictureChecks.writeHoldsStandApartAndModelessHoldsAreUnchanged(LockPictureChecks.java2d(true));
        LockPictureChecks.writeHoldsStandApartAndModelessHoldsAreUnchanged(LockPictureChecks.java2d(false));
    }

    @Test
    void zoomedOutAColumnWithAWriteInItIsAWritersColumn() {
        LockPictureChecks.aColumnWithAWriteAndReadsIsCapped(LockPictureChecks.java2d(true));
        LockPictureChecks.aColumnWithAWriteAndReadsIsCapped(LockPictureChecks.java2d(false));
    }

    @Test
    void theLegendExplainsTheCapWhileAWriteHoldIsInView() {
        Dataset d = LockModes.dataset();
        assertTrue(LockPictureChecks.keysOf(d, LockPictureChecks.viewport(0, 600, 600)).contains("write hold"));
        List<String> readsOnly = LockPictureChecks.keysOf(d, LockPictureChecks.viewport(0, 250, 600));
        assertFalse(readsOnly.contains("write hold"), readsOnly.toString());
        assertFalse(readsOnly.contains("holder off CPU"), "both holders stay on CPU, nothing is hatched: " + readsOnly);
    }

    @Test
    void aWriteHoldsNameSitsUnderTheCapAndAModelessHoldsWhereItWas() {
        Dataset d = LockModes.dataset();
        Viewport vp = LockPictureChecks.viewport(0, 600, 600);
        RecordingSurface s = new RecordingSurface();
        new TimelineRenderer().render(TimelineData.prepare(d, () -> false), vp, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT, s);
        TrackRow rw = LockPictureChecks.row(d, vp, TrackKind.LOCK, LockModes.MMAP_LOCK);
        TrackRow futex = LockPictureChecks.row(d, vp, TrackKind.LOCK, LockModes.FUTEX);
        double font = TimelineStyle.LIGHT.sliceFontPx();
        double plain = (LockRowPainter.HOLDER_PX - LockRowPainter.OFF_BAR_PX) / 2 + font * 0.36;
        double capped = (LockRowPainter.WRITE_CAP_PX + LockRowPainter.HOLDER_PX - LockRowPainter.OFF_BAR_PX) / 2
                + font * 0.36;
        String name = d.task(LockModes.CONN1).label();
        assertEquals(futex.topPx() + plain, baseline(s, name, futex, 100), 1e-9, "futex: as before");
        assertEquals(futex.topPx() + plain, baseline(s, name, futex, 300), 1e-9);
        assertEquals(rw.topPx() + plain, baseline(s, name, rw, 100), 1e-9, "a read hold: as before");
        assertEquals(rw.topPx() + capped, baseline(s, name, rw, 300), 1e-9, "a write hold: under the cap");
    }

    private static double baseline(RecordingSurface s, String text, TrackRow row, int holdStartUs) {
        return s.texts().stream()
                .filter(t -> t.text().equals(text) && t.baselineYPx() > row.topPx() && t.baselineYPx() < row.bottomPx()
                        && Math.abs(t.xPx() - (LockPictureChecks.PLOT + holdStartUs + 5)) < 2)
                .findFirst().orElseThrow(() -> new AssertionError(text + " at " + holdStartUs + " us: " + s.texts()))
                .baselineYPx();
    }
}
