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
        TaskExecutor.executeOrCancel(pool, task);
    }

    public void shutdown() {
        pool.shutdownNow();
    }
}
