package org.schedlab.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.testfx.util.WaitForAsyncUtils;

/** Window tests wait for background work by condition, never by sleeping; a timeout says what was awaited. */
public final class FxWait {
    private FxWait() {
    }

    /**
     * Waits up to {@code seconds} for {@code condition}, polled on the test thread, then lets pending
     * FX events run. For a condition on state any thread may read (a file, an atomic, a concurrent
     * list) or one that itself waits for the FX thread (read there, it would wait for itself); one
     * that reads nodes or view models uses {@link #untilOnFx}.
     */
    public static void until(String what, int seconds, Callable<Boolean> condition) throws TimeoutException {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new TimeoutException("waited " + seconds + " s for: " + what);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * As {@link #until}, with {@code condition} read on the FX thread: for a condition that looks up
     * or reads nodes, which the FX thread may be changing meanwhile (a lookup from the test thread
     * once walked a child list while a row was removed from it: IndexOutOfBoundsException).
     */
    public static void untilOnFx(String what, int seconds, Callable<Boolean> condition) throws TimeoutException {
        until(what, seconds, () -> WaitForAsyncUtils.asyncFx(condition).get(seconds, TimeUnit.SECONDS));
    }
}
