package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;


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
 * A timeline view made for a view model that works in the background (the A/B sides' and the Live
 * run's, made by their cards with {@code new TimelineView(run.timeline())}) folds a dear window there,
 * a stand-in painted meanwhile, rather than on the FX thread: the first screen's two sides each
 * folded a million slices on it (1.1-1.5 s frozen under load), and each wheel notch zooming out did
 * again (0.4-0.6 s a side), so the opening scroll jerked.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineViewDearFrameWindowTest extends FxRobot {
    /** 32 CPUs of 10,000 slices of 1 us: 320,000 slices in the whole window, past the FX thread's share. */
    private static Dataset dear() throws Exception {
        return DearDatasets.of("dear", 32, 10_000, 1_000);
    }

    @Test
    void aDearWindowIsFoldedOnTheViewModelsWorkerNotOnTheFxThread() throws Exception {
        Dataset d = dear();
        HeldExecutor worker = new HeldExecutor();
        TimelineViewModel vm = FxWait.onFx(() -> new TimelineViewModel(worker));
        Stage[] stage = new Stage[1];
        TimelineView[] view = new TimelineView[1];
        interact(() -> {
            Workbench.applyTheme(); // the workbench's, as every window test has it
            vm.setDataset(d);
            view[0] = new TimelineView(vm);
            stage[0] = new Stage();
            stage[0].setScene(new Scene(new StackPane(view[0]), 1200, 500));
            stage[0].sizeToScene();
            stage[0].show();
        });
        try {
            FxWait.untilOnFx("the first frame", 60, () -> view[0].paintCountProperty().get() > 0);
            assertTrue(FxWait.onFx(() -> view[0].lastFrameStale()),
                    "the CPU lanes' 320,000 slices were folded on the FX thread");
            assertFalse(worker.held.isEmpty(), "nothing went to the view model's worker");
            worker.runAllInBackground();
            FxWait.untilOnFx("the folded frame painted", 60, () -> !view[0].lastFrameStale());
        } finally {
            interact(() -> stage[0].close());
            WaitForAsyncUtils.waitForFxEvents();
        }
    }
}
