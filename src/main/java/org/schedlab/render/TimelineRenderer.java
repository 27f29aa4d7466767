package org.schedlab.render;

import java.util.List;

import org.schedlab.analysis.LockTable;
import org.schedlab.analysis.RunqlatHistogram;
import org.schedlab.analysis.TcpCounters;
import org.schedlab.model.Dataset;

/**
 * Draws a dataset's timeline for one viewport through any {@link DrawSurface}: the time axis
 * and grid, group headers, CPU lanes (by task or by state, with marks and slice names), task
 * lanes, lock lanes, operations (latency over time) and counters, the user's range, selection, bookmarks and pointer, the label
 * column and the legend. A frame is two halves: {@link FrameAggregator} folds the window into
 * pixel columns (the part whose cost follows the data; a view may run it on another thread) and
 * {@link #paint} draws those columns (the part whose cost follows the pixels). Dense lanes go
 * through a {@link PixelRaster} when the surface prefers it, as rectangles otherwise.
 *
 * <p>Keeps a raster and the last prepared dataset between frames; use one instance per thread.
 */
public final class TimelineRenderer {
    /** The format of the empty dataset a view shows before anything is opened. */
    public static final String NOTHING_OPEN_FORMAT = "none";
    /** The parameter every perf stat output gives ({@code perfStat.output}): a dataset of perf stat totals alone. */
    static final String PERF_STAT_OUTPUT = "perfStat.output";

    /** Set by a view from the FX thread between frames (View > Dark theme); pictures keep theirs. */
    private TimelineStyle style;
    private final PixelRaster raster = new PixelRaster();
    private TimelineData prepared;
    /** From this many CPU lanes in view their bands are painted on two threads (tests set it out of reach). */
    private int parallelMinCpuRows = PARALLEL_MIN_CPU_ROWS;

    public TimelineRenderer() {
        this(TimelineStyle.LIGHT);
    }

    public TimelineRenderer(TimelineStyle style) {
        this.style = style;
    }

    /** This renderer painting every band on the calling thread (tests compare the two ways). */
    TimelineRenderer oneThread() {
        parallelMinCpuRows = Integer.MAX_VALUE;
        return this;
    }

    public TimelineStyle style() {
        return style;
    }

    /**
     * Paints the next frames in {@code style}: a window switching to the dark theme repaints in
     * it, nothing aggregated again (the colors are paint's, the columns do not depend on them).
     */
    public void setStyle(TimelineStyle style) {
        this.style = java.util.Objects.requireNonNull(style);
    }

    /** The layout of {@code dataset}'s default rows in {@code viewport} (hit-testing uses the same). */
    public static TimelineLayout layout(Dataset dataset, Viewport viewport) {
        return TimelineLayout.of(viewport, dataset, TrackSpec.DEFAULT);
    }

    /** Everything in its default form: all groups open, by task, no selection (PNG export, tests). */
    public FrameSummary render(Dataset dataset, Viewport viewport, DrawSurface s) {
        if (prepared == null || prepared.dataset() != dataset) {
            prepared = TimelineData.prepare(dataset, () -> false);
        }
        return render(prepared, viewport, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT, s);
    }

    /** Aggregates and paints one frame on the calling thread. */
    public FrameSummary render(TimelineData data, Viewport viewport, TrackSpec spec, HighlightIndex highlight,
                               PaintOptions options, DrawSurface s) {
        TimelineLayout layout = TimelineLayout.of(viewport, data.dataset(), spec);
        FrameColumns cols = FrameAggregator.aggregate(data, FrameRequest.of(layout, spec, highlight), () -> false);
        return paint(data, cols, viewport, spec, options, s, true);
    }

    /**
     * {@link #paint} without the legend under the lanes (its band is left blank, none of its
     * items drawn): for an exported {@link Figure}, which draws a legend of its own there that
     * wraps instead of ending in "+N more", from the same {@code cols}. Clipped out, the screen's
     * legend stayed in an SVG's text, a second "In view" and a cut "+1 more" for a reader
     * extracting it or a screen reader.
     */
    public FrameSummary paintWithoutLegend(TimelineData data, FrameColumns cols, Viewport viewport, TrackSpec spec,
                                           PaintOptions options, DrawSurface s) {
        return paint(data, cols, viewport, spec, options, s, false);
    }

    /**
     * Paints columns aggregated earlier; when they were made for another window they are
     * stretched onto this one (and slice names are left out until exact columns arrive).
     */
    public FrameSummary paint(TimelineData data, FrameColumns cols, Viewport viewport, TrackSpec spec,
                              PaintOptions options, DrawSurface s) {
        return paint(data, cols, viewport, spec, options, s, true);
    }

    private FrameSummary paint(TimelineData data, FrameColumns cols, Viewport viewport, TrackSpec spec,
                               PaintOptions options, DrawSurface s, boolean legend) {
        Dataset d = data.dataset();
        TimelineLayout layout = TimelineLayout.of(viewport, d, spec);
        ColumnMap map = ColumnMap.of(cols.request, layout);
        double width = viewport.widthPx();
        double lanesTop = layout.lanesTopPx();
        double lanesHeight = layout.lanesBottomPx() - lanesTop;
        double font = style.axisFontPx();
        // a file without times (a contention table, perf stat totals, nothing open): no axis of a
        // made-up millisecond over the placeholder that says so
        boolean timed = d.spanNs() > 0;
        List<TimeAxis.Tick> ticks = timed ? TimeAxis.ticks(layout, d.startNs(), t -> s.textWidthPx(t, font)) : List.of();
        List<TrackRow> rows = layout.visibleRows();

        s.setColor(style.backgroundArgb());
        s.fillRect(0, 0, width, viewport.heightPx());
        s.setColor(style.labelColumnArgb());
        s.fillRect(0, 0, layout.plotLeftPx(), viewport.heightPx());

        s.pushClip(0, lanesTop, width, lanesHeight);
        LabelColumnPainter.headerBands(layout, rows, style, s);
        for (TrackRow row : rows) {
            if (row.kind() != TrackKind.HEADER) {
                s.setColor(row.kind() == TrackKind.CPU ? CpuRowPainter.laneBackground(style, row.ref()) : style.laneArgb());
                s.fillRect(layout.plotLeftPx(), row.topPx(), layout.plotWidthPx(), row.heightPx());
            }
        }
        AxisPainter.grid(layout, ticks, style, s);

        // "In view" names and times the tasks of the CPU lanes in sight, not of those scrolled out
        // (a 96-CPU run scrolled to CPUs 40-47 named the busiest tasks of all 96), and the lanes
        // draw preemption ticks when they have few enough of their own: summed from the lanes' own
        // times and counts in the columns, so scrolling folds nothing again
        FrameColumns counted = cols.countingLanes(rows);
        CpuRowPainter cpus = new CpuRowPainter(data, style, options, map, counted);
        TaskRowPainter tasks = new TaskRowPainter(style, map, cols);
        LockRowPainter locks = new LockRowPainter(data, style, map, cols);
        CounterRowPainter counters = new CounterRowPainter(data, style, options, map, cols);
        OperationRowPainter operations = new OperationRowPainter(data, style, map, cols);
        s.pushClip(layout.plotLeftPx(), lanesTop, layout.plotWidthPx(), lanesHeight);
        int rects = bands(layout, rows, cpus, tasks, locks, s);
        for (TrackRow row : rows) {
            switch (row.kind()) {
                case CPU:
                    cpus.overlay(row, layout, s);
                    break;
                case LOCK:
                    locks.overlay(row, layout, s);
                    break;
                case COUNTER:
                    counters.paint(row, layout, s);
                    break;
                case OPERATION:
                    operations.paint(row, layout, s);
                    break;
                default:
                    break;
            }
        }
        OverlayPainter overlay = new OverlayPainter(layout, style, options, d.startNs());
        overlay.lanes(s);
        s.popClip();
        LabelColumnPainter.paint(data, layout, rows, spec, style, s);
        if (rows.isEmpty()) {
            s.setColor(style.mutedTextArgb());
            // a perf lock contention or lock_stat table: figures without times, shown by the side panel
            String empty = d.metadata().format().equals(NOTHING_OPEN_FORMAT)
                    ? "Nothing is open: File > Open (Ctrl+O), or drop recordings here"
                    : d.metadata().parameters().isEmpty() ? "This dataset has no CPU lanes"
                    // perf stat without -I: its totals are in the side panel's Figures tab, which the
                    // workbench brings forward for a file without CPU lanes
                    : d.metadata().parameters().containsKey(PERF_STAT_OUTPUT) ? "No timeline: perf stat without -I"
                            + " gives totals only.\nThe side panel's Figures tab lists them; A/B compare sets two side by side."
                    : LockTable.of(d.metadata().parameters()).map(t -> "No timeline: a " + t.tool()
                            + " table has no times.\nThe side panel's Locks tab shows it as printed, its Figures tab"
                            + " the row count.").orElseGet(() -> figuresWithoutTimes(d));
            // two short lines rather than one cut at a laptop's plot width
            String[] lines = (d.cpuCount() == 0 ? empty : "All groups are collapsed").split("\n");
            for (int i = 0; i < lines.length; i++) {
                s.fillText(lines[i], layout.plotLeftPx() + 12, lanesTop + 24 + i * style.labelFontPx() * 1.5,
                        style.labelFontPx());
            }
        }
        s.popClip();

        AxisPainter.axis(layout, ticks, timed ? "since start"
                : d.metadata().format().equals(NOTHING_OPEN_FORMAT) ? "" : "no times", style, s, overlay.rangeBadgePx(s));
        // over the range's tint, under its badge and the pointer's, which the user put there
        overlay.axisTint(s);
        s.setColor(style.separatorArgb());
        double sep = Math.floor(layout.plotLeftPx()) - 0.5;
        s.strokeLine(sep, 0, sep, layout.lanesBottomPx());
        // over the label column's edge: a caret at the window's first instant keeps its left shoulders
        SchedulerTicks.of(d).ifPresent(t -> t.paint(layout, style, s));
        overlay.axis(s);

        List<LegendEntry> colors = Legend.colors(data, counted, options.colorMode());
        List<LegendEntry> keys = Legend.keys(data, counted, options.colorMode(), rows, style);
        Legend.Drawn drawn = legend ? Legend.draw(s, layout, style, colors, keys, counted.approximate,
                Legend.cpus(d, spec, counted, rows, options.stale(), options.foldFailed())) : Legend.Drawn.NONE;
        return new FrameSummary(ticks, colors, keys, drawn.colors(), cols.slicesVisited, cols.bucketsVisited, rects,
                cpus.marksDrawn(), cols.approximate, drawn.keys(), drawn.heading());
    }

    /**
     * The placeholder of a file of figures without times that is neither perf stat's totals nor a
     * lock table: it names the side panel's tabs that show what the file has. A runqlat output's
     * histograms are the runqlat tab's (the hint sent the user to "Figures, Locks and TCP").
     */
    private static String figuresWithoutTimes(Dataset d) {
        if (!RunqlatHistogram.fromMetadata(d.metadata()).isEmpty()) {
            return "No timeline: a runqlat histogram has no times.\nThe side panel's runqlat tab shows it as printed.";
        }
        return "No timeline: this file holds figures and tables without times.\nSee the side panel's "
                + (TcpCounters.of(d, d.startNs(), d.endNs()).isEmpty() ? "Figures tab." : "Figures and TCP tabs.");
    }

    /** The dense part of every visible lane, into a raster shown at once or as rectangles. */
    private int bands(TimelineLayout layout, List<TrackRow> rows, CpuRowPainter cpus, TaskRowPainter tasks,
                      LockRowPainter locks, DrawSurface s) {
        BandSink sink;
        boolean useRaster = s.prefersRaster();
        if (useRaster) {
            // no clearing here: the sink clears each row unless a lane's first band rewrites it whole
            raster.resizeKeepingPixels((int) Math.floor(layout.plotWidthPx()),
                    (int) Math.ceil(layout.lanesBottomPx() - layout.lanesTopPx()));
            sink = new BandSink.Raster(raster, layout.plotLeftPx(), layout.lanesTopPx());
        } else {
            sink = new BandSink.Vector(s, layout.plotLeftPx());
        }
        int cpuRows = 0;
        for (TrackRow row : rows) {
            cpuRows += row.kind() == TrackKind.CPU ? 1 : 0;
        }
        boolean split = useRaster && cpuRows >= parallelMinCpuRows && TwoThreads.available()
                && rowsApart(layout, rows);
        if (split) {
            // rows cover disjoint pixel rows of the raster, so two threads can paint CPU lanes at once
            int half = cpuRows / 2;
            int all = cpuRows;
            CpuRowPainter second = cpus.twin();
            BandSink shared = sink;
            TwoThreads.run(() -> cpuBands(rows, 0, half, cpus, shared), () -> cpuBands(rows, half, all, second, shared));
        }
        for (TrackRow row : rows) {
            switch (row.kind()) {
                case CPU:
                    if (!split) {
                        cpus.bands(row, sink);
                    }
                    break;
                case TASK:
                    tasks.bands(row, sink);
                    break;
                case LOCK:
                    locks.bands(row, sink);
                    break;
                default:
                    break;
            }
        }
        sink.finish();
        if (useRaster) {
            s.drawRaster(raster, layout.plotLeftPx(), layout.lanesTopPx());
        }
        return sink.rects();
    }

    /** From this many CPU lanes in view, their bands are painted on two threads. */
    static final int PARALLEL_MIN_CPU_ROWS = 16;

    /** Paints the bands of CPU rows number {@code from} to {@code to} (counting CPU rows only). */
    private static Boolean cpuBands(List<TrackRow> rows, int from, int to, CpuRowPainter painter, BandSink sink) {
        int i = 0;
        for (TrackRow row : rows) {
            if (row.kind() == TrackKind.CPU) {
                if (i >= from && i < to) {
                    painter.bands(row, sink);
                }
                i++;
            }
        }
        return Boolean.TRUE;
    }

    /** Whether the rows, in order, cover pixel rows of the raster that do not overlap (as the sink rounds them). */
    private static boolean rowsApart(TimelineLayout layout, List<TrackRow> rows) {
        double top = layout.lanesTopPx();
        long last = Long.MIN_VALUE;
        for (TrackRow row : rows) {
            long y0 = Math.round(row.topPx() - top);
            long y1 = Math.round(row.topPx() + row.heightPx() - top);
            if (y0 < last) {
                return false;
            }
            last = Math.max(last, y1);
        }
        return true;
    }
}
