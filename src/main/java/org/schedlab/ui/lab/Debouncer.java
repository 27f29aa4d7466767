package org.schedlab.ui.lab;

/**
 * Runs the latest action once things have been quiet for a while: each {@link #trigger}
 * replaces the pending action and restarts the delay, so a burst of slider moves costs one
 * simulation, started {@code delayMs} after the last move.
 */
public final class Debouncer {
    private final DelayScheduler scheduler;
    private final long delayMs;
    private DelayScheduler.Pending pending;
    private Runnable pendingAction;

    public Debouncer(DelayScheduler scheduler, long delayMs) {
        if (delayMs < 0) {
            throw new IllegalArgumentException("delay must be >= 0, was " + delayMs);
        }
        this.scheduler = scheduler;
        this.delayMs = delayMs;
    }

    public void trigger(Runnable action) {
        cancel();
        DelayScheduler.Pending[] self = new DelayScheduler.Pending[1];
        self[0] = scheduler.schedule(delayMs, () -> {
            if (pending == self[0]) {
                pending = null;
                pendingAction = null;
                action.run();
            }
        });
        pending = self[0];
        pendingAction = action;
    }

    /**
     * The burst is known to be over (the slider's button was released): runs the pending action
     * now instead of at the end of the delay. Does nothing when no action is pending.
     */
    public void flush() {
        if (pending == null) {
            return;
        }
        Runnable action = pendingAction;
        cancel();
        action.run();
    }

    /** Calls off the pending action, if any. */
    public void cancel() {
        if (pending != null) {
            pending.cancel();
            pending = null;
            pendingAction = null;
        }
    }

    public boolean isPending() {
        return pending != null;
    }

    public long delayMs() {
        return delayMs;
    }
}
