package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.schedlab.render.FrameAggregator;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A dear window whose fold throws on the worker (out of memory on a huge window): the view says so
 * in one line over the plot instead of showing its stand-in forever with nothing said, does not fold
 * the same window again on every repaint, and the next zoom folds again - once the cause is gone,
 * that frame is painted and the line goes.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineViewFoldFailedWindowTest extends FxRobot {
    /** 32 CPUs of 20,000 slices of 1 us: 640,000 slices, past the FX thread's share. */
    private static Dataset dear() throws Exception {
        return DearDatasets.of("huge run", 32, 20_000, 1_000);
    }

    @Test
    void aFoldThatThrowsOnTheWorkerIsSaidAndTheNextZoomFoldsAgain() throws Exception {
        Dataset d = dear();
        HeldExecutor worker = new HeldExecutor();
        AtomicBoolean outOfMemory = new AtomicBoolean(true);
        // the worker's fold runs out of memory while the cause lasts; the FX thread's light stand-in does not
        FrameScheduler.Fold fold = (data, req, cancelled) -> {
            if (outOfMemory.get() && !Platform.isFxApplicationThread()) {
                throw new OutOfMemoryError("Java heap space");
            }
            return FrameAggregator.aggregate(data, req, cancelled);
        };
        TimelineViewModel vm = FxWait.onFx(() -> new TimelineViewModel(worker));
        Shown shown = show(vm, d, vm.executor(), fold);
        TimelineView view = shown.view();
        List<Throwable> thrown = shown.thrown();
        try {
            FxWait.untilOnFx("the first frame", 60, () -> view.paintCountProperty().get() > 0);
            assertTrue(FxWait.onFx(() -> view.lastFrameStale()), "the whole window was folded on the FX thread");
            Label line = lookup("#timeline-fold-failure").queryAs(Label.class);
            assertFalse(FxWait.onFx(line::isVisible), "a failure said before any fold failed");

            worker.runAllInBackground(); // the data's preparation, then the fold, which throws
            FxWait.untilOnFx("the failure said", 60, line::isVisible);
            String said = FxWait.onFx(line::getText);
            assertTrue(said.startsWith("huge run: out of memory: its timeline at this zoom does not fit in the Java heap"),
                    said);
            assertTrue(said.contains("-Xmx"), "says how to start with more heap: " + said);
            assertFalse(said.contains("\n") || said.contains("\tat ") || said.contains("java.lang."),
                    "one line, no stack trace: " + said);
            assertEquals(said, FxWait.onFx(() -> view.foldFailureProperty().get()));
            assertTrue(FxWait.onFx(() -> view.lastFrameStale()), "the stand-in stays");
            // the legend's first row says nothing of data nobody looked at ("No CPU data in view")
            FxWait.untilOnFx("the failure painted", 60, () -> view.lastFrame()
                    .map(f -> !f.legendHeading().equals("CPU lanes being drawn\u2026")).orElse(false));
            String heading = FxWait.onFx(() -> view.lastFrame().orElseThrow().legendHeading());
            assertEquals("CPU lanes not drawn", heading);
            assertTrue(FxWait.onFx(() -> line.getBoundsInParent().getWidth() > 100
                    && line.getBoundsInParent().getMaxX() <= view.getWidth()), "laid out inside the view");

            int painted = FxWait.onFx(() -> view.paintCountProperty().get());
            interact(() -> view.requestRepaint()); // a hover, a summary: the same window
            // painted at the next pulse, which two rounds of FX events may come before
            FxWait.untilOnFx("the repaint", 60, () -> view.paintCountProperty().get() > painted);
            assertTrue(worker.held.isEmpty(), "the window that failed was folded again on a mere repaint");
            assertTrue(FxWait.onFx(line::isVisible), "a repaint of the same window took the line away");

            outOfMemory.set(false); // the cause is gone (memory freed); the user zooms
            interact(() -> vm.zoomCenter(1.05)); // still dear: folded on the worker
            // handed to the worker when the zoomed window is painted, at a pulse that two rounds of FX
            // events may come before
            FxWait.until("the zoom folds again on the worker", 60, () -> !worker.held.isEmpty());
            worker.runAllInBackground();
            FxWait.untilOnFx("the zoomed frame painted", 60, () -> !view.lastFrameStale());
            assertFalse(FxWait.onFx(line::isVisible), "the failure still said after a frame was folded");
            assertEquals("", FxWait.onFx(() -> view.foldFailureProperty().get()));
            assertTrue(thrown.isEmpty(), "thrown on the FX thread: " + thrown);
        } finally {
            close(shown);
        }
    }

    @Test
    void theFailureLineIsOverThePlotRightOfTheLaneNamesWrappedToItsWidth() throws Exception {
        Dataset d = dear();
        HeldExecutor worker = new HeldExecutor();
        // the CPU lanes' fold runs out of memory, on the worker or (a narrow window folded at once) here
        FrameScheduler.Fold fold = (data, req, cancelled) -> {
            if (!req.spec().isCollapsed(org.schedlab.render.TrackGroup.CPUS)) {
                throw new OutOfMemoryError("Java heap space");
            }
            return FrameAggregator.aggregate(data, req, cancelled);
        };
        TimelineViewModel vm = FxWait.onFx(() -> new TimelineViewModel(worker));
        // a laptop's timeline beside the side panel: the out-of-memory line is wider than its plot
        Shown shown = show(vm, d, vm.executor(), fold, 760);
        TimelineView view = shown.view();
        try {
            Label line = lookup("#timeline-fold-failure").queryAs(Label.class);
            // the data's preparation, the stand-in and the frame (handed over at a pulse after the first)
            FxWait.until("the failure said", 60, () -> {
                worker.runAllInBackground();
                return FxWait.onFx(line::isVisible);
            });
            WaitForAsyncUtils.waitForFxEvents();
            double[] at = FxWait.onFx(() -> {
                view.layout();
                javafx.geometry.Bounds b = line.getBoundsInParent();
                return new double[] {b.getMinX(), b.getMaxX(), b.getMinY(), view.currentLayout().plotLeftPx(),
                    view.currentLayout().plotLeftPx() + view.currentLayout().plotWidthPx(), line.getHeight(),
                    line.prefHeight(-1) <= 0 ? 0 : line.getFont().getSize()};
            });
            assertTrue(at[0] >= at[3], "the line starts at x " + at[0] + ", over the lanes' names (plot from " + at[3] + ")");
            assertTrue(at[1] <= at[4], "the line ends at x " + at[1] + ", past the plot's right edge " + at[4]);
            assertTrue(at[2] >= org.schedlab.render.TimelineLayout.AXIS_HEIGHT_PX, "over the axis");
            assertTrue(at[5] > 2 * at[6], "wrapped onto more lines rather than cut: " + at[5] + " px high");
            String text = FxWait.onFx(line::getText);
            assertTrue(text.contains("-Xmx"), text);
        } finally {
            close(shown);
        }
    }

    @Test
    void aCheapWindowsFoldThatThrowsOnTheFxThreadIsSaidAndTheNextZoomPaints() throws Exception {
        Dataset d = org.schedlab.fixtures.LockHolderPreemption.dataset();
        AtomicBoolean failing = new AtomicBoolean(true);
        FrameScheduler.Fold fold = (data, req, cancelled) -> {
            if (failing.get()) {
                throw new IllegalStateException("lane 3 ends before it starts");
            }
            return FrameAggregator.aggregate(data, req, cancelled);
        };
        TimelineViewModel vm = FxWait.onFx(TimelineViewModel::new);
        Shown shown = show(vm, d, Optional.empty(), fold);
        TimelineView view = shown.view();
        List<Throwable> thrown = shown.thrown();
        try {
            FxWait.untilOnFx("the failure said", 60, () -> !view.foldFailureProperty().get().isEmpty());
            assertEquals(d.metadata().source() + ": the timeline could not be drawn (java.lang.IllegalStateException:"
                    + " lane 3 ends before it starts); pan or zoom to try again",
                    FxWait.onFx(() -> view.foldFailureProperty().get()));
            assertTrue(thrown.isEmpty(), "thrown on the FX thread: " + thrown);
            failing.set(false);
            interact(() -> vm.zoomCenter(1.5));
            FxWait.untilOnFx("a frame painted", 60, () -> view.paintCountProperty().get() > 0);
            assertEquals("", FxWait.onFx(() -> view.foldFailureProperty().get()));
            assertTrue(thrown.isEmpty(), "thrown on the FX thread: " + thrown);
        } finally {
            close(shown);
        }
    }

    @Test
    void anyOtherFailureIsOneLineNamingItWithoutItsStack() {
        String said = TimelineView.describeFoldFailure("case A",
                new IllegalStateException("lane 3 ends\nbefore it starts"));
        assertEquals("case A: the timeline could not be drawn (java.lang.IllegalStateException: lane 3 ends before"
                + " it starts); pan or zoom to try again", said);
    }

    /** A view on its own stage, and what the FX thread threw uncaught meanwhile. */
    private record Shown(Stage stage, TimelineView view, List<Throwable> thrown,
                         Thread.UncaughtExceptionHandler fxHandler) {
    }

    /** {@code d} in a view of {@code vm} folding with {@code fold} on {@code executor}, on a stage of its own. */
    private Shown show(TimelineViewModel vm, Dataset d, Optional<TaskExecutor> executor, FrameScheduler.Fold fold) {
        return show(vm, d, executor, fold, 1200);
    }

    /** As above, the view {@code width} px wide. */
    private Shown show(TimelineViewModel vm, Dataset d, Optional<TaskExecutor> executor, FrameScheduler.Fold fold,
                       double width) {
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        Shown[] shown = new Shown[1];
        interact(() -> {
            Thread.UncaughtExceptionHandler fxHandler = Thread.currentThread().getUncaughtExceptionHandler();
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> thrown.add(e));
            Workbench.applyTheme();
            vm.setDataset(d);
            TimelineView view = new TimelineView(vm, executor, fold);
            Stage stage = new Stage();
            stage.setScene(new Scene(new StackPane(view), width, 500));
            stage.sizeToScene();
            stage.show();
            shown[0] = new Shown(stage, view, thrown, fxHandler);
        });
        return shown[0];
    }

    private void close(Shown shown) {
        interact(() -> {
            shown.stage().close();
            Thread.currentThread().setUncaughtExceptionHandler(shown.fxHandler());
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
