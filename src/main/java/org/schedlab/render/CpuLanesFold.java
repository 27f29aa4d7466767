package org.schedlab.render;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;

/**
 * The CPU lanes of one frame, folded by up to two threads. Lanes are independent, so a dear
 * frame's lanes are cut in two halves of about equal cost: the calling thread folds the first,
 * a helper thread the second, and the halves' legend times (integer sums) and label runs (in
 * lane order) are joined in a fixed order - the columns come out the same whichever thread
 * folded which half ({@link TwoThreads}).
 */
final class CpuLanesFold {
    /** Below this many slices and buckets a frame is folded on the calling thread alone. */
    static final long PARALLEL_MIN_COST = 50_000;

    /** Per lane, which pyramid level it reads (-1: its slices) and roughly how many slices or buckets that is. */
    record Plan(int[] level, long[] cost, long totalCost) {
    }

    /**
     * One lane's legend times in the window: the tasks that ran on it ({@code tasks}, each once)
     * with their run time ({@code runNs}, same order), its time per state ({@link SliceState#code})
     * and whether they are estimates from a pyramid level. A view sums the lanes in sight
     * ({@link FrameColumns#countingLanes}) when it scrolls, without folding again.
     */
    record LaneTimes(int[] tasks, long[] runNs, long[] nsByState, boolean approximate) {
    }

    /** What folding a run of lanes adds to a frame besides the lanes' columns. */
    record Part(long[] runNsByTask, long[] nsByState, List<CpuFolder.LabelRun> labels, long slicesVisited,
                long bucketsVisited, boolean approximate) {
    }

    private CpuLanesFold() {
    }

    static Plan plan(TimelineData data, FrameRequest req) {
        Dataset d = data.dataset();
        int lanes = d.cpuCount();
        int[] level = new int[lanes];
        long[] cost = new long[lanes];
        long total = 0;
        for (int c = 0; c < lanes; c++) {
            LodPyramid.Lane lane = data.lod().isPresent() ? data.lod().get().lane(c).orElse(null) : null;
            long n = slicesIn(d.cpus().get(c).slices(), req.startNs(), req.endNs());
            level[c] = lane != null && n > (long) LodPyramid.MIN_SLICES_PER_COLUMN * req.columns()
                    ? lane.levelFor(req.nsPerColumn()) : -1;
            cost[c] = level[c] >= 0 ? (long) Math.ceil(req.columns() * req.nsPerColumn() / lane.bucketNs[level[c]]) : n;
            total += cost[c];
        }
        return new Plan(level, cost, total);
    }

    static long slicesIn(Intervals s, long start, long end) {
        return Math.max(0, s.firstStartingAtOrAfter(end) - s.firstVisibleAt(start));
    }

    /**
     * Folds every CPU lane into {@code out} (one entry per lane); on two threads when the plan
     * costs at least {@code parallelMinCost} and a helper exists.
     */
    static Part fold(TimelineData data, FrameRequest req, Plan plan, CpuColumns[] out, LaneTimes[] times,
                     BooleanSupplier cancelled, long parallelMinCost) {
        int lanes = out.length;
        if (!TwoThreads.available() || lanes < 2 || plan.totalCost() < parallelMinCost) {
            return foldRange(data, req, plan, out, times, 0, lanes, cancelled);
        }
        int cut = 1;
        long half = plan.totalCost() / 2;
        long sum = plan.cost()[0];
        while (cut < lanes - 1 && sum + plan.cost()[cut] <= half) {
            sum += plan.cost()[cut];
            cut++;
        }
        final int from = cut;
        TwoThreads.Pair<Part> halves = TwoThreads.run(
                () -> foldRange(data, req, plan, out, times, 0, from, cancelled),
                () -> foldRange(data, req, plan, out, times, from, lanes, cancelled));
        return merge(halves.first(), halves.second());
    }

    /**
     * The legend times of the lanes {@code lanes} (CPU numbers) alone, summed from their
     * {@link LaneTimes}: what a view or picture that shows only those lanes lists "In view".
     * Reads the lanes' few tasks, not the slices again. Lanes without times add nothing.
     */
    static Part sumLanes(LaneTimes[] times, int taskCount, Iterable<Integer> lanes) {
        long[] run = new long[taskCount];
        long[] state = new long[SliceState.values().length];
        boolean approximate = false;
        for (int c : lanes) {
            LaneTimes t = c >= 0 && c < times.length ? times[c] : null;
            if (t == null) {
                continue;
            }
            for (int i = 0; i < t.tasks().length; i++) {
                run[t.tasks()[i]] += t.runNs()[i];
            }
            for (int i = 0; i < state.length; i++) {
                state[i] += t.nsByState()[i];
            }
            approximate |= t.approximate();
        }
        return new Part(run, state, List.of(), 0, 0, approximate);
    }

    private static Part merge(Part a, Part b) {
        long[] run = a.runNsByTask();
        for (int i = 0; i < run.length; i++) {
            run[i] += b.runNsByTask()[i];
        }
        long[] state = a.nsByState();
        for (int i = 0; i < state.length; i++) {
            state[i] += b.nsByState()[i];
        }
        List<CpuFolder.LabelRun> labels = new ArrayList<>(a.labels());
        labels.addAll(b.labels());
        return new Part(run, state, labels, a.slicesVisited() + b.slicesVisited(),
                a.bucketsVisited() + b.bucketsVisited(), a.approximate() || b.approximate());
    }

    /**
     * Folds lanes {@code [from, to)}: their slices, or the pyramid level the plan chose, each
     * lane's columns into {@code out} and its legend times into {@code times}.
     */
    static Part foldRange(TimelineData data, FrameRequest req, Plan plan, CpuColumns[] out, LaneTimes[] times,
                          int from, int to, BooleanSupplier cancelled) {
        Dataset d = data.dataset();
        int taskCount = d.tasks().size();
        int cols = req.columns();
        double nsPerCol = req.nsPerColumn();
        long start = req.startNs();
        long[] runNs = new long[taskCount];
        long[] stateNs = new long[SliceState.values().length];
        // one lane's times, zeroed again after each lane from the tasks that ran on it
        long[] laneRunNs = new long[taskCount];
        long[] laneStateNs = new long[SliceState.values().length];
        List<CpuFolder.LabelRun> labels = new ArrayList<>();
        CpuFolder folder = new CpuFolder(taskCount);
        CpuColumns.Tally tally = new CpuColumns.Tally(taskCount);
        long buckets = 0;
        boolean approximate = false;
        for (int c = from; c < to; c++) {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException("a newer window replaced this one");
            }
            CpuColumns lane = new CpuColumns(cols);
            int level = plan.level()[c];
            if (level >= 0) {
                LodPyramid.Lane l = data.lod().orElseThrow().lane(c).orElseThrow();
                buckets += CpuColumns.resample(l.levels[level], l.originNs, l.bucketNs[level], lane, start, nsPerCol,
                        tally);
                addEstimatedTimes(lane, nsPerCol, laneRunNs, laneStateNs, folder);
                approximate = true;
            } else {
                folder.fold(c, d.cpus().get(c).slices(), start, nsPerCol, lane, laneRunNs, laneStateNs, labels);
            }
            req.highlight().mark(c, start, nsPerCol, lane);
            out[c] = lane;
            times[c] = takeLane(folder.takeTouched(), laneRunNs, laneStateNs, level >= 0, runNs, stateNs);
        }
        return new Part(runNs, stateNs, labels, folder.slicesVisited(), buckets, approximate);
    }

    /**
     * One lane's times out of the scratch arrays: added to the range's totals, kept as the lane's
     * {@link LaneTimes}, and the scratch zeroed for the next lane.
     */
    private static LaneTimes takeLane(int[] tasks, long[] laneRunNs, long[] laneStateNs, boolean approximate,
                                      long[] runNs, long[] stateNs) {
        long[] ns = new long[tasks.length];
        for (int i = 0; i < tasks.length; i++) {
            int t = tasks[i];
            ns[i] = laneRunNs[t];
            runNs[t] += ns[i];
            laneRunNs[t] = 0;
        }
        long[] state = laneStateNs.clone();
        for (int i = 0; i < state.length; i++) {
            stateNs[i] += state[i];
            laneStateNs[i] = 0;
        }
        return new LaneTimes(tasks, ns, state, approximate);
    }

    /** Legend times from the coarse columns: each column's dominant task and state, scaled by its share. */
    private static void addEstimatedTimes(CpuColumns out, double nsPerCol, long[] runNs, long[] stateNs,
                                          CpuFolder folder) {
        for (int c = 0; c < out.columns; c++) {
            int key = out.key[c];
            if (key >= 0) {
                folder.addRun(runNs, key, Math.round((out.keyShare[c] & 0xFF) / 255.0 * nsPerCol));
            }
            if (out.state[c] >= 0) {
                stateNs[out.state[c]] += Math.round((out.stateShare[c] & 0xFF) / 255.0 * nsPerCol);
            }
        }
    }
}
