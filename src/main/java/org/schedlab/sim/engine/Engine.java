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
    /**
     * Events at one instant after which the clock must have moved: a model that keeps re-arming
     * something for "now" would otherwise hang the run (and the workbench's progress bar) forever.
     * No model has more than a few thousand things happening at the same nanosecond.
     */
    static final int STUCK_AFTER = 1 << 22;

    private final EventQueue queue = new EventQueue();
    /** Time and sequence of the queue's earliest event (MAX_VALUE: empty), kept so slot events need no peek. */
    private long queueHeadTime = Long.MAX_VALUE;
    private long queueHeadSeq = Long.MAX_VALUE;
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
        int n = queue.size();
        for (int i = 0; i < slotSetCount; i++) {
            n += slotSets[i].pending();
        }
        return n;
    }

    private EventSlots[] slotSets = new EventSlots[0];
    private int slotSetCount;

    /**
     * A set of {@code keys} keyed events for {@code handler} (kind {@code kind}): at most one
     * pending per key, re-armed and cancelled in place (see {@link EventSlots}).
     */
    public EventSlots slots(int keys, EventHandler handler, int kind) {
        EventSlots s = new EventSlots(this, keys, handler, kind);
        slotSets = java.util.Arrays.copyOf(slotSets, slotSetCount + 1);
        slotSets[slotSetCount++] = s;
        return s;
    }

    long nextSeq() {
        return queue.takeSeq();
    }

    private long maxPending;

    /** Largest number of pending events seen (benchmark diagnostics). */
    public long maxPending() {
        return maxPending;
    }

    public void at(long timeNs, EventHandler handler, int kind, int target, long data) {
        if (timeNs < nowNs) {
            throw inThePast(timeNs, kind, target);
        }
        long sq = queue.add(timeNs, handler, kind, target, data);
        if (timeNs < queueHeadTime) {
            queueHeadTime = timeNs;
            queueHeadSeq = sq;
        }
        if (queue.size() > maxPending) {
            maxPending = queue.size();
        }
    }

    private static IllegalStateException stuck(int kind, long atNs) {
        return new IllegalStateException("simulation stuck: " + STUCK_AFTER + " events at " + atNs
                + " ns without the clock moving (last of kind " + kind + ") - a model bug, please report it");
    }

    private IllegalStateException inThePast(long timeNs, int kind, int target) {
        return new IllegalStateException("event scheduled in the past: at " + timeNs + " ns, now " + nowNs
                + " ns (kind " + kind + ", target " + target + ")");
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
        int atSameTime = 0;
        EventQueue q = queue;
        while (true) {
            // the earliest of the queue's head and every slot set's minimum, by (time, sequence)
            long bestTime = queueHeadTime;
            long bestSeq = queueHeadSeq;
            EventSlots best = null;
            for (int i = 0; i < slotSetCount; i++) {
                EventSlots s = slotSets[i];
                if (s.pending() > 0) {
                    long t = s.minTime();
                    if (t < bestTime || (t == bestTime && s.minSeq() < bestSeq)) {
                        bestTime = t;
                        bestSeq = s.minSeq();
                        best = s;
                    }
                }
            }
            if (bestTime > untilNs || bestTime == Long.MAX_VALUE) {
                break;
            }
            eventCount++;
            atSameTime = bestTime == nowNs ? atSameTime + 1 : 0;
            nowNs = bestTime;
            if (best != null) {
                best.fireMin(bestTime);
            } else {
                q.poll();
                if (q.isEmpty()) {
                    queueHeadTime = Long.MAX_VALUE;
                    queueHeadSeq = Long.MAX_VALUE;
                } else {
                    queueHeadTime = q.peekTimeNs();
                    queueHeadSeq = q.peekSeq();
                }
                q.polledHandler().onEvent(nowNs, q.polledKind(), q.polledTarget(), q.polledData());
            }
            if (atSameTime == STUCK_AFTER) {
                throw stuck(best == null ? q.polledKind() : best.kind(), nowNs);
            }
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
