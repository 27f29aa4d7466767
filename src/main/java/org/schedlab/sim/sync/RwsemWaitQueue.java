package org.schedlab.sim.sync;

import java.util.ArrayList;
import java.util.Arrays;
import org.schedlab.model.WaitMode;
import org.schedlab.sim.kernel.SchedClass;
import org.schedlab.sim.kernel.Task;

/**
 * The rwsem's wait list and what happens under its {@code wait_lock}: queueing a reader
 * (the slow path's {@code queue:} label), a writer's wait loop with {@code
 * rwsem_try_write_lock()} and the handoff, and {@code rwsem_mark_wake()}. A queued reader is
 * granted the lock by whoever wakes it; a queued writer is only woken and takes the lock itself.
 * WAITERS in the count is "this list is not empty".
 */
final class RwsemWaitQueue {
    static final int WAKE_ANY = 0;
    static final int WAKE_READERS = 1;
    static final int WAKE_READ_OWNED = 2;

    private static final byte W_NOT_FIRST = 0;
    private static final byte W_FIRST = 1;
    private static final byte W_HANDOFF = 2;

    private final Rwsem sem;
    private final ArrayList<Task> waitList = new ArrayList<>();
    /** Readers granted by one mark_wake (reused: nothing allocated per wake-up). */
    private final ArrayList<Task> grantScratch = new ArrayList<>();

    // per task (by id)
    private boolean[] queued = new boolean[0];
    private boolean[] queuedWriter = new boolean[0];
    private boolean[] granted = new boolean[0];
    private long[] timeoutJiffies = new long[0];
    private boolean[] lastRownerRd = new boolean[0];
    private Task[] lastRowner = new Task[0];
    private byte[] wstate = new byte[0];
    private boolean[] disableRspin = new boolean[0];

    RwsemWaitQueue(Rwsem sem) {
        this.sem = sem;
    }

    void ensure(int id) {
        if (id >= queued.length) {
            int cap = Math.max(id + 1, queued.length * 2);
            queued = Arrays.copyOf(queued, cap);
            queuedWriter = Arrays.copyOf(queuedWriter, cap);
            granted = Arrays.copyOf(granted, cap);
            timeoutJiffies = Arrays.copyOf(timeoutJiffies, cap);
            lastRownerRd = Arrays.copyOf(lastRownerRd, cap);
            lastRowner = Arrays.copyOf(lastRowner, cap);
            wstate = Arrays.copyOf(wstate, cap);
            disableRspin = Arrays.copyOf(disableRspin, cap);
        }
    }

    boolean isEmpty() {
        return waitList.isEmpty();
    }

    int size() {
        return waitList.size();
    }

    /** The first waiter, or null: while HANDOFF is set, the one the lock is reserved for. */
    Task front() {
        return waitList.isEmpty() ? null : waitList.get(0);
    }

    /** 5.10's {@code waiter.last_rowner} at slow-path entry: the owning reader and the RD bit. */
    void noteLastRowner(Task t) {
        lastRowner[t.id()] = sem.ownerReader ? sem.owner : null;
        lastRownerRd[t.id()] = sem.rdNonspin;
    }

    // ------------------------------------------------------------------ readers

    /**
     * The reader's {@code queue:} label. {@code biasHeld}: its reader bias is still in the count
     * (it did not spin), so with an empty wait list and no writer it may leave at once.
     */
    Rwsem.Outcome queueReader(Task t, boolean biasHeld) {
        int id = t.id();
        boolean first = waitList.isEmpty();
        if (first && biasHeld && sem.writer == null && !sem.handoff) {
            sem.events.inc(RwsemEvents.Event.RLOCK_FAST);
            sem.grantRead(t, false, true);
            return Rwsem.Outcome.ACQUIRED;
        }
        sem.beginWait(t, WaitMode.SLEEP);
        queued[id] = true;
        queuedWriter[id] = false;
        granted[id] = false;
        timeoutJiffies[id] = sem.jiffies() + sem.waitTimeoutJiffies;
        waitList.add(t);
        boolean wake = false;
        if (sem.writer == null && sem.readers == 0) {
            sem.wrNonspin = false; // clear_wr_nonspinnable()
            wake = true;
        }
        if (wake || (sem.writer == null && first)) {
            markWake(WAKE_ANY, t);
        }
        if (granted[id]) {
            granted[id] = false;
            sem.events.inc(RwsemEvents.Event.RLOCK);
            return Rwsem.Outcome.ACQUIRED; // our own waiter was granted: no sleep
        }
        return Rwsem.Outcome.BLOCK;
    }

    /** 5.10's {@code rwsem_reader_phase_trylock()} after a failed reader spin. */
    boolean readerPhaseTrylock(Task t) {
        return sem.ownerReader && sem.owner != lastRowner[t.id()] && sem.writer == null && !sem.handoff;
    }

    /** Back from {@code schedule()}: a reader's grant, or a writer's next try. */
    Rwsem.Outcome afterWake(Task t) {
        int id = t.id();
        boolean writer = queued[id] && queuedWriter[id];
        sem.events.inc(writer ? RwsemEvents.Event.SLEEP_WRITER : RwsemEvents.Event.SLEEP_READER); // back from schedule()
        if (!queued[id] && granted[id]) {
            granted[id] = false;
            sem.events.inc(RwsemEvents.Event.RLOCK);
            return Rwsem.Outcome.ACQUIRED;
        }
        if (!writer) {
            return Rwsem.Outcome.BLOCK; // a reader woken by something else: still waiting
        }
        if (wstate[id] == W_HANDOFF) {
            return writerTry(t);
        }
        if (wstate[id] == W_NOT_FIRST && waitList.get(0) == t) {
            wstate[id] = W_FIRST;
        }
        if (sem.writer == null && sem.readers == 0) {
            return writerTry(t);
        }
        if (wstate[id] == W_FIRST && (t.schedClass() == SchedClass.FIFO || sem.jiffies() > timeoutJiffies[id])) {
            wstate[id] = W_HANDOFF; // RT waiters at once, others after RWSEM_WAIT_TIMEOUT
            sem.events.inc(RwsemEvents.Event.WLOCK_HANDOFF);
            return writerTry(t);
        }
        return Rwsem.Outcome.BLOCK;
    }

    // ------------------------------------------------------------------ writers

    /** The slow path after the optimistic spin: join the wait list and try. */
    Rwsem.Outcome writerQueue(Task t) {
        int id = t.id();
        disableRspin[id] = sem.readerSpinning && (sem.rdNonspin || sem.wrNonspin);
        sem.beginWait(t, WaitMode.SLEEP);
        wstate[id] = waitList.isEmpty() ? W_FIRST : W_NOT_FIRST;
        queued[id] = true;
        queuedWriter[id] = true;
        timeoutJiffies[id] = sem.jiffies() + sem.waitTimeoutJiffies;
        waitList.add(t);
        if (wstate[id] == W_NOT_FIRST && sem.writer == null) {
            markWake(sem.readers > 0 ? WAKE_READERS : WAKE_ANY, t);
        }
        return writerTry(t);
    }

    /** One pass of the writer's wait loop from {@code rwsem_try_write_lock()} on. */
    Rwsem.Outcome writerTry(Task t) {
        int id = t.id();
        for (int guard = 0; guard < 3; guard++) {
            if (tryWriteLock(t)) {
                sem.handoffTaken(t);
                queued[id] = false;
                waitList.remove(t);
                sem.grantWrite(t, true);
                sem.events.inc(RwsemEvents.Event.WLOCK);
                if (disableRspin[id]) {
                    sem.rdNonspin = true; // rwsem_disable_reader_optspin()
                    sem.events.inc(RwsemEvents.Event.OPT_NORSPIN);
                }
                sem.spin.poke();
                return Rwsem.Outcome.ACQUIRED;
            }
            if (wstate[id] != W_HANDOFF) {
                break;
            }
            // handoff set and failed: spin on a running writer owner, retry if it is gone
            if (sem.writer != null && sem.spin.ownerRunning(sem.writer) && !sem.spin.needResched(t)) {
                sem.stats.waitMode(t, WaitMode.SPIN);
                return sem.spin.enterHandoff(t);
            }
            if (sem.writer != null || sem.readers > 0) {
                break;
            }
        }
        return writerSleep(t);
    }

    Rwsem.Outcome writerSleep(Task t) {
        sem.stats.waitMode(t, WaitMode.SLEEP);
        return Rwsem.Outcome.BLOCK;
    }

    /** {@code rwsem_try_write_lock()}: take a free lock, or as the handoff writer set the bit. */
    private boolean tryWriteLock(Task t) {
        byte ws = wstate[t.id()];
        if (sem.handoff && ws == W_NOT_FIRST) {
            return false;
        }
        if (sem.writer != null || sem.readers > 0) {
            if (!sem.handoff && ws == W_HANDOFF) {
                sem.setHandoff();
            }
            return false;
        }
        sem.handoff = false;
        return true;
    }

    // ------------------------------------------------------------------ wake-ups

    /**
     * {@code rwsem_mark_wake()}: a writer at the front is only woken (WAKE_ANY); readers get
     * the lock granted here, up to {@value Rwsem#MAX_READERS_WAKEUP} of them from anywhere in
     * the queue (writers between them stay), and are then woken. {@code waker} pays the
     * wake-ups.
     */
    void markWake(int type, Task waker) {
        if (waitList.isEmpty()) {
            return;
        }
        Task front = waitList.get(0);
        if (queuedWriter[front.id()]) {
            if (type == WAKE_ANY) {
                sem.charge(waker, sem.costs.wakeNs());
                if (front != waker) {
                    sem.events.inc(RwsemEvents.Event.WAKE_WRITER);
                    waker.wake(front);
                }
            }
            return;
        }
        if (type != WAKE_READ_OWNED) {
            if (sem.writer != null) {
                if (!sem.handoff && sem.jiffies() > timeoutJiffies[front.id()]) {
                    sem.events.inc(RwsemEvents.Event.RLOCK_HANDOFF);
                    sem.setHandoff(); // a reader waited too long for writers
                }
                return;
            }
            if (lastRownerRd[front.id()]) {
                sem.events.inc(RwsemEvents.Event.OPT_NORSPIN); // the RD bit carried into the new reader phase
            }
            sem.setReaderOwned(front, lastRownerRd[front.id()]);
        }
        ArrayList<Task> grant = grantScratch;
        grant.clear();
        int kept = 0;
        for (int i = 0; i < waitList.size(); i++) {
            Task w = waitList.get(i);
            if (!queuedWriter[w.id()] && grant.size() < Rwsem.MAX_READERS_WAKEUP) {
                grant.add(w);
            } else {
                waitList.set(kept++, w);
            }
        }
        waitList.subList(kept, waitList.size()).clear();
        if (!grant.isEmpty() && sem.handoff) {
            sem.handoff = false;
            sem.handoffTaken(grant.get(0));
        }
        if (!grant.isEmpty()) {
            sem.events.inc(RwsemEvents.Event.WAKE_READER); // lockevent_cond_inc: one per wake-up that grants readers
        }
        for (int i = 0; i < grant.size(); i++) {
            Task r = grant.get(i);
            queued[r.id()] = false;
            granted[r.id()] = true;
            sem.grantRead(r, true, false);
        }
        for (int i = 0; i < grant.size(); i++) {
            Task r = grant.get(i);
            if (r != waker) {
                sem.charge(waker, sem.costs.wakeNs());
                waker.wake(r);
            }
        }
    }
}
