package org.schedlab.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.testfx.util.WaitForAsyncUtils;

/** Window tests wait for background work by condition, never by sleeping; a timeout says what was awaited. */
public final class FxWait {
    private FxWait() {
    }

    /** Waits up to {@code seconds} for {@code condition}, then lets pending FX events run. */
    public static void until(String what, int seconds, Callable<Boolean> condition) throws TimeoutException {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new TimeoutException("waited " + seconds + " s for: " + what);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
