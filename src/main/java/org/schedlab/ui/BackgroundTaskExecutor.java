package org.schedlab.ui;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import javafx.concurrent.Task;

/**
 * Runs tasks on daemon threads, so a load in flight never keeps the JVM alive after the window
 * closes. Two threads: a new load can start while a cancelled one is still unwinding.
 */
public final class BackgroundTaskExecutor implements TaskExecutor {
    private final AtomicInteger threadNumber = new AtomicInteger();
    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "schedlab-worker-" + threadNumber.incrementAndGet());
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
