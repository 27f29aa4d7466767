package org.schedlab.render;

/**
 * Where dense lane pictures go: horizontal bands with one color per pixel column, and bar
 * columns growing from a band's bottom. Two backends: a {@link PixelRaster} (written column by
 * column, shown with one image draw) and plain rectangles on the surface (neighbouring equal
 * columns merged, at most one rectangle per column), which tests read and SVG keeps as vectors.
 */
interface BandSink {
    /** Spacing of the diagonal hatch over stolen time and holder off-CPU stretches. */
    int HATCH_SPACING_PX = 6;

    /**
     * Paints {@code [topPx, topPx + heightPx)}: plot column x gets {@code argb[x]} (0 leaves
     * whatever is there), with diagonal hatching in {@code hatch[x]} where that is not 0 ({@code hatch} may be null).
     */
    void band(double topPx, double heightPx, int[] argb, int[] hatch);

    /**
     * As {@link #band}, for the first band painted on its rows (a CPU lane's main band): a
     * raster may then write whole rows, the empty columns as cleared pixels, instead of
     * clearing the rows first. The picture is the same.
     */
    default void firstBand(double topPx, double heightPx, int[] argb, int[] hatch) {
        band(topPx, heightPx, argb, hatch);
    }

    /** Called once after the last band, before the picture is shown. */
    default void finish() {
    }

    /**
     * Bars from the bottom of {@code [topPx, topPx + heightPx)}: column x gets {@code lowerPx[x]}
     * pixels of {@code lowerArgb}, then {@code upperPx[x]} pixels of {@code upperArgb} above them.
     */
    void bars(double topPx, double heightPx, int[] lowerPx, int lowerArgb, int[] upperPx, int upperArgb);

    /** Rectangles issued so far (the raster issues none). */
    int rects();

    /**
     * Into a raster covering the plot's lanes area, whose top-left pixel is canvas {@code (leftPx, topPx)}.
     * The raster keeps the last frame's pixels; each row is cleared just before the first band
     * that does not overwrite all of it (or by {@link #finish}, if nothing is painted on it),
     * so rows a {@link #firstBand} rewrites whole are written once instead of twice.
     */
    final class Raster implements BandSink {
        private final PixelRaster raster;
        private final double leftPx;
        private final double topPx;
        /** Rows cleared or wholly written this frame. */
        private final boolean[] clean;

        Raster(PixelRaster raster, double leftPx, double topPx) {
            this.raster = raster;
            this.leftPx = leftPx;
            this.topPx = topPx;
            this.clean = new boolean[raster.heightPx()];
        }

        private void clean(int y0, int y1) {
            for (int y = y0; y < y1; y++) {
                if (!clean[y]) {
                    raster.clearRows(y, y + 1);
                    clean[y] = true;
                }
            }
        }

        @Override
        public void band(double top, double height, int[] argb, int[] hatch) {
            int y0 = Math.max(0, (int) Math.round(top - topPx));
            int y1 = Math.min(raster.heightPx(), (int) Math.round(top + height - topPx));
            if (y1 <= y0) {
                return;
            }
            clean(y0, y1);
            int w = Math.min(argb.length, raster.widthPx());
            copyRuns(y0, y1, w, argb);
            hatch(y0, y1, w, hatch);
        }

        @Override
        public void firstBand(double top, double height, int[] argb, int[] hatch) {
            int y0 = Math.max(0, (int) Math.round(top - topPx));
            int y1 = Math.min(raster.heightPx(), (int) Math.round(top + height - topPx));
            for (int y = y0; y < y1; y++) {
                if (clean[y]) {
                    copyRuns(y, y + 1, Math.min(argb.length, raster.widthPx()), argb); // painted on already
                    continue;
                }
                // a dirty row: the band, empty columns as 0, is what clearing and then banding gives
                int w = Math.min(argb.length, raster.widthPx());
                int[] px = raster.pixels();
                int row = y * raster.widthPx();
                System.arraycopy(argb, 0, px, row, w);
                java.util.Arrays.fill(px, row + w, row + raster.widthPx(), 0);
                clean[y] = true;
            }
            if (y1 > y0) {
                hatch(y0, y1, Math.min(argb.length, raster.widthPx()), hatch);
            }
        }

        /** Runs of non-empty columns, copied row by row: empty columns keep what is under them. */
        private void copyRuns(int y0, int y1, int w, int[] argb) {
            int[] px = raster.pixels();
            int stride = raster.widthPx();
            int x = 0;
            while (x < w) {
                if (argb[x] == 0) {
                    x++;
                    continue;
                }
                int end = x + 1;
                while (end < w && argb[end] != 0) {
                    end++;
                }
                for (int y = y0; y < y1; y++) {
                    System.arraycopy(argb, x, px, y * stride + x, end - x);
                }
                x = end;
            }
        }

        private void hatch(int y0, int y1, int w, int[] hatch) {
            if (hatch == null) {
                return;
            }
            int[] px = raster.pixels();
            int stride = raster.widthPx();
            int x0 = (int) Math.round(leftPx);
            for (int x = 0; x < w; x++) {
                if (hatch[x] != 0) {
                    for (int y = y0 + Math.floorMod(-(x + x0 + y0), HATCH_SPACING_PX); y < y1; y += HATCH_SPACING_PX) {
                        px[y * stride + x] = hatch[x];
                    }
                }
            }
        }

        @Override
        public void finish() {
            clean(0, clean.length);
        }

        @Override
        public void bars(double top, double height, int[] lowerPx, int lowerArgb, int[] upperPx, int upperArgb) {
            int bottom = Math.min(raster.heightPx(), (int) Math.round(top + height - topPx));
            int limit = Math.max(0, (int) Math.round(top - topPx));
            clean(limit, bottom);
            int w = Math.min(lowerPx.length, raster.widthPx());
            for (int x = 0; x < w; x++) {
                int y = bottom;
                for (int k = 0; k < lowerPx[x] && y > limit; k++) {
                    raster.set(x, --y, lowerArgb);
                }
                for (int k = 0; k < upperPx[x] && y > limit; k++) {
                    raster.set(x, --y, upperArgb);
                }
            }
        }

        @Override
        public int rects() {
            return 0;
        }
    }

    /** As rectangles on a surface, plot column 0 at canvas x {@code leftPx}. */
    final class Vector implements BandSink {
        private final DrawSurface s;
        private final double leftPx;
        private int rects;

        Vector(DrawSurface s, double leftPx) {
            this.s = s;
            this.leftPx = leftPx;
        }

        @Override
        public void band(double top, double height, int[] argb, int[] hatch) {
            int x = 0;
            while (x < argb.length) {
                int c = argb[x];
                int h = hatch == null ? 0 : hatch[x];
                int end = x + 1;
                while (end < argb.length && argb[end] == c && (hatch == null ? 0 : hatch[end]) == h) {
                    end++;
                }
                if (c != 0) {
                    s.setColor(c);
                    s.fillRect(leftPx + x, top, end - x, height);
                    rects++;
                    if (h != 0) {
                        hatch(leftPx + x, end - x, top, height, h);
                    }
                }
                x = end;
            }
        }

        private void hatch(double x, double w, double top, double height, int argb) {
            s.pushClip(x, top, w, height);
            s.setColor(argb);
            double bottom = top + height;
            for (double k = x - height; k < x + w; k += HATCH_SPACING_PX) {
                s.strokeLine(k, bottom, k + height, top);
            }
            s.popClip();
        }

        @Override
        public void bars(double top, double height, int[] lowerPx, int lowerArgb, int[] upperPx, int upperArgb) {
            double bottom = top + height;
            int x = 0;
            while (x < lowerPx.length) {
                int lo = lowerPx[x];
                int up = upperPx[x];
                int end = x + 1;
                while (end < lowerPx.length && lowerPx[end] == lo && upperPx[end] == up) {
                    end++;
                }
                if (lo > 0) {
                    s.setColor(lowerArgb);
                    s.fillRect(leftPx + x, bottom - lo, end - x, lo);
                    rects++;
                }
                if (up > 0) {
                    s.setColor(upperArgb);
                    s.fillRect(leftPx + x, bottom - lo - up, end - x, up);
                    rects++;
                }
                x = end;
            }
        }

        @Override
        public int rects() {
            return rects;
        }
    }
}
