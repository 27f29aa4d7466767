package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;
import static org.schedlab.fixtures.LockModes.rgb;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;

import org.schedlab.fixtures.LockModes;
import org.schedlab.model.Dataset;

/**
 * What a picture of {@link LockModes#stall()} must show, whatever painted it (a PNG's Java2D image, the
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
     * A handoff stall mark on a task whose color is as close to its amber as any task's: the
     * mark's footprint holds a pixel that stands out from the slice (both colorings), the amber
     * bar is still there, and the slice shows on both sides.
     */
    public static void aStallMarkStandsOutOfTheSliceUnderIt(Painter painter) {
        Dataset d = LockModes.stall();
        Viewport vp = viewport(0, 600, 600);
        int amber = rgb(TimelineStyle.LIGHT.lockHandoffArgb());
        for (ColorMode mode : ColorMode.values()) {
            Pixels p = painter.paint(d, vp, PaintOptions.DEFAULT.withColorMode(mode));
            TrackRow cpu0 = row(d, vp, TrackKind.CPU, 0);
            int mid = (int) (cpu0.topPx() + cpu0.heightPx() / 2);
            int x = (int) PLOT + 300;
            int slice = p.rgb(x - 40, mid);
            if (mode == ColorMode.BY_TASK) {
                assertEquals(rgb(Palette.taskColor(d.task(0))), slice);
                assertTrue(StateColors.contrast(slice, amber) < 1.5,
                        "the fixture's point: amber on this task reads " + StateColors.contrast(slice, amber));
            }
            assertEquals(amber, p.rgb(x, mid), mode + ": the bar is amber");
            assertEquals(amber, p.rgb(x + 1, mid));
            double most = 0;
            for (int xx = x - 1; xx <= x + 2; xx++) {
                most = Math.max(most, StateColors.contrast(p.rgb(xx, mid), slice));
            }
            assertTrue(most >= SEEN, mode + ": the mark stands out of the slice, most contrast " + most);
            assertEquals(slice, p.rgb(x - 2, mid), mode + ": the slice shows left of the mark");
            assertEquals(slice, p.rgb(x + 3, mid), mode + ": and right of it");
            int bottom = (int) (cpu0.topPx() + cpu0.heightPx()) - 1;
            assertEquals(amber, p.rgb(x - 2, bottom), mode + ": the cap below");
            assertTrue(StateColors.contrast(p.rgb(x - 3, bottom), slice) >= SEEN, mode + ": the cap is edged too");
        }
    }
}
