package org.schedlab.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Draws a sweep through any {@link DrawSurface}: two panels sharing the x axis (the varied
 * parameter) - throughput on top, a second metric below (a profile site's share, a latency, a
 * lock's wait or holder preemptions, in the unit {@link SweepPlotData#metricScale} picks) - each point a marker at
 * the mean over its seeds with a bar from min to max, points of one series joined in x order.
 * Y axes start at 0 so heights compare as ratios. Returns where the markers are, for clicks.
 */
public final class SweepPlotRenderer {
    static final double LEFT_PX = 72;
    static final double RIGHT_PX = 24;
    /** Room for the plot's title and, under it, the upper panel's. */
    static final double TOP_PX = 48;
    static final double BOTTOM_PX = 44;
    static final double PANEL_GAP_PX = 30;
    static final double MARKER_PX = 7;
    static final double CAP_PX = 6;
    private static final double TITLE_FONT_PX = 13;
    private static final int[] SERIES_COLORS = {
        Argb.hex("#0969DA"), Argb.hex("#CF222E"), Argb.hex("#1A7F37"), Argb.hex("#8250DF"),
        Argb.hex("#BF8700"), Argb.hex("#1B7C83"), Argb.hex("#953800"), Argb.hex("#6E7781")};
    /**
     * The same hues on a dark background (View > Dark theme), lightened: the brown and the red
     * above were under 3:1 against the dark panels, their lines and markers lost in them.
     */
    private static final int[] DARK_SERIES_COLORS = {
        Argb.hex("#4493F8"), Argb.hex("#FF7B72"), Argb.hex("#3FB950"), Argb.hex("#AB7DF8"),
        Argb.hex("#D29922"), Argb.hex("#39C5CF"), Argb.hex("#F0883E"), Argb.hex("#9198A1")};

    private final TimelineStyle style;
    /** Tick, marker and legend text: the timeline axis's size, so a picture's is no smaller than its caption. */
    private final double fontPx;

    public SweepPlotRenderer() {
        this(TimelineStyle.LIGHT);
    }

    public TimelineStyle style() {
        return style;
    }

    /** Series {@code i}'s color on this renderer's background: {@link #seriesColor}, lighter on a dark one. */
    int color(int i) {
        return Argb.luminance(style.backgroundArgb()) < 0.2
                ? DARK_SERIES_COLORS[Math.floorMod(i, DARK_SERIES_COLORS.length)] : seriesColor(i);
    }

    public SweepPlotRenderer(TimelineStyle style) {
        this.style = style;
        this.fontPx = style.axisFontPx();
    }

    /** The color of series {@code i} (the view's legend uses the same). */
    public static int seriesColor(int i) {
        return SERIES_COLORS[Math.floorMod(i, SERIES_COLORS.length)];
    }

    public SweepPlotLayout render(SweepPlotData data, double widthPx, double heightPx, DrawSurface s) {
        s.setColor(style.backgroundArgb());
        s.fillRect(0, 0, widthPx, heightPx);
        s.setColor(style.textArgb());
        s.fillText(data.title(), LEFT_PX, 20, TITLE_FONT_PX);
        // beside the title where both fit; else on a row of its own under it, the panels lower by
        // that row (a laptop's window wrote four series' names over a title with seeds in it)
        double titleRight = LEFT_PX + s.textWidthPx(data.title(), TITLE_FONT_PX);
        boolean ownRow = widthPx - RIGHT_PX - legendWidthPx(data, s) < titleRight + LEGEND_GAP_PX;
        drawLegend(data, widthPx, ownRow ? 20 + LEGEND_ROW_PX : 20, s);
        double top = TOP_PX + (ownRow ? LEGEND_ROW_PX : 0);
        double plotW = widthPx - LEFT_PX - RIGHT_PX;
        double panelH = (heightPx - top - BOTTOM_PX - PANEL_GAP_PX) / 2;
        if (plotW < 40 || panelH < 30) {
            return new SweepPlotLayout(List.of());
        }
        XScale x = XScale.of(data, LEFT_PX, plotW);
        double top1 = top;
        double top2 = top + panelH + PANEL_GAP_PX;
        String unit = data.throughputUnit().isEmpty() ? "" : " (" + data.throughputUnit() + ")";
        List<SweepPlotLayout.Marker> markers = new ArrayList<>();
        panel(data, x, top1, panelH, "throughput" + unit, null, s, markers);
        SweepPlotData.Scale scale = data.metricScale();
        panel(data, x, top2, panelH, metricTitle(data, scale), scale, s, markers);
        drawXAxis(data, x, top2 + panelH, s);
        if (data.isEmpty()) {
            s.setColor(style.mutedTextArgb());
            // what to do only while nothing is swept: a sweep under way (or cancelled before a
            // run finished) has its values on the x axis, and was told to "Run sweep" meanwhile
            String msg = data.xKey().isEmpty() ? "no finished runs yet: pick a parameter, list its values, Run sweep"
                    : "no finished runs yet";
            s.fillText(msg, LEFT_PX + plotW / 2 - s.textWidthPx(msg, fontPx) / 2, top1 + panelH / 2, fontPx);
            // the lower panel too: empty and silent under a panel that explains itself, it read as
            // a second metric that had failed to come
            String lower = "no finished runs yet";
            s.fillText(lower, LEFT_PX + plotW / 2 - s.textWidthPx(lower, fontPx) / 2, top2 + panelH / 2, fontPx);
        }
        return new SweepPlotLayout(markers);
    }

    /** The lower panel's title with its unit: {@code transaction p99 latency (ms)}. */
    static String metricTitle(SweepPlotData data, SweepPlotData.Scale scale) {
        String name = data.metricLabel();
        return switch (data.metricUnit()) {
            case SHARE -> (name.isEmpty() ? "top profile site" : name) + ": share of CPU time (%)";
            case MICROS -> name + (name.endsWith(" wait") ? "" : " latency") + " (" + scale.unit() + ")";
            case COUNT -> name + " (count per run)";
        };
    }

    /** {@code metric} null: the throughput panel; else the second metric's, in that scale. */
    private void panel(SweepPlotData data, XScale x, double top, double h, String title, SweepPlotData.Scale metric,
                       DrawSurface s, List<SweepPlotLayout.Marker> markers) {
        boolean share = metric != null && data.metricUnit() == SweepPlotData.MetricUnit.SHARE;
        double max = 0;
        for (SweepPlotData.Series se : data.series()) {
            for (SweepPlotData.Point p : se.points()) {
                if (metric == null) {
                    max = Math.max(max, p.throughputMax());
                } else if (p.hasMetric()) {
                    max = Math.max(max, metric.of(p.metricMax()));
                }
            }
        }
        double step = niceStep(max > 0 ? max * 1.1 / 4 : (share ? 2.5 : 1));
        if (metric != null && data.metricUnit() == SweepPlotData.MetricUnit.COUNT) {
            step = Math.max(1, step); // no tick at half a preemption
        }
        double yMax = Math.max(step, Math.ceil(max * 1.08 / step) * step);
        if (share && yMax > 100) {
            // a share has nowhere to go above all of the CPU time: 0..100 in quarters, not 0..150
            step = 25;
            yMax = 100;
        }
        double bottom = top + h;
        s.setColor(style.laneArgb());
        s.fillRect(LEFT_PX, top, x.widthPx, h);
        for (double v = 0; v <= yMax + step / 2; v += step) {
            double y = bottom - v / yMax * h;
            s.setColor(style.gridArgb());
            s.strokeLine(LEFT_PX, y, LEFT_PX + x.widthPx, y);
            if (!data.isEmpty()) { // no scale before there is something to scale
                String label = tickLabel(v, step);
                s.setColor(style.mutedTextArgb());
                s.fillText(label, LEFT_PX - 6 - s.textWidthPx(label, fontPx), y + 4, fontPx);
            }
        }
        s.setColor(style.separatorArgb());
        s.strokeLine(LEFT_PX, top, LEFT_PX, bottom);
        s.strokeLine(LEFT_PX, bottom, LEFT_PX + x.widthPx, bottom);
        s.setColor(style.textArgb());
        // above the panel, not inside it: a share of 99 % sits on the panel's top line, and the
        // title was written over that point and its value
        s.fillText(title, LEFT_PX, top - 5, fontPx);

        double clipLeft = LEFT_PX - CAP_PX;
        double clipTop = top - MARKER_PX;
        double clipRight = LEFT_PX + x.widthPx + CAP_PX;
        s.pushClip(clipLeft, clipTop, clipRight - clipLeft, h + 2 * MARKER_PX);
        int n = data.series().size();
        // a line between two values claims there is something in between: true of numbers, not
        // of choices (x86 and arm64, none and lazy), whose points stand alone
        boolean joined = data.numericX();
        int points = data.series().stream().mapToInt(se -> se.points().size()).sum();
        boolean labelled = points <= MAX_LABELLED_POINTS;
        // every series' markers before any value: a value written above its point covered the
        // marker of the next series a few pixels higher (mongodb-ycsb-a's readerSpinning on at
        // 39.2k under off's 42.5k), and read as that one's
        List<double[]> placed = new ArrayList<>(); // markers and the values written so far: x, top, right, bottom
        List<Runnable> values = new ArrayList<>();
        for (int si = 0; si < n; si++) {
            List<SweepPlotData.Point> pts = new ArrayList<>(data.series().get(si).points());
            pts.sort(Comparator.comparingDouble(p -> x.at(p.xIndex())));
            double offset = n == 1 ? 0 : (si - (n - 1) / 2.0) * 5;
            s.setColor(color(si));
            double prevX = Double.NaN;
            double prevY = Double.NaN;
            for (SweepPlotData.Point p : pts) {
                if (metric != null && !p.hasMetric()) {
                    // none of its runs reports the metric: no marker, and no line across the gap
                    prevX = Double.NaN;
                    prevY = Double.NaN;
                    continue;
                }
                double px = x.at(p.xIndex()) + offset;
                double mean = metric != null ? metric.of(p.metricMean()) : p.throughputMean();
                double lo = metric != null ? metric.of(p.metricMin()) : p.throughputMin();
                double hi = metric != null ? metric.of(p.metricMax()) : p.throughputMax();
                double py = bottom - mean / yMax * h;
                if (joined && !Double.isNaN(prevX)) {
                    s.strokeLine(prevX, prevY, px, py);
                }
                if (hi > lo) {
                    double yLo = bottom - lo / yMax * h;
                    double yHi = bottom - hi / yMax * h;
                    s.strokeLine(px, yLo, px, yHi);
                    s.strokeLine(px - CAP_PX / 2, yLo, px + CAP_PX / 2, yLo);
                    s.strokeLine(px - CAP_PX / 2, yHi, px + CAP_PX / 2, yHi);
                }
                s.fillRect(px - MARKER_PX / 2, py - MARKER_PX / 2, MARKER_PX, MARKER_PX);
                placed.add(new double[] {px - MARKER_PX / 2, py - MARKER_PX / 2, px + MARKER_PX / 2, py + MARKER_PX / 2});
                if (labelled) {
                    // the value beside its point: on a zero-based axis 164.6k and 160.3k sit
                    // a few pixels apart, and a screenshot for a review thread has no tooltip
                    String label = metric == null ? valueLabel(mean) : metricLabel(p.metricMean(), metric);
                    int color = color(si);
                    values.add(() -> {
                        s.setColor(color);
                        placeLabel(label, px, py, clipLeft, clipTop, clipRight, clipTop + h + 2 * MARKER_PX, placed, s);
                    });
                }
                markers.add(new SweepPlotLayout.Marker(px, py, p.pointIndex(), si));
                prevX = px;
                prevY = py;
            }
        }
        values.forEach(Runnable::run);
        s.popClip();
    }

    /**
     * Writes a point's value beside it: above and right, unless the panel's edge would cut it
     * there (a share of 99.5 % sits at the top, the last value at the right) or a marker or another
     * value is already there - the series of a second parameter often meet at one point (fair and
     * fifo both at 1.00 sections/s), and their values were printed over each other as "1100" -
     * then below, level with it, and the same on the left. A value with none of those places free is left out
     * (its point's tooltip has it) rather than written over another.
     */
    private void placeLabel(String label, double px, double py, double clipLeft, double clipTop,
                                   double clipRight, double clipBottom, List<double[]> placed, DrawSurface s) {
        double w = s.textWidthPx(label, fontPx);
        double[] xs = {px + MARKER_PX, px - MARKER_PX - w};
        // level with the point last: free where the point sits under the panel's top and another
        // series' value is written under it (mongodb-ycsb-a's 93.6 % over 85.7 % on a laptop)
        double[] baselines = {py - MARKER_PX, py + MARKER_PX + fontPx, py + fontPx / 2 - LABEL_DESCENT_PX};
        for (double x : xs) {
            for (double baseline : baselines) {
                double[] box = {x, baseline - fontPx, x + w, baseline + LABEL_DESCENT_PX};
                if (box[0] < clipLeft || box[2] > clipRight || box[1] < clipTop || baseline > clipBottom
                        || placed.stream().anyMatch(o -> box[0] < o[2] && o[0] < box[2] && box[1] < o[3] && o[1] < box[3])) {
                    continue;
                }
                placed.add(box);
                s.fillText(label, x, baseline, fontPx);
                return;
            }
        }
    }

    /** What a value label reaches below its baseline (the tails of digits and commas), kept clear of the next. */
    private static final double LABEL_DESCENT_PX = 2;

    private void drawXAxis(SweepPlotData data, XScale x, double axisY, DrawSurface s) {
        double lastRight = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < data.xValues().size(); i++) {
            double px = x.at(i);
            String v = data.xValues().get(i);
            double w = s.textWidthPx(v, fontPx);
            s.setColor(style.separatorArgb());
            s.strokeLine(px, axisY, px, axisY + 4);
            if (px - w / 2 > lastRight + 6) { // labels that would overlap are left out, ticks stay
                s.setColor(style.mutedTextArgb());
                s.fillText(v, px - w / 2, axisY + 16, fontPx);
                lastRight = px + w / 2;
            }
        }
        s.setColor(style.textArgb());
        String key = data.xKey();
        s.fillText(key, LEFT_PX + x.widthPx / 2 - s.textWidthPx(key, fontPx) / 2, axisY + 34, fontPx);
    }

    /** Room between the title's end and the legend's start, and the height of a legend row of its own. */
    static final double LEGEND_GAP_PX = 16;
    static final double LEGEND_ROW_PX = 16;

    /** How wide {@link #drawLegend} draws: each series' swatch and "key=value"; 0 for one series. */
    private double legendWidthPx(SweepPlotData data, DrawSurface s) {
        if (data.series().size() < 2) {
            return 0;
        }
        double w = 0;
        for (SweepPlotData.Series se : data.series()) {
            w += s.textWidthPx(data.seriesKey() + "=" + se.label(), fontPx) + 28;
        }
        return w - 14; // no gap before the first swatch
    }

    /** Right-aligned, its text on {@code baseline}. */
    private void drawLegend(SweepPlotData data, double widthPx, double baseline, DrawSurface s) {
        if (data.series().size() < 2) {
            return;
        }
        double xPx = widthPx - RIGHT_PX;
        for (int i = data.series().size() - 1; i >= 0; i--) {
            String label = data.seriesKey() + "=" + data.series().get(i).label();
            double w = s.textWidthPx(label, fontPx);
            xPx -= w;
            s.setColor(style.textArgb());
            s.fillText(label, xPx, baseline, fontPx);
            xPx -= 14;
            s.setColor(color(i));
            s.fillRect(xPx, baseline - 9, 10, 10);
            xPx -= 14;
        }
    }

    /** The smallest 1-2-5 step at least {@code raw}. */
    static double niceStep(double raw) {
        double decade = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * decade >= raw) {
                return m * decade;
            }
        }
        return 10 * decade;
    }

    /** Up to this many points per panel carry their value; more would cover each other. */
    static final int MAX_LABELLED_POINTS = 12;

    /** A throughput as written beside its point: 164.6k, 1.23M, 42.0. */
    static String valueLabel(double v) {
        double a = Math.abs(v);
        if (a >= 1_000_000) {
            return String.format(Locale.ROOT, "%.2fM", v / 1e6);
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.1fk", v / 1e3);
        }
        return String.format(Locale.ROOT, a >= 10 ? "%.1f" : "%.2f", v);
    }

    /** A second-metric value as written beside its point, with its unit: 26.3 %, 12.4 ms, 450 us, 41.5. */
    static String metricLabel(double v, SweepPlotData.Scale scale) {
        double a = Math.abs(scale.of(v));
        int decimals;
        if (scale.unit().equals("%")) {
            decimals = 1;
        } else if (a >= 100 || (scale.unit().isEmpty() && a == Math.rint(a))) {
            decimals = 0; // 450 us, 12 holder preemptions (a mean over seeds may be 11.5)
        } else {
            decimals = a >= 10 ? 1 : 2;
        }
        return scale.label(v, decimals);
    }

    static String tickLabel(double v, double step) {
        if (v == 0) {
            return "0";
        }
        if (step >= 1_000_000) {
            return trim(String.format(Locale.ROOT, "%.1f", v / 1e6)) + "M";
        }
        if (step >= 1000) {
            return trim(String.format(Locale.ROOT, "%.1f", v / 1e3)) + "k";
        }
        return String.format(Locale.ROOT, "%." + decimals(step) + "f", v);
    }

    /**
     * The decimals that write every multiple of {@code step} exactly: one for 2.5 and 0.5, two for
     * 0.25. Counted from the step's size alone, a 2.5 ms step had none and its ticks read "3" and
     * "8" at 2.5 and 7.5, under points of 8.00 ms drawn above the "8".
     */
    private static int decimals(double step) {
        int d = 0;
        double scaled = step;
        while (d < MAX_TICK_DECIMALS && Math.abs(scaled - Math.rint(scaled)) > 1e-6 * Math.max(1, Math.abs(scaled))) {
            d++;
            scaled *= 10;
        }
        return d;
    }

    /** More than a plot's smallest 1-2-5 step needs; a guard against a step that is no decimal at all. */
    private static final int MAX_TICK_DECIMALS = 6;

    private static String trim(String s) {
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    /** x positions: to scale for numbers (log when they span two decades or more), evenly otherwise. */
    record XScale(double leftPx, double widthPx, double[] positions) {
        static XScale of(SweepPlotData data, double leftPx, double widthPx) {
            int n = data.xValues().size();
            double[] pos = new double[n];
            double pad = widthPx * 0.06;
            if (data.numericX() && n > 1) {
                double[] v = new double[n];
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                for (int i = 0; i < n; i++) {
                    v[i] = Double.parseDouble(data.xValues().get(i));
                    lo = Math.min(lo, v[i]);
                    hi = Math.max(hi, v[i]);
                }
                boolean log = lo > 0 && hi / lo >= 100;
                double a = log ? Math.log(lo) : lo;
                double b = log ? Math.log(hi) : hi;
                for (int i = 0; i < n; i++) {
                    double f = b > a ? ((log ? Math.log(v[i]) : v[i]) - a) / (b - a) : 0.5;
                    pos[i] = leftPx + pad + f * (widthPx - 2 * pad);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    pos[i] = leftPx + (i + 0.5) / n * widthPx;
                }
            }
            return new XScale(leftPx, widthPx, pos);
        }

        double at(int xIndex) {
            return positions[xIndex];
        }
    }
}
