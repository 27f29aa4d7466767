package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;
import static org.schedlab.fixtures.LockModes.rgb;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Set;

import org.schedlab.fixtures.LockModes;
import org.schedlab.model.Dataset;

/**
 * What a picture of {@link LockModes} must show, whatever painted it (a PNG's Java2D image, the
 * workbench's canvas): pixels are read through {@link Pixels}. 1 us per pixel over 600 us unless
 * a check zooms out.
 */
public final class LockPictureChecks {
    public static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;
    public static final int WIDTH = (int) PLOT + 600;
    public static final int HEIGHT = 420;
    /** WCAG 2.1's least contrast for a graphical object that must be seen (SC 1.4.11). */
    public static final double SEEN = 3.0;

    /** A painted picture's opaque 0xRRGGBB at a canvas pixel. */
    @FunctionalInterface
    public interface Pixels {
        int rgb(int x, int y);
    }

    /** Paints {@code d} from {@code fromUs} to {@code toUs} into a {@code WIDTH x HEIGHT} surface. */
    @FunctionalInterface
    public interface Painter {
        Pixels paint(Dataset d, Viewport vp, PaintOptions options);
    }

    private LockPictureChecks() {
    }

    /** Paints as a PNG or SVG export does: the Java2D surface, through the raster or as rectangles. */
    public static Painter java2d(boolean raster) {
        return (d, vp, options) -> {
            BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = img.createGraphics();
            try {
                new TimelineRenderer().render(TimelineData.prepare(d, () -> false), vp, TrackSpec.DEFAULT,
                        HighlightIndex.NONE, options, new Java2dSurface(g, raster));
            } finally {
                g.dispose();
            }
            return (x, y) -> img.getRGB(x, y) & 0xFFFFFF;
        };
    }

    public static Viewport viewport(long fromUs, long toUs, int plotWidthPx) {
        return new Viewport(us(fromUs), us(toUs), PLOT + plotWidthPx, HEIGHT);
    }

    static TrackRow row(Dataset d, Viewport vp, TrackKind kind, int ref) {
        return TimelineLayout.of(vp, d, TrackSpec.DEFAULT).find(kind, ref).orElseThrow();
    }

    /**
     * The write hold is capped in ink over the writer's own color, the read hold and the futex
     * (no mode) hold are the holder's color from top to bottom, as every hold was drawn before.
     */
    public static void writeHoldsStandApartAndModelessHoldsAreUnchanged(Painter painter) {
        Dataset d = LockModes.dataset();
        Viewport vp = viewport(0, 600, 600);
        Pixels p = painter.paint(d, vp, PaintOptions.DEFAULT);
        TrackRow rw = row(d, vp, TrackKind.LOCK, LockModes.MMAP_LOCK);
        TrackRow futex = row(d, vp, TrackKind.LOCK, LockModes.FUTEX);
        int conn1 = rgb(Palette.taskColor(d.task(LockModes.CONN1)));
        int top = (int) rw.topPx() + 1;
        int low = (int) (rw.topPx() + LockRowPainter.HOLDER_PX) - 2;
        int read = p.rgb((int) PLOT + 101, top);
        int write = p.rgb((int) PLOT + 301, top);
        assertEquals(conn1, read, "a read hold is its holder's color");
        assertNotEquals(read, write, "a write hold looks different from a read hold of the same task");
        assertEquals(rgb(StateColors.WRITE_HOLD), write, "the cap over a write hold");
        double most = 0;
        for (int y = (int) rw.topPx(); y < rw.topPx() + LockRowPainter.WRITE_CAP_PX; y++) {
            assertEquals(conn1, p.rgb((int) PLOT + 101, y), "no cap on a read hold, row " + y);
            most = Math.max(most, StateColors.contrast(p.rgb((int) PLOT + 301, y), read));
        }
        assertTrue(most >= SEEN, "the cap stands out of the writer's own color: contrast " + most);
        assertEquals(conn1, p.rgb((int) PLOT + 301, low), "under the cap the writer keeps its color");
        assertEquals(rgb(TimelineStyle.LIGHT.laneArgb()), p.rgb((int) PLOT + 250, top), "nobody holds it at 250 us");
        // the futex lane: every hold column is the holder's color at the top and bottom rows
        int fTop = (int) futex.topPx() + 1;
        int fLow = (int) (futex.topPx() + LockRowPainter.HOLDER_PX) - 2;
        for (int us : new int[] {100, 101, 102, 185, 199, 300, 301, 302, 385, 399}) { // beside the name
            assertEquals(conn1, p.rgb((int) PLOT + us, fTop), "futex hold at " + us + " us, top row");
            assertEquals(conn1, p.rgb((int) PLOT + us, fLow), "futex hold at " + us + " us, bottom row");
            assertEquals(conn1, p.rgb((int) PLOT + us, fTop + (int) LockRowPainter.WRITE_CAP_PX),
                    "futex hold at " + us + " us, under where a cap would end");
        }
    }

    /**
     * Zoomed out to 10 us a pixel, the 2 us write between two reads of conn2 wins its column;
     * the columns of reads alone stay uncapped.
     */
    public static void aColumnWithAWriteAndReadsIsCapped(Painter painter) {
        Dataset d = LockModes.dataset();
        Viewport vp = viewport(0, 600, 60);
        Pixels p = painter.paint(d, vp, PaintOptions.DEFAULT);
        TrackRow rw = row(d, vp, TrackKind.LOCK, LockModes.MMAP_LOCK);
        int top = (int) rw.topPx() + 1;
        int ink = rgb(StateColors.WRITE_HOLD);
        assertEquals(ink, p.rgb((int) PLOT + 52, top), "520..530 us: 2 us of write, 8 us of read");
        assertEquals(rgb(Palette.taskColor(d.task(LockModes.CONN2))), p.rgb((int) PLOT + 52, top + 8),
                "the column's holder is still the reader that held it longest");
        assertNotEquals(ink, p.rgb((int) PLOT + 50, top), "500..510 us: reads only");
        assertNotEquals(ink, p.rgb((int) PLOT + 55, top), "550..560 us: reads only");
        assertEquals(ink, p.rgb((int) PLOT + 35, top), "the 300..400 us write");
        assertNotEquals(ink, p.rgb((int) PLOT + 15, top), "the 100..200 us read");
    }

    /**
     * A handoff stall mark on a task whose color is as close to its amber as any task's: the
     * mark's footprint holds a pixel that stands out from the slice (both colorings), the amber
     * bar is still there, and the slice shows on both sides.
     */
    public static void aStallMarkStandsOutOfTheSliceUnderIt(Painter painter) {
        aMarkStandsOutOfTheSliceUnderIt(painter, LockModes.stall(), TimelineStyle.LIGHT.lockHandoffArgb(), false);
    }

    /**
     * A lock-holder preemption mark on a task whose color is as close to its red as any task's:
     * as {@link #aStallMarkStandsOutOfTheSliceUnderIt}, with the cap on top.
     */
    public static void aHolderPreemptionMarkStandsOutOfTheSliceUnderIt(Painter painter) {
        aMarkStandsOutOfTheSliceUnderIt(painter, LockModes.holderPreemptedOnRed(),
                TimelineStyle.LIGHT.lockHolderPreemptionArgb(), true);
    }

    private static void aMarkStandsOutOfTheSliceUnderIt(Painter painter, Dataset d, int markArgb, boolean capOnTop) {
        Viewport vp = viewport(0, 600, 600);
        int mark = rgb(markArgb);
        for (ColorMode mode : ColorMode.values()) {
            Pixels p = painter.paint(d, vp, PaintOptions.DEFAULT.withColorMode(mode));
            TrackRow cpu0 = row(d, vp, TrackKind.CPU, 0);
            int mid = (int) (cpu0.topPx() + cpu0.heightPx() / 2);
            int x = (int) PLOT + 300;
            int slice = p.rgb(x - 40, mid);
            if (mode == ColorMode.BY_TASK) {
                assertEquals(rgb(Palette.taskColor(d.task(0))), slice);
                assertTrue(StateColors.contrast(slice, mark) < 1.5,
                        "the fixture's point: the mark's color on this task reads " + StateColors.contrast(slice, mark));
            }
            assertEquals(mark, p.rgb(x, mid), mode + ": the bar is the mark's color");
            assertEquals(mark, p.rgb(x + 1, mid));
            double most = 0;
            for (int xx = x - 1; xx <= x + 2; xx++) {
                most = Math.max(most, StateColors.contrast(p.rgb(xx, mid), slice));
            }
            assertTrue(most >= SEEN, mode + ": the mark stands out of the slice, most contrast " + most);
            assertEquals(slice, p.rgb(x - 2, mid), mode + ": the slice shows left of the mark");
            assertEquals(slice, p.rgb(x + 3, mid), mode + ": and right of it");
            int capRow = capOnTop ? (int) cpu0.topPx() : (int) (cpu0.topPx() + cpu0.heightPx()) - 1;
            String where = capOnTop ? "on top" : "below";
            assertEquals(mark, p.rgb(x - 2, capRow), mode + ": the cap " + where);
            assertTrue(StateColors.contrast(p.rgb(x - 3, capRow), slice) >= SEEN, mode + ": the cap is edged too");
        }
    }

    /** The legend names the write-hold cap while a write hold is in view, and only then. */
    public static List<String> keysOf(Dataset d, Viewport vp) {
        FrameSummary f = new TimelineRenderer().render(TimelineData.prepare(d, () -> false), vp,
                new TrackSpec(List.of(), Set.of()), HighlightIndex.NONE, PaintOptions.DEFAULT, new RecordingSurface());
        return f.keys().stream().map(LegendEntry::label).toList();
    }
}
