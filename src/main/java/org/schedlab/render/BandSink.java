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
     * Bars from the bottom of {@code [topPx, topPx + heightPx)}: column x gets {@code lowerPx[x]}
     * pixels of {@code lowerArgb}, then {@code upperPx[x]} pixels of {@code upperArgb} above them.
     */
    void bars(double topPx, double heightPx, int[] lowerPx, int lowerArgb, int[] upperPx, int upperArgb);

    /** Rectangles issued so far (the raster issues none). */
    int rects();

    /** Into a raster covering the plot's lanes area, whose top-left pixel is canvas {@code (leftPx, topPx)}. */
    final class Raster implements BandSink {
        private final PixelRaster raster;
        private final double leftPx;
        private final double topPx;

        Raster(PixelRaster raster, double leftPx, double topPx) {
            this.raster = raster;
            this.leftPx = leftPx;
            this.topPx = topPx;
        }

        @Override
        public void band(double top, double height, int[] argb, int[] hatch) {
            int y0 = Math.max(0, (int) Math.round(top - topPx));
            int y1 = Math.min(raster.heightPx(), (int) Math.round(top + height - topPx));
            if (y1 <= y0) {
                return;
            }
            int w = Math.min(argb.length, raster.widthPx());
            int[] px = raster.pixels();
            int stride = raster.widthPx();
            // runs of non-empty columns, copied row by row: empty columns keep what is under them
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
            if (hatch != null) {
                int x0 = (int) Math.round(leftPx);
                for (x = 0; x < w; x++) {
                    if (hatch[x] != 0) {
                        for (int y = y0 + Math.floorMod(-(x + x0 + y0), HATCH_SPACING_PX); y < y1; y += HATCH_SPACING_PX) {
                            px[y * stride + x] = hatch[x];
                        }
                    }
                }
            }
        }

        @Override
        public void bars(double top, double height, int[] lowerPx, int lowerArgb, int[] upperPx, int upperArgb) {
            int bottom = Math.min(raster.heightPx(), (int) Math.round(top + height - topPx));
            int limit = Math.max(0, (int) Math.round(top - topPx));
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
