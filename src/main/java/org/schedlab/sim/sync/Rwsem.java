package org.schedlab.sim.sync;

import java.util.Arrays;
import org.schedlab.model.MarkKind;
import org.schedlab.model.WaitMode;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.SpinTarget;
import org.schedlab.sim.kernel.Task;

/**
 * The kernel's read-write semaphore (kernel/locking/rwsem.c) with its two behaviours around
 * 617f3ef95177 (KERNEL-FACTS section 5):
 * <ul>
 *   <li>{@code readerSpinning} on: v5.10 as released. A reader whose fast path fails spins
 *       optimistically on the owner (OSQ, preemption off) like a writer does, and can take the
 *       lock from a reader phase or a free lock even with waiters queued; a writer that timed
 *       out spinning on readers sets the nonspinnable bits, and a slow-path writer that saw
 *       them turns reader spinning off until a writer takes the lock without them (adaptive
 *       disabling, 5cfd92e12e13).</li>
 *   <li>off: v5.10 with the 2023 backport series (1a728dff855a, 2f06f702925b, 617f3ef95177):
 *       readers never spin; a reader in the slow path steals the lock when it is not write-locked
 *       and no handoff is pending, unless readers own it already (then it queues, so a stream
 *       of readers cannot starve a sleeping writer).</li>
 * </ul>
 * Common to both: the count (writer bit, reader count, WAITERS, HANDOFF) and owner word; a
 * writer's fast path (count 0) and optimistic spin (OSQ; on a reader-owned lock for at most
 * (20 + readers)/2 us); the wait list, where {@code rwsem_mark_wake} grants the lock to up to
 * {@value #MAX_READERS_WAKEUP} queued readers at once, skipping writers, and only wakes a
 * writer at the front, which must then take the lock itself; the handoff after
 * RWSEM_WAIT_TIMEOUT = DIV_ROUND_UP(HZ, 250) jiffies, which blocks stealing and spinning.
 * Sleepers are woken through the kernel's normal wake-up path.
 *
 * <p>Programs drive it as the C code runs: {@link #downRead}/{@link #downWrite} answer
 * ACQUIRED, SPIN ({@code ctx.spin(rwsem, spinBudgetNs(), site, true)}, then
 * {@link #afterSpin}) or BLOCK ({@code ctx.block(site)}, then {@link #afterWake});
 * {@link #upRead}, {@link #upWrite}, {@link #downgradeWrite} release. Costs the caller owes
 * (atomics on a remote line, waking others) come from {@link #takeExtraNs}.
 */
public final class Rwsem {
    /** What the program does next. */
    public enum Outcome { ACQUIRED, SPIN, BLOCK }

    static final int MAX_READERS_WAKEUP = 0x100;

    final Kernel kernel;
    final LockStats stats;
    final RwsemCosts costs;
    final boolean readerSpinning;
    final long waitTimeoutJiffies;
    final RwsemSpin spin;
    private final RwsemWaitQueue queue;
    /** Lock event counts under the modelled kernel's names, and read phases. */
    final RwsemEvents events;

    // ---- count ----
    Task writer;
    int readers;
    boolean handoff;
    // WAITERS is "the wait queue is not empty": both change together under the wait_lock

    // ---- owner word ----
    Task owner;
    boolean ownerReader;
    /** RWSEM_RD_NONSPINNABLE (5.10 only). */
    boolean rdNonspin;
    /** RWSEM_WR_NONSPINNABLE; after the series the single RWSEM_NONSPINNABLE bit. */
    boolean wrNonspin;

    private int lineCpu = -1;

    // ---- per task (by id) ----
    private long[] waitStartNs = new long[0];
    private long[] extraNs = new long[0];

    private long handoffs;
    /** Spinning CPU time is charged to the lock's state up to here ({@link #accrueSpin}). */
    private long spinAccruedAtNs;
    /**
     * Since when the lock is free with HANDOFF set (-1: it is not), and the most CPUs spinning on
     * it meanwhile besides the waiter it is reserved for (which retries spinning after a writer owner).
     */
    private long reservedSinceNs = -1;
    private int reservedSpinMax;
    /**
     * {@link #reservedSpinMax} over the record window only: a stall marked at the window's start
     * says how many spun in the window, not in the warm-up before it, which the window does not show.
     */
    private int reservedSpinMaxInWindow;

    /**
     * @param seesPreemptedVcpu whether {@code owner_on_cpu()} sees a stolen vCPU
     *                          ({@code vcpu_is_preempted}: x86 KVM guests yes, arm64 in 5.10 no)
     */
    public Rwsem(Kernel kernel, String name, boolean readerSpinning, RwsemCosts costs, boolean seesPreemptedVcpu) {
        this.kernel = kernel;
        this.stats = new LockStats(kernel, name, "rwsem", true);
        this.costs = costs;
        this.readerSpinning = readerSpinning;
        int hz = kernel.config().hz();
        this.waitTimeoutJiffies = (hz + 249) / 250;
        this.spin = new RwsemSpin(this, seesPreemptedVcpu);
        this.queue = new RwsemWaitQueue(this);
        this.events = new RwsemEvents(readerSpinning, this::accrueSpin);
        stats.countRwsemEvents(events);
        stats.watchHolders(spin);
        stats.atWindowEnd(this::markOpenStall);
    }

    public LockStats stats() {
        return stats;
    }

    /** Pass this to {@code ctx.spin(...)}. */
    public SpinTarget spinTarget() {
        return spin;
    }

    /** On-CPU time of one spin step; the lock ends it earlier (a holder that sleeps is noticed at its end). */
    public long spinBudgetNs() {
        return RwsemSpin.RECHECK_NS;
    }

    /** Times RWSEM_FLAG_HANDOFF was set (by the first waiting writer, or for a starved reader). */
    public long handoffs() {
        return handoffs;
    }

    /** Read locks taken by reader optimistic lock stealing (after the series only), since the last statistics reset. */
    public long steals() {
        return events.count(RwsemEvents.Event.RLOCK_STEAL);
    }

    /**
     * OSQ spinners that gave up because the vCPU of a spinner queued ahead of them was
     * preempted by the hypervisor (only where the guest sees it: x86).
     */
    public long osqPreemptedExits() {
        return spin.osqPreemptedExits();
    }

    /** The reader count: readers inside, including those granted but not yet running. */
    public int readers() {
        return readers;
    }

    public boolean writeLocked() {
        return writer != null;
    }

    public int waiting() {
        return queue.size();
    }

    private void ensure(int id) {
        if (id >= waitStartNs.length) {
            int cap = Math.max(id + 1, waitStartNs.length * 2);
            int old = waitStartNs.length;
            waitStartNs = Arrays.copyOf(waitStartNs, cap);
            Arrays.fill(waitStartNs, old, cap, -1);
            extraNs = Arrays.copyOf(extraNs, cap);
        }
        spin.ensure(id);
        queue.ensure(id);
    }

    /** Kernel time {@code t} owes for what the lock did on its behalf since the last call. */
    public long takeExtraNs(Task t) {
        ensure(t.id());
        long e = extraNs[t.id()];
        extraNs[t.id()] = 0;
        return e;
    }

    void charge(Task t, long ns) {
        extraNs[t.id()] += ns;
    }

    /**
     * The release's atomic on the count line: a program adds it to its section (the section
     * ends with it), as the release itself happens at the section's end.
     */
    public long releaseAtomicNs() {
        return costs.lineNs();
    }

    /** An atomic on the count/owner line from {@code t}'s CPU. */
    private void touchLine(Task t) {
        if (lineCpu != t.cpu()) {
            extraNs[t.id()] += costs.lineNs();
            lineCpu = t.cpu();
        }
    }

    long jiffies() {
        return kernel.nowNs() / kernel.config().tickNs();
    }

    /**
     * Charges the CPU time of the spinners on a CPU since the last call to what the lock was
     * doing meanwhile. Every entry that can change the count, the owner or the spinners calls it
     * first, so the state in between calls is the one the previous call left.
     */
    void accrueSpin() {
        long now = kernel.nowNs();
        int n = spin.spinningCpus();
        boolean reserved = writer == null && readers == 0 && handoff;
        if (reserved) {
            if (reservedSinceNs < 0) {
                reservedSinceNs = spinAccruedAtNs; // the state has not changed since the last call
            }
            if (now > spinAccruedAtNs) {
                int spinners = spin.spinningCpusBesidesHandoffWaiter();
                reservedSpinMax = Math.max(reservedSpinMax, spinners);
                if (now > kernel.recorder().fromNs()) {
                    // [spinAccruedAtNs, now) had these spinners, and reaches into the window
                    reservedSpinMaxInWindow = Math.max(reservedSpinMaxInWindow, spinners);
                }
            }
        } else {
            reservedSinceNs = -1; // ended without a handoff take (handoffTaken resets it first)
            reservedSpinMax = 0;
            reservedSpinMaxInWindow = 0;
        }
        if (n > 0 && now > spinAccruedAtNs) {
            RwsemEvents.SpinWhile phase = writer != null ? RwsemEvents.SpinWhile.WRITER
                    : readers > 0 ? RwsemEvents.SpinWhile.READERS
                    : handoff ? RwsemEvents.SpinWhile.HANDOFF : RwsemEvents.SpinWhile.FREE;
            events.addSpinNs(phase, (now - spinAccruedAtNs) * n);
        }
        spinAccruedAtNs = now;
    }

    /**
     * {@code t} takes the lock and clears HANDOFF. If the lock was free and reserved for it
     * while others spun on it, longer than waking {@code t} takes (a handoff stall), the
     * timeline gets a {@link MarkKind#LOCK_HANDOFF} mark at the stall's start, on the CPU
     * {@code t} takes the lock on.
     */
    void handoffTaken(Task t) {
        // every caller came in through an entry that accrued at this instant; accruing again
        // here would see HANDOFF already cleared and end the stall unrecorded
        long since = reservedSinceNs;
        // one that began before the window: the most spinning in it, as the timeline shows them
        int spinners = since < kernel.recorder().fromNs() ? reservedSpinMaxInWindow : reservedSpinMax;
        reservedSinceNs = -1;
        reservedSpinMax = 0;
        reservedSpinMaxInWindow = 0;
        long now = kernel.nowNs();
        if (isStall(since, spinners, now)) {
            long at = markedFrom(since);
            kernel.recorder().mark(MarkKind.LOCK_HANDOFF, at, t.cpu(), t.id(), stats.name() + " free for "
                    + (now - at) / 1000 + " us with HANDOFF set, up to " + cpus(spinners) + " spinning on it"
                    + before(since, at));
        }
    }

    /**
     * A waiter that ran as soon as it was woken (the IPI, then the switch) is the handoff working
     * as meant; only one that waited for a CPU while others spun is a stall. Its mark sits at
     * the stall's start, which the recorder keeps only inside its window; a stall that began
     * before the window and goes on into it is marked at the window's start, as the recorder
     * clips a hold that began before it (else the window's first stretch showed CPUs spinning on
     * a lock "nobody holds").
     */
    private boolean isStall(long since, int spinners, long now) {
        long wakePath = kernel.config().wakeupIpiNs() + kernel.config().ctxSwitchNs();
        if (since < 0 || spinners == 0 || now - since <= wakePath) {
            return false;
        }
        long at = markedFrom(since);
        return at < now && kernel.recorder().recording(at);
    }

    /** Where a stall that began at {@code since} is marked: there, or at the window's start if later. */
    private long markedFrom(long since) {
        return Math.max(since, kernel.recorder().fromNs());
    }

    /** The note's tail for a stall marked at the window's start: how long it had gone on before. */
    private static String before(long since, long at) {
        return at > since ? " (from the window's start; HANDOFF set " + (at - since) / 1000 + " us before it)" : "";
    }

    private static String cpus(int n) {
        return n + (n == 1 ? " CPU" : " CPUs");
    }

    /**
     * At the record window's end: a handoff stall still going on gets its mark now, with the time
     * so far, so the window's last milliseconds do not show spinning CPUs without one. Changes
     * no state (the stall goes on, and its take, after the window, is not recorded).
     */
    void markOpenStall(long nowNs) {
        Task waiter = queue.front();
        if (writer != null || readers > 0 || !handoff || waiter == null) {
            return;
        }
        // an accrual at every change: not reserved at the last one means it became so then
        long since = reservedSinceNs >= 0 ? reservedSinceNs : spinAccruedAtNs;
        int spunMax = since < kernel.recorder().fromNs() ? reservedSpinMaxInWindow : reservedSpinMax;
        int spinners = nowNs > spinAccruedAtNs
                ? Math.max(spunMax, spin.spinningCpusBesidesHandoffWaiter()) : spunMax;
        if (isStall(since, spinners, nowNs)) {
            long at = markedFrom(since);
            kernel.recorder().mark(MarkKind.LOCK_HANDOFF, at, waiter.cpu(), waiter.id(), stats.name()
                    + " free for at least " + (nowNs - at) / 1000 + " us with HANDOFF set (still at the"
                    + " window's end), up to " + cpus(spinners) + " spinning on it" + before(since, at));
        }
    }

    // ------------------------------------------------------------------ readers

    /** {@code down_read()}: the fast path, else the slow path of the configured version. */
    public Outcome downRead(Task t) {
        ensure(t.id());
        accrueSpin();
        touchLine(t);
        if (writer == null && queue.isEmpty() && !handoff) {
            grantRead(t, false, true);
            return Outcome.ACQUIRED;
        }
        charge(t, costs.slowpathNs());
        if (readerSpinning) {
            queue.noteLastRowner(t);
            if (spin.canSpin(t, false)) {
                return spin.enter(t, RwsemSpin.READ);
            }
            events.inc(RwsemEvents.Event.OPT_FAIL); // rwsem_can_spin_on_owner() said no
            return queue.queueReader(t, true);
        }
        int rcnt = readers + 1; // the fast path's bias is still in the count
        if (ownerReader && rcnt > 1 && writer == null) {
            return queue.queueReader(t, true); // readers own it: queue behind the sleeping waiter
        }
        if (writer == null && !handoff) {
            events.inc(RwsemEvents.Event.RLOCK_STEAL);
            grantRead(t, false, true);
            if (rcnt == 1) {
                queue.markWake(RwsemWaitQueue.WAKE_READ_OWNED, t);
            }
            return Outcome.ACQUIRED;
        }
        return queue.queueReader(t, true);
    }

    /** The reader's slow path after a failed optimistic spin (5.10). */
    Outcome readerSpinFailed(Task t) {
        if (queue.readerPhaseTrylock(t)) {
            events.inc(RwsemEvents.Event.OPT_RLOCK); // rwsem_try_read_lock_unqueued() counts it
            events.inc(RwsemEvents.Event.OPT_RLOCK2);
            events.add(RwsemEvents.Event.OPT_FAIL, -1); // the failed spin counted, then taken back
            grantRead(t, true, true);
            return Outcome.ACQUIRED;
        }
        return queue.queueReader(t, false);
    }

    /** The spin step of {@code t} ended: ACQUIRED, SPIN on, or BLOCK (it queued). */
    public Outcome afterSpin(Task t) {
        accrueSpin();
        return spin.afterSpin(t);
    }

    /** Back from {@code ctx.block()}: ACQUIRED (granted, or the writer's try won) or BLOCK again. */
    public Outcome afterWake(Task t) {
        ensure(t.id());
        accrueSpin();
        return queue.afterWake(t);
    }

    /** {@code up_read()}: the last reader wakes the front waiter(s). */
    public void upRead(Task t) {
        accrueSpin();
        lineCpu = t.cpu();
        readers--;
        if (readers < 0) {
            throw new IllegalStateException(stats.name() + ": up_read without a reader");
        }
        stats.released(t);
        if (readers == 0 && writer == null && !queue.isEmpty()) {
            wrNonspin = false; // clear_wr_nonspinnable()
            queue.markWake(RwsemWaitQueue.WAKE_ANY, t);
        }
        spin.poke();
    }

    void grantRead(Task t, boolean contended, boolean setOwner) {
        events.readerIn(readers == 0);
        readers++;
        if (setOwner) {
            setReaderOwned(t, false);
        }
        stats.acquired(t, contended, waitStartNs[t.id()], false);
        waitStartNs[t.id()] = -1;
    }

    void setReaderOwned(Task t, boolean rd) {
        owner = t;
        ownerReader = true;
        if (readerSpinning) {
            rdNonspin |= rd; // the RD bit is kept, WR cleared
            wrNonspin = false;
        }
        // after the series: the single NONSPINNABLE bit is kept
    }

    // ------------------------------------------------------------------ writers

    /** {@code down_write()}: count 0 takes it, else spin optimistically, else queue. */
    public Outcome downWrite(Task t) {
        ensure(t.id());
        accrueSpin();
        touchLine(t);
        if (writer == null && readers == 0 && queue.isEmpty() && !handoff) {
            grantWrite(t, false);
            return Outcome.ACQUIRED;
        }
        charge(t, costs.slowpathNs());
        if (spin.canSpin(t, true)) {
            return spin.enter(t, RwsemSpin.WRITE);
        }
        events.inc(RwsemEvents.Event.OPT_FAIL);
        return queue.writerQueue(t);
    }

    void grantWrite(Task t, boolean contended) {
        writer = t;
        owner = t;
        ownerReader = false;
        rdNonspin = false;
        wrNonspin = false;
        stats.acquired(t, contended, waitStartNs[t.id()], true);
        waitStartNs[t.id()] = -1;
    }

    /** {@code up_write()}: owner cleared (flags too), then the front waiter(s) woken. */
    public void upWrite(Task t) {
        if (writer != t) {
            throw new IllegalStateException(stats.name() + ": " + t + " releases a write lock it does not hold");
        }
        accrueSpin();
        lineCpu = t.cpu();
        writer = null;
        owner = null;
        ownerReader = false;
        rdNonspin = false;
        wrNonspin = false;
        stats.released(t);
        queue.markWake(RwsemWaitQueue.WAKE_ANY, t);
        spin.poke();
    }

    /** {@code downgrade_write()}: the writer keeps the lock as a reader; queued readers join. */
    public void downgradeWrite(Task t) {
        if (writer != t) {
            throw new IllegalStateException(stats.name() + ": " + t + " downgrades a write lock it does not hold");
        }
        accrueSpin();
        lineCpu = t.cpu();
        writer = null;
        stats.released(t);
        events.readerIn(readers == 0);
        readers++;
        setReaderOwned(t, false);
        stats.acquired(t, false, 0, false);
        queue.markWake(RwsemWaitQueue.WAKE_READ_OWNED, t);
        spin.poke();
    }

    /** RWSEM_FLAG_HANDOFF set (by the first writer, or for a reader that waited too long). */
    void setHandoff() {
        handoff = true;
        handoffs++;
        spin.poke();
    }

    void beginWait(Task t, WaitMode mode) {
        if (waitStartNs[t.id()] < 0) {
            waitStartNs[t.id()] = kernel.nowNs();
        }
        if (t.waitingOn == stats) {
            stats.waitMode(t, mode);
        } else {
            stats.waitBegin(t, mode);
        }
    }

    void beginSpinWait(Task t) {
        beginWait(t, WaitMode.SPIN);
    }

    void readerTakenBySpin(Task t) {
        events.inc(RwsemEvents.Event.OPT_RLOCK);
        grantRead(t, true, true);
    }

    void writerTakenBySpin(Task t) {
        events.inc(RwsemEvents.Event.OPT_WLOCK);
        grantWrite(t, true);
    }

    /** After a reader's spin won the lock: wake the readers at the front of the queue. */
    void wakeReadersAfterSpin(Task t) {
        queue.markWake(RwsemWaitQueue.WAKE_READ_OWNED, t);
    }

    Outcome writerQueue(Task t) {
        return queue.writerQueue(t);
    }

    Outcome writerTry(Task t) {
        return queue.writerTry(t);
    }

    Outcome writerSleep(Task t) {
        return queue.writerSleep(t);
    }
}
