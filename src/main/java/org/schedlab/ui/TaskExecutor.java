package org.schedlab.ui;

import javafx.concurrent.Task;

/**
 * Where view models send work that must not run on the FX thread. The app runs tasks on
 * background threads; a test may run them on the calling thread to stay deterministic.
 */
@FunctionalInterface
public interface TaskExecutor {
    void execute(Task<?> task);
}
