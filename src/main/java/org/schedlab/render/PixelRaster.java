package org.schedlab.render;

import java.util.Arrays;

/**
 * A block of ARGB pixels (premultiplied; renderers write opaque colors or fully transparent
 * ones, for which the two forms agree). Dense lanes are written here column by column and shown
 * with one image draw: under a software pipeline that is several times cheaper than a rectangle
 * per column (BUILD.md). Reused between frames of one size.
 */
public final class PixelRaster {
    private int widthPx;
    private int heightPx;
    private int[] pixels = new int[0];
    private long version;

    /** Makes the raster {@code w x h} (growing its array only when needed) and clears it. */
    public void reset(int w, int h) {
        widthPx = Math.max(0, w);
        heightPx = Math.max(0, h);
        int n = widthPx * heightPx;
        if (pixels.length < n || pixels.length > 4 * n + 1024) {
            pixels = new int[n];
        } else {
            Arrays.fill(pixels, 0, n, 0);
        }
        version++;
    }

    /**
     * Makes the raster {@code w x h} without clearing what the last frame left (a new array
     * starts cleared): for a writer that overwrites or clears every row itself.
     */
    public void resizeKeepingPixels(int w, int h) {
        widthPx = Math.max(0, w);
        heightPx = Math.max(0, h);
        int n = widthPx * heightPx;
        if (pixels.length < n || pixels.length > 4 * n + 1024) {
            pixels = new int[n];
        }
        version++;
    }

    /** Clears rows {@code [y0, y1)} (clipped to the raster). */
    public void clearRows(int y0, int y1) {
        int from = Math.max(0, y0);
        int to = Math.min(heightPx, y1);
        if (to > from) {
            Arrays.fill(pixels, from * widthPx, to * widthPx, 0);
        }
    }

    public int widthPx() {
        return widthPx;
    }

    public int heightPx() {
        return heightPx;
    }

    /** The pixel array, row by row, {@code widthPx} per row (it may be longer than the raster). */
    public int[] pixels() {
        return pixels;
    }

    /** Changes with every reset: lets a backend see whether its image still shows this content. */
    public long version() {
        return version;
    }

    public int argbAt(int x, int y) {
        return pixels[y * widthPx + x];
    }

    /** Fills rows {@code [y0, y1)} of column range {@code [x0, x1)} (clipped to the raster). */
    public void fill(int x0, int x1, int y0, int y1, int argb) {
        int xa = Math.max(0, x0);
        int xb = Math.min(widthPx, x1);
        int ya = Math.max(0, y0);
        int yb = Math.min(heightPx, y1);
        for (int y = ya; y < yb; y++) {
            int row = y * widthPx;
            Arrays.fill(pixels, row + xa, row + xb, argb);
        }
    }

    public void set(int x, int y, int argb) {
        if (x >= 0 && x < widthPx && y >= 0 && y < heightPx) {
            pixels[y * widthPx + x] = argb;
        }
    }
}
