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
}
