package org.schedlab.render;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.schedlab.analysis.LockIndex;
import org.schedlab.analysis.WaiterCounts;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.OperationSamples;
import org.schedlab.model.Marks;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskLane;

/**
 * Folds a window of a dataset into {@link FrameColumns}: the expensive half of a frame, which a
 * view runs on a background thread when the window holds many slices. Per CPU lane it binary
 * searches the window and folds the slices in it, or - zoomed out far on a busy lane - resamples
 * the coarse level of the {@link LodPyramid}, so the cost follows the pixel width rather than
 * the dataset; a dear frame's CPU lanes are folded in two halves on two threads
 * ({@link CpuLanesFold}), with the same result. Checks {@code cancelled} between lanes and gives
 * up with a {@link CancellationException} when a newer window made this one pointless.
 */
public final class FrameAggregator {
    private FrameAggregator() {
    }

    public static FrameColumns aggregate(TimelineData data, FrameRequest req, BooleanSupplier cancelled) {
        return aggregate(data, req, cancelled, CpuLanesFold.PARALLEL_MIN_COST);
    }

    /** As {@link #aggregate(TimelineData, FrameRequest, BooleanSupplier)}, on two threads from {@code parallelMinCost}. */
    static FrameColumns aggregate(TimelineData data, FrameRequest req, BooleanSupplier cancelled,
                                  long parallelMinCost) {
        long began = System.nanoTime();
        Dataset d = data.dataset();
        int cols = req.columns();
        double nsPerCol = req.nsPerColumn();
        long start = req.startNs();
        TrackSpec spec = req.spec();
        int taskCount = d.tasks().size();
        CpuFolder folder = new CpuFolder(taskCount);
        CpuColumns[] cpus = new CpuColumns[d.cpuCount()];
        CpuLanesFold.LaneTimes[] laneTimes = new CpuLanesFold.LaneTimes[d.cpuCount()];
        CpuLanesFold.Part part;
        if (!spec.isCollapsed(TrackGroup.CPUS)) {
            part = CpuLanesFold.fold(data, req, CpuLanesFold.plan(data, req), cpus, laneTimes, cancelled,
                    parallelMinCost);
        } else {
            part = new CpuLanesFold.Part(new long[taskCount], new long[SliceState.values().length], List.of(), 0, 0,
                    false);
        }
        // marks only flag CPU columns: none to flag with the CPU lanes collapsed (2.2 million marks
        // in a second of pgbench-graviton4 walked for nothing in a first frame's stand-in)
        long[] preemptionsByLane = new long[d.cpuCount()];
        long[] saw = spec.isCollapsed(TrackGroup.CPUS) ? new long[3]
                : markColumns(d.marks(), cpus, start, req.endNs(), nsPerCol, preemptionsByLane,
                        d.sliceCount() == 0);
        Map<Integer, CpuColumns> tasks = new HashMap<>();
        if (!spec.isCollapsed(TrackGroup.TASKS)) {
            for (int t : spec.taskLanes()) {
                check(cancelled);
                Optional<TaskLane> lane = t >= 0 && t < taskCount ? d.taskLane(t) : Optional.empty();
                CpuColumns out = new CpuColumns(cols);
                lane.ifPresent(l -> folder.fold(-1, l.intervals(), start, nsPerCol, out, null, null, null));
                tasks.put(t, out);
            }
        }
        int locks = spec.isCollapsed(TrackGroup.LOCKS) ? 0 : d.locks().size();
        CpuColumns[] holders = new CpuColumns[locks];
        CpuColumns[] offCpu = new CpuColumns[locks];
        int[][] spin = new int[locks][];
        int[][] sleep = new int[locks][];
        List<CpuFolder.LabelRun> holderLabels = new ArrayList<>();
        for (int l = 0; l < locks; l++) {
            check(cancelled);
            LockLane lock = d.locks().get(l);
            holders[l] = new CpuColumns(cols);
            folder.fold(l, data.laneHolds(l), start, nsPerCol, holders[l], null, null,
                    data.laneHoldsApart(l) ? holderLabels : null);
            writeColumns(lock.holds(), start, nsPerCol, holders[l]);
            offCpu[l] = new CpuColumns(cols);
            spin[l] = new int[cols];
            sleep[l] = new int[cols];
            Optional<LockIndex> index = data.locks();
            if (index.isPresent()) {
                folder.fold(l, index.get().holderOffCpu(l), start, nsPerCol, offCpu[l], null, null, null);
                waiterPeaks(index.get().waiters(l), start, nsPerCol, spin[l], sleep[l]);
            }
        }
        int counterCount = spec.isCollapsed(TrackGroup.COUNTERS) ? 0 : d.counters().size();
        FrameColumns.CounterColumns[] counters = new FrameColumns.CounterColumns[counterCount];
        for (int i = 0; i < counterCount; i++) {
            counters[i] = reduce(d.counters().get(i), start, nsPerCol, cols);
        }
        FrameColumns.OperationColumns[] operations = new FrameColumns.OperationColumns[d.operations().size()];
        if (!spec.isCollapsed(TrackGroup.OPERATIONS)) {
            for (int o : TimelineLayout.operationRows(d)) {
                check(cancelled);
                operations[o] = operationColumns(d.operations().get(o), data.operationLod().kind(o), start, nsPerCol,
                        cols);
            }
        }
        return new FrameColumns(req, cpus, part.labels(), tasks, holders, offCpu, holderLabels, spin, sleep, counters,
                operations, part.runNsByTask(), part.nsByState(), part.approximate(), laneTimes, saw[0], preemptionsByLane, cpus.length, saw[1] > 0,
                saw[2] > 0, part.slicesVisited() + folder.slicesVisited(), part.bucketsVisited(), System.nanoTime() - began);
    }

    /**
     * Roughly how many slices, buckets, marks, task states, holds and waiter steps aggregating
     * {@code req} reads: a view aggregates cheap windows right away and sends expensive ones to
     * a background thread.
     */
    public static long estimateCost(TimelineData data, FrameRequest req) {
        Dataset d = data.dataset();
        long start = req.startNs();
        long end = req.endNs();
        double nsPerCol = req.nsPerColumn();
        long cost = 0;
        TrackSpec spec = req.spec();
        if (!spec.isCollapsed(TrackGroup.CPUS)) {
            cost += CpuLanesFold.plan(data, req).totalCost();
            cost += d.marks().firstAtOrAfter(end) - d.marks().firstAtOrAfter(start);
        }
        if (!spec.isCollapsed(TrackGroup.TASKS)) {
            for (int t : spec.taskLanes()) {
                cost += t >= 0 && t < d.tasks().size()
                        ? d.taskLane(t).map(l -> slicesIn(l.intervals(), start, end)).orElse(0L) : 0;
            }
        }
        if (!spec.isCollapsed(TrackGroup.LOCKS)) {
            for (int l = 0; l < d.locks().size(); l++) {
                cost += slicesIn(d.locks().get(l).holds(), start, end);
                final int lock = l;
                cost += data.locks().map(x -> (long) x.waiters(lock).indexAt(end) - x.waiters(lock).indexAt(start))
                        .orElse(0L);
            }
        }
        if (!spec.isCollapsed(TrackGroup.OPERATIONS)) {
            for (int o : TimelineLayout.operationRows(d)) {
                OperationSamples ops = d.operations().get(o);
                long n = ops.firstEndingAtOrAfter(end) - ops.firstEndingAtOrAfter(start);
                OperationLod.Kind lod = data.operationLod().kind(o);
                // read from the levels (a few buckets per column) when there are many per column
                boolean coarse = lod != null && n > (long) OperationLod.MIN_OPS_PER_COLUMN * req.columns()
                        && lod.levelFor(nsPerCol) != null;
                cost += coarse ? 16L * req.columns() : n;
            }
        }
        return cost;
    }

    private static long slicesIn(Intervals s, long start, long end) {
        return CpuLanesFold.slicesIn(s, start, end);
    }

    private static void check(BooleanSupplier cancelled) {
        if (cancelled.getAsBoolean()) {
            throw new CancellationException("a newer window replaced this one");
        }
    }

    /**
     * Sets the mark flags of CPU columns; returns how many {preemptions, lock-holder preemptions,
     * lock handoff stalls} it saw, and each CPU's preemptions into {@code preemptionsByCpu}.
     */
    private static long[] markColumns(Marks m, CpuColumns[] cpus, long start, long end, double nsPerCol,
                                      long[] preemptionsByCpu, boolean wakeUps) {
        long[] saw = new long[3];
        for (int i = m.firstAtOrAfter(start); i < m.size() && m.tNs(i) < end; i++) {
            int which = switch (m.kind(i)) {
                case PREEMPTION -> 0;
                case LOCK_HOLDER_PREEMPTION -> 1;
                case LOCK_HANDOFF -> 2;
                case WAKEUP -> wakeUps ? 3 : -1;
                default -> -1;
            };
            int cpu = m.cpu(i);
            if (which < 0 || cpu < 0 || cpu >= cpus.length || cpus[cpu] == null) {
                continue;
            }
            int col = (int) ((m.tNs(i) - start) / nsPerCol);
            if (col >= 0 && col < cpus[cpu].columns && which == 3) {
                cpus[cpu].flags[col] |= CpuColumns.FLAG_WAKEUP;
            } else if (col >= 0 && col < cpus[cpu].columns) {
                cpus[cpu].flags[col] |= which == 0 ? CpuColumns.FLAG_PREEMPTION
                        : which == 1 ? CpuColumns.FLAG_LHP : CpuColumns.FLAG_HANDOFF;
                saw[which]++;
                if (which == 0) {
                    preemptionsByCpu[cpu]++;
                }
            }
        }
        return saw;
    }

    /**
     * Flags with {@link CpuColumns#FLAG_WRITE_HOLD} every column that a hold taken for write
     * ({@link LockLane#HOLD_WRITE}) covers even in part: a column where readers and a writer
     * both held the lock is a writer's column, so a 3 us write section still shows at a zoom
     * where a column spans a millisecond of readers. Reads the lock's own holds, not the lane's
     * one-holder-at-a-time view of a shared lock, so no write is hidden behind an older reader.
     * Returns whether any column was flagged.
     */
    static boolean writeColumns(Intervals holds, long start, double nsPerCol, CpuColumns out) {
        int columns = out.columns;
        long end = start + (long) Math.ceil(columns * nsPerCol);
        boolean any = false;
        for (int i = holds.firstVisibleAt(start); i < holds.size(); i++) {
            long s = holds.startNs(i);
            if (s >= end) {
                break;
            }
            long e = holds.endNs(i);
            if (holds.code(i) != LockLane.HOLD_WRITE || e <= start || e <= s) {
                continue;
            }
            int c0 = (int) Math.max(0, Math.floor((s - start) / nsPerCol));
            int c1 = (int) Math.min(columns - 1, Math.ceil((e - start) / nsPerCol) - 1);
            for (int c = c0; c <= c1; c++) {
                out.flags[c] |= CpuColumns.FLAG_WRITE_HOLD;
            }
            any |= c1 >= c0;
        }
        return any;
    }

    /** Per column, the spinning and sleeping waiters at the moment the most tasks waited. */
    static void waiterPeaks(WaiterCounts w, long start, double nsPerCol, int[] spin, int[] sleep) {
        int n = w.size();
        int i = w.indexAt(start);
        for (int c = 0; c < spin.length; c++) {
            double t0 = start + c * nsPerCol;
            double t1 = t0 + nsPerCol;
            while (i + 1 < n && w.tNs(i + 1) <= t0) {
                i++;
            }
            int bestSpin = i >= 0 ? w.spinning(i) : 0;
            int bestSleep = i >= 0 ? w.sleeping(i) : 0;
            for (int j = i + 1; j < n && w.tNs(j) < t1; j++) {
                int total = w.spinning(j) + w.sleeping(j);
                if (total > bestSpin + bestSleep || (total == bestSpin + bestSleep && w.spinning(j) > bestSpin)) {
                    bestSpin = w.spinning(j);
                    bestSleep = w.sleeping(j);
                }
            }
            spin[c] = bestSpin;
            sleep[c] = bestSleep;
        }
    }

    /**
     * Per column, the count and lowest, highest and median latency of the operations that ended
     * in it. Column edges are found by binary search in the end times. Many operations per column
     * and levels to read ({@link OperationLod}): from the coarsest level with at least four
     * buckets per column, a bucket counted in the column where it starts; otherwise from the
     * operations themselves, the median by selection.
     */
    static FrameColumns.OperationColumns operationColumns(OperationSamples ops, OperationLod.Kind lod, long start,
                                                          double nsPerCol, int cols) {
        int[] count = new int[cols];
        long[] min = new long[cols];
        long[] max = new long[cols];
        long[] median = new long[cols];
        long end = start + (long) Math.ceil(cols * nsPerCol);
        int inWindow = ops.firstEndingAtOrAfter(end) - ops.firstEndingAtOrAfter(start);
        OperationLod.Level level = lod == null || inWindow <= (long) OperationLod.MIN_OPS_PER_COLUMN * cols
                ? null : lod.levelFor(nsPerCol);
        if (level != null) {
            long visited = 0;
            long[] med = new long[64];
            int[] weight = new int[64];
            for (int c = 0; c < cols; c++) {
                long t0 = start + (long) Math.ceil(c * nsPerCol);
                long t1 = start + (long) Math.ceil((c + 1) * nsPerCol);
                // buckets starting in [t0, t1)
                long b0 = Math.max(0, ceilDiv(t0 - lod.originNs, level.bucketNs));
                long b1 = Math.min(level.size(), ceilDiv(t1 - lod.originNs, level.bucketNs));
                int k = 0;
                long lo = Long.MAX_VALUE;
                long hi = Long.MIN_VALUE;
                int total = 0;
                for (long b = b0; b < b1; b++) {
                    int bi = (int) b;
                    visited++;
                    int n = level.count[bi];
                    if (n == 0) {
                        continue;
                    }
                    total += n;
                    lo = Math.min(lo, level.min[bi]);
                    hi = Math.max(hi, level.max[bi]);
                    if (k == med.length) {
                        med = java.util.Arrays.copyOf(med, k * 2);
                        weight = java.util.Arrays.copyOf(weight, k * 2);
                    }
                    // insertion keeps the few bucket medians sorted
                    int at = k++;
                    while (at > 0 && med[at - 1] > level.median[bi]) {
                        med[at] = med[at - 1];
                        weight[at] = weight[at - 1];
                        at--;
                    }
                    med[at] = level.median[bi];
                    weight[at] = n;
                }
                if (total == 0) {
                    continue;
                }
                int half = (total + 1) / 2;
                int acc = 0;
                int m = 0;
                while (m < k - 1 && acc + weight[m] < half) {
                    acc += weight[m++];
                }
                count[c] = total;
                min[c] = lo;
                max[c] = hi;
                median[c] = med[m];
            }
            return new FrameColumns.OperationColumns(count, min, max, median, true, visited);
        }
        OperationLod.RangeStats stats = new OperationLod.RangeStats();
        int i = ops.firstEndingAtOrAfter(start);
        long visited = 0;
        for (int c = 0; c < cols && i < ops.size(); c++) {
            long t1 = start + (long) Math.ceil((c + 1) * nsPerCol);
            int j = ops.firstEndingAtOrAfter(t1);
            int n = j - i;
            if (n > 0) {
                stats.of(ops, i, n);
                count[c] = n;
                min[c] = stats.min;
                max[c] = stats.max;
                median[c] = stats.median;
                visited += n;
            }
            i = j;
        }
        return new FrameColumns.OperationColumns(count, min, max, median, false, visited);
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /**
     * Min/max/first/last per column, a sample holding its value until the next one. A gap (NaN
     * sample) adds no value; a column that opens in one has NaN {@code first}, one that closes in
     * one NaN {@code last}, so nothing joins its line across the gap.
     */
    static FrameColumns.CounterColumns reduce(CounterSeries s, long start, double nsPerCol, int cols) {
        FrameColumns.CounterColumns out = new FrameColumns.CounterColumns(cols);
        if (s.size() == 0) {
            return out;
        }
        int i = s.indexAt(start);
        for (int c = 0; c < cols; c++) {
            double t0 = start + c * nsPerCol;
            double t1 = t0 + nsPerCol;
            while (i + 1 < s.size() && s.tNs(i + 1) <= t0) {
                i++;
            }
            boolean opening = true;
            if (i >= 0) {
                put(out, c, s.value(i), true);
                opening = false;
            }
            int j = i + 1;
            while (j < s.size() && s.tNs(j) < t1) {
                put(out, c, s.value(j), opening);
                opening = false;
                j++;
            }
            i = j - 1;
        }
        return out;
    }

    private static void put(FrameColumns.CounterColumns out, int c, double v, boolean opening) {
        out.last[c] = v;
        if (opening) {
            out.first[c] = v;
        }
        if (Double.isNaN(v)) {
            return;
        }
        if (Double.isNaN(out.min[c])) {
            out.min[c] = v;
            out.max[c] = v;
        } else {
            out.min[c] = Math.min(out.min[c], v);
            out.max[c] = Math.max(out.max[c], v);
        }
    }
}
