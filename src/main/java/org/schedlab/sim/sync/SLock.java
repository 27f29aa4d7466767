package org.schedlab.sim.sync;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.schedlab.model.WaitMode;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.SpinDelay;
import org.schedlab.sim.kernel.SpinTarget;
import org.schedlab.sim.kernel.Task;

/**
 * PostgreSQL's spinlock ({@code SpinLockAcquire} = {@code S_LOCK}: one TAS inline, then
 * {@code s_lock()}), with spinning simulated as intervals.
 *
 * <p>A program drives it through four calls that mirror the C code:
 * <ol>
 *   <li>{@link #tryAcquire}: the inline TAS.</li>
 *   <li>{@link #beginWait}: TAS failed, {@code s_lock} starts; the program spins
 *       ({@code ctx.spin(lock, budget, ...)}) for what is left of the round of
 *       spins_per_delay iterations.</li>
 *   <li>{@link #afterSpin}: the spin ended - because this spinner saw the lock free and its
 *       TAS won, or because the round is used up (line stalls can leave part of it to spin);
 *       the answer is ACQUIRED, SPIN (more of the round) or SLEEP ({@code pg_usleep(cur_delay)}).</li>
 *   <li>{@link #afterSleep}: back from the sleep, {@code TAS_SPIN}: ACQUIRED or SPIN.</li>
 * </ol>
 * {@code finish_spin_delay} adapts the backend's spins_per_delay on every {@code s_lock}
 * acquisition. After NUM_DELAYS sleeps {@link StuckSpinlockException} ends the run.
 *
 * <p>The cache line. The lock word shares its 64-byte line with the rest of
 * {@code StrategyControl} ({@code firstFreeBuffer}, {@code numBufferAllocs}, ...). Writes to
 * one line serialize: each needs the line exclusive, a transfer of {@code lineTransferNs}, so
 * the line is a FIFO of writes ({@code lineFreeAtNs} is when it drains) and a writer waits for
 * the writes queued before it. Writes are: every TAS (ARM64 SWP and x86 XCHG write even when
 * they fail), the holder's update of {@code firstFreeBuffer}, the release store, and the
 * {@code numBufferAllocs} increment of every StrategyGetBuffer call. Each write invalidates
 * the copies of the spinners polling the line; a spinner's next load misses and it loses one
 * transfer time of iterating, which stretches its round of spins_per_delay iterations. When
 * the lock is released, a spinner notices at its next TAS_SPIN load (within one iteration; with
 * WFE, the next event-stream edge); the one served first sees it free and its TAS, queued ahead
 * of any later TAS, wins - a newcomer or a sleeper waking up cannot overtake it, but if it
 * loses its CPU before the TAS the others race on. The other spinners on a CPU have seen the
 * lock free too and issue failing TAS writes, which
 * queue in front of the new holder's own writes: the more spinners, the longer the next hold
 * (the feedback loop Mitsumasa Kondo describes in the seed thread; cf. the collapse of
 * test-and-test-and-set locks, Anderson 1990, Boyd-Wickizer et al. 2012). A sleeper back from
 * pg_usleep pays one transfer to read the line before its TAS.
 */
public final class SLock implements SpinTarget {
    /** What the program does next. */
    public enum Outcome { ACQUIRED, SPIN, SLEEP }

    /** A round is over when at most 1/this of its iterations are left. */
    static final int ROUND_SLACK_DIVISOR = 10;

    private final Kernel kernel;
    private final String name;
    private final LockStats stats;
    private final long iterationNs;
    private final long lineNs;
    private final SpinsPerDelayTable spinsPerDelay;
    private final RandomGenerator rng;

    private Task holder;
    private Task reserved;
    private long reservedTasNs;
    private Task[] observers = new Task[16];
    private int observerCount;
    private long lineFreeAtNs;
    private long stallPerSpinnerNs;
    /** The longest the line's queue of writes has been (ns from a write's issue to the queue's end). */
    private long maxBacklogNs;
    /** Line occupancy by cause (ns): writes, losers' failing TAS. */
    private final long[] lineBusyNs = new long[2];

    private SpinDelayStatus[] status = new SpinDelayStatus[0];
    private long[] observeSinceNs = new long[0];
    private long[] waitStartNs = new long[0];
    private long[] extraNs = new long[0];
    private long[] stallMarkNs = new long[0];

    private boolean[] waiting = new boolean[0];

    public SLock(Kernel kernel, String name, SpinDelay spinDelay, long lineTransferNs, SpinsPerDelayTable spinsPerDelay) {
        this.kernel = kernel;
        this.name = name;
        this.stats = new LockStats(kernel, name, "spin", false);
        this.iterationNs = SpinCosts.iterationNs(spinDelay);
        this.lineNs = lineTransferNs;
        this.spinsPerDelay = spinsPerDelay;
        this.rng = kernel.randomStreams().stream("lock " + name);
    }

    public String name() {
        return name;
    }

    public LockStats stats() {
        return stats;
    }

    public boolean isHeld() {
        return holder != null;
    }

    private void ensure(int id) {
        if (id >= status.length) {
            int cap = Math.max(id + 1, status.length * 2);
            int old = status.length;
            status = Arrays.copyOf(status, cap);
            for (int i = old; i < cap; i++) {
                status[i] = new SpinDelayStatus();
            }
            observeSinceNs = Arrays.copyOf(observeSinceNs, cap);
            waitStartNs = Arrays.copyOf(waitStartNs, cap);
            extraNs = Arrays.copyOf(extraNs, cap);
            stallMarkNs = Arrays.copyOf(stallMarkNs, cap);

            waiting = Arrays.copyOf(waiting, cap);
        }
    }

    // ---- the program's side ----

    /**
     * The inline TAS of S_LOCK: true if {@code t} now holds the lock. The TAS writes the line
     * either way; its wait is owed by {@code t} ({@link #takeExtraNs}).
     */
    public boolean tryAcquire(Task t) {
        ensure(t.id());
        extraNs[t.id()] += write(kernel.nowNs(), true);
        if (!freeFor(t)) {
            return false;
        }
        take(t);
        return true;
    }

    /**
     * Another write to a field in the lock's cache line ({@code numBufferAllocs} is incremented
     * by every StrategyGetBuffer call before the freelist is even looked at). Returns the
     * writer's wait.
     */
    public long sharedLineWrite(Task t) {
        return write(kernel.nowNs(), true);
    }

    /** TAS failed: {@code s_lock()} begins. Returns the first spin budget in ns. */
    public long beginWait(Task t) {
        ensure(t.id());
        if (holder == t || waiting[t.id()]) {
            throw new IllegalStateException(t + " waits for " + name + " it holds or already waits for");
        }
        waiting[t.id()] = true;
        status[t.id()].reset();
        waitStartNs[t.id()] = kernel.nowNs();
        stats.waitBegin(t, WaitMode.SPIN);
        return spinBudgetNs(t); // with the failed TAS's wait for the line: no iteration done meanwhile
    }

    /**
     * On-CPU time for {@code t}'s next spin step: first the line time it owes (a failed TAS's
     * wait, a sleeper's read of the line on its way back from pg_usleep), then what is left of its
     * round. Line stalls during the step make it end with iterations still to do; {@link
     * #afterSpin} then spins again. (Owed time left for later went into the task's next hold of
     * the lock, however many sleeps later: case A's holds were 8 % longer for it.)
     */
    public long spinBudgetNs(Task t) {
        return Math.max(iterationNs, status[t.id()].roundLeftNs(spinsPerDelay.of(t.id()).value(), iterationNs))
                + takeExtraNs(t);
    }

    /**
     * The kernel's shortcut for a round that is not over: when {@link #afterSpin} would answer
     * SPIN - the lock is not free for {@code t}, more than the slack of the round is left, and
     * {@code t} is not the spinner whose winning TAS is under way - credit the iterations done
     * (as {@link #spinNotObserving} would), restart the observation (as {@link #spinObserving}
     * would) and return the next budget ({@link #spinBudgetNs}). Otherwise 0: the step ends.
     */
    @Override
    public long spinBudgetExhausted(Task t, long nowNs) {
        if (reserved == t || freeFor(t) || t.id() >= waiting.length || !waiting[t.id()]) {
            return 0;
        }
        int id = t.id();
        SpinDelayStatus s = status[id];
        long observed = nowNs - observeSinceNs[id];
        long stalled = Math.min(observed, stallPerSpinnerNs - stallMarkNs[id]);
        int spd = spinsPerDelay.of(id).value();
        long left = Math.max(0, s.roundLeftNs(spd, iterationNs) - (observed - stalled));
        if (left <= Math.max(1, spd / ROUND_SLACK_DIVISOR) * iterationNs) {
            return 0; // the round is over: the program sleeps (the step ends the usual way)
        }
        s.spun(observed - stalled);
        observeSinceNs[id] = nowNs;
        stallMarkNs[id] = stallPerSpinnerNs;
        return spinBudgetNs(t);
    }

    /** The spin step of {@code t} ended. */
    public Outcome afterSpin(Task t) {
        requireWaiting(t);
        if (freeFor(t)) {
            take(t); // TAS_SPIN saw the lock free and the TAS won
            return Outcome.ACQUIRED;
        }
        SpinDelayStatus s = status[t.id()];
        // A round with at most a tenth of its iterations left counts as finished: the
        // granularity of the interval model (line stalls would otherwise leave a tail of ever
        // shorter spin steps, each an event).
        int spd = spinsPerDelay.of(t.id()).value();
        if (s.roundLeftNs(spd, iterationNs) > Math.max(1, spd / ROUND_SLACK_DIVISOR) * iterationNs) {
            return Outcome.SPIN;
        }
        s.delay(name);
        stats.waitMode(t, WaitMode.SLEEP);
        return Outcome.SLEEP;
    }

    /** How long {@code t} sleeps now ({@code pg_usleep(cur_delay)}). */
    public long sleepNs(Task t) {
        return status[t.id()].curDelayUs() * 1000;
    }

    /** {@code t} is back from {@code pg_usleep}: grow the delay, then TAS_SPIN. */
    public Outcome afterSleep(Task t) {
        requireWaiting(t);
        status[t.id()].afterSleep(t.random());
        long now = kernel.nowNs();
        extraNs[t.id()] += read(now); // TAS_SPIN reads the line first
        if (freeFor(t)) {
            extraNs[t.id()] += write(now, true);
            take(t);
            return Outcome.ACQUIRED;
        }
        stats.waitMode(t, WaitMode.SPIN);
        return Outcome.SPIN;
    }

    /**
     * The end of the critical section: the holder's write of {@code firstFreeBuffer} and the
     * releasing store go through the line's queue. Returns how long the holder is still busy
     * (and still holds the lock); call {@link #release} after that time.
     */
    public long releaseStallNs(Task t) {
        if (holder != t) {
            throw new IllegalStateException(t + " releases " + name + " held by " + holder);
        }
        long now = kernel.nowNs();
        long csWrite = write(now, true);
        return csWrite + write(now + csWrite, true);
    }

    /** {@code S_UNLOCK} becomes visible: the lock is free and the spinners race for it. */
    public void release(Task t) {
        if (holder != t) {
            throw new IllegalStateException(t + " releases " + name + " held by " + holder);
        }
        stats.released(t);
        holder = null;
        pickWinner();
    }

    /**
     * Cache-line time {@code t} owes since the last call (its TAS, a sleeper's read of the
     * line): the program adds it to its next step on the CPU.
     */
    public long takeExtraNs(Task t) {
        ensure(t.id());
        long e = extraNs[t.id()];
        extraNs[t.id()] = 0;
        return e;
    }

    // ---- the kernel's side (SpinTarget) ----

    @Override
    public void spinObserving(Task t, long nowNs) {
        ensure(t.id());
        if (observerCount == observers.length) {
            observers = Arrays.copyOf(observers, observerCount * 2);
        }
        observers[observerCount++] = t;
        observeSinceNs[t.id()] = nowNs;
        stallMarkNs[t.id()] = stallPerSpinnerNs;
        if (holder == null && reserved == null) {
            pickWinner();
        }
    }

    @Override
    public void spinNotObserving(Task t, long nowNs) {
        for (int i = 0; i < observerCount; i++) {
            if (observers[i] == t) {
                observers[i] = observers[--observerCount];
                observers[observerCount] = null;
                break;
            }
        }
        long observed = nowNs - observeSinceNs[t.id()];
        long stalled = Math.min(observed, stallPerSpinnerNs - stallMarkNs[t.id()]);
        status[t.id()].spun(observed - stalled);

        if (reserved == t && nowNs < reservedTasNs) {
            // Lost the CPU (preempted, stolen) or ran out of its round before its TAS was issued:
            // the others race on. (Stopping at the TAS time is the winning spin's normal end.)
            long slotNs = reservedTasNs;
            reserved = null;
            if (nowNs < lineFreeAtNs) {
                nextQueuedWins(slotNs);
            } else {
                pickWinner();
            }
        }
    }

    // ---- internals ----

    private void requireWaiting(Task t) {
        if (t.id() >= waiting.length || !waiting[t.id()]) {
            throw notWaiting(t);
        }
    }

    private IllegalStateException notWaiting(Task t) {
        return new IllegalStateException(t + " is not waiting for " + name);
    }

    /**
     * Whether a TAS by {@code t} now succeeds: the lock is free and no spinner's winning TAS is
     * already queued on the line ahead of it (writes to the line complete in order).
     */
    private boolean freeFor(Task t) {
        return holder == null && (reserved == null || reserved == t);
    }

    private void take(Task t) {
        int id = t.id();
        holder = t;
        reserved = null;
        if (waiting[id]) {
            waiting[id] = false;
            spinsPerDelay.of(id).finish(status[id].delayed()); // finish_spin_delay
            stats.acquired(t, true, waitStartNs[id]);
        } else {
            stats.acquired(t, false, kernel.nowNs());
        }
    }

    /** One write to the line at {@code now}; returns the writer's wait. */
    private long write(long now, boolean invalidatesSpinners) {
        long start = Math.max(now, lineFreeAtNs);
        lineFreeAtNs = start + lineNs;
        maxBacklogNs = Math.max(maxBacklogNs, lineFreeAtNs - now);
        lineBusyNs[0] += lineNs;
        if (invalidatesSpinners) {
            stallPerSpinnerNs += lineNs;
        }
        return lineFreeAtNs - now;
    }

    /** A read by a CPU without a copy: one transfer of latency, no exclusive ownership queued. */
    private long read(long now) {
        return Math.max(0, lineFreeAtNs - now) + lineNs;
    }

    /**
     * The lock is free: of the spinners on a CPU, the one whose re-fetch of the line is served
     * first wins; its TAS queues behind the other re-fetches already queued, and the others,
     * having seen the lock free too, follow with failing TAS writes. Its spin ends when its TAS
     * completes ({@link Kernel#endSpinAfter}); until then a newcomer's TAS or a sleeper waking
     * up can still take the lock first.
     */
    private void pickWinner() {
        reserved = null;
        if (holder != null || observerCount == 0) {
            return;
        }
        long now = kernel.nowNs();
        Task winner = observers[rng.nextInt(observerCount)];
        // It notices at its next TAS_SPIN load: within one iteration (up to 100 us with WFE, whose
        // plain-load loop arms no monitor and so waits for the event stream).
        long noticeNs = rng.nextLong(iterationNs);
        long start = Math.max(now + noticeNs, lineFreeAtNs);
        long tasDone = start + lineNs;
        lineFreeAtNs = tasDone + (observerCount - 1) * lineNs; // the losers' failing TAS writes
        maxBacklogNs = Math.max(maxBacklogNs, lineFreeAtNs - now);
        stallPerSpinnerNs += observerCount * lineNs;
        lineBusyNs[0] += lineNs;
        lineBusyNs[1] += (observerCount - 1) * lineNs;
        reserved = winner;
        reservedTasNs = tasDone;
        kernel.endSpinAfter(winner, tasDone - now);
    }

    /**
     * The reserved winner left before its TAS, while the other spinners' TAS writes (issued when
     * they saw the lock free) are still queued on the line: the first of them after its slot
     * wins, one transfer later, and no write is added. Re-queuing every spinner's TAS at each such
     * loss made the queue run away: with short rounds (spinDelay=none) the next winner's round
     * often ended before its TAS too, and the line's backlog grew to milliseconds, which every
     * later writer then waited out while holding the lock.
     */
    private void nextQueuedWins(long slotNs) {
        if (holder != null || observerCount == 0) {
            return;
        }
        long now = kernel.nowNs();
        Task winner = observers[rng.nextInt(observerCount)];
        long tasDone = Math.max(now, slotNs) + lineNs;
        lineFreeAtNs = Math.max(lineFreeAtNs, tasDone);
        maxBacklogNs = Math.max(maxBacklogNs, lineFreeAtNs - now);
        reserved = winner;
        reservedTasNs = tasDone;
        kernel.endSpinAfter(winner, tasDone - now);
    }

    /**
     * The longest the line's queue of writes has been, ns. Each CPU has one write outstanding at
     * most, so it stays under CPUs x {@code lineTransferNs} plus a hold's writes.
     */
    public long maxLineBacklogNs() {
        return maxBacklogNs;
    }

    /** Cumulative line occupancy (ns) by writes and by the losers' failing TAS. */
    public long[] lineBusyNs() {
        return lineBusyNs.clone();
    }

    /** spins_per_delay bookkeeping of this simulation (for reports). */
    public SpinsPerDelayTable spinsPerDelay() {
        return spinsPerDelay;
    }
}
