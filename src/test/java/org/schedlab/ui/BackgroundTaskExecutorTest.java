package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.concurrent.Task;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/** The FX toolkit runs (tasks report their state changes through it); nothing is shown. */
@ExtendWith(ApplicationExtension.class)
class BackgroundTaskExecutorTest {
    /** A read that never returns (a dead NFS mount): no cancel reaches it. */
    private static Task<Void> stuck(CountDownLatch release, CountDownLatch started) {
        return new Task<>() {
            @Override
            protected Void call() throws Exception {
                started.countDown();
                while (!release.await(1, TimeUnit.SECONDS)) {
                    // ignores interrupts and cancel, like a blocked read(2)
                }
                return null;
            }
        };
    }

    @Test
    void tasksStuckInReadsDoNotStarveTheLoadsThatComeAfterThem() throws Exception {
        BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(3);
        try {
            for (int i = 0; i < 3; i++) {
                executor.execute(stuck(release, started));
            }
            assertTrue(started.await(10, TimeUnit.SECONDS), "every stuck task got a thread of its own");
            CountDownLatch ran = new CountDownLatch(1);
            executor.execute(new Task<Void>() {
                @Override
                protected Void call() {
                    ran.countDown();
                    return null;
                }
            });
            assertTrue(ran.await(10, TimeUnit.SECONDS), "a load after three stuck ones still runs");
        } finally {
            release.countDown();
            executor.shutdown();
        }
    }

    @Test
    void afterShutdownATaskIsCancelledNotThrown() {
        BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
        executor.shutdown();
        Task<Void> t = new Task<>() {
            @Override
            protected Void call() {
                return null;
            }
        };
        executor.execute(t);
        assertTrue(t.isCancelled());
    }
}
