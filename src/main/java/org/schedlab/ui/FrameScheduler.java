package org.schedlab.ui;

import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.schedlab.render.FrameAggregator;
import org.schedlab.render.FrameColumns;
import org.schedlab.render.FrameRequest;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TrackGroup;

/**
 * Decides where a frame's aggregation runs. A window whose aggregation is cheap (about
 * {@value #SYNC_COST} slices or level-of-detail buckets) is folded at once on the FX thread;
 * a dearer one goes to a background thread - a newer window cancelling the older one - and
 * until it is ready the last columns are painted again, stretched onto the new window and
 * marked stale. So the FX thread never folds millions of slices, and the picture follows the
 * mouse at once. A background fold that throws (out of memory on a huge window) is not asked
 * for again with the same window - the stand-in stays, and the frame says what failed
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
            pending = null;
            remember(data, fold.aggregate(data, req, () -> false));
            return new Frame(latest, false);
        }
        Optional<Throwable> failed = failure != null && failedData == data && req.equals(failedRequest)
                ? Optional.of(failure) : Optional.empty();
        if (failed.isEmpty() && (pending == null || pendingData != data || !pending.equals(req))) {
            failure = null; // another window: try again
            failedRequest = null;
            failedData = null;
            pending = req;
            pendingData = data;
            job.run(cancelled -> fold.aggregate(data, req, cancelled), cols -> {
                pending = null;
                remember(data, cols);
                onReady.run();
            });
        }
        if (latest != null && latestData.dataset() == data.dataset()) {
            return new Frame(latest, true, failed);
        }
        // nothing of this dataset yet: everything but the CPU lanes now, the lanes when ready;
        // once per window - a hover or a summary repaints several times before the lanes come
        FrameRequest light = standInRequest(data, req);
        if (standIn == null || standInData != data || !standIn.request().equals(light)) {
            standIn = fold.aggregate(data, light, () -> false);
            standInData = data;
        }
        return new Frame(standIn, true, failed);
    }

    /**
     * What the FX thread folds while a dataset's first frame is computed: no CPU lanes, and no
     * lock or task lanes either when those alone are past {@link #syncCost} (the 320,000 lock
     * holds of a second of pgbench-graviton4); the rows stay, empty, until the frame is ready.
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
    }
}
