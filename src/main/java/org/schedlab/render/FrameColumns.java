package org.schedlab.render;

import java.util.List;
import java.util.Map;

/**
 * A window's data folded into pixel columns for every row: CPU lanes, chosen task lanes, lock
 * lanes (holder, write holds, holder off-CPU, waiters at the column's peak), operations (count, lowest,
 * highest and median latency per column) and counters (min, max, first and
 * last sample per column), plus what the legend needs. Made by {@link FrameAggregator} (possibly
 * on a background thread), painted by {@link TimelineRenderer#paint} - also into a window it was
 * not made for, stretched, while a newer one is being computed. Immutable once made.
 */
public final class FrameColumns {
    final FrameRequest request;
    final CpuColumns[] cpus;
    final List<CpuFolder.LabelRun> labels;
    final Map<Integer, CpuColumns> tasks;
    final CpuColumns[] lockHolders;
    final CpuColumns[] lockOffCpu;
    final List<CpuFolder.LabelRun> holderLabels;
    final int[][] lockSpin;
    final int[][] lockSleep;
    final CounterColumns[] counters;
    /** Per operation kind (index into the dataset's operations), null for a kind without a row. */
    final OperationColumns[] operations;
    final long[] runNsByTask;
    final long[] nsByState;
    final boolean approximate;
    /** Per CPU lane, its own legend times (null where the lane was not folded): summed for the lanes in view. */
    final CpuLanesFold.LaneTimes[] laneTimes;
    /** Preemption marks in the window on the CPU lanes counted ({@link #countingLanes}): every lane's as made. */
    final long preemptionMarks;
    /** Per CPU lane, its preemption marks in the window: summed for the lanes in view. */
    final long[] preemptionsByLane;
    /** How many CPU lanes {@link #preemptionMarks} counts: every lane's as made. */
    final int lanesCounted;
    final boolean sawLockHolderPreemption;
    final boolean sawLockHandoff;
    final long slicesVisited;
    final long bucketsVisited;
    final long aggregationNanos;

    FrameColumns(FrameRequest request, CpuColumns[] cpus, List<CpuFolder.LabelRun> labels,
                 Map<Integer, CpuColumns> tasks, CpuColumns[] lockHolders, CpuColumns[] lockOffCpu,
                 List<CpuFolder.LabelRun> holderLabels, int[][] lockSpin, int[][] lockSleep,
                 CounterColumns[] counters, OperationColumns[] operations, long[] runNsByTask, long[] nsByState, boolean approximate,
                 CpuLanesFold.LaneTimes[] laneTimes, long preemptionMarks, long[] preemptionsByLane, int lanesCounted,
                 boolean sawLockHolderPreemption, boolean sawLockHandoff, long slicesVisited, long bucketsVisited, long aggregationNanos) {
        this.request = request;
        this.cpus = cpus;
        this.labels = List.copyOf(labels);
        this.tasks = Map.copyOf(tasks);
        this.lockHolders = lockHolders;
        this.lockOffCpu = lockOffCpu;
        this.holderLabels = List.copyOf(holderLabels);
        this.lockSpin = lockSpin;
        this.lockSleep = lockSleep;
        this.counters = counters;
        this.operations = operations;
        this.runNsByTask = runNsByTask;
        this.nsByState = nsByState;
        this.approximate = approximate;
        this.laneTimes = laneTimes;
        this.preemptionMarks = preemptionMarks;
        this.preemptionsByLane = preemptionsByLane;
        this.lanesCounted = lanesCounted;
        this.sawLockHolderPreemption = sawLockHolderPreemption;
        this.sawLockHandoff = sawLockHandoff;
        this.slicesVisited = slicesVisited;
        this.bucketsVisited = bucketsVisited;
        this.aggregationNanos = aggregationNanos;
    }

    /**
     * These columns with the legend's times ({@code runNsByTask}, {@code nsByState}) and the
     * preemption count counted over some of the CPU lanes only: a picture's legend counts the
     * lanes the picture draws.
     */
    private FrameColumns counting(CpuLanesFold.Part part, long preemptions, int lanes) {
        return new FrameColumns(request, cpus, labels, tasks, lockHolders, lockOffCpu, holderLabels, lockSpin,
                lockSleep, counters, operations, part == null ? runNsByTask : part.runNsByTask(),
                part == null ? nsByState : part.nsByState(), part == null ? approximate : part.approximate(), laneTimes,
                preemptions, preemptionsByLane, lanes, sawLockHolderPreemption, sawLockHandoff, slicesVisited,
                bucketsVisited, aggregationNanos);
    }

    /**
     * These columns with the legend's times and the preemption count over the CPU lanes among
     * {@code rows} (the rows a view or picture draws), summed from each lane's
     * {@link CpuLanesFold.LaneTimes} and {@link #preemptionsByLane}: a 96-CPU run scrolled to CPUs
     * 40-47 listed the busiest tasks of all 96 "In view", and said "preemptions: zoom in to see"
     * for the marks of all 96 where its 8 lanes had few enough to draw. The columns themselves
     * are these; the same object when every CPU lane is drawn.
     */
    FrameColumns countingLanes(List<TrackRow> rows) {
        List<Integer> lanes = new java.util.ArrayList<>();
        for (TrackRow r : rows) {
            if (r.kind() == TrackKind.CPU) {
                lanes.add(r.ref());
            }
        }
        if (lanes.size() >= cpus.length) {
            return this;
        }
        long preemptions = preemptionMarks;
        if (preemptionsByLane != null) {
            preemptions = 0;
            for (int c : lanes) {
                preemptions += c >= 0 && c < preemptionsByLane.length ? preemptionsByLane[c] : 0;
            }
        }
        return counting(laneTimes == null ? null : CpuLanesFold.sumLanes(laneTimes, runNsByTask.length, lanes),
                preemptions, lanes.size());
    }

    /**
     * Whether preemption ticks are worth drawing: not when the lanes counted ({@link
     * #countingLanes}) hold more than one per {@value #MIN_COLUMNS_PER_PREEMPTION} pixel columns
     * each on average. A tick is 2 px wide, so denser ticks join into a black band over the lane's
     * top that hides the lock-holder preemption caps; lock-holder preemptions are always drawn. A
     * density per lane, not a count per column over all lanes: counted over the five lanes a
     * laptop's A/B card shows, four per column had drawn a tick every other column of each.
     */
    public boolean preemptionTicksShown() {
        return preemptionMarks > 0
                && preemptionMarks * MIN_COLUMNS_PER_PREEMPTION <= (long) request.columns() * Math.max(1, lanesCounted);
    }

    static final int MIN_COLUMNS_PER_PREEMPTION = 8;

    public FrameRequest request() {
        return request;
    }

    /** Raw slices read to make these columns. */
    public long slicesVisited() {
        return slicesVisited;
    }

    /** Level-of-detail buckets read instead of slices (zoomed out far). */
    public long bucketsVisited() {
        return bucketsVisited;
    }

    /** Whether any CPU lane came from the coarse pyramid (legend times are then estimates). */
    public boolean approximate() {
        return approximate;
    }

    public long aggregationNanos() {
        return aggregationNanos;
    }

    /**
     * Per column, how many operations of one kind ended in it and their lowest, highest and median
     * (the lower one of an even count) latency in ns; 0 where none ended. {@code coarse}: made
     * from {@link OperationLod} buckets (the median is then the buckets' weighted median).
     */
    static final class OperationColumns {
        final int[] count;
        final long[] min;
        final long[] max;
        final long[] median;
        final boolean coarse;
        /** Operations (raw) or buckets (coarse) read to make them. */
        final long visited;

        OperationColumns(int[] count, long[] min, long[] max, long[] median, boolean coarse, long visited) {
            this.count = count;
            this.min = min;
            this.max = max;
            this.median = median;
            this.coarse = coarse;
            this.visited = visited;
        }
    }

    /**
     * Min and max value, first and last sample per column of one counter: min and max NaN where it
     * has no value (before the first sample, or a gap throughout), first or last NaN where the
     * column opens or closes in a gap.
     */
    static final class CounterColumns {
        final double[] min;
        final double[] max;
        final double[] first;
        final double[] last;

        CounterColumns(int columns) {
            min = new double[columns];
            max = new double[columns];
            first = new double[columns];
            last = new double[columns];
            java.util.Arrays.fill(min, Double.NaN);
            java.util.Arrays.fill(max, Double.NaN);
            java.util.Arrays.fill(first, Double.NaN);
            java.util.Arrays.fill(last, Double.NaN);
        }
    }
}
