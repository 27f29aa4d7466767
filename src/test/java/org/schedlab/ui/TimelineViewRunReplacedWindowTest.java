package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javafx.concurrent.Task;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An A/B side's timeline (a view model working in the background, as {@code new
 * TimelineView(run.timeline())} makes it) whose run is replaced - a slider moved - while the old
 * run's dear window is being folded on the worker: the old run's columns, delivered after the new
 * run came in, are never painted for the new run (both runs span the same window, so the two
 * frames ask for the same columns), and nothing throws. Nor when the card is closed while a
 * fold is in flight.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineViewRunReplacedWindowTest extends FxRobot {
    /** {@code cpus} CPUs over the same 10 ms, 320,000 slices in all: past the FX thread's share. */
    private static Dataset dear(String name, int cpus) throws Exception {
        int slices = 320_000 / cpus;
        return DearDatasets.of(name, cpus, slices, 10_000_000L / slices);
    }

    @Test
    void theOldRunsFoldDeliveredLateIsNotPaintedForTheNewRun() throws Exception {
        Dataset before = dear("before", 32);
        Dataset after = dear("after", 16);
        HeldExecutor worker = new HeldExecutor();
        TimelineViewModel vm = FxWait.onFx(() -> new TimelineViewModel(worker));
        Stage[] stage = new Stage[1];
        TimelineView[] view = new TimelineView[1];
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler[] fxHandler = new Thread.UncaughtExceptionHandler[1];
        interact(() -> {
            fxHandler[0] = Thread.currentThread().getUncaughtExceptionHandler();
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> thrown.add(e));
            Workbench.applyTheme();
            vm.setDataset(before);
            view[0] = new TimelineView(vm);
            stage[0] = new Stage();
            stage[0].setScene(new Scene(new StackPane(view[0]), 1200, 500));
            stage[0].sizeToScene();
            stage[0].show();
        });
        try {
            FxWait.untilOnFx("the first frame", 60, () -> view[0].paintCountProperty().get() > 0);
            assertTrue(FxWait.onFx(() -> view[0].lastFrameStale()), "the old run's window was folded on the FX thread");
            Task<?> oldFold = worker.last();
            int paintedBefore = FxWait.onFx(() -> view[0].paintCountProperty().get());
            interact(() -> {
                // the old run's fold finishes on the worker; its answer is on its way to the FX thread
                // when the new run comes in, over the same window
                Thread t = new Thread(oldFold, "test-background");
                t.start();
                try {
                    t.join();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                vm.setDataset(after);
            });
            // the new run's window painted (two rounds of FX events may come before that pulse)
            FxWait.untilOnFx("the new run's first frame", 60, () -> view[0].paintCountProperty().get() > paintedBefore);
            assertTrue(oldFold.isDone() && !oldFold.isCancelled(), "the old run's fold was not delivered late");
            assertTrue(FxWait.onFx(() -> view[0].lastFrameStale()),
                    "the new run's window, not folded yet, was painted from the old run's columns as exact");
            worker.runAllInBackground();
            FxWait.untilOnFx("the new run's folded frame", 60, () -> !view[0].lastFrameStale());
            assertEquals(after, FxWait.onFx(vm::dataset));

            // the card closed (or its scenario changed) while a fold is in flight: its answer comes to
            // a view nobody shows
            int painted = FxWait.onFx(() -> view[0].paintCountProperty().get());
            interact(() -> vm.setDataset(before));
            FxWait.untilOnFx("the next run's first frame", 60, () -> view[0].paintCountProperty().get() > painted);
            assertFalse(worker.held.isEmpty(), "nothing went to the worker");
            interact(() -> stage[0].close());
            worker.runAllInBackground();
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(thrown.isEmpty(), "thrown on the FX thread: " + thrown);
        } finally {
            interact(() -> {
                stage[0].close();
                Thread.currentThread().setUncaughtExceptionHandler(fxHandler[0]);
            });
            WaitForAsyncUtils.waitForFxEvents();
        }
    }
}
