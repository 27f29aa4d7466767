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
        Stage[] stage = new Stage[1];
        TimelineView[] view = new TimelineView[1];
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler[] fxHandler = new Thread.UncaughtExceptionHandler[1];
        interact(() -> {
            fxHandler[0] = Thread.currentThread().getUncaughtExceptionHandler();
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> thrown.add(e));
            Workbench.applyTheme();
            vm.setDataset(d);
            view[0] = new TimelineView(vm, vm.executor(), fold);
            stage[0] = new Stage();
            stage[0].setScene(new Scene(new StackPane(view[0]), 1200, 500));
            stage[0].sizeToScene();
            stage[0].show();
        });
        try {
            FxWait.untilOnFx("the first frame", 20, () -> view[0].paintCountProperty().get() > 0);
            assertTrue(FxWait.onFx(() -> view[0].lastFrameStale()), "the whole window was folded on the FX thread");
            Label line = lookup("#timeline-fold-failure").queryAs(Label.class);
            assertFalse(FxWait.onFx(line::isVisible), "a failure said before any fold failed");

            worker.runAllInBackground(); // the data's preparation, then the fold, which throws
            FxWait.untilOnFx("the failure said", 20, line::isVisible);
            String said = FxWait.onFx(line::getText);
            assertTrue(said.startsWith("huge run: out of memory: its timeline at this zoom does not fit in the Java heap"),
                    said);
            assertTrue(said.contains("-Xmx"), "says how to start with more heap: " + said);
            assertFalse(said.contains("\n") || said.contains("\tat ") || said.contains("java.lang."),
                    "one line, no stack trace: " + said);
            assertEquals(said, FxWait.onFx(() -> view[0].foldFailureProperty().get()));
            assertTrue(FxWait.onFx(() -> view[0].lastFrameStale()), "the stand-in stays");
            assertTrue(FxWait.onFx(() -> line.getBoundsInParent().getWidth() > 100
                    && line.getBoundsInParent().getMaxX() <= view[0].getWidth()), "laid out inside the view");

            int painted = FxWait.onFx(() -> view[0].paintCountProperty().get());
            interact(() -> view[0].requestRepaint()); // a hover, a summary: the same window
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(FxWait.onFx(() -> view[0].paintCountProperty().get()) > painted);
            assertTrue(worker.held.isEmpty(), "the window that failed was folded again on a mere repaint");
            assertTrue(FxWait.onFx(line::isVisible), "a repaint of the same window took the line away");

            outOfMemory.set(false); // the cause is gone (memory freed); the user zooms
            interact(() -> vm.zoomCenter(1.05)); // still dear: folded on the worker
            WaitForAsyncUtils.waitForFxEvents();
            assertFalse(worker.held.isEmpty(), "the zoom did not fold again on the worker");
            worker.runAllInBackground();
            FxWait.untilOnFx("the zoomed frame painted", 20, () -> !view[0].lastFrameStale());
            assertFalse(FxWait.onFx(line::isVisible), "the failure still said after a frame was folded");
            assertEquals("", FxWait.onFx(() -> view[0].foldFailureProperty().get()));
            assertTrue(thrown.isEmpty(), "thrown on the FX thread: " + thrown);
        } finally {
            interact(() -> {
                stage[0].close();
                Thread.currentThread().setUncaughtExceptionHandler(fxHandler[0]);
            });
            WaitForAsyncUtils.waitForFxEvents();
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
        Stage[] stage = new Stage[1];
        TimelineView[] view = new TimelineView[1];
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler[] fxHandler = new Thread.UncaughtExceptionHandler[1];
        interact(() -> {
            fxHandler[0] = Thread.currentThread().getUncaughtExceptionHandler();
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> thrown.add(e));
            Workbench.applyTheme();
            vm.setDataset(d);
            view[0] = new TimelineView(vm, Optional.empty(), fold);
            stage[0] = new Stage();
            stage[0].setScene(new Scene(new StackPane(view[0]), 1200, 500));
            stage[0].sizeToScene();
            stage[0].show();
        });
        try {
            FxWait.untilOnFx("the failure said", 20, () -> !view[0].foldFailureProperty().get().isEmpty());
            assertEquals(d.metadata().source() + ": the timeline could not be drawn (java.lang.IllegalStateException:"
                    + " lane 3 ends before it starts); pan or zoom to try again",
                    FxWait.onFx(() -> view[0].foldFailureProperty().get()));
            assertTrue(thrown.isEmpty(), "thrown on the FX thread: " + thrown);
            failing.set(false);
            interact(() -> vm.zoomCenter(1.5));
            FxWait.untilOnFx("a frame painted", 20, () -> view[0].paintCountProperty().get() > 0);
            assertEquals("", FxWait.onFx(() -> view[0].foldFailureProperty().get()));
            assertTrue(thrown.isEmpty(), "thrown on the FX thread: " + thrown);
        } finally {
            interact(() -> {
                stage[0].close();
                Thread.currentThread().setUncaughtExceptionHandler(fxHandler[0]);
            });
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    @Test
    void anyOtherFailureIsOneLineNamingItWithoutItsStack() {
        String said = TimelineView.describeFoldFailure("case A",
                new IllegalStateException("lane 3 ends\nbefore it starts"));
        assertEquals("case A: the timeline could not be drawn (java.lang.IllegalStateException: lane 3 ends before"
                + " it starts); pan or zoom to try again", said);
    }
}
