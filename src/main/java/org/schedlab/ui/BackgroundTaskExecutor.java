package org.schedlab.ui;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import javafx.concurrent.Task;

/**
 * Runs tasks on daemon threads, so a load in flight never keeps the JVM alive after the window
 * closes. A task that finds every thread busy gets a new one (idle threads end after a minute):
 * a new load can start while a cancelled one is still unwinding, and a read stuck on a dead
 * network mount - which no cancel can interrupt - holds only its own thread, never the loads,
 * exports and restores that come after it. Tasks here are the user's (a load cancels the one
 * before it), so a handful run at once at most.
 */
public class BackgroundTaskExecutor implements TaskExecutor {
    private final AtomicInteger threadNumber = new AtomicInteger();
    private final ExecutorService pool;

    public BackgroundTaskExecutor() {
        this("schedlab-worker-");
    }

    /** Threads are named {@code threadPrefix} and a number, so a thread dump says whose they are. */
    protected BackgroundTaskExecutor(String threadPrefix) {
        pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, threadPrefix + threadNumber.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public final void execute(Task<?> task) {
        TaskExecutor.executeOrCancel(pool, task);
    }

    public final void shutdown() {
        pool.shutdownNow();
    }
}
