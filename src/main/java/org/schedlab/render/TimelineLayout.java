package org.schedlab.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/**
 * Where everything of a timeline goes on a canvas: the label column on the left, the time axis
 * on top, the legend strip at the bottom, and the rows in between - group headers, CPU lanes,
 * task lanes, lock lanes, operations and counters - scrolled vertically. Rows are kept as arrays of content
 * positions, so finding the visible ones or the one under the pointer is a binary search however
 * many there are. The renderer draws with it and the view hit-tests with it, so a click always
 * lands on what was drawn.
 */
public final class TimelineLayout {
    public static final double LABEL_WIDTH_PX = 150;
    public static final double AXIS_HEIGHT_PX = 28;
    public static final double LEGEND_ROW_PX = 22;
    public static final double LEGEND_HEIGHT_PX = 2 * LEGEND_ROW_PX + 2;
    public static final double HEADER_HEIGHT_PX = 20;
    /**
     * A group header in a pane too short for its CPU lanes and the task lanes under them with
     * full headers (an A/B side on a laptop): a dense CPU lane's height, its name in the small font.
     */
    public static final double DENSE_HEADER_HEIGHT_PX = 12;
    public static final double MIN_CPU_HEIGHT_PX = 12;
    public static final double MAX_CPU_HEIGHT_PX = 48;
    public static final double TASK_HEIGHT_PX = 16;
    public static final double LOCK_HEIGHT_PX = 64;
    public static final double COUNTER_HEIGHT_PX = 44;
    public static final double OPERATION_HEIGHT_PX = 56;

    private final Viewport viewport;
    private final TrackKind[] kinds;
    private final TrackGroup[] groups;
    private final int[] refs;
    private final String[] labels;
    private final double[] tops;
    private final double[] heights;
    private final double contentHeightPx;
    private final double cpuHeightPx;
    private final double headerHeightPx;
    private final double scrollPx;
    /** The gap under each CPU lane: none under lanes fitted thinner than {@link #FIT_GAP_MIN_PX}. */
    private final double cpuGapPx;
    private final int cpuRows;
    /** "Fit CPU lanes" made the CPU lanes shorter than they are without it. */
    private final boolean cpusFitted;

    /**
     * Fitted CPU lanes at least this tall keep a one-pixel gap between them where they have the room
     * for it; thinner ones touch, as do lanes this tall in a pane one pixel a CPU short of their gap.
     */
    public static final double FIT_GAP_MIN_PX = 4;
    /** The fewest pixels a fitted CPU lane gets: less than that and the lanes scroll. */
    public static final double FIT_MIN_CPU_HEIGHT_PX = 1;
    /** Room between two CPU names in the label column, beyond the font's size. */
    static final double LABEL_SPACING_PX = 2;

    private TimelineLayout(Viewport viewport, RowList rows, int cpuRows, boolean fitCpus) {
        this.viewport = viewport;
        int n = rows.kinds.size();
        kinds = rows.kinds.toArray(new TrackKind[0]);
        groups = rows.groups.toArray(new TrackGroup[0]);
        refs = rows.refs.stream().mapToInt(Integer::intValue).toArray();
        labels = rows.labels.toArray(new String[0]);
        tops = new double[n];
        heights = new double[n];
        this.cpuRows = cpuRows;
        headerHeightPx = headerHeight(viewport, rows, cpuRows);
        double own = cpuHeight(viewport, rows, cpuRows, headerHeightPx);
        double ownGap = gapAfter(TrackKind.CPU, own);
        double[] fitted = fitCpus ? fitted(viewport, rows, cpuRows, headerHeightPx, own, ownGap) : null;
        cpusFitted = fitted != null;
        cpuHeightPx = cpusFitted ? fitted[0] : own;
        cpuGapPx = cpusFitted ? fitted[1] : ownGap;
        double y = 0;
        for (int i = 0; i < n; i++) {
            double h = heightOf(kinds[i], cpuHeightPx, headerHeightPx);
            tops[i] = y;
            heights[i] = h;
            y += h + (kinds[i] == TrackKind.CPU ? cpuGapPx : gapAfter(kinds[i], cpuHeightPx));
        }
        contentHeightPx = y;
        scrollPx = Math.min(viewport.laneScrollPx(), Math.max(0, contentHeightPx - lanesAreaPx(viewport)));
    }

    /** CPU lanes only (lane i shows CPU i) under a CPUs header. */
    public static TimelineLayout of(Viewport viewport, int cpuCount) {
        RowList rows = new RowList();
        if (cpuCount > 0) {
            rows.add(TrackKind.HEADER, TrackGroup.CPUS, -1, TrackGroup.CPUS.title() + " (" + cpuCount + ")");
            for (int c = 0; c < cpuCount; c++) {
                rows.add(TrackKind.CPU, TrackGroup.CPUS, c, "CPU " + c);
            }
        }
        return new TimelineLayout(viewport, rows, cpuCount, false);
    }

    /** Every row {@code spec} asks for in {@code d}: CPUs, chosen task lanes, locks, operations, counters. */
    public static TimelineLayout of(Viewport viewport, Dataset d, TrackSpec spec) {
        RowList rows = new RowList();
        int cpus = d.cpuCount();
        if (cpus > 0) {
            rows.add(TrackKind.HEADER, TrackGroup.CPUS, -1, TrackGroup.CPUS.title() + " (" + cpus + ")");
            if (!spec.isCollapsed(TrackGroup.CPUS)) {
                for (int c = 0; c < cpus; c++) {
                    rows.add(TrackKind.CPU, TrackGroup.CPUS, c, "CPU " + c);
                }
            }
        }
        List<Integer> tasks = new ArrayList<>();
        for (int t : spec.taskLanes()) {
            if (t >= 0 && t < d.tasks().size()) {
                tasks.add(t);
            }
        }
        if (!tasks.isEmpty()) {
            rows.add(TrackKind.HEADER, TrackGroup.TASKS, -1, TrackGroup.TASKS.title() + " (" + tasks.size() + ")");
            if (!spec.isCollapsed(TrackGroup.TASKS)) {
                for (int t : tasks) {
                    rows.add(TrackKind.TASK, TrackGroup.TASKS, t, d.task(t).label());
                }
            }
        }
        if (!d.locks().isEmpty()) {
            rows.add(TrackKind.HEADER, TrackGroup.LOCKS, -1, TrackGroup.LOCKS.title() + " (" + d.locks().size() + ")");
            if (!spec.isCollapsed(TrackGroup.LOCKS)) {
                for (int l = 0; l < d.locks().size(); l++) {
                    rows.add(TrackKind.LOCK, TrackGroup.LOCKS, l, d.locks().get(l).name());
                }
            }
        }
        List<Integer> ops = operationRows(d);
        if (!ops.isEmpty()) {
            rows.add(TrackKind.HEADER, TrackGroup.OPERATIONS, -1,
                    TrackGroup.OPERATIONS.title() + " (" + ops.size() + ")");
            if (!spec.isCollapsed(TrackGroup.OPERATIONS)) {
                for (int o : ops) {
                    rows.add(TrackKind.OPERATION, TrackGroup.OPERATIONS, o, d.operations().get(o).name());
                }
            }
        }
        if (!d.counters().isEmpty()) {
            rows.add(TrackKind.HEADER, TrackGroup.COUNTERS, -1,
                    TrackGroup.COUNTERS.title() + " (" + d.counters().size() + ")");
            if (!spec.isCollapsed(TrackGroup.COUNTERS)) {
                for (int c : CounterOrder.of(d.counters())) {
                    CounterSeries s = d.counters().get(c);
                    rows.add(TrackKind.COUNTER, TrackGroup.COUNTERS, c, s.name());
                }
            }
        }
        int cpuRows = spec.isCollapsed(TrackGroup.CPUS) ? 0 : cpus;
        return new TimelineLayout(viewport, rows, cpuRows, spec.fitCpuLanes());
    }

    /**
     * "Fit CPU lanes": {height, gap} of CPU lanes short enough for all {@code cpuRows} of them to
     * show in the lanes area under the rows above them (the CPUs header), or null where the lanes
     * at their own height {@code own} already do. Whole pixels, so that a lane is a pixel row of
     * its own; a gap of one pixel down to {@link #FIT_GAP_MIN_PX}, none under that; a pixel at
     * least, the lanes scrolling when even that does not fit (a 96-CPU machine in a pane with
     * fewer than 96 px of lanes). The rows under the CPU lanes keep their heights, below them.
     */
    private static double[] fitted(Viewport viewport, RowList rows, int cpuRows, double headerPx, double own,
                                   double ownGap) {
        if (cpuRows == 0) {
            return null;
        }
        double above = 0;
        for (int i = 0; i < rows.kinds.size() && rows.kinds.get(i) != TrackKind.CPU; i++) {
            above += heightOf(rows.kinds.get(i), 0, headerPx) + gapAfter(rows.kinds.get(i), 0);
        }
        double avail = lanesAreaPx(viewport) - above;
        if (cpuRows * own + (cpuRows - 1) * ownGap <= avail) {
            return null;
        }
        double withGap = Math.floor((avail + 1) / cpuRows) - 1;
        if (withGap >= FIT_GAP_MIN_PX) {
            return new double[] {Math.min(own, withGap), 1};
        }
        return new double[] {Math.max(FIT_MIN_CPU_HEIGHT_PX, Math.min(own, Math.floor(avail / cpuRows))), 0};
    }

    /**
     * The operation kinds that get a row, as indexes into {@link Dataset#operations()}: those with
     * at least one operation (a kind none of which ended in the recording has nothing to plot).
     */
    public static List<Integer> operationRows(Dataset d) {
        List<Integer> out = new ArrayList<>();
        for (int o = 0; o < d.operations().size(); o++) {
            if (d.operations().get(o).size() > 0) {
                out.add(o);
            }
        }
        return out;
    }

    /**
     * The height of the rows but CPU lanes before the first row of {@code group} or a later one,
     * down to the last one's bottom (the gap under it need not be in view), headers
     * {@code headerPx} high.
     */
    private static double rowsAbove(RowList rows, TrackGroup group, double headerPx) {
        double h = 0;
        double lastGap = 0;
        for (int i = 0; i < rows.kinds.size(); i++) {
            if (rows.groups.get(i).ordinal() >= group.ordinal()) {
                break;
            }
            TrackKind k = rows.kinds.get(i);
            lastGap = 0;
            if (k != TrackKind.CPU) {
                lastGap = gapAfter(k, 0);
                h += heightOf(k, 0, headerPx) + lastGap;
            }
        }
        return h - lastGap;
    }

    /**
     * The group headers' height: {@link #HEADER_HEIGHT_PX}, or {@link #DENSE_HEADER_HEIGHT_PX} where
     * that, and only that, lets the task lanes show whole under the CPU lanes at their minimum - a
     * teaching scenario's one CPU and tasks A and B in an A/B side at its shortest (73 px of lanes
     * on a 1280 x 720 laptop), where two full headers left no room for task B.
     */
    private static double headerHeight(Viewport viewport, RowList rows, int cpuRows) {
        if (cpuRows == 0 || !rows.kinds.contains(TrackKind.TASK)) {
            return HEADER_HEIGHT_PX;
        }
        double area = lanesAreaPx(viewport);
        double cpus = cpuRows * (MIN_CPU_HEIGHT_PX + 1);
        boolean fitFull = cpus + rowsAbove(rows, TrackGroup.LOCKS, HEADER_HEIGHT_PX) <= area;
        boolean fitDense = cpus + rowsAbove(rows, TrackGroup.LOCKS, DENSE_HEADER_HEIGHT_PX) <= area;
        return !fitFull && fitDense ? DENSE_HEADER_HEIGHT_PX : HEADER_HEIGHT_PX;
    }

    /**
     * CPU lanes share what the other rows leave, within the minimum and maximum height; when the
     * other rows need scrolling anyway the CPU lanes share at least half of the lanes area,
     * or less when that leaves the task lanes under them in view.
     */
    private static double cpuHeight(Viewport viewport, RowList rows, int cpuRows, double headerPx) {
        double other = 0;
        for (TrackKind k : rows.kinds) {
            if (k != TrackKind.CPU) {
                other += heightOf(k, 0, headerPx) + gapAfter(k, 0);
            }
        }
        if (cpuRows == 0) {
            return MAX_CPU_HEIGHT_PX;
        }
        double area = lanesAreaPx(viewport);
        double avail = area - other;
        if (avail < cpuRows * (MIN_CPU_HEIGHT_PX + 1)) {
            // the other rows (34 locks, a wall of counters) scroll whatever the CPU lanes get: the
            // CPU lanes keep half of the first screen instead of being squeezed to the minimum -
            // or less, when that is enough to leave the task lanes under them in view too: a
            // teaching scenario's one CPU took half of an A/B pane, and task B, whose wake-up
            // the lesson is about, was scrolled out under A
            double underTasks = area - rowsAbove(rows, TrackGroup.LOCKS, headerPx);
            double half = underTasks >= cpuRows * (MIN_CPU_HEIGHT_PX + 1) ? Math.min(area / 2, underTasks) : area / 2;
            avail = Math.max(avail, half);
        }
        double fit = Math.floor(avail / cpuRows) - 2;
        if (fit < 18) {
            fit = Math.floor(avail / cpuRows) - 1; // dense lanes keep a one-pixel gap
        }
        return Math.max(MIN_CPU_HEIGHT_PX, Math.min(MAX_CPU_HEIGHT_PX, fit));
    }

    /**
     * The lane scroll a pane opens at: the top, unless its CPU lanes fit whole and its task lanes
     * fit whole, but not the task lanes under the CPU lanes (the group headers and CPU lanes
     * already as short as they may be for that) - then the task lanes from their group header
     * (from the first task lane where the header does not fit too), the CPU lanes a scroll up.
     * A teaching scenario with two CPUs and tasks W, A and B in an A/B side on a laptop (73 px
     * of lanes) opened on its CPU lanes and the Tasks header, with B, the task woken from the
     * other CPU, and A, the one it waits behind, out of sight. A pane filled by its CPU lanes
     * alone (pgbench-graviton4's 96) opens on them, as does one too short for the task lanes.
     */
    public double openingScrollPx() {
        int lastCpu = -1;
        int firstTask = -1;
        int lastTask = -1;
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == TrackKind.CPU) {
                lastCpu = i;
            } else if (kinds[i] == TrackKind.TASK) {
                firstTask = firstTask < 0 ? i : firstTask;
                lastTask = i;
            }
        }
        if (lastCpu < 0 || firstTask < 0 || cpusFitted) {
            return 0; // fitted CPU lanes fill the lanes area: the machine whole is what was asked for
        }
        double area = lanesAreaPx(viewport);
        double tasksBottom = tops[lastTask] + heights[lastTask];
        boolean cpusFit = tops[lastCpu] + heights[lastCpu] <= area;
        boolean tasksFit = tasksBottom - tops[firstTask] <= area;
        boolean together = tasksBottom <= area;
        if (!cpusFit || !tasksFit || together) {
            return 0;
        }
        int header = firstTask - 1; // the Tasks header: a row edge on top, not a sliver of CPU 1
        boolean headerFits = header >= 0 && kinds[header] == TrackKind.HEADER && tasksBottom - tops[header] <= area;
        double from = headerFits ? tops[header] : tops[firstTask];
        return Math.min(from, maxScrollPx());
    }

    private static double heightOf(TrackKind k, double cpuHeightPx, double headerHeightPx) {
        switch (k) {
            case HEADER:
                return headerHeightPx;
            case CPU:
                return cpuHeightPx;
            case TASK:
                return TASK_HEIGHT_PX;
            case LOCK:
                return LOCK_HEIGHT_PX;
            case OPERATION:
                return OPERATION_HEIGHT_PX;
            default:
                return COUNTER_HEIGHT_PX;
        }
    }

    private static double gapAfter(TrackKind k, double cpuHeightPx) {
        if (k == TrackKind.HEADER) {
            return 1;
        }
        return k == TrackKind.CPU && cpuHeightPx < 18 ? 1 : 2;
    }

    /**
     * The height a timeline needs for "Fit CPU lanes" to give each of {@code cpus} CPU lanes a pixel
     * under the CPUs header: the axis, the header and the gap under it, the lanes, the legend.
     */
    public static double fittedCpusHeightPx(int cpus) {
        return AXIS_HEIGHT_PX + HEADER_HEIGHT_PX + gapAfter(TrackKind.HEADER, 0) + cpus * FIT_MIN_CPU_HEIGHT_PX
                + LEGEND_HEIGHT_PX;
    }

    private static double lanesAreaPx(Viewport v) {
        return Math.max(0, v.heightPx() - LEGEND_HEIGHT_PX - AXIS_HEIGHT_PX);
    }

    public Viewport viewport() {
        return viewport;
    }

    public int rowCount() {
        return kinds.length;
    }

    public double cpuLaneHeightPx() {
        return cpuHeightPx;
    }

    /** The gap under each CPU lane (none between fitted lanes thinner than {@link #FIT_GAP_MIN_PX}). */
    public double cpuLaneGapPx() {
        return cpuGapPx;
    }

    /** Whether "Fit CPU lanes" made the CPU lanes shorter than their own height (see {@link TrackSpec#fitCpuLanes}). */
    public boolean cpuLanesFitted() {
        return cpusFitted;
    }

    /**
     * Every how many CPUs a name goes in the label column, in a font {@code fontPx} high: 1 where a
     * lane has room for its own, else the smallest power of two whose lanes together do ("CPU 0",
     * "CPU 8", ... over 1 px lanes), so that names never overlap.
     */
    public int cpuLabelEvery(double fontPx) {
        double step = cpuHeightPx + cpuGapPx;
        double need = fontPx + LABEL_SPACING_PX;
        if (cpuHeightPx >= fontPx || step <= 0) {
            return 1;
        }
        int k = 1;
        while (k * step < need && k < (1 << 20)) {
            k *= 2;
        }
        return k;
    }

    /**
     * Whether CPU {@code cpu}'s lane carries its name ({@link #cpuLabelEvery}): each k-th one,
     * where its name, drawn from the lane's top down, ends above the end of the CPU lanes.
     */
    public boolean cpuLabelShown(int cpu, double fontPx) {
        int k = cpuLabelEvery(fontPx);
        if (k == 1) {
            return true;
        }
        return cpu % k == 0 && (cpuRows - cpu) * (cpuHeightPx + cpuGapPx) - cpuGapPx >= fontPx;
    }

    /** The lane scroll actually applied: the viewport's, limited so the last row stays in view. */
    public double scrollPx() {
        return scrollPx;
    }

    public double plotLeftPx() {
        return Math.min(viewport.labelWidthPx(), viewport.widthPx());
    }

    public double plotWidthPx() {
        return Math.max(0, viewport.widthPx() - plotLeftPx());
    }

    public double lanesTopPx() {
        return AXIS_HEIGHT_PX;
    }

    public double lanesBottomPx() {
        return Math.max(AXIS_HEIGHT_PX, viewport.heightPx() - LEGEND_HEIGHT_PX);
    }

    public double legendTopPx() {
        return lanesBottomPx();
    }

    /** Height of all rows stacked, whether or not they fit. */
    public double contentHeightPx() {
        return contentHeightPx;
    }

    /** How far the rows can scroll before the last one reaches the bottom of the lanes area. */
    public double maxScrollPx() {
        return Math.max(0, contentHeightPx - (lanesBottomPx() - lanesTopPx()));
    }

    public TrackRow row(int i) {
        return new TrackRow(kinds[i], groups[i], refs[i], labels[i], lanesTopPx() + tops[i] - scrollPx, heights[i]);
    }

    /** The row showing {@code ref} of {@code kind} (e.g. CPU 3), if it is laid out. */
    public Optional<TrackRow> find(TrackKind kind, int ref) {
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == kind && refs[i] == ref) {
                return Optional.of(row(i));
            }
        }
        return Optional.empty();
    }

    /** CPU {@code cpu}'s lane (CPU lanes follow the first header in CPU order). */
    public TrackRow cpuLane(int cpu) {
        int i = 1 + cpu;
        if (i >= kinds.length || kinds[i] != TrackKind.CPU || refs[i] != cpu) {
            return find(TrackKind.CPU, cpu).orElseThrow(() -> new IllegalArgumentException("no lane for CPU " + cpu));
        }
        return row(i);
    }

    /** Index range {@code [from, to)} of the rows at least partly inside the lanes area. */
    public int[] visibleRange() {
        double top = scrollPx;
        double bottom = scrollPx + (lanesBottomPx() - lanesTopPx());
        int from = lastStartingAtOrBefore(top);
        if (from < 0) {
            from = 0;
        }
        while (from < kinds.length && tops[from] + heights[from] <= top) {
            from++;
        }
        int to = from;
        while (to < kinds.length && tops[to] < bottom) {
            to++;
        }
        return new int[] {from, to};
    }

    /** The rows at least partly inside the lanes area, top to bottom. */
    public List<TrackRow> visibleRows() {
        int[] r = visibleRange();
        List<TrackRow> rows = new ArrayList<>(r[1] - r[0]);
        for (int i = r[0]; i < r[1]; i++) {
            rows.add(row(i));
        }
        return rows;
    }

    /** The row under a canvas point's y, if any (gaps, axis and legend hit nothing). */
    public Optional<TrackRow> rowAt(double yPx) {
        if (yPx < lanesTopPx() || yPx >= lanesBottomPx() || kinds.length == 0) {
            return Optional.empty();
        }
        double contentY = yPx - lanesTopPx() + scrollPx;
        int i = lastStartingAtOrBefore(contentY);
        if (i < 0 || contentY >= tops[i] + heights[i]) {
            return Optional.empty();
        }
        return Optional.of(row(i));
    }

    private int lastStartingAtOrBefore(double contentY) {
        int lo = 0;
        int hi = tops.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (tops[mid] <= contentY) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - 1;
    }

    public double nsPerPx() {
        double w = plotWidthPx();
        return w <= 0 ? Double.POSITIVE_INFINITY : viewport.spanNs() / w;
    }

    /** Canvas x of time {@code tNs} (may be outside the plot when the time is outside the window). */
    public double xOf(long tNs) {
        return plotLeftPx() + (tNs - viewport.startNs()) / nsPerPx();
    }

    /** Time at canvas x (x left of the plot maps before the window start). */
    public long timeAt(double xPx) {
        double t = viewport.startNs() + (xPx - plotLeftPx()) * nsPerPx();
        return Math.round(t);
    }

    public boolean inPlot(double xPx, double yPx) {
        return xPx >= plotLeftPx() && xPx < viewport.widthPx() && yPx >= lanesTopPx() && yPx < lanesBottomPx();
    }

    /** Whether a canvas point is on the time axis above the plot (where dragging selects a range). */
    public boolean onAxis(double xPx, double yPx) {
        return xPx >= plotLeftPx() && xPx < viewport.widthPx() && yPx >= 0 && yPx < lanesTopPx();
    }

    /** Rows being collected before their positions are known. */
    private static final class RowList {
        final List<TrackKind> kinds = new ArrayList<>();
        final List<TrackGroup> groups = new ArrayList<>();
        final List<Integer> refs = new ArrayList<>();
        final List<String> labels = new ArrayList<>();

        void add(TrackKind k, TrackGroup g, int ref, String label) {
            kinds.add(k);
            groups.add(g);
            refs.add(ref);
            labels.add(label);
        }
    }
}
