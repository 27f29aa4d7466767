package org.schedlab.ui;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import java.nio.IntBuffer;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

import org.schedlab.render.Argb;
import org.schedlab.render.DrawSurface;
import org.schedlab.render.PixelRaster;

/**
 * The drawing interface over a JavaFX canvas. Text widths are measured with a scene-graph
 * {@link Text} in the same font and cached, because the axis and legend ask for the same few
 * strings on every frame. Rasters are shown through a {@link PixelBuffer} wrapping the raster's
 * own array (no copy) and one {@code drawImage}: the fast path for dense lanes.
 */
public final class FxSurface implements DrawSurface {
    private static final int WIDTH_CACHE_SIZE = 2048;

    private final GraphicsContext gc;
    private final Map<Double, Font> fonts = new HashMap<>();
    private final Map<String, Double> widths = new LinkedHashMap<>(256, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Double> eldest) {
            return size() > WIDTH_CACHE_SIZE;
        }
    };
    private final Text measurer = new Text();
    private PixelBuffer<IntBuffer> pixelBuffer;
    private WritableImage image;
    private int[] wrapped;
    private int color = 0xFF000000;
    private int lastApplied;
    private boolean applied;

    public FxSurface(GraphicsContext gc) {
        this.gc = gc;
        gc.setLineWidth(1);
    }

    @Override
    public void setColor(int argb) {
        color = argb;
    }

    @Override
    public void fillRect(double xPx, double yPx, double widthPx, double heightPx) {
        apply();
        gc.fillRect(xPx, yPx, widthPx, heightPx);
    }

    @Override
    public void strokeLine(double x1Px, double y1Px, double x2Px, double y2Px) {
        apply();
        gc.strokeLine(x1Px, y1Px, x2Px, y2Px);
    }

    @Override
    public void fillText(String text, double xPx, double baselineYPx, double fontSizePx) {
        apply();
        gc.setFont(font(fontSizePx));
        gc.fillText(text, xPx, baselineYPx);
    }

    @Override
    public double textWidthPx(String text, double fontSizePx) {
        return widths.computeIfAbsent(fontSizePx + "\u0000" + text, k -> {
            measurer.setFont(font(fontSizePx));
            measurer.setText(text);
            return measurer.getLayoutBounds().getWidth();
        });
    }

    @Override
    public void pushClip(double xPx, double yPx, double widthPx, double heightPx) {
        gc.save();
        gc.beginPath();
        gc.rect(xPx, yPx, widthPx, heightPx);
        gc.closePath();
        gc.clip();
    }

    @Override
    public void popClip() {
        gc.restore();
        applied = false; // restore brought back the fill and stroke of the save
    }

    @Override
    public boolean prefersRaster() {
        return true;
    }

    @Override
    public void drawRaster(PixelRaster raster, double xPx, double yPx) {
        int w = raster.widthPx();
        int h = raster.heightPx();
        if (w == 0 || h == 0) {
            return;
        }
        if (pixelBuffer == null || wrapped != raster.pixels() || pixelBuffer.getWidth() != w
                || pixelBuffer.getHeight() != h) {
            wrapped = raster.pixels();
            pixelBuffer = new PixelBuffer<>(w, h, IntBuffer.wrap(wrapped, 0, w * h).slice(),
                    PixelFormat.getIntArgbPreInstance());
            image = new WritableImage(pixelBuffer);
        } else {
            pixelBuffer.updateBuffer(b -> null); // the whole raster changed
        }
        gc.drawImage(image, Math.round(xPx), Math.round(yPx));
    }

    private void apply() {
        if (applied && lastApplied == color) {
            return;
        }
        Color c = Color.rgb(Argb.red(color), Argb.green(color), Argb.blue(color), Argb.alpha(color) / 255.0);
        gc.setFill(c);
        gc.setStroke(c);
        lastApplied = color;
        applied = true;
    }

    private Font font(double sizePx) {
        return fonts.computeIfAbsent(sizePx, s -> Font.font(Font.getDefault().getFamily(), s));
    }
}
