package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;
import org.schedlab.render.FrameRequest;
import org.schedlab.render.HighlightIndex;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TrackSpec;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Where frames are folded: cheap windows at once, dear ones on a worker (held back here to see
 * the order), the last picture standing in meanwhile, a newer window cancelling the older one
 * and stale results never delivered.
 */
@ExtendWith(ApplicationExtension.class)
class FrameSchedulerTest extends FxRobot {
    private final Dataset d = LockHolderPreemption.dataset();
    private final TimelineData data = TimelineData.prepare(d, () -> false);
    private final List<Task<?>> held = new ArrayList<>();
    private int ready;

    private FrameRequest window(long startUs, long endUs) {
        return new FrameRequest(LockHolderPreemption.us(startUs), LockHolderPreemption.us(endUs), 600, TrackSpec.DEFAULT,
                HighlightIndex.NONE);
    }

    @Test
    void cheapWindowsAreFoldedAtOnceAndReused() {
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++);
        FrameScheduler.Frame f = s.columnsFor(data, window(0, 600));
        assertFalse(f.stale());
        assertEquals(window(0, 600), f.columns().request());
        assertTrue(held.isEmpty(), "nothing went to a worker");
        assertSame(f.columns(), s.columnsFor(data, window(0, 600)).columns(), "the same window is not folded again");
    }

    @Test
    void dearWindowsFoldOnAWorkerWhileTheLastPictureStandsIn() {
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++, 0);
        FrameScheduler.Frame first = s.columnsFor(data, window(0, 600));
        assertTrue(first.stale(), "nothing of this dataset yet: empty rows");
        assertEquals(2, held.size(), "the stand-in and the frame, on workers");
        interact(() -> held.get(1).run());
        assertEquals(1, ready, "the view is told to repaint");
        assertTrue(held.get(0).isCancelled(), "the frame came first: its stand-in is not folded any more");
        FrameScheduler.Frame exact = s.columnsFor(data, window(0, 600));
        assertFalse(exact.stale());

        FrameScheduler.Frame panned = s.columnsFor(data, window(100, 700));
        assertTrue(panned.stale());
        assertSame(exact.columns(), panned.columns(), "the last picture, stretched by the painter");
        assertEquals(3, held.size(), "no stand-in once a frame of the dataset is there");
        FrameScheduler.Frame again = s.columnsFor(data, window(100, 700));
        assertEquals(3, held.size(), "the same window is not queued twice");
        assertTrue(again.stale());

        s.columnsFor(data, window(200, 800));
        assertEquals(4, held.size());
        assertTrue(held.get(2).isCancelled(), "a newer window cancels the older one");
        interact(() -> held.get(2).run());
        assertEquals(1, ready, "a cancelled fold is never delivered");
        interact(() -> held.get(3).run());
        assertEquals(2, ready);
        assertEquals(window(200, 800), s.columnsFor(data, window(200, 800)).columns().request());
    }

    @Test
    void aFirstFramesStandInIsFoldedOnceOnAWorkerWhileTheLanesAreComputed() {
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++, 0);
        FrameScheduler.Frame first = s.columnsFor(data, window(0, 600));
        assertTrue(first.stale());
        // a hover, the summary arriving, the pointer line: repaints before the lanes are ready
        FrameScheduler.Frame repaint = s.columnsFor(data, window(0, 600));
        assertTrue(repaint.stale());
        assertSame(first.columns(), repaint.columns(), "the empty rows are not made again");
        assertEquals(2, held.size(), "one stand-in and one frame on the workers");
        interact(() -> held.get(0).run());
        assertEquals(1, ready, "the stand-in is painted when it comes");
        FrameScheduler.Frame standIn = s.columnsFor(data, window(0, 600));
        assertTrue(standIn.stale());
        assertTrue(standIn.columns().request().spec().isCollapsed(org.schedlab.render.TrackGroup.CPUS));
        assertFalse(standIn.columns().request().spec().isCollapsed(org.schedlab.render.TrackGroup.OPERATIONS));
        assertSame(standIn.columns(), s.columnsFor(data, window(0, 600)).columns());
        assertEquals(2, held.size(), "the stand-in is not folded again");
        interact(() -> held.get(1).run());
        assertEquals(2, ready);
        assertFalse(s.columnsFor(data, window(0, 600)).stale(), "the frame replaces the stand-in");
    }

    @Test
    void theCallingThreadFoldsNothingOfADatasetBeforeItsFirstFrame() {
        Thread caller = Thread.currentThread();
        List<FrameRequest> foldedHere = new ArrayList<>();
        List<FrameRequest> foldedElsewhere = new ArrayList<>();
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++, 0, (dt, req, cancelled) -> {
            (Thread.currentThread() == caller ? foldedHere : foldedElsewhere).add(req);
            return org.schedlab.render.FrameAggregator.aggregate(dt, req, cancelled);
        }, e -> { });
        FrameScheduler.Frame first = s.columnsFor(data, window(0, 600));
        s.columnsFor(data, window(0, 600)); // a repaint
        s.columnsFor(data, window(100, 700)); // a pan before the first frame
        assertTrue(first.stale());
        for (FrameRequest r : foldedHere) {
            for (org.schedlab.render.TrackGroup g : org.schedlab.render.TrackGroup.values()) {
                assertTrue(r.spec().isCollapsed(g), "the calling thread folded the " + g + " of " + r);
            }
            assertEquals(0, org.schedlab.render.FrameAggregator.estimateCost(data, r));
        }
        assertTrue(foldedElsewhere.isEmpty(), "nothing ran on a worker yet");
        for (Task<?> t : List.copyOf(held)) {
            interact(t::run);
        }
        assertTrue(foldedElsewhere.stream().anyMatch(r -> !r.spec().isCollapsed(org.schedlab.render.TrackGroup.CPUS)),
                "the frame is folded on a worker");
        assertFalse(s.columnsFor(data, window(100, 700)).stale());
    }

    @Test
    void aStandInPastTheFxBudgetLeavesLockAndTaskLanesToTheFrame() {
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++, 0);
        assertTrue(s.columnsFor(data, window(0, 600)).stale());
        interact(() -> held.get(0).run());
        FrameScheduler.Frame standIn = s.columnsFor(data, window(0, 600));
        assertTrue(standIn.stale());
        TrackSpec folded = standIn.columns().request().spec();
        assertTrue(folded.isCollapsed(org.schedlab.render.TrackGroup.CPUS));
        assertTrue(folded.isCollapsed(org.schedlab.render.TrackGroup.LOCKS), "the holds are the frame's to fold");
        assertTrue(folded.isCollapsed(org.schedlab.render.TrackGroup.TASKS));
        interact(() -> held.get(1).run());
        FrameScheduler.Frame exact = s.columnsFor(data, window(0, 600));
        assertFalse(exact.stale());
        assertFalse(exact.columns().request().spec().isCollapsed(org.schedlab.render.TrackGroup.LOCKS),
                "the lock lanes are drawn once the frame is ready");
    }

    @Test
    void aStandInWithinTheBudgetKeepsTheLockLanes() {
        FrameRequest lanesOnly = new FrameRequest(window(0, 600).startNs(), window(0, 600).endNs(), 600,
                TrackSpec.DEFAULT.collapsing(org.schedlab.render.TrackGroup.CPUS), HighlightIndex.NONE);
        long standInCost = org.schedlab.render.FrameAggregator.estimateCost(data, lanesOnly);
        assertTrue(org.schedlab.render.FrameAggregator.estimateCost(data, window(0, 600)) > standInCost);
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++, standInCost);
        assertTrue(s.columnsFor(data, window(0, 600)).stale(), "the CPU lanes are past the budget");
        interact(() -> held.get(0).run());
        FrameScheduler.Frame standIn = s.columnsFor(data, window(0, 600));
        assertTrue(standIn.stale());
        assertFalse(standIn.columns().request().spec().isCollapsed(org.schedlab.render.TrackGroup.LOCKS),
                "holds within the budget are in the stand-in");
    }

    @Test
    void aStandInThatFailsLeavesTheRowsEmptyAndIsNotFoldedAgainForTheSameWindow() {
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++, 0, (dt, req, cancelled) -> {
            if (req.spec().isCollapsed(org.schedlab.render.TrackGroup.CPUS)
                    && !req.spec().isCollapsed(org.schedlab.render.TrackGroup.OPERATIONS)) {
                throw new IllegalStateException("stand-in");
            }
            return org.schedlab.render.FrameAggregator.aggregate(dt, req, cancelled);
        }, e -> { });
        FrameScheduler.Frame first = s.columnsFor(data, window(0, 600));
        interact(() -> held.get(0).run());
        FrameScheduler.Frame again = s.columnsFor(data, window(0, 600));
        assertSame(first.columns(), again.columns(), "still the empty rows");
        assertTrue(again.failure().isEmpty(), "the frame has not failed: nothing to say");
        assertEquals(2, held.size(), "the stand-in that failed is not folded again on a repaint");
        interact(() -> held.get(1).run());
        assertFalse(s.columnsFor(data, window(0, 600)).stale());
    }

    @Test
    void aFailedFoldIsSaidNotAskedForAgainForTheSameWindowAndANewWindowTriesAgain() {
        boolean[] failing = {true};
        List<Throwable> told = new ArrayList<>();
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++, 0, (dt, req, cancelled) -> {
            if (failing[0] && !req.spec().isCollapsed(org.schedlab.render.TrackGroup.CPUS)) {
                throw new IllegalStateException("boom");
            }
            return org.schedlab.render.FrameAggregator.aggregate(dt, req, cancelled);
        }, told::add);
        assertTrue(s.columnsFor(data, window(0, 600)).failure().isEmpty());
        interact(() -> held.get(0).run()); // the stand-in
        interact(() -> held.get(1).run()); // the frame, which throws
        assertEquals(1, told.size(), "the failure is told once");
        assertEquals(2, ready, "the view is asked to repaint, to say it");
        FrameScheduler.Frame failed = s.columnsFor(data, window(0, 600));
        assertTrue(failed.stale(), "the stand-in stays");
        assertEquals("boom", failed.failure().orElseThrow().getMessage());
        assertEquals(2, held.size(), "the window that failed is not folded again on a repaint");

        failing[0] = false;
        FrameScheduler.Frame panned = s.columnsFor(data, window(100, 700));
        assertTrue(panned.failure().isEmpty(), "another window is being folded: nothing failed yet");
        assertEquals(4, held.size(), "a pan folds again (and its stand-in)");
        interact(() -> held.get(3).run());
        FrameScheduler.Frame exact = s.columnsFor(data, window(100, 700));
        assertFalse(exact.stale());
        assertTrue(exact.failure().isEmpty());
        assertEquals(1, told.size());
    }
    @Test
    void aDatasetSwitchedWhileItsStandInFoldsGetsAStandInOfItsOwn() {
        TimelineData other = TimelineData.prepare(LockHolderPreemption.dataset(), () -> false);
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++, 0);
        s.columnsFor(data, window(0, 600));
        assertEquals(2, held.size());
        FrameScheduler.Frame switched = s.columnsFor(other, window(0, 600));
        assertEquals(4, held.size(), "the new dataset's stand-in and frame, though the window is the same");
        assertTrue(held.get(0).isCancelled(), "the old dataset's stand-in is not wanted any more");
        assertTrue(held.get(1).isCancelled(), "nor its frame");
        assertTrue(switched.stale());
        interact(() -> held.get(0).run());
        interact(() -> held.get(1).run());
        assertEquals(0, ready, "nothing of the old dataset is delivered");
        interact(() -> held.get(2).run());
        assertEquals(1, ready, "the new dataset's stand-in is painted when it comes");
        FrameScheduler.Frame standIn = s.columnsFor(other, window(0, 600));
        assertFalse(standIn.columns().request().spec().isCollapsed(org.schedlab.render.TrackGroup.OPERATIONS));
        interact(() -> held.get(3).run());
        assertFalse(s.columnsFor(other, window(0, 600)).stale());
    }

    @Test
    void anOldDatasetsStandInIsNeverPaintedOverANewOne() {
        TimelineData other = TimelineData.prepare(LockHolderPreemption.dataset(), () -> false);
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++, 0);
        s.columnsFor(data, window(0, 600));
        interact(() -> held.get(0).run()); // the old dataset's stand-in comes, not its frame
        FrameScheduler.Frame oldStandIn = s.columnsFor(data, window(0, 600));
        assertFalse(oldStandIn.columns().request().spec().isCollapsed(org.schedlab.render.TrackGroup.OPERATIONS));
        FrameScheduler.Frame switched = s.columnsFor(other, window(0, 600));
        assertTrue(switched.stale());
        for (org.schedlab.render.TrackGroup g : org.schedlab.render.TrackGroup.values()) {
            assertTrue(switched.columns().request().spec().isCollapsed(g),
                    "the new dataset's rows are empty until its stand-in comes, not the old one's " + g);
        }
    }

    @Test
    void aDatasetLeftBehindIsNotKeptByItsStandInOrItsEmptyRows() throws InterruptedException {
        FrameScheduler s = new FrameScheduler(Optional.of(held::add), () -> ready++, 0);
        java.lang.ref.WeakReference<TimelineData> old = showBigDatasetThenLeaveIt(s);
        for (int i = 0; i < 50 && old.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertTrue(old.get() == null, "the scheduler keeps a dataset the view has left (a stand-in, empty rows)");
        assertFalse(s.columnsFor(data, window(0, 600)).stale(), "the new dataset's frame is kept");
    }

    /** A dataset's stand-in and frame come; then another dataset's frame comes before its stand-in. */
    private java.lang.ref.WeakReference<TimelineData> showBigDatasetThenLeaveIt(FrameScheduler s) {
        TimelineData big = TimelineData.prepare(LockHolderPreemption.dataset(), () -> false);
        s.columnsFor(big, window(0, 600));
        interact(() -> held.get(0).run());
        s.columnsFor(big, window(0, 600));
        interact(() -> held.get(1).run());
        assertFalse(s.columnsFor(big, window(0, 600)).stale());
        s.columnsFor(data, window(0, 600));
        interact(() -> held.get(3).run()); // the frame first: the new dataset's stand-in is cancelled
        assertTrue(held.get(2).isCancelled());
        held.clear(); // the tasks hold their dataset; a real worker lets go of them once run
        return new java.lang.ref.WeakReference<>(big);
    }
}
