package org.schedlab.render;

/**
 * Which aggregated column each pixel column of the plot shows. Normally the identity; while a
 * newer window is still being aggregated, the last result is stretched or shifted onto the new
 * window (nearest column), so panning and zooming move the picture at once and the exact one
 * replaces it when ready.
 */
final class ColumnMap {
    final int[] src;
    final boolean identity;

    private ColumnMap(int[] src, boolean identity) {
        this.src = src;
        this.identity = identity;
    }

    static ColumnMap of(FrameRequest req, TimelineLayout layout) {
        int w = (int) Math.floor(layout.plotWidthPx());
        Viewport v = layout.viewport();
        int[] src = new int[w];
        boolean identity = req.startNs() == v.startNs() && req.endNs() == v.endNs() && req.columns() == w;
        if (identity) {
            for (int x = 0; x < w; x++) {
                src[x] = x;
            }
            return new ColumnMap(src, true);
        }
        double nsPerPx = w == 0 ? 0 : (double) v.spanNs() / w;
        double srcNsPerCol = req.nsPerColumn();
        for (int x = 0; x < w; x++) {
            double t = v.startNs() + (x + 0.5) * nsPerPx;
            double j = Math.floor((t - req.startNs()) / srcNsPerCol);
            src[x] = j >= 0 && j < req.columns() ? (int) j : -1;
        }
        return new ColumnMap(src, false);
    }

    int width() {
        return src.length;
    }
}
