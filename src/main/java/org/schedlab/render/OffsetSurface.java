package org.schedlab.render;

/**
 * A surface whose origin is moved down by {@code dyPx}: a figure stacks timelines (each painted
 * from its own top-left corner) without the renderer knowing where it sits.
 */
final class OffsetSurface implements DrawSurface {
    private final DrawSurface s;
    private final double dyPx;

    OffsetSurface(DrawSurface s, double dyPx) {
        this.s = s;
        this.dyPx = dyPx;
    }

    @Override
    public void setColor(int argb) {
        s.setColor(argb);
    }

    @Override
    public void fillRect(double xPx, double yPx, double widthPx, double heightPx) {
        s.fillRect(xPx, yPx + dyPx, widthPx, heightPx);
    }

    @Override
    public void strokeLine(double x1Px, double y1Px, double x2Px, double y2Px) {
        s.strokeLine(x1Px, y1Px + dyPx, x2Px, y2Px + dyPx);
    }

    @Override
    public void fillText(String text, double xPx, double baselineYPx, double fontSizePx) {
        s.fillText(text, xPx, baselineYPx + dyPx, fontSizePx);
    }

    @Override
    public double textWidthPx(String text, double fontSizePx) {
        return s.textWidthPx(text, fontSizePx);
    }

    @Override
    public void pushClip(double xPx, double yPx, double widthPx, double heightPx) {
        s.pushClip(xPx, yPx + dyPx, widthPx, heightPx);
    }

    @Override
    public void popClip() {
        s.popClip();
    }

    @Override
    public boolean prefersRaster() {
        return s.prefersRaster();
    }

    @Override
    public void drawRaster(PixelRaster raster, double xPx, double yPx) {
        s.drawRaster(raster, xPx, yPx + dyPx);
    }
}
