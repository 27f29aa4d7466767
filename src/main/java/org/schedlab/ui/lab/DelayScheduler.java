package org.schedlab.ui.lab;

/**
 * Runs an action after a delay, on the FX thread. The app uses the FX clock; tests use a
 * manual clock they advance themselves, so debouncing is tested without sleeping.
 */
@FunctionalInterface
public interface DelayScheduler {

    /** A scheduled action that has not run yet can be called off. */
    @FunctionalInterface
    interface Pending {
        void cancel();
    }

    Pending schedule(long delayMs, Runnable action);
}
