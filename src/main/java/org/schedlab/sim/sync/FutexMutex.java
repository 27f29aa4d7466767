package org.schedlab.sim.sync;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.schedlab.model.WaitMode;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.SpinDelay;
import org.schedlab.sim.kernel.SpinTarget;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;

/**
 * A futex-based mutex, the classic three-state one (0 free, 1 locked, 2 locked with
 * waiters; Drepper, "Futexes Are Tricky", mutex3): what replacing a spinlock with a futex
 * lock gives.
 *
 * <ol>
 *   <li>{@link #tryAcquire}: CAS 0 to 1.</li>
 *   <li>{@link #beginWait}: optionally spin up to {@code spinIterations} iterations while the
 *       lock is held (glibc's adaptive mutex spins 100; 0 = no spin), then</li>
 *   <li>exchange the word to 2; if it was 0 the lock is ours, else FUTEX_WAIT: the program
 *       calls {@code ctx.block(...)} and, when it returns, {@link #afterWake}.</li>
 *   <li>{@link #release}: the word goes to 0; if it was 2, FUTEX_WAKE wakes the oldest waiter
 *       through the kernel's normal wake-up path (placement, wake-up preemption, IPI rules).
 *       The woken task retries the exchange and may find the lock taken again by a newcomer
 *       (barging), in which case it waits again at the tail.</li>
 * </ol>
 * Holders get no hand-off and no priority boost: as the seed thread notes, a plain futex does
 * not know who the holder is.
 */
public final class FutexMutex implements SpinTarget {
    /** What the program does next. */
    public enum Outcome { ACQUIRED, SPIN, BLOCK }

    private final Kernel kernel;
    private final String name;
    private final LockStats stats;
    private final int spinIterations;
    private final long iterationNs;
    private final long lineNs;
    private final ArrayDeque<Task> futexQueue = new ArrayDeque<>();

    private Task holder;
    private int word;
    private int lineOwnerCpu = -1;
    private Task[] observers = new Task[8];
    private int observerCount;
    private long[] waitStartNs = new long[0];
    private long[] extraNs = new long[0];
    private boolean[] waiting = new boolean[0];
    private boolean[] queued = new boolean[0];

    public FutexMutex(Kernel kernel, String name, int spinIterations, SpinDelay spinDelay, long lineTransferNs) {
        if (spinIterations < 0) {
            throw new IllegalArgumentException("spin iterations must be >= 0");
        }
        this.kernel = kernel;
        this.name = name;
        this.stats = new LockStats(kernel, name, "futex", false);
        this.spinIterations = spinIterations;
        this.iterationNs = Math.min(SpinCosts.iterationNs(spinDelay), 1000);
        this.lineNs = lineTransferNs;
    }

    public String name() {
        return name;
    }

    public LockStats stats() {
        return stats;
    }

    private void ensure(int id) {
        if (id >= waiting.length) {
            int cap = Math.max(id + 1, waiting.length * 2);
            waitStartNs = Arrays.copyOf(waitStartNs, cap);
            extraNs = Arrays.copyOf(extraNs, cap);
            waiting = Arrays.copyOf(waiting, cap);
            queued = Arrays.copyOf(queued, cap);
        }
    }

    /** CAS 0 to 1. */
    public boolean tryAcquire(Task t) {
        ensure(t.id());
        if (word != 0) {
            return false;
        }
        word = 1;
        take(t);
        return true;
    }

    /** The CAS failed: spin (if configured) or go for the futex. */
    public Outcome beginWait(Task t) {
        ensure(t.id());
        if (waiting[t.id()]) {
            throw new IllegalStateException(t + " already waits for " + name);
        }
        waiting[t.id()] = true;
        waitStartNs[t.id()] = kernel.nowNs();
        if (spinIterations > 0) {
            stats.waitBegin(t, WaitMode.SPIN);
            return Outcome.SPIN;
        }
        stats.waitBegin(t, WaitMode.SLEEP);
        return lockContended(t);
    }

    /** The spin budget of the adaptive spin. */
    public long spinBudgetNs() {
        return spinIterations * iterationNs;
    }

    /** The adaptive spin ended. */
    public Outcome afterSpin(Task t) {
        requireWaiting(t);
        if (word == 0) {
            word = 1;
            take(t);
            return Outcome.ACQUIRED;
        }
        stats.waitMode(t, WaitMode.SLEEP);
        return lockContended(t);
    }

    /** {@code block()} returned: the task was woken (or the futex word had already changed). */
    public Outcome afterWake(Task t) {
        requireWaiting(t);
        if (queued[t.id()]) {
            return Outcome.BLOCK; // not our wake-up: still queued, wait on
        }
        return lockContended(t);
    }

    /**
     * Unlock. Returns true when the word was 2 so FUTEX_WAKE was called (a syscall the program
     * should charge); the oldest queued waiter, if any, is woken via {@code ctx.wake}.
     */
    public boolean release(Task t, TaskContext ctx) {
        if (holder != t) {
            throw new IllegalStateException(t + " releases " + name + " held by " + holder);
        }
        stats.released(t);
        holder = null;
        boolean contended = word == 2;
        word = 0;
        lineOwnerCpu = t.cpu();
        if (observerCount > 0) {
            extraNs[t.id()] += lineNs;
            Task first = observers[0];
            kernel.endSpinAfter(first, 2 * lineNs);
        }
        if (contended) {
            Task w = futexQueue.poll();
            if (w != null) {
                queued[w.id()] = false;
                ctx.wake(w);
            }
        }
        return contended;
    }

    public long takeExtraNs(Task t) {
        ensure(t.id());
        long e = extraNs[t.id()];
        extraNs[t.id()] = 0;
        return e;
    }

    @Override
    public void spinObserving(Task t, long nowNs) {
        if (observerCount == observers.length) {
            observers = Arrays.copyOf(observers, observerCount * 2);
        }
        observers[observerCount++] = t;
        if (word == 0) {
            kernel.endSpinAfter(t, 2 * lineNs);
        }
    }

    @Override
    public void spinNotObserving(Task t, long nowNs) {
        for (int i = 0; i < observerCount; i++) {
            if (observers[i] == t) {
                System.arraycopy(observers, i + 1, observers, i, observerCount - i - 1);
                observers[--observerCount] = null;
                return;
            }
        }
    }

    /** xchg(word, 2): 0 means the lock is ours (with the waiters bit set), else queue for FUTEX_WAIT. */
    private Outcome lockContended(Task t) {
        int old = word;
        word = 2;
        if (old == 0) {
            take(t);
            return Outcome.ACQUIRED;
        }
        queued[t.id()] = true;
        futexQueue.add(t);
        return Outcome.BLOCK;
    }

    private void requireWaiting(Task t) {
        if (t.id() >= waiting.length || !waiting[t.id()]) {
            throw new IllegalStateException(t + " is not waiting for " + name);
        }
    }

    private void take(Task t) {
        int id = t.id();
        holder = t;
        if (lineOwnerCpu != t.cpu()) {
            extraNs[id] += lineNs;
        }
        lineOwnerCpu = t.cpu();
        if (waiting[id]) {
            waiting[id] = false;
            stats.acquired(t, true, waitStartNs[id]);
        } else {
            stats.acquired(t, false, kernel.nowNs());
        }
    }
}
