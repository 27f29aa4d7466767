package org.schedlab.sim.kernel;

import java.util.Arrays;
import org.schedlab.sim.engine.EventSlots;
import org.schedlab.model.MarkReason;
import org.schedlab.model.PreemptPoint;
import org.schedlab.model.ReschedCause;

/**
 * One vCPU: what it runs ({@link #curr}, or idle), the resched flags of the running task
 * (TIF_NEED_RESCHED and TIF_NEED_RESCHED_LAZY), its run queues, and whether the hypervisor has
 * taken it away. Events for the CPU carry {@link #gen}; bumping it makes earlier ones stale.
 */
public final class Cpu {
    static final byte IDLE = 0;
    static final byte SWITCH = 1;
    static final byte TASK = 2;

    final int id;
    /** The kernel's per-CPU event slots: this CPU's programmed activity is key {@link #id}. */
    private final EventSlots events;
    final FairRunqueue fair = new FairRunqueue();
    final FifoQueue fifo = new FifoQueue();

    Task curr;
    byte phase = IDLE;
    long segStartNs;
    long switchRemainingNs;
    long gen;
    /** When the live EV_CPU event fires ({@link #NO_EVENT}: none): resume() skips re-arming it. */
    long eventAtNs = NO_EVENT;
    static final long NO_EVENT = Long.MIN_VALUE;
    boolean nr;
    boolean lazy;
    boolean stolen;
    boolean tickPending;
    boolean ipiPending;
    int ticks;
    // why the pending flag was set (recorded on the switch's mark; teaching): the first request's
    // cause, whether it was lazy, upgraded at a tick, or came with an IPI
    ReschedCause whyCause = ReschedCause.UNKNOWN;
    boolean whyLazy;
    boolean whyUpgraded;
    boolean whyIpi;

    // SMT (see Smt): the hyperthread sharing this CPU's core, null without SMT; the rate at which
    // this CPU's task makes progress (1 = the calibrated rate, with a busy sibling); whether this
    // CPU competes for the core as last published to its sibling
    Cpu sibling;
    long speedNum = Smt.ONE; // over Smt.ONE
    boolean smtBusy;

    // interrupts that arrived while stolen: (kind, target, data) triples
    private long[] deferred = new long[12];
    private int deferredCount;

    Cpu(int id, EventSlots events) {
        this.id = id;
        this.events = events;
    }

    public int id() {
        return id;
    }

    public boolean isStolen() {
        return stolen;
    }

    /** TIF_NEED_RESCHED of the running task: what {@code need_resched()} tests (not LAZY). */
    public boolean needResched() {
        return nr;
    }

    /** The packed MarkReason of a switch at {@code point}; forgets the request (the flags clear). */
    int takeWhy(PreemptPoint point) {
        int code = MarkReason.code(whyCause, point, whyLazy, whyUpgraded, whyIpi);
        whyCause = ReschedCause.UNKNOWN;
        whyLazy = false;
        whyUpgraded = false;
        whyIpi = false;
        return code;
    }

    /** Forgets why the flags were set, when they are cleared without a switch (an rseq grant). */
    void forgetWhy() {
        takeWhy(PreemptPoint.UNKNOWN);
    }

    /** Drops the live CPU event (it becomes stale). */
    void cancelEvent() {
        if (eventAtNs != NO_EVENT) {
            gen++;
            eventAtNs = NO_EVENT;
            events.cancel(id);
        }
    }

    /** Programs the CPU event for {@code atNs} (replacing the live one). */
    void armEvent(long atNs) {
        gen++;
        eventAtNs = atNs;
        events.set(id, atNs, gen);
    }

    /** Nothing running and nothing queued: where a waking task may go. */
    boolean idleForPlacement() {
        return curr == null && fair.size() == 0 && fifo.size() == 0;
    }

    /** Tasks on this CPU: the running one plus the queued ones (the kernel's nr_running). */
    int nrRunning() {
        return (curr == null ? 0 : 1) + fair.size() + fifo.size();
    }

    int queued() {
        return fair.size() + fifo.size();
    }

    /** The fair-class current task, when the running task is fair ("cfs_rq->curr"). */
    Task fairCurr() {
        return curr != null && curr.schedClass == SchedClass.FAIR ? curr : null;
    }

    void defer(int kind, int target, long data) {
        if (deferredCount + 3 > deferred.length) {
            deferred = Arrays.copyOf(deferred, deferred.length * 2);
        }
        deferred[deferredCount++] = kind;
        deferred[deferredCount++] = target;
        deferred[deferredCount++] = data;
    }

    /** Moves the deferred interrupts out (in arrival order) and clears the list. */
    long[] takeDeferred() {
        long[] out = Arrays.copyOf(deferred, deferredCount);
        deferredCount = 0;
        return out;
    }

    boolean hasDeferred() {
        return deferredCount > 0;
    }
}
