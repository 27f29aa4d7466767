package org.schedlab.render;

/**
 * What a renderer may draw. Deliberately tiny so that every backend (JavaFX canvas, Java2D image,
 * SVG, the test recorder) implements it in a few lines and every renderer works on all of them.
 * Coordinates are pixels, origin top-left; colors are ARGB ints (see {@link Argb}).
 */
public interface DrawSurface {

    /** Color for the following fills, lines and text. */
    void setColor(int argb);

    void fillRect(double xPx, double yPx, double widthPx, double heightPx);

    /** A one-pixel-wide line. */
    void strokeLine(double x1Px, double y1Px, double x2Px, double y2Px);

    /** Text in the UI's sans-serif face; {@code baselineYPx} is where the glyphs sit. */
    void fillText(String text, double xPx, double baselineYPx, double fontSizePx);

    /** How wide {@code text} would be drawn at that size, so labels are placed only where they fit. */
    double textWidthPx(String text, double fontSizePx);

    /** Restricts drawing to the rectangle (intersected with any enclosing clip) until {@link #popClip()}. */
    void pushClip(double xPx, double yPx, double widthPx, double heightPx);

    /** Undoes the latest {@link #pushClip}. */
    void popClip();

    /**
     * Whether this backend draws a {@link PixelRaster} cheaply (an image blit): renderers then
     * paint dense lanes into a raster instead of issuing a rectangle per column.
     */
    default boolean prefersRaster() {
        return false;
    }

    /**
     * Draws {@code raster} with its top-left pixel at {@code (xPx, yPx)}; transparent pixels leave
     * what is under them. The default issues one rectangle per run of equal pixels in a row, so
     * vector backends (SVG) stay correct, just not fast.
     */
    default void drawRaster(PixelRaster raster, double xPx, double yPx) {
        int w = raster.widthPx();
        for (int y = 0; y < raster.heightPx(); y++) {
            int x = 0;
            while (x < w) {
                int c = raster.argbAt(x, y);
                int end = x + 1;
                while (end < w && raster.argbAt(end, y) == c) {
                    end++;
                }
                if (Argb.alpha(c) != 0) {
                    setColor(c);
                    fillRect(xPx + x, yPx + y, end - x, 1);
                }
                x = end;
            }
        }
    }
}
