package org.schedlab.render;

import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

import org.schedlab.analysis.ScreenText;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/**
 * Paints a counter track as a step chart (a sample holds its value until the next) or a line
 * between samples, scaled from min(0, lowest) to the highest value of the whole series so the
 * scale does not jump while panning. Zoomed in (fewer samples than a third of the columns) it
 * draws from the samples themselves; zoomed out it draws each pixel column's min..max, joined to
 * the neighbouring columns, so a spike one sample wide is never lost. A gap (a NaN sample: no
 * value until the next one) is drawn as nothing - no fill, no line, no step into or out of it.
 * With a pointer time it prints the value under the cursor ("no value" in a gap, "no value yet"
 * before the first sample).
 */
final class CounterRowPainter {
    private static final double PAD_TOP_PX = 5;
    private static final double PAD_BOTTOM_PX = 2;

    private final TimelineData data;
    private final Dataset dataset;
    private final TimelineStyle style;
    private final PaintOptions options;
    private final ColumnMap map;
    private final FrameColumns cols;
    private int segments;

    CounterRowPainter(TimelineData data, TimelineStyle style, PaintOptions options, ColumnMap map, FrameColumns cols) {
        this.data = data;
        this.dataset = data.dataset();
        this.style = style;
        this.options = options;
        this.map = map;
        this.cols = cols;
    }

    int segments() {
        return segments;
    }

    /** {lowest, highest} the chart's scale spans: min(0, min), max (highest > lowest always). */
    static double[] scale(CounterSeries s) {
        return scale(List.of(s));
    }

    /**
     * One scale for {@code series} drawn alike (a counter both sides of an A/B picture have): the
     * lowest and highest of all their values, as {@link #scale(CounterSeries)} takes them of one. A
     * series that never rises above 0 adds no made-up top of its own: A's TcpExtTCPDSACKRecv of
     * always 0 put B's 0.2/s under a top of 1, drawn at a fifth of its track.
     */
    static double[] scale(List<CounterSeries> series) {
        double lo = 0;
        double hi = 0;
        for (CounterSeries s : series) {
            for (int i = 0; i < s.size(); i++) {
                if (s.hasValue(i)) {
                    lo = Math.min(lo, s.value(i));
                    hi = Math.max(hi, s.value(i));
                }
            }
        }
        if (hi <= lo) {
            hi = lo + 1;
        }
        return new double[] {lo, hi};
    }

    /**
     * The label under a counter's name: "max 3,800 1/s" over the whole series; a series that
     * never changes says so ("always 0 1/s": no retransmission in the run) rather than the
     * made-up top of its drawing scale; a single sample (one nstat snapshot) says only that. Gaps
     * count for nothing ("always 12 us" over the intervals that have a value); a series of gaps
     * only says "no values".
     */
    static String rangeLabel(CounterSeries s) {
        return rangeLabels(s)[0];
    }

    /**
     * {@link #rangeLabel} and shorter forms of it, longest first, for a label column too narrow for
     * it: without what the value is ({@code 135,976,650 count}), then the value alone. Cut at its
     * end, a one-sample nstat lane's "one sample: 135,976,650 count" read "one sample:
     * 135,976,65...", a number misread. The unit goes last, with "max" or "always": a picture's
     * 150 px column (its 13 px text) drew teach-kernel-section's "always 100 sections/s" as
     * "always 100", and pgbench's throughput without its "tps", a bare number under the name,
     * where the line's shape already says whether it is flat.
     */
    static String[] rangeLabels(CounterSeries s) {
        if (s.size() == 0) {
            return new String[] {"no samples"};
        }
        double first = Double.NaN;
        double max = Double.NaN;
        int values = 0;
        boolean flat = true;
        for (int i = 0; i < s.size(); i++) {
            if (!s.hasValue(i)) {
                continue;
            }
            double v = s.value(i);
            if (values++ == 0) {
                first = v;
                max = v;
            }
            flat &= v == first;
            max = Math.max(max, v);
        }
        if (values == 0) {
            return new String[] {"no values"};
        }
        double shown = s.size() == 1 ? first : flat ? first : max;
        // a single nstat snapshot: no "always"
        String what = s.size() == 1 ? "one sample: " : flat ? "always " : "max ";
        String number = format(shown);
        String unit = ScreenText.unitAfter(shown, s.unit());
        return java.util.stream.Stream.of(what + number + unit, number + unit, number)
                .distinct().toArray(String[]::new);
    }

    /** A counter value for labels: thousands separated, about three significant digits below 1000. */
    static String format(double v) {
        double a = Math.abs(v);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 100 || v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a < 1) {
            // a band of spinning CPUs peaking at 0.004: "0.004", not "0.00" beside a drawn band
            return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
        }
        return String.format(Locale.ROOT, a >= 10 ? "%.1f" : "%.2f", v);
    }

    void paint(TrackRow row, TimelineLayout layout, DrawSurface s) {
        CounterSeries series = dataset.counters().get(row.ref());
        if (series.size() == 0) {
            return;
        }
        double[] sc = data.counterScale(row.ref());
        double top = row.topPx() + PAD_TOP_PX;
        double bottom = row.bottomPx() - PAD_BOTTOM_PX;
        Viewport v = layout.viewport();
        int from = Math.max(0, series.indexAt(v.startNs()));
        int to = series.indexAt(v.endNs());
        boolean sparse = to - from + 1 <= map.width() / 3;
        if (sparse) {
            fromSamples(series, layout, sc, top, bottom, from, to, s);
        } else if (row.ref() < cols.counters.length) {
            fromColumns(cols.counters[row.ref()], layout, sc, top, bottom, s);
        }
        cursorValue(series, layout, row, sc, top, bottom, s);
    }

    private static double y(double value, double[] sc, double top, double bottom) {
        return bottom - (value - sc[0]) / (sc[1] - sc[0]) * (bottom - top);
    }

    private void fromSamples(CounterSeries c, TimelineLayout layout, double[] sc, double top, double bottom,
                             int from, int to, DrawSurface s) {
        double left = layout.plotLeftPx();
        double right = left + layout.plotWidthPx();
        double base = y(Math.max(sc[0], 0), sc, top, bottom);
        boolean step = options.counterStyle() == CounterStyle.STEP;
        for (int i = from; i <= to && i < c.size(); i++) {
            long holdsUntil = c.holdsUntil(i, dataset.endNs());
            double x0 = Math.max(left, layout.xOf(c.tNs(i)));
            double x1 = Math.min(right, layout.xOf(holdsUntil));
            if (x1 < left || x0 > right) {
                continue;
            }
            if (!c.hasValue(i)) {
                continue; // a gap: nothing over it, and no edge into it (the sample before drew none)
            }
            double yv = y(c.value(i), sc, top, bottom);
            boolean nextHasValue = i + 1 < c.size() && c.hasValue(i + 1);
            if (step) {
                s.setColor(style.counterFillArgb());
                s.fillRect(x0, Math.min(yv, base), Math.max(0, x1 - x0), Math.abs(base - yv));
                s.setColor(style.counterLineArgb());
                s.strokeLine(x0, yv, x1, yv);
                if (nextHasValue && layout.xOf(c.tNs(i + 1)) <= right) {
                    s.strokeLine(x1, yv, x1, y(c.value(i + 1), sc, top, bottom));
                }
            } else if (nextHasValue) {
                s.setColor(style.counterLineArgb());
                s.strokeLine(layout.xOf(c.tNs(i)), yv, layout.xOf(c.tNs(i + 1)), y(c.value(i + 1), sc, top, bottom));
            } else if (i + 1 < c.size()) {
                // a value with a gap after it has nothing to lead to: it stands level over its interval
                s.setColor(style.counterLineArgb());
                s.strokeLine(x0, yv, x1, yv);
            } else if (i == 0 || !c.hasValue(i - 1)) {
                // the last value, with nothing before it to come from (a gap, or the series' only
                // sample): no line ends at it, so it is a dot of its own rather than nothing
                s.setColor(style.counterLineArgb());
                s.fillRect(x0 - 1.5, yv - 1.5, 3, 3);
            }
            segments++;
        }
    }

    private void fromColumns(FrameColumns.CounterColumns cc, TimelineLayout layout, double[] sc, double top,
                             double bottom, DrawSurface s) {
        double left = layout.plotLeftPx();
        double base = y(Math.max(sc[0], 0), sc, top, bottom);
        double prevLast = Double.NaN;
        s.setColor(style.counterFillArgb());
        int x = 0;
        while (x < map.width()) {
            int j = map.src[x];
            double m = j < 0 ? Double.NaN : cc.max[j];
            int end = x + 1;
            while (end < map.width() && map.src[end] >= 0 && equal(cc.max[map.src[end]], m)) {
                end++;
            }
            if (!Double.isNaN(m)) {
                double ym = y(m, sc, top, bottom);
                s.fillRect(left + x, Math.min(ym, base), end - x, Math.abs(base - ym));
            }
            x = end;
        }
        s.setColor(style.counterLineArgb());
        for (x = 0; x < map.width(); x++) {
            int j = map.src[x];
            if (j < 0) {
                prevLast = Double.NaN;
                continue;
            }
            double hi = cc.max[j];
            double lo = cc.min[j];
            if (Double.isNaN(hi)) {
                prevLast = Double.NaN; // the column is a gap throughout
                continue;
            }
            if (!Double.isNaN(prevLast) && !Double.isNaN(cc.first[j])) {
                // joined to the column before unless a gap lies between (first: NaN when the column opens in one)
                hi = Math.max(hi, prevLast);
                lo = Math.min(lo, prevLast);
            }
            double yTop = y(hi, sc, top, bottom);
            double yBottom = y(lo, sc, top, bottom);
            s.fillRect(left + x, yTop - 0.5, 1, Math.max(1, yBottom - yTop + 1));
            segments++;
            prevLast = cc.last[j];
        }
    }

    private static boolean equal(double a, double b) {
        return a == b || (Double.isNaN(a) && Double.isNaN(b));
    }

    private void cursorValue(CounterSeries c, TimelineLayout layout, TrackRow row, double[] sc, double top,
                             double bottom, DrawSurface s) {
        OptionalLong cursor = options.cursorNs();
        if (cursor.isEmpty()) {
            return;
        }
        long t = cursor.getAsLong();
        int i = c.indexAt(t);
        if (c.size() == 0 || t < layout.viewport().startNs() || t >= layout.viewport().endNs()) {
            return;
        }
        double x = layout.xOf(t);
        String text;
        if (i < 0) {
            text = "no value yet"; // before the first sample, as the hover says
        } else if (c.hasValue(i)) {
            double yv = y(c.value(i), sc, top, bottom);
            s.setColor(style.counterLineArgb());
            s.fillRect(x - 2, yv - 2, 5, 5);
            text = format(c.value(i)) + ScreenText.unitAfter(c.value(i), c.unit());
        } else {
            text = "no value"; // a gap: no dot on a line that is not there
        }
        double font = style.sliceFontPx();
        double w = s.textWidthPx(text, font) + 8;
        double right = layout.plotLeftPx() + layout.plotWidthPx();
        double tx = x + 6 + w > right ? x - 6 - w : x + 6;
        s.setColor(Argb.withAlpha(style.backgroundArgb(), 230));
        s.fillRect(tx, row.topPx() + 2, w, font + 4);
        s.setColor(style.textArgb());
        s.fillText(text, tx + 4, row.topPx() + 2 + font, font);
    }
}
