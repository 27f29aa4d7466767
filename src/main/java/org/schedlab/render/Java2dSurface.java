package org.schedlab.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.DataBufferInt;
import java.awt.image.DirectColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The drawing interface over a Java2D {@link Graphics2D}: PNG export and the CLI {@code render}
 * paint into a {@link BufferedImage} with no display; an SVG graphics object works as well.
 */
public final class Java2dSurface implements DrawSurface {
    private final Graphics2D g;
    private final Map<Double, Font> fonts = new HashMap<>();
    private final Deque<Shape> clips = new ArrayDeque<>();
    private final boolean raster;

    public Java2dSurface(Graphics2D g) {
        this(g, true);
    }

    /**
     * With {@code raster} false, dense lanes are drawn as rectangles rather than one image, so
     * an SVG graphics object keeps them as vectors (an embedded bitmap would not scale).
     */
    public Java2dSurface(Graphics2D g, boolean raster) {
        this.g = g;
        this.raster = raster;
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    }

    /** Paints {@code painter} into a new opaque image of the given size. */
    public static BufferedImage paint(int widthPx, int heightPx, Consumer<DrawSurface> painter) {
        BufferedImage image = new BufferedImage(Math.max(1, widthPx), Math.max(1, heightPx), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            painter.accept(new Java2dSurface(g));
        } finally {
            g.dispose();
        }
        return image;
    }

    @Override
    public void setColor(int argb) {
        g.setColor(new Color(argb, true));
    }

    @Override
    public void fillRect(double xPx, double yPx, double widthPx, double heightPx) {
        g.fill(new Rectangle2D.Double(xPx, yPx, widthPx, heightPx));
    }

    @Override
    public void strokeLine(double x1Px, double y1Px, double x2Px, double y2Px) {
        g.draw(new Line2D.Double(x1Px, y1Px, x2Px, y2Px));
    }

    @Override
    public void fillText(String text, double xPx, double baselineYPx, double fontSizePx) {
        g.setFont(font(fontSizePx));
        g.drawString(text, (float) xPx, (float) baselineYPx);
    }

    @Override
    public double textWidthPx(String text, double fontSizePx) {
        return font(fontSizePx).getStringBounds(text, g.getFontRenderContext()).getWidth();
    }

    @Override
    public void pushClip(double xPx, double yPx, double widthPx, double heightPx) {
        clips.push(g.getClip() == null ? NO_CLIP : g.getClip());
        g.clip(new Rectangle2D.Double(xPx, yPx, widthPx, heightPx));
    }

    @Override
    public void popClip() {
        Shape previous = clips.pop();
        g.setClip(previous == NO_CLIP ? null : previous);
    }

    @Override
    public boolean prefersRaster() {
        return raster;
    }

    @Override
    public void drawRaster(PixelRaster raster, double xPx, double yPx) {
        int w = raster.widthPx();
        int h = raster.heightPx();
        if (w == 0 || h == 0) {
            return;
        }
        DataBufferInt buffer = new DataBufferInt(raster.pixels(), w * h);
        WritableRaster r = Raster.createPackedRaster(buffer, w, h, w, PREMULTIPLIED_ARGB.getMasks(), null);
        BufferedImage image = new BufferedImage(PREMULTIPLIED_ARGB, r, true, null);
        g.drawImage(image, (int) Math.round(xPx), (int) Math.round(yPx), null);
    }

    private static final DirectColorModel PREMULTIPLIED_ARGB = new DirectColorModel(
            ColorModel.getRGBdefault().getColorSpace(), 32, 0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000, true,
            java.awt.image.DataBuffer.TYPE_INT);

    private Font font(double sizePx) {
        return fonts.computeIfAbsent(sizePx, s -> new Font(Font.SANS_SERIF, Font.PLAIN, 1).deriveFont(s.floatValue()));
    }

    /** Stands for "no clip" on the stack, which cannot hold null. */
    private static final Shape NO_CLIP = new Rectangle2D.Double();
}
