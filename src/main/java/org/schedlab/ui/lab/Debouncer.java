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
                action.run();
            }
        });
        pending = self[0];
    }

    /** Calls off the pending action, if any. */
    public void cancel() {
        if (pending != null) {
            pending.cancel();
            pending = null;
        }
    }

    public boolean isPending() {
        return pending != null;
    }

    public long delayMs() {
        return delayMs;
    }
}
