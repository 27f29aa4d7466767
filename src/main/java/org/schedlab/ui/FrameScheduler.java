package org.schedlab.ui;

import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.schedlab.render.FrameAggregator;
import org.schedlab.render.FrameColumns;
import org.schedlab.render.FrameRequest;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TrackGroup;
import org.schedlab.render.TrackSpec;

/**
 * Decides where a frame's aggregation runs. A window whose aggregation is cheap (about
 * {@value #SYNC_COST} slices or level-of-detail buckets) is folded at once on the FX thread;
 * a dearer one goes to a background thread - a newer window cancelling the older one - and
 * until it is ready the last columns are painted again, stretched onto the new window and
 * marked stale. So the FX thread never folds millions of slices, and the picture follows the
 * mouse at once. Before a dataset's first frame is ready the FX thread folds nothing of it: it
 * paints every row empty (the axis and the lanes' names at once, "refining..."), a light stand-in
 * (every row but the CPU lanes) is folded on a worker beside the frame and painted when it comes,
 * and the frame replaces it. A background fold that throws (out of memory on a huge window) is
 * not asked for again with the same window - the stand-in stays, and the frame says what failed
 * ({@link Frame#failure}) - but a new window (a pan, a zoom) tries again.
 */
final class FrameScheduler {
    static final long SYNC_COST = 250_000;

    /**
     * Columns to paint now, whether they are a stand-in for columns still being computed, and why
     * this window's columns could not be computed, if the fold for it failed.
     */
    record Frame(FrameColumns columns, boolean stale, Optional<Throwable> failure) {
        Frame(FrameColumns columns, boolean stale) {
            this(columns, stale, Optional.empty());
        }
    }

    /** What folds a window's columns: {@link FrameAggregator#aggregate} but in tests. */
    @FunctionalInterface
    interface Fold {
        FrameColumns aggregate(TimelineData data, FrameRequest req, BooleanSupplier cancelled);
    }

    private final LatestJob<FrameColumns> job;
    /** The stand-in's fold, on a worker beside {@link #job}'s; its failure only leaves the rows empty. */
    private final LatestJob<FrameColumns> standInJob;
    private final boolean background;
    private final long syncCost;
    private final Runnable onReady;
    private final Fold fold;
    /** The window whose background fold failed, of {@link #failedData}, and why; null: none failed. */
    private FrameRequest failedRequest;
    private TimelineData failedData;
    private Throwable failure;
    private FrameColumns latest;
    private TimelineData latestData;
    private FrameColumns standIn;
    private TimelineData standInData;
    /** The stand-in being folded (or whose fold failed: not asked for again), of {@link #standInPendingData}. */
    private FrameRequest standInPending;
    private TimelineData standInPendingData;
    /** Every row empty: what the FX thread paints until a stand-in or the frame comes. */
    private FrameColumns empty;
    private TimelineData emptyData;
    private FrameRequest pending;
    private TimelineData pendingData;
    private long lastAggregationNanos;

    FrameScheduler(Optional<TaskExecutor> executor, Runnable onReady) {
        this(executor, onReady, SYNC_COST);
    }

    /** With {@code syncCost}: the most slices or buckets the FX thread folds itself. */
    FrameScheduler(Optional<TaskExecutor> executor, Runnable onReady, long syncCost) {
        this(executor, onReady, syncCost, FrameAggregator::aggregate, e -> { });
    }

    /**
     * With {@code fold} doing the folding, and {@code onFailed} told (on the FX thread) of each
     * background fold that threw, before {@code onReady} asks for the frame that says so.
     */
    FrameScheduler(Optional<TaskExecutor> executor, Runnable onReady, long syncCost, Fold fold,
                   Consumer<Throwable> onFailed) {
        this.job = new LatestJob<>(executor);
        this.standInJob = new LatestJob<>(executor);
        this.background = executor.isPresent();
        this.onReady = onReady;
        this.syncCost = syncCost;
        this.fold = fold;
        // without this the failed window stayed pending: every repaint painted the stand-in again,
        // nothing said why, and the same window was never folded again
        job.onFailure(e -> {
            failedRequest = pending;
            failedData = pendingData;
            failure = e;
            pending = null;
            pendingData = null;
            onFailed.accept(e);
            onReady.run();
        });
    }

    /** How long the last aggregation took (wherever it ran). */
    long lastAggregationNanos() {
        return lastAggregationNanos;
    }

    boolean computing() {
        return pending != null;
    }

    Frame columnsFor(TimelineData data, FrameRequest req) {
        if (latest != null && latestData == data && latest.request().equals(req)) {
            return new Frame(latest, false);
        }
        if (!background || FrameAggregator.estimateCost(data, req) <= syncCost) {
            job.cancel();
            standInJob.cancel();
            pending = null;
            standInPending = null;
            remember(data, fold.aggregate(data, req, () -> false));
            return new Frame(latest, false);
        }
        Optional<Throwable> failed = failure != null && failedData == data && req.equals(failedRequest)
                ? Optional.of(failure) : Optional.empty();
        boolean firstOfDataset = latest == null || latestData.dataset() != data.dataset();
        if (firstOfDataset) {
            // asked for before the frame: on a worker of its own it comes first even where one thread folds both
            foldStandIn(data, standInRequest(data, req));
        }
        if (failed.isEmpty() && (pending == null || pendingData != data || !pending.equals(req))) {
            failure = null; // another window: try again
            failedRequest = null;
            failedData = null;
            pending = req;
            pendingData = data;
            job.run(cancelled -> fold.aggregate(data, req, cancelled), cols -> {
                pending = null;
                standInJob.cancel(); // the frame came first: its stand-in is not wanted any more
                standInPending = null;
                remember(data, cols);
                onReady.run();
            });
        }
        if (!firstOfDataset) {
            return new Frame(latest, true, failed);
        }
        if (standIn != null && standInData.dataset() == data.dataset()) {
            return new Frame(standIn, true, failed); // stretched by the painter if the window moved since
        }
        // nothing of this dataset folded yet: every row empty - the axis and the lanes' names at
        // once - rather than the stand-in folded here (200-400 ms on the FX thread at the A/B
        // tab's first screen: case A's operations, counters and lock lanes)
        FrameRequest none = emptyRequest(req);
        if (empty == null || emptyData != data || !empty.request().equals(none)) {
            empty = fold.aggregate(data, none, () -> false);
            emptyData = data;
        }
        return new Frame(empty, true, failed);
    }

    /**
     * Folds {@code light} on a worker unless it is folded or being folded (or failed) already; once
     * per window - a hover or a summary repaints several times before the lanes come. The view is
     * asked to repaint when it comes, unless the frame came first.
     */
    private void foldStandIn(TimelineData data, FrameRequest light) {
        if (standIn != null && standInData == data && standIn.request().equals(light)
                || standInPending != null && standInPendingData == data && standInPending.equals(light)) {
            return;
        }
        standInPending = light;
        standInPendingData = data;
        standInJob.run(cancelled -> fold.aggregate(data, light, cancelled), cols -> {
            standInPending = null;
            standIn = cols;
            standInData = data;
            if (latest == null || latestData.dataset() != data.dataset()) {
                onReady.run();
            }
        });
    }

    /**
     * {@code req} with every group collapsed: its fold reads nothing of the dataset, whatever its
     * size - the rows stay (the painter lays them out from the view's own spec), empty.
     */
    static FrameRequest emptyRequest(FrameRequest req) {
        TrackSpec spec = req.spec();
        for (TrackGroup g : TrackGroup.values()) {
            spec = spec.collapsing(g);
        }
        return new FrameRequest(req.startNs(), req.endNs(), req.columns(), spec, req.highlight());
    }

    /**
     * The stand-in a worker folds while a dataset's first frame is computed: no CPU lanes, and no
     * lock or task lanes either when those alone are past {@link #syncCost} (the 320,000 lock
     * holds of a second of pgbench-graviton4), so it comes well before the frame; the rows it
     * leaves out stay empty until the frame is ready.
     */
    private FrameRequest standInRequest(TimelineData data, FrameRequest req) {
        FrameRequest light = new FrameRequest(req.startNs(), req.endNs(), req.columns(),
                req.spec().collapsing(TrackGroup.CPUS), req.highlight());
        if (FrameAggregator.estimateCost(data, light) <= syncCost) {
            return light;
        }
        return new FrameRequest(req.startNs(), req.endNs(), req.columns(),
                light.spec().collapsing(TrackGroup.LOCKS).collapsing(TrackGroup.TASKS), req.highlight());
    }

    private void remember(TimelineData data, FrameColumns cols) {
        failure = null;
        failedRequest = null;
        failedData = null;
        latest = cols;
        latestData = data;
        lastAggregationNanos = cols.aggregationNanos();
        // painted only before a dataset's first frame: kept, they held the dataset the view had left
        // (all its slices) until another dataset's stand-in came - never, if that one was cheap
        standIn = null;
        standInData = null;
        empty = null;
        emptyData = null;
    }
}
