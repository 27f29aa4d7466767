package org.schedlab.render;

import org.schedlab.model.Dataset;
import org.schedlab.model.OperationSamples;

/**
 * Paints one kind of the workload's operations (pgbench transactions, YCSB reads) as latency
 * over time: x is when an operation ended, y its latency on a log scale that spans the kind's
 * lowest to highest latency over the whole dataset (so it does not jump while panning), with a
 * faint line at each power of ten in between. Zoomed in (at most one operation per pixel column
 * in the window) every operation is a dot, and one wider than {@value #EXTENT_MIN_PX} px also
 * gets a thin line from its start to its end at its latency, unless those lines would cover more
 * than a quarter of the row ({@link #extentsShown}). Zoomed out, each pixel column shows
 * its operations' lowest..highest latency as a light bar, the highest as a dot and the median as
 * an ink tick, from the columns {@link FrameAggregator} folded.
 */
final class OperationRowPainter {
    static final double PAD_TOP_PX = 5;
    static final double PAD_BOTTOM_PX = 5;
    /** From this many pixels wide an operation's start..end is drawn too. */
    static final double EXTENT_MIN_PX = 4;
    /** A dot's size. */
    static final double DOT_PX = 3;
    static final int EXTENT = Argb.argb(110, 0x09, 0x69, 0xDA);
    static final int DOT = StateColors.COUNTER_LINE;
    static final int RANGE = StateColors.COUNTER_FILL;
    static final int MEDIAN = StateColors.WRITE_HOLD;

    private final TimelineData data;
    private final Dataset dataset;
    private final TimelineStyle style;
    private final ColumnMap map;
    private final FrameColumns cols;
    private int drawn;

    OperationRowPainter(TimelineData data, TimelineStyle style, ColumnMap map, FrameColumns cols) {
        this.data = data;
        this.dataset = data.dataset();
        this.style = style;
        this.map = map;
        this.cols = cols;
    }

    /** Dots, extents and column bars drawn so far. */
    int drawn() {
        return drawn;
    }

    /** {lowest, highest} latency of {@code ops}, at least 1 ns (the log scale has no zero). */
    static long[] scale(OperationSamples ops) {
        if (ops.size() == 0) {
            return new long[] {1, 1};
        }
        long lo = Long.MAX_VALUE;
        long hi = 1;
        for (int i = 0; i < ops.size(); i++) {
            lo = Math.min(lo, ops.latencyNs(i));
            hi = Math.max(hi, ops.latencyNs(i));
        }
        return new long[] {Math.max(1, lo), hi};
    }

    /** The y of latency {@code ns} in {@code row}, on the log scale {@code sc}; the middle when the scale is one value. */
    static double y(long ns, long[] sc, TrackRow row) {
        double top = row.topPx() + PAD_TOP_PX;
        double bottom = row.bottomPx() - PAD_BOTTOM_PX;
        if (sc[1] <= sc[0]) {
            return (top + bottom) / 2;
        }
        double f = (Math.log(Math.max(1, ns)) - Math.log(sc[0])) / (Math.log(sc[1]) - Math.log(sc[0]));
        return bottom - Math.max(0, Math.min(1, f)) * (bottom - top);
    }

    /** Whether the window shows {@code ops} one by one: at most one per pixel column. */
    static boolean oneByOne(OperationSamples ops, TimelineLayout layout) {
        Viewport v = layout.viewport();
        return oneByOne(ops, v.startNs(), v.endNs(), (int) Math.floor(layout.plotWidthPx()));
    }

    /** Whether a window of {@code columns} pixel columns from {@code startNs} to {@code endNs} shows {@code ops} one by one. */
    static boolean oneByOne(OperationSamples ops, long startNs, long endNs, int columns) {
        return ops.firstEndingAtOrAfter(endNs) - ops.firstEndingAtOrAfter(startNs) <= columns;
    }

    /**
     * Whether a window from {@code startNs} to {@code endNs} that shows {@code ops} one by one
     * draws a dot: one operation ends in it ({@link #oneByOne(OperationSamples, TrackRow,
     * TimelineLayout, long[], DrawSurface)} draws those ending in {@code [startNs, endNs)}).
     */
    static boolean dotsShown(OperationSamples ops, long startNs, long endNs) {
        return ops.firstEndingAtOrAfter(endNs) > ops.firstEndingAtOrAfter(startNs);
    }

    void paint(TrackRow row, TimelineLayout layout, DrawSurface s) {
        OperationSamples ops = dataset.operations().get(row.ref());
        if (ops.size() == 0) {
            return;
        }
        long[] sc = data.operationScale(row.ref());
        decades(row, layout, sc, s);
        if (oneByOne(ops, layout)) {
            oneByOne(ops, row, layout, sc, s);
        } else if (row.ref() < cols.operations.length && cols.operations[row.ref()] != null) {
            fromColumns(cols.operations[row.ref()], row, layout, sc, s);
        }
    }

    /** A faint line at each power of ten of nanoseconds strictly inside the scale. */
    private void decades(TrackRow row, TimelineLayout layout, long[] sc, DrawSurface s) {
        s.setColor(style.gridArgb());
        for (long p = 10; p > 0 && p < sc[1]; p = p <= Long.MAX_VALUE / 10 ? p * 10 : -1) {
            if (p > sc[0]) {
                double yy = Math.floor(y(p, sc, row)) + 0.5;
                s.strokeLine(layout.plotLeftPx(), yy, layout.plotLeftPx() + layout.plotWidthPx(), yy);
            }
        }
    }

    private void oneByOne(OperationSamples ops, TrackRow row, TimelineLayout layout, long[] sc, DrawSurface s) {
        Viewport v = layout.viewport();
        double nsPerPx = layout.nsPerPx();
        double left = layout.plotLeftPx();
        double right = left + layout.plotWidthPx();
        int from = ops.firstEndingAtOrAfter(v.startNs());
        int to = ops.firstEndingAtOrAfter(v.endNs());
        // extents first, dots over them
        s.setColor(Argb.withAlpha(style.counterLineArgb(), Argb.alpha(EXTENT)));
        int past = extentsEnd(ops, data.operationScale(row.ref())[1], layout);
        boolean extents = extentsShown(ops, data.operationScale(row.ref())[1], layout, row.heightPx());
        for (int i = from; extents && i < past; i++) {
            long lat = ops.latencyNs(i);
            if (lat / nsPerPx < EXTENT_MIN_PX) {
                continue;
            }
            long end = ops.endNs(i);
            double x0 = Math.max(left, layout.xOf(end - lat));
            double x1 = Math.min(right, layout.xOf(end));
            if (x1 <= left || x0 >= right) {
                continue;
            }
            double yy = y(lat, sc, row);
            s.strokeLine(x0, yy, x1, yy);
            drawn++;
        }
        s.setColor(style.counterLineArgb());
        for (int i = from; i < to; i++) {
            double x = layout.xOf(ops.endNs(i));
            double yy = y(ops.latencyNs(i), sc, row);
            s.fillRect(x - DOT_PX / 2, yy - DOT_PX / 2, DOT_PX, DOT_PX);
            drawn++;
        }
    }

    /**
     * Where the operations whose start..end may reach into the window end: past those ending in it,
     * those ending after it within the kind's longest latency (at most a plot width more of them).
     */
    private static int extentsEnd(OperationSamples ops, long longestNs, TimelineLayout layout) {
        Viewport v = layout.viewport();
        int to = ops.firstEndingAtOrAfter(v.endNs());
        int past = ops.firstEndingAtOrAfter(v.endNs() + Math.min(longestNs, v.spanNs()) + 1);
        return Math.min(past, to + (int) Math.floor(layout.plotWidthPx()));
    }

    /**
     * Whether the window shows its operations one by one and their start..end lines, those at
     * least {@value #EXTENT_MIN_PX} px wide, would together cover at most a quarter of the row's
     * area: a thousand clients' overlapping transactions would be one solid band hiding the dots.
     */
    static boolean extentsShown(OperationSamples ops, long longestNs, TimelineLayout layout, double rowHeightPx) {
        if (!oneByOne(ops, layout)) {
            return false;
        }
        Viewport v = layout.viewport();
        double nsPerPx = layout.nsPerPx();
        double left = layout.plotLeftPx();
        double right = left + layout.plotWidthPx();
        double budget = layout.plotWidthPx() * (rowHeightPx - PAD_TOP_PX - PAD_BOTTOM_PX) / 4;
        double total = 0;
        boolean any = false;
        int past = extentsEnd(ops, longestNs, layout);
        for (int i = ops.firstEndingAtOrAfter(v.startNs()); i < past; i++) {
            long lat = ops.latencyNs(i);
            if (lat / nsPerPx < EXTENT_MIN_PX) {
                continue;
            }
            double x0 = Math.max(left, layout.xOf(ops.endNs(i) - lat));
            double x1 = Math.min(right, layout.xOf(ops.endNs(i)));
            if (x1 > x0) {
                total += x1 - x0;
                any = true;
                if (total > budget) {
                    return false;
                }
            }
        }
        return any;
    }

    private void fromColumns(FrameColumns.OperationColumns oc, TrackRow row, TimelineLayout layout, long[] sc,
                             DrawSurface s) {
        double left = layout.plotLeftPx();
        s.setColor(style.counterFillArgb());
        for (int x = 0; x < map.width(); x++) {
            int j = map.src[x];
            if (j < 0 || oc.count[j] == 0) {
                continue;
            }
            double yTop = y(oc.max[j], sc, row);
            double yBottom = y(oc.min[j], sc, row);
            s.fillRect(left + x, yTop, 1, Math.max(1, yBottom - yTop));
        }
        s.setColor(style.inkArgb());
        for (int x = 0; x < map.width(); x++) {
            int j = map.src[x];
            if (j < 0 || oc.count[j] == 0) {
                continue;
            }
            s.fillRect(left + x, y(oc.median[j], sc, row) - 1, 1, 2);
        }
        s.setColor(style.counterLineArgb());
        for (int x = 0; x < map.width(); x++) {
            int j = map.src[x];
            if (j < 0 || oc.count[j] == 0) {
                continue;
            }
            // the slowest of the column: the one a regression hunt is after, never hidden by the median
            s.fillRect(left + x - 0.5, y(oc.max[j], sc, row) - 1, 2, 2);
            drawn++;
        }
    }

    /** The label column's scale lines: "max 12.3 ms" and "min 85.0 us, log". */
    static String[] scaleLabels(long[] sc) {
        return new String[] {"max " + TimeFormat.duration(sc[1]), "min " + TimeFormat.duration(sc[0]) + ", log"};
    }
}
