package org.schedlab.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import javafx.application.Platform;

import org.testfx.util.WaitForAsyncUtils;

/** Window tests wait for background work by condition, never by sleeping; a timeout says what was awaited. */
public final class FxWait {
    /** How long {@link #onFx} waits for the FX thread to read: a guard against a hung FX thread, not a time limit on work (a loaded CI machine can keep it busy for seconds). */
    private static final int READ_SECONDS = 30;

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

    /**
     * Waits until {@code scene} has had a pulse (its CSS and layout pass) begun after this call: for
     * reading what the screen shows after a change (a window resized, a text set), where
     * {@link WaitForAsyncUtils#waitForFxEvents} may return before the next pulse on a fast or a
     * loaded machine.
     */
    public static void pulse(javafx.scene.Scene scene) {
        java.util.concurrent.CountDownLatch laidOut = new java.util.concurrent.CountDownLatch(1);
        Runnable listener = laidOut::countDown;
        onFx(() -> {
            scene.addPostLayoutPulseListener(listener);
            Platform.requestNextPulse();
            return null;
        });
        try {
            if (!laidOut.await(READ_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("no pulse within " + READ_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for a pulse", e);
        } finally {
            onFx(() -> {
                scene.removePostLayoutPulseListener(listener);
                return null;
            });
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * {@code read}, run on the FX thread, and what it returned: for reading nodes after a wait, which
     * the FX thread may still be changing (background results arriving, a layout, a tooltip); a
     * lookup from the test thread walks child lists it may be changing at that moment. What it
     * throws is thrown here; the assertions on what it returned stay on the test thread. Called on
     * the FX thread (a helper also used in {@link #untilOnFx}'s condition) it reads at once: a read
     * handed to the FX thread from itself would wait for itself.
     */
    public static <T> T onFx(Callable<T> read) {
        try {
            if (Platform.isFxApplicationThread()) {
                return read.call();
            }
            return WaitForAsyncUtils.asyncFx(read).get(READ_SECONDS, TimeUnit.SECONDS);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error r) {
                throw r;
            }
            throw new AssertionError("reading on the FX thread", e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("the FX thread did not read within " + READ_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted reading on the FX thread", e);
        } catch (Exception e) { // what a read on the FX thread itself threw
            throw new AssertionError("reading on the FX thread", e);
        }
    }
}
