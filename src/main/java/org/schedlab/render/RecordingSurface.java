package org.schedlab.render;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A surface that draws nothing and remembers every call with the color in force, so tests
 * assert what a renderer would draw ("a blue rectangle from x=120 to 180 in lane 0") without a
 * window or pixels. Text is measured as {@value #CHAR_WIDTH_EM} em per character, which is close
 * to the UI font and, unlike a real font, the same on every machine.
 */
public final class RecordingSurface implements DrawSurface {
    public static final double CHAR_WIDTH_EM = 0.6;

    /** One recorded call. */
    public sealed interface Op permits Rect, Line, Text, Clip, Unclip, Pixels {
    }

    public record Rect(double xPx, double yPx, double widthPx, double heightPx, int argb) implements Op {
        public double rightPx() {
            return xPx + widthPx;
        }
    }

    public record Line(double x1Px, double y1Px, double x2Px, double y2Px, int argb) implements Op {
    }

    public record Text(String text, double xPx, double baselineYPx, double fontSizePx, double widthPx, int argb)
            implements Op {
        public double rightPx() {
            return xPx + widthPx;
        }
    }

    public record Clip(double xPx, double yPx, double widthPx, double heightPx) implements Op {
    }

    public record Unclip() implements Op {
    }

    /** A raster drawn at (xPx, yPx): a copy of its pixels, row by row. */
    public record Pixels(double xPx, double yPx, int widthPx, int heightPx, int[] argb) implements Op {
        /** The pixel at canvas point (x, y), or 0 (transparent) outside the raster. */
        public int argbAtCanvas(double x, double y) {
            int px = (int) Math.floor(x - xPx);
            int py = (int) Math.floor(y - yPx);
            if (px < 0 || py < 0 || px >= widthPx || py >= heightPx) {
                return 0;
            }
            return argb[py * widthPx + px];
        }
    }

    private final List<Op> ops = new ArrayList<>();
    private final boolean raster;
    private int color = 0xFF000000;
    private int clipDepth;

    /** A recorder that asks for vector drawing: every lane column is a {@link Rect}. */
    public RecordingSurface() {
        this(false);
    }

    /** With {@code raster}, renderers paint dense lanes into a raster, recorded as {@link Pixels}. */
    public RecordingSurface(boolean raster) {
        this.raster = raster;
    }

    @Override
    public boolean prefersRaster() {
        return raster;
    }

    @Override
    public void drawRaster(PixelRaster r, double xPx, double yPx) {
        int n = r.widthPx() * r.heightPx();
        ops.add(new Pixels(xPx, yPx, r.widthPx(), r.heightPx(), java.util.Arrays.copyOf(r.pixels(), n)));
    }

    /** The rasters drawn, in order. */
    public List<Pixels> pixels() {
        return ops.stream().filter(Pixels.class::isInstance).map(Pixels.class::cast).collect(Collectors.toList());
    }

    @Override
    public void setColor(int argb) {
        color = argb;
    }

    @Override
    public void fillRect(double xPx, double yPx, double widthPx, double heightPx) {
        ops.add(new Rect(xPx, yPx, widthPx, heightPx, color));
    }

    @Override
    public void strokeLine(double x1Px, double y1Px, double x2Px, double y2Px) {
        ops.add(new Line(x1Px, y1Px, x2Px, y2Px, color));
    }

    @Override
    public void fillText(String text, double xPx, double baselineYPx, double fontSizePx) {
        ops.add(new Text(text, xPx, baselineYPx, fontSizePx, textWidthPx(text, fontSizePx), color));
    }

    @Override
    public double textWidthPx(String text, double fontSizePx) {
        return text.length() * fontSizePx * CHAR_WIDTH_EM;
    }

    @Override
    public void pushClip(double xPx, double yPx, double widthPx, double heightPx) {
        clipDepth++;
        ops.add(new Clip(xPx, yPx, widthPx, heightPx));
    }

    @Override
    public void popClip() {
        if (clipDepth == 0) {
            throw new IllegalStateException("popClip without pushClip");
        }
        clipDepth--;
        ops.add(new Unclip());
    }

    /** Clips still open: a renderer that finishes a frame with this above 0 leaks a clip. */
    public int openClips() {
        return clipDepth;
    }

    public List<Op> ops() {
        return List.copyOf(ops);
    }

    public List<Rect> rects() {
        return ops.stream().filter(Rect.class::isInstance).map(Rect.class::cast).collect(Collectors.toList());
    }

    public List<Line> lines() {
        return ops.stream().filter(Line.class::isInstance).map(Line.class::cast).collect(Collectors.toList());
    }

    public List<Text> texts() {
        return ops.stream().filter(Text.class::isInstance).map(Text.class::cast).collect(Collectors.toList());
    }

    /** Rectangles lying inside the horizontal band {@code [topPx, bottomPx)}, e.g. one lane. */
    public List<Rect> rectsIn(double topPx, double bottomPx) {
        return rects().stream().filter(r -> r.yPx() >= topPx && r.yPx() + r.heightPx() <= bottomPx)
                .collect(Collectors.toList());
    }

    public void clear() {
        ops.clear();
    }
}
