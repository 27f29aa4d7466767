package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.concurrent.Task;
import javafx.concurrent.Worker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.ui.lab.LabTaskExecutor;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Work asked for while the window closes (a layout pulse repainting a timeline after its executor
 * was shut down) is cancelled, not thrown at the FX thread: the closing window's last frame
 * request used to end in a RejectedExecutionException on the FX thread.
 */
@ExtendWith(ApplicationExtension.class)
class ShutDownExecutorTest extends FxRobot {
    private static Task<Integer> work() {
        return new Task<>() {
            @Override
            protected Integer call() {
                return 1;
            }
        };
    }

    @Test
    void aTaskGivenToAShutDownExecutorIsCancelledAndNothingIsThrown() {
        BackgroundTaskExecutor background = new BackgroundTaskExecutor();
        LabTaskExecutor lab = new LabTaskExecutor();
        background.shutdown();
        lab.shutdown();
        Task<Integer> a = work();
        Task<Integer> b = work();
        interact(() -> {
            background.execute(a);
            lab.execute(b);
        });
        assertEquals(Worker.State.CANCELLED, a.getState());
        assertEquals(Worker.State.CANCELLED, b.getState());
    }
}
