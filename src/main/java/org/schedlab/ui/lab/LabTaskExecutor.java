package org.schedlab.ui.lab;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import javafx.concurrent.Task;

import org.schedlab.ui.TaskExecutor;

/**
 * Runs the lab's simulations on daemon threads, one per task: A, B, the live run and a sweep's
 * coordinator may all be in flight, and a cancelled run unwinds (within the engine's 50 ms
 * check) while its replacement already starts. The sweep's own runs use its thread pool.
 */
public final class LabTaskExecutor implements TaskExecutor {
    private final AtomicInteger threadNumber = new AtomicInteger();
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "schedlab-lab-" + threadNumber.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    @Override
    public void execute(Task<?> task) {
        try {
            pool.execute(task);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // the window is closing (shutdown came first): late work, say a repaint's fold, is
            // dropped as cancelled rather than thrown at the FX thread
            task.cancel();
        }
    }

    public void shutdown() {
        pool.shutdownNow();
    }
}
