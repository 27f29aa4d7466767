package org.schedlab.render;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.jfree.svg.SVGGraphics2D;
import org.schedlab.io.AtomicFiles;

/**
 * A {@link Figure} as a PNG (Java2D, at 1x or 2x: the 2x image has twice the pixels, sharper
 * text and lines for high-density screens and slides) or as an SVG (JFreeSVG: every lane
 * rectangle and every caption word stays a vector element). Works headless: no display, no
 * JavaFX. Files are written beside the target and moved over it, so a failed export never
 * leaves half a picture.
 */
public final class FigureWriter {
    /** Largest scale factor offered (1x and 2x). */
    public static final int MAX_SCALE = 2;

    private FigureWriter() {
    }

    /** The figure's height at 1x, its caption measured with the fonts the image uses. */
    public static int heightPx(Figure f) {
        return f.heightPx(measuringSurface());
    }

    /** The figure painted into an image {@code scale} times its size in each direction. */
    public static BufferedImage image(Figure f, int scale) {
        checkScale(scale);
        int w = f.widthPx();
        int h = f.heightPx(measuringSurface());
        BufferedImage image = new BufferedImage(Math.max(1, w * scale), Math.max(1, h * scale),
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.scale(scale, scale);
            // lane pictures are per-pixel columns: scaled up they should stay crisp, not blurred
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_NEAREST_NEIGHBOR);
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
            f.paint(new Java2dSurface(g, true));
        } finally {
            g.dispose();
        }
        return image;
    }

    /** Pixels per inch of a 1x picture: a CSS pixel's, what screens and office documents take an image's pixel for. */
    public static final int DPI_AT_1X = 96;

    /**
     * The figure as a PNG that says its density ({@value #DPI_AT_1X} dpi times {@code scale}, in
     * its pHYs chunk): a 2x picture pasted into a document or slide is shown at the 1x picture's
     * size, twice as sharp, not twice as large.
     */
    public static void writePng(Figure f, int scale, OutputStream out) throws IOException {
        BufferedImage image = image(f, scale);
        java.util.Iterator<javax.imageio.ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
        if (!writers.hasNext()) {
            throw new IOException("no PNG writer in this Java runtime");
        }
        javax.imageio.ImageWriter writer = writers.next();
        try (javax.imageio.stream.ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
            javax.imageio.ImageTypeSpecifier type = javax.imageio.ImageTypeSpecifier.createFromRenderedImage(image);
            javax.imageio.ImageWriteParam param = writer.getDefaultWriteParam();
            javax.imageio.metadata.IIOMetadata meta = writer.getDefaultImageMetadata(type, param);
            String format = "javax_imageio_png_1.0";
            javax.imageio.metadata.IIOMetadataNode phys = new javax.imageio.metadata.IIOMetadataNode("pHYs");
            String perMetre = Long.toString(Math.round(DPI_AT_1X * scale / 0.0254));
            phys.setAttribute("pixelsPerUnitXAxis", perMetre);
            phys.setAttribute("pixelsPerUnitYAxis", perMetre);
            phys.setAttribute("unitSpecifier", "meter");
            javax.imageio.metadata.IIOMetadataNode root = new javax.imageio.metadata.IIOMetadataNode(format);
            root.appendChild(phys);
            meta.mergeTree(format, root);
            writer.setOutput(ios);
            writer.write(new javax.imageio.IIOImage(image, null, meta));
        } finally {
            writer.dispose();
        }
    }

    /** The figure as a standalone SVG document. */
    public static String svg(Figure f) {
        int w = f.widthPx();
        int h = f.heightPx(measuringSurface());
        SVGGraphics2D g = new SVGGraphics2D(w, h);
        // JFreeSVG's default id prefix is System.nanoTime(): the same view exported twice differed
        g.setDefsKeyPrefix("schedlab-");
        f.paint(new Java2dSurface(g, false));
        return xmlChars(g.getSVGDocument());
    }

    /**
     * {@code svg} with every character XML 1.0 forbids (controls other than tab, newline and
     * return; U+FFFE, U+FFFF; lone surrogates) as U+FFFD: JFreeSVG escapes markup but passes a
     * comm such as "\u001b[31m" through raw, and a browser then shows no picture at all.
     */
    static String xmlChars(String svg) {
        StringBuilder b = null;
        for (int i = 0; i < svg.length(); i++) {
            char ch = svg.charAt(i);
            boolean ok;
            if (Character.isHighSurrogate(ch) && i + 1 < svg.length() && Character.isLowSurrogate(svg.charAt(i + 1))) {
                if (b != null) {
                    b.append(ch).append(svg.charAt(i + 1));
                }
                i++;
                continue;
            }
            ok = ch == '\t' || ch == '\n' || ch == '\r' || (ch >= 0x20 && ch <= 0xfffd && !Character.isSurrogate(ch));
            if (!ok && b == null) {
                b = new StringBuilder(svg.length()).append(svg, 0, i);
            }
            if (b != null) {
                b.append(ok ? ch : '\ufffd');
            }
        }
        return b == null ? svg : b.toString();
    }

    /** Writes {@code f} to {@code file} in {@code format} ({@code scale} applies to PNG). */
    public static void write(Figure f, ExportFormat format, int scale, Path file) throws IOException {
        checkScale(scale);
        // as every output: complete or not at all, through a symbolic link to its target, and
        // straight into a device such as /dev/null (renaming over it would replace the device)
        AtomicFiles.write(file, out -> {
            if (format == ExportFormat.PNG) {
                writePng(f, scale, out);
            } else {
                out.write(svg(f).getBytes(StandardCharsets.UTF_8));
            }
        });
    }

    private static void checkScale(int scale) {
        if (scale < 1 || scale > MAX_SCALE) {
            throw new IllegalArgumentException("scale must be 1 or 2, was " + scale);
        }
    }

    /** Measures text as the image will draw it (same fonts, same hints). */
    private static DrawSurface measuringSurface() {
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = scratch.createGraphics();
        return new Java2dSurface(g);
    }
}
