package org.schedlab.ui;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javafx.concurrent.Task;

import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An executor that holds every task back until the test runs it, so a test sees what the FX-side
 * code decided before any background work (a file read, a probe, a run) has happened.
 */
public final class HeldExecutor implements TaskExecutor {
    /**
     * The tasks handed over and not run yet, oldest first. The FX thread adds to it while a test
     * reads or drains it from its own thread: a list safe for both.
     */
    public final List<Task<?>> held = new CopyOnWriteArrayList<>();

    @Override
    public void execute(Task<?> task) {
        held.add(task);
    }

    /** The task handed over last. */
    public Task<?> last() {
        return held.get(held.size() - 1);
    }

    /** Runs the held tasks in order on the FX thread, including any they hand over while running. */
    public void runAll(FxRobot robot) {
        while (!held.isEmpty()) {
            Task<?> t = held.remove(0);
            robot.interact(t::run);
        }
    }

    /**
     * Runs the held tasks in order, each on a thread of its own as a background executor would,
     * and waits for the answers each delivers on the FX thread.
     */
    public void runAllInBackground() throws InterruptedException {
        while (!held.isEmpty()) {
            Thread t = new Thread(held.remove(0), "test-background");
            t.start();
            t.join();
            WaitForAsyncUtils.waitForFxEvents();
        }
    }
}
