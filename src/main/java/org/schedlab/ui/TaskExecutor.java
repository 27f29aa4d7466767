package org.schedlab.ui;

import javafx.concurrent.Task;

/**
 * Where view models send work that must not run on the FX thread. The app runs tasks on
 * background threads; a test may run them on the calling thread to stay deterministic.
 */
@FunctionalInterface
public interface TaskExecutor {
    void execute(Task<?> task);

    /**
     * Hands {@code task} to {@code pool}; once the pool is shut down (the window closing) the task
     * is cancelled instead: its owner hears it through its cancelled handler, and the FX thread that
     * asked - a layout pulse of a closing window repainting its timeline - gets no exception.
     */
    static void executeOrCancel(java.util.concurrent.ExecutorService pool, Task<?> task) {
        try {
            pool.execute(task);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            task.cancel();
        }
    }
}
