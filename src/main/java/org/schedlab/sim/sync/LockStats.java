package org.schedlab.sim.sync;

import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.schedlab.model.MarkKind;
import org.schedlab.model.WaitMode;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.Task;

/**
 * Statistics and timeline lanes of one lock, kept by whatever implements the lock (s_lock,
 * futex, rwsem). The lock reports acquisitions, releases and wait segments; the kernel reports
 * when a holder goes off CPU (preempted, or its vCPU stolen) and comes back. An off-CPU
 * episode is a <em>holder preemption</em> when waiters were waiting at its start or started
 * waiting during it; its length goes to {@code holderOffCpu}.
 *
 * <p>Histograms hold nanoseconds; statistics restart at the end of warm-up ({@link #reset}).
 */
public final class LockStats {
    /**
     * Told when a holder of this lock goes off CPU (preempted, or its vCPU stolen): a lock
     * whose waiters spin on the owner (an rwsem's optimistic spinners) stops them here.
     */
    @FunctionalInterface
    public interface HolderWatcher {
        void holderOffCpu(Task holder, boolean stolen, long nowNs);
    }

    private final Kernel kernel;
    private final String name;
    private final String kind;
    private final boolean shared;
    private final int lane;

    private long acquisitions;
    private long contended;
    private long holderPreemptions;
    private final Histogram holdNs = newHistogram();
    private final Histogram waitNs = newHistogram();
    private final Histogram holderOffCpuNs = newHistogram();

    private int holders;
    private int exclusiveHolders;
    private int waiters;
    private HolderWatcher watcher;
    private long waitBegins;
    /**
     * The waiters and the {@link #waitBegins} count at the record window's start, taken at the
     * first change of the waiters after it ({@code windowSeen}): until then they are the current ones.
     */
    private boolean windowSeen;
    private int waitersAtWindow;
    private long waitBeginsAtWindow;
    /** An rwsem's lock event counts (null for other locks); they restart with the rest. */
    private RwsemEvents rwsemEvents;

    // per task id: hold start, off-CPU episode bookkeeping
    private long[] holdStartNs = new long[0];
    private long[] offToken = new long[0];
    private java.util.function.LongConsumer openEpisodes;
    private int[] offCpu = new int[0];
    private boolean[] offStolen = new boolean[0];
    private boolean[] holdExclusive = new boolean[0];

    public LockStats(Kernel kernel, String name, String kind, boolean shared) {
        this.kernel = kernel;
        this.name = name;
        this.kind = kind;
        this.shared = shared;
        this.lane = kernel.recorder().lockLane(name, kind, shared);
        kernel.registerLock(this);
    }

    private static Histogram newHistogram() {
        return newAutoHistogram();
    }

    /** Nanosecond histogram, 3 significant digits (0.1%), growing only as far as values go. */
    private static Histogram newAutoHistogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    public String name() {
        return name;
    }

    public String kind() {
        return kind;
    }

    public boolean shared() {
        return shared;
    }

    public int holders() {
        return holders;
    }

    public int waiters() {
        return waiters;
    }

    private void ensure(int taskId) {
        if (taskId >= holdStartNs.length) {
            int cap = Math.max(taskId + 1, holdStartNs.length * 2);
            holdStartNs = Arrays.copyOf(holdStartNs, cap);
            offToken = Arrays.copyOf(offToken, cap);
            offCpu = Arrays.copyOf(offCpu, cap);
            offStolen = Arrays.copyOf(offStolen, cap);
            holdExclusive = Arrays.copyOf(holdExclusive, cap);
        }
    }

    // ---- reported by the lock ----

    /**
     * {@code t} got the lock now. {@code wasContended}: it had to wait (spin or sleep) since
     * {@code waitStartNs}; an open wait segment of {@code t} on this lock is closed.
     */
    public void acquired(Task t, boolean wasContended, long waitStartNs) {
        acquired(t, wasContended, waitStartNs, !shared);
    }

    /**
     * As {@link #acquired(Task, boolean, long)}, saying whether the hold is exclusive: on a
     * shared lane (an rwsem) a writer's hold is exclusive, a reader's is not. An exclusive hold
     * while anyone holds, or any hold while an exclusive one lasts, is a bug in the lock and
     * throws.
     */
    public void acquired(Task t, boolean wasContended, long waitStartNs, boolean exclusive) {
        long now = kernel.nowNs();
        if (exclusive ? holders > 0 : exclusiveHolders > 0) {
            throw misuse(t + " acquires " + (exclusive ? "exclusively" : "shared") + " while " + holders
                    + " hold it" + (exclusiveHolders > 0 ? " exclusively" : ""));
        }
        if (t.waitingOn == this) {
            waitEnd(t);
        }
        ensure(t.id());
        holders++;
        if (exclusive) {
            exclusiveHolders++;
        }
        holdExclusive[t.id()] = exclusive;
        holdStartNs[t.id()] = now;
        t.addHeld(this);
        if (kernel.measuring()) {
            acquisitions++;
            if (wasContended) {
                contended++;
                waitNs.recordValue(Math.max(0, now - waitStartNs));
            }
        }
    }

    public void released(Task t) {
        long now = kernel.nowNs();
        t.removeHeld(this);
        holders--;
        boolean exclusive = holdExclusive[t.id()];
        if (exclusive) {
            exclusiveHolders--;
        }
        long start = holdStartNs[t.id()];
        if (kernel.measuring()) {
            holdNs.recordValue(now - start);
        }
        kernel.recorder().lockHold(lane, start, now, t.id(), exclusive);
    }

    /** {@code t} starts waiting (spinning or asleep). */
    public void waitBegin(Task t, WaitMode mode) {
        if (t.waitingOn != null) {
            throw misuse(t + " already waits for " + t.waitingOn.name());
        }
        seeWindow();
        t.waitingOn = this;
        t.waitSegmentStartNs = kernel.nowNs();
        t.waitModeCode = mode.code();
        waiters++;
        waitBegins++;
    }

    /** {@code t} keeps waiting but switches between spinning and sleeping. */
    public void waitMode(Task t, WaitMode mode) {
        if (t.waitingOn != this) {
            throw misuse(t + " does not wait for it");
        }
        if (t.waitModeCode == mode.code()) {
            return;
        }
        long now = kernel.nowNs();
        kernel.recorder().lockWait(lane, t.waitSegmentStartNs, now, t.id(), WaitMode.ofCode(t.waitModeCode));
        t.waitSegmentStartNs = now;
        t.waitModeCode = mode.code();
    }

    /** {@code t} stops waiting (it got the lock, or gave up). */
    public void waitEnd(Task t) {
        if (t.waitingOn != this) {
            throw misuse(t + " does not wait for it");
        }
        seeWindow();
        kernel.recorder().lockWait(lane, t.waitSegmentStartNs, kernel.nowNs(), t.id(),
                WaitMode.ofCode(t.waitModeCode));
        t.waitingOn = null;
        waiters--;
    }

    /** Before the first change of the waiters after the record window's start: keeps them as they were at it. */
    private void seeWindow() {
        if (!windowSeen && kernel.nowNs() > kernel.recorder().fromNs()) {
            windowSeen = true;
            waitersAtWindow = waiters;
            waitBeginsAtWindow = waitBegins;
        }
    }

    private IllegalStateException misuse(String what) {
        return new IllegalStateException(name + ": " + what);
    }

    // ---- reported by the kernel ----

    /** A holder left its CPU while runnable (preempted) or its vCPU was stolen. */
    public void holderOffCpu(Task t, long nowNs, int cpu, boolean stolen) {
        ensure(t.id());
        offToken[t.id()] = waiters > 0 ? -1 : waitBegins;
        offCpu[t.id()] = cpu;
        offStolen[t.id()] = stolen;
        if (watcher != null) {
            watcher.holderOffCpu(t, stolen, nowNs);
        }
    }

    /** Registers the lock implementation that wants to hear about holders going off CPU. */
    public void watchHolders(HolderWatcher w) {
        this.watcher = w;
    }

    /**
     * The holder runs again; the episode counts if anyone waited during it. Its mark sits where it
     * began, or at the record window's start for one that began before the window and goes on
     * into it, as the recorder cuts a hold there (else {@code L} could not reach it).
     */
    public void holderOnCpu(Task t, long nowNs) {
        int id = t.id();
        if (anyoneWaited(id)) {
            long since = t.offCpuSinceNs();
            long offNs = nowNs - since;
            if (kernel.measuring()) {
                holderPreemptions++;
                holderOffCpuNs.recordValue(Math.max(0, offNs));
            }
            long at = markedFrom(since);
            if (marked(since, at, nowNs)) {
                kernel.recorder().mark(MarkKind.LOCK_HOLDER_PREEMPTION, at, offCpu[id], id,
                        name + " holder " + (offStolen[id] ? "stolen" : "preempted") + " for "
                                + ((nowNs - at) / 1000) + " us, " + waiters + " waiting" + before(since, at));
            }
        }
    }

    /** Someone waited for the lock while its holder {@code id} was off CPU (so far). */
    private boolean anyoneWaited(int id) {
        long token = offToken[id];
        return token == -1 || waitBegins > token || waiters > 0;
    }

    /** Where an episode that began at {@code since} is marked: there, or at the window's start if later. */
    private long markedFrom(long since) {
        return Math.max(since, kernel.recorder().fromNs());
    }

    /**
     * Whether an episode of someone waiting while the holder was off CPU from {@code since} to
     * {@code nowNs}, marked at {@code at}, is the recording's: it began in the window, or began
     * before it and goes on into it with someone waiting there (waits that all ended before the
     * window left it a holder off CPU that nobody in the window waited for).
     */
    private boolean marked(long since, long at, long nowNs) {
        if (!kernel.recorder().recording(at)) {
            return false;
        }
        if (at == since) {
            return true;
        }
        boolean waitingAtStart = windowSeen ? waitersAtWindow > 0 : waiters > 0;
        return at < nowNs && (waitingAtStart || waiters > 0 || windowSeen && waitBegins > waitBeginsAtWindow);
    }

    /** The note's tail for an episode marked at the window's start: how long the holder had been off CPU before. */
    private static String before(long since, long at) {
        return at > since ? " (from the window's start; off CPU " + (at - since) / 1000 + " us before it)" : "";
    }

    /** Registers what marks the lock's own episodes still going on at the record window's end. */
    public void atWindowEnd(java.util.function.LongConsumer openEpisodes) {
        this.openEpisodes = openEpisodes;
    }

    /**
     * Closes open hold and wait segments on the timeline at the end of the recording, and marks
     * the episodes still going on then: a holder off CPU with someone waiting (the time so far),
     * and whatever the lock itself registered ({@link #atWindowEnd}).
     */
    public void flushRecording(long nowNs, Iterable<Task> tasks) {
        for (Task t : tasks) {
            if (t.waitingOn == this) {
                kernel.recorder().lockWait(lane, t.waitSegmentStartNs, nowNs, t.id(),
                        WaitMode.ofCode(t.waitModeCode));
            }
            for (int i = 0; i < t.heldLockCount(); i++) {
                if (t.heldLock(i) == this) {
                    kernel.recorder().lockHold(lane, holdStartNs[t.id()], nowNs, t.id(), holdExclusive[t.id()]);
                    markOpenHolderPreemption(t, nowNs);
                }
            }
        }
        if (openEpisodes != null) {
            openEpisodes.accept(nowNs);
        }
    }

    private void markOpenHolderPreemption(Task t, long nowNs) {
        int id = t.id();
        long since = t.offCpuSinceNs();
        if (since < 0 || id >= offToken.length || !anyoneWaited(id)) {
            return;
        }
        long at = markedFrom(since);
        if (marked(since, at, nowNs)) {
            kernel.recorder().mark(MarkKind.LOCK_HOLDER_PREEMPTION, at, offCpu[id], id, name + " holder "
                    + (offStolen[id] ? "stolen" : "preempted") + " for at least " + (nowNs - at) / 1000
                    + " us (still off CPU at the window's end), " + waiters + " waiting" + before(since, at));
        }
    }

    public void reset() {
        if (rwsemEvents != null) {
            rwsemEvents.reset();
        }
        acquisitions = 0;
        contended = 0;
        holderPreemptions = 0;
        holdNs.reset();
        waitNs.reset();
        holderOffCpuNs.reset();
    }

    void countRwsemEvents(RwsemEvents events) {
        this.rwsemEvents = events;
    }

    // ---- read side ----

    /** The rwsem's lock event counts and read phases, or null when this is not an rwsem. */
    public RwsemEvents rwsemEvents() {
        return rwsemEvents;
    }

    public long acquisitions() {
        return acquisitions;
    }

    public long contended() {
        return contended;
    }

    public long holderPreemptions() {
        return holderPreemptions;
    }

    public Histogram holdNs() {
        return holdNs;
    }

    public Histogram waitNs() {
        return waitNs;
    }

    public Histogram holderOffCpuNs() {
        return holderOffCpuNs;
    }
}
