package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.ui.lab.LabTaskExecutor;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Work asked for while the window closes (a repaint's fold after the executors stopped) ends
 * cancelled; it used to throw RejectedExecutionException at the FX thread.
 */
@ExtendWith(ApplicationExtension.class)
class ExecutorShutdownTest extends FxRobot {
    private static Task<Void> work() {
        return new Task<>() {
            @Override
            protected Void call() {
                return null;
            }
        };
    }

    @Test
    void workAfterShutdownIsCancelledNotThrown() {
        BackgroundTaskExecutor background = new BackgroundTaskExecutor();
        LabTaskExecutor lab = new LabTaskExecutor();
        background.shutdown();
        lab.shutdown();
        Task<Void> a = work();
        Task<Void> b = work();
        interact(() -> {
            background.execute(a);
            lab.execute(b);
        });
        assertTrue(a.isCancelled());
        assertTrue(b.isCancelled());
    }
}
