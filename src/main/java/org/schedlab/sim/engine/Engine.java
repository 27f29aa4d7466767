package org.schedlab.sim.engine;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * The clock and the event loop of one simulation. Time is long nanoseconds; scheduling an
 * event before {@link #nowNs()} is a bug and throws. Single-threaded: one engine per run.
 */
public final class Engine {
    /** How many events run between two looks at the cancel flag (well under 1 ms of work). */
    static final int CANCEL_CHECK_EVERY = 1024;

    private final EventQueue queue = new EventQueue();
    private long nowNs;
    private long eventCount;

    public long nowNs() {
        return nowNs;
    }

    /** Events handled so far. */
    public long eventCount() {
        return eventCount;
    }

    public int pendingCount() {
        return queue.size();
    }

    private long maxPending;

    /** Largest number of pending events seen (benchmark diagnostics). */
    public long maxPending() {
        return maxPending;
    }

    public void at(long timeNs, EventHandler handler, int kind, int target, long data) {
        if (timeNs < nowNs) {
            throw new IllegalStateException("event scheduled in the past: at " + timeNs + " ns, now " + nowNs
                    + " ns (kind " + kind + ", target " + target + ")");
        }
        queue.add(timeNs, handler, kind, target, data);
        if (queue.size() > maxPending) {
            maxPending = queue.size();
        }
    }

    public void after(long delayNs, EventHandler handler, int kind, int target, long data) {
        if (delayNs < 0) {
            throw new IllegalArgumentException("negative delay " + delayNs + " ns");
        }
        at(nowNs + delayNs, handler, kind, target, data);
    }

    /**
     * Runs every event with time <= {@code untilNs}, then leaves the clock at {@code untilNs}.
     *
     * @throws CancellationException when {@code cancelled} turns true (checked every
     *         {@value #CANCEL_CHECK_EVERY} events)
     */
    public void runUntil(long untilNs, BooleanSupplier cancelled) {
        int sinceCheck = 0;
        while (!queue.isEmpty() && queue.peekTimeNs() <= untilNs) {
            queue.poll();
            nowNs = queue.polledTimeNs();
            eventCount++;
            queue.polledHandler().onEvent(nowNs, queue.polledKind(), queue.polledTarget(), queue.polledData());
            if (++sinceCheck == CANCEL_CHECK_EVERY) {
                sinceCheck = 0;
                if (cancelled.getAsBoolean()) {
                    throw new CancellationException("simulation cancelled at " + nowNs + " ns");
                }
            }
        }
        if (untilNs > nowNs) {
            nowNs = untilNs;
        }
    }

    /** Counts a handled event that the handler itself found stale (so it is not an event). */
    public void uncountStale() {
        eventCount--;
        staleCount++;
    }

    private long staleCount;

    /** Events popped that their handler found stale (diagnostics: the queue's overhead). */
    public long staleCount() {
        return staleCount;
    }
}
