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
 *       TAS won, because it lost that race, or because the round is used up; the answer is
 *       ACQUIRED, SPIN (more of the round) or SLEEP ({@code pg_usleep(cur_delay)}).</li>
 *   <li>{@link #afterSleep}: back from the sleep, {@code TAS_SPIN}: ACQUIRED or SPIN.</li>
 * </ol>
 * {@code finish_spin_delay} adapts the backend's spins_per_delay on every {@code s_lock}
 * acquisition. After NUM_DELAYS sleeps {@link StuckSpinlockException} ends the run.
 *
 * <p>Cache lines. The lock word shares its line with {@code firstFreeBuffer} and the rest of
 * {@code StrategyControl}. The first access by a CPU that is not the line's last owner pays
 * {@code lineTransferNs}. On release, the store must invalidate the copies of spinners
 * polling the line (+1 transfer for the releaser); each spinner observing on a CPU re-reads
 * it after a transfer plus, for polling delays, up to one iteration (it is mid
 * {@code SPIN_DELAY}); WFE waiters are woken by the store itself. The earliest TAS wins; every
 * other spinner that read the line free within one transfer of the winner also issues a TAS,
 * which fails but takes the line away once: the winner pays one transfer per such racer to
 * get it back for its critical section (the cache-line storm of many simultaneous spinners).
 */
public final class SLock implements SpinTarget {
    /** What the program does next. */
    public enum Outcome { ACQUIRED, SPIN, SLEEP }

    private final Kernel kernel;
    private final String name;
    private final LockStats stats;
    private final long iterationNs;
    private final boolean wakesOnRelease;
    private final long lineNs;
    private final SpinsPerDelayTable spinsPerDelay;
    private final RandomGenerator rng;

    private Task holder;
    private int lineOwnerCpu = -1;
    private Task reserved;
    private int racers;
    private Task[] observers = new Task[16];
    private long[] notice = new long[16];
    private int observerCount;

    private SpinDelayStatus[] status = new SpinDelayStatus[0];
    private long[] observeSinceNs = new long[0];
    private long[] waitStartNs = new long[0];
    private long[] extraNs = new long[0];
    private boolean[] waiting = new boolean[0];

    public SLock(Kernel kernel, String name, SpinDelay spinDelay, long lineTransferNs, SpinsPerDelayTable spinsPerDelay) {
        this.kernel = kernel;
        this.name = name;
        this.stats = new LockStats(kernel, name, "spin", false);
        this.iterationNs = Math.max(1, spinDelay.iterationNs());
        this.wakesOnRelease = spinDelay == SpinDelay.WFE;
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
            waiting = Arrays.copyOf(waiting, cap);
        }
    }

    // ---- the program's side ----

    /** The inline TAS of S_LOCK: true if {@code t} now holds the lock. */
    public boolean tryAcquire(Task t) {
        ensure(t.id());
        if (holder != null) {
            return false;
        }
        take(t);
        return true;
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
        return spinBudgetNs(t);
    }

    /** On-CPU spinning left in {@code t}'s current round. */
    public long spinBudgetNs(Task t) {
        return Math.max(iterationNs, status[t.id()].roundLeftNs(spinsPerDelay.of(t.id()).value(), iterationNs));
    }

    /** The spin step of {@code t} ended. */
    public Outcome afterSpin(Task t) {
        requireWaiting(t);
        if (holder == null) {
            take(t); // TAS_SPIN saw the lock free and the TAS won
            return Outcome.ACQUIRED;
        }
        SpinDelayStatus s = status[t.id()];
        if (s.roundLeftNs(spinsPerDelay.of(t.id()).value(), iterationNs) > 0) {
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
        if (holder == null) {
            take(t);
            return Outcome.ACQUIRED;
        }
        stats.waitMode(t, WaitMode.SPIN);
        return Outcome.SPIN;
    }

    /** {@code S_UNLOCK}. */
    public void release(Task t) {
        if (holder != t) {
            throw new IllegalStateException(t + " releases " + name + " held by " + holder);
        }
        stats.released(t);
        holder = null;
        if (observerCount > 0) {
            extraNs[t.id()] += lineNs; // the store invalidates the spinners' shared copies
        }
        lineOwnerCpu = t.cpu();
        pickWinner();
    }

    /**
     * Cache-line time {@code t} owes since the last call (acquiring TAS, racers' failed TAS,
     * releasing store): the program adds it to its next step on the CPU.
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
            notice = new long[observers.length];
        }
        observers[observerCount++] = t;
        observeSinceNs[t.id()] = nowNs;
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
        status[t.id()].spun(nowNs - observeSinceNs[t.id()]);
        if (reserved == t) {
            // Lost the CPU before its TAS landed; it will try again when it runs. The others race on.
            reserved = null;
            pickWinner();
        }
    }

    // ---- internals ----

    private void requireWaiting(Task t) {
        if (t.id() >= waiting.length || !waiting[t.id()]) {
            throw new IllegalStateException(t + " is not waiting for " + name);
        }
    }

    private void take(Task t) {
        int id = t.id();
        holder = t;
        long extra = 0;
        if (reserved == t) {
            extra += racers * lineNs; // the line comes back once per failed TAS
        } else if (lineOwnerCpu != t.cpu()) {
            extra += lineNs;
        }
        reserved = null;
        racers = 0;
        lineOwnerCpu = t.cpu();
        extraNs[id] += extra;
        if (waiting[id]) {
            waiting[id] = false;
            spinsPerDelay.of(id).finish(status[id].delayed()); // finish_spin_delay
            stats.acquired(t, true, waitStartNs[id]);
        } else {
            stats.acquired(t, false, kernel.nowNs());
        }
    }

    /**
     * The lock is free: of the spinners on a CPU, the one whose TAS lands first wins. Its spin
     * ends when that TAS lands ({@link Kernel#endSpinAfter}); until then a newcomer's TAS or a
     * sleeper waking up can still take the lock first.
     */
    private void pickWinner() {
        reserved = null;
        racers = 0;
        if (holder != null || observerCount == 0) {
            return;
        }
        long best = Long.MAX_VALUE;
        Task winner = null;
        for (int i = 0; i < observerCount; i++) {
            long jitter = wakesOnRelease ? 0 : rng.nextLong(iterationNs);
            notice[i] = jitter + 2 * lineNs; // re-read the invalidated line, then the TAS
            if (notice[i] < best) {
                best = notice[i];
                winner = observers[i];
            }
        }
        int r = 0;
        for (int i = 0; i < observerCount; i++) {
            if (observers[i] != winner && notice[i] - best < lineNs) {
                r++;
            }
        }
        reserved = winner;
        racers = r;
        kernel.endSpinAfter(winner, best);
    }

    /** spins_per_delay bookkeeping of this simulation (for reports). */
    public SpinsPerDelayTable spinsPerDelay() {
        return spinsPerDelay;
    }
}
