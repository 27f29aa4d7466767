package org.schedlab.sim.sync;

import java.util.ArrayList;
import java.util.Arrays;
import org.schedlab.sim.engine.EventHandler;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.SchedClass;
import org.schedlab.sim.kernel.SpinTarget;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskRunState;

/**
 * The rwsem's optimistic spinning, as intervals ({@code rwsem_optimistic_spin},
 * {@code osq_lock}, {@code rwsem_spin_on_owner}). Spinners queue on the OSQ (an MCS queue,
 * FIFO, readers and writers mixed); only its head watches the lock, the others spin on their
 * own node until the head leaves and hands the node on ({@link RwsemCosts#osqPassNs}). The
 * head is evaluated whenever the lock changes ({@link #poke}): it keeps spinning while a
 * writer owner runs, takes the lock when it can ({@code rwsem_try_*_lock_unqueued}), stops
 * when the owner goes off CPU, when the nonspinnable bit for its kind is set, when
 * NEED_RESCHED is set, or (a writer on a reader-owned lock) after (20 + readers)/2 us, when it
 * sets the nonspinnable bits. A reader keeps spinning on a reader-owned or free lock it may
 * not take (handoff pending) - there is no time limit for readers. An RT (FIFO) spinner spins
 * only on a writer owner: on a lock it cannot take that no writer owns it stops at once. All
 * spinning runs with preemption off, in the kernel.
 *
 * <p>The handoff writer's {@code rwsem_spin_on_owner} in the wait loop is not on the OSQ: it
 * watches a running writer owner and retries its trylock when the owner is gone.
 *
 * <p>A spinner whose vCPU is stolen keeps its OSQ place. Where the guest sees preempted vCPUs
 * (x86: {@code vcpu_is_preempted}), every spinner queued behind it leaves the OSQ, as
 * {@code osq_lock()}'s wait loop does when the vCPU of the node ahead is preempted (each
 * successor in turn finds the stolen node ahead of it); elsewhere (arm64 5.10) they wait for it.
 *
 * <p>Simplification: the head takes the lock at the instant it decides and its spin ends
 * {@link RwsemCosts#observeAndTakeNs} later.
 */
final class RwsemSpin implements SpinTarget, EventHandler, LockStats.HolderWatcher {
    static final byte NONE = 0;
    static final byte READ = 1;
    static final byte WRITE = 2;
    static final byte HANDOFF = 3;

    private static final byte PENDING = 0;
    private static final byte TAKEN = 1;
    private static final byte FAILED = 2;
    private static final byte RETRY = 3;

    private static final byte OWNER_NULL = 0;
    private static final byte OWNER_WRITER = 1;
    private static final byte OWNER_READER = 2;
    private static final byte OWNER_NONSPINNABLE = 3;

    /** A spin step's budget: a holder that sleeps (no preemption callback) is noticed this late. */
    static final long RECHECK_NS = 100_000;

    private static final int EV_OSQ_READY = 0;
    private static final int EV_RSPIN_TIMEOUT = 1;

    private final Rwsem sem;
    private final Kernel kernel;
    private final boolean seesPreemptedVcpu;
    private final ArrayList<Task> osq = new ArrayList<>();
    private long osqReadyAtNs;
    private boolean readyEventPending;
    private Task handoffSpinner;
    private Task handoffWatched;
    private long osqPreemptedExits;
    /** Spinners on a CPU now (observing): each burns its CPU. */
    private int spinningCpus;

    private byte[] kind = new byte[0];
    private byte[] result = new byte[0];
    private boolean[] observing = new boolean[0];
    private boolean[] inOsq = new boolean[0];
    private byte[] prevState = new byte[0];
    private long[] rspinDeadlineNs = new long[0];
    private int[] timerGen = new int[0];

    RwsemSpin(Rwsem sem, boolean seesPreemptedVcpu) {
        this.sem = sem;
        this.kernel = sem.kernel;
        this.seesPreemptedVcpu = seesPreemptedVcpu;
    }

    void ensure(int id) {
        if (id >= kind.length) {
            int cap = Math.max(id + 1, kind.length * 2);
            kind = Arrays.copyOf(kind, cap);
            result = Arrays.copyOf(result, cap);
            observing = Arrays.copyOf(observing, cap);
            inOsq = Arrays.copyOf(inOsq, cap);
            prevState = Arrays.copyOf(prevState, cap);
            rspinDeadlineNs = Arrays.copyOf(rspinDeadlineNs, cap);
            timerGen = Arrays.copyOf(timerGen, cap);
        }
    }

    // ------------------------------------------------------------------ owner

    boolean needResched(Task t) {
        return t.state() == TaskRunState.RUNNING && kernel.cpu(t.cpu()).needResched();
    }

    /** {@code owner_on_cpu()}: running, and (where the guest can tell) its vCPU not preempted. */
    boolean ownerRunning(Task o) {
        return o.state() == TaskRunState.RUNNING && !(seesPreemptedVcpu && kernel.cpu(o.cpu()).isStolen());
    }

    private byte ownerState(boolean readerSide, boolean anyNonspin) {
        boolean nonspin = anyNonspin ? (sem.rdNonspin || sem.wrNonspin) : readerSide ? sem.rdNonspin : sem.wrNonspin;
        if (nonspin) {
            return OWNER_NONSPINNABLE;
        }
        if (sem.ownerReader) {
            return OWNER_READER;
        }
        return sem.owner != null ? OWNER_WRITER : OWNER_NULL;
    }

    /** {@code rwsem_can_spin_on_owner()}. */
    boolean canSpin(Task t, boolean writerSide) {
        if (needResched(t)) {
            return false;
        }
        boolean nonspin = writerSide ? sem.wrNonspin : sem.rdNonspin;
        return !nonspin && !(sem.owner != null && !sem.ownerReader && !ownerRunning(sem.owner));
    }

    // ------------------------------------------------------------------ entering and leaving

    /** Joins the OSQ (osq_lock); the program spins until the head decision ends its spin. */
    Rwsem.Outcome enter(Task t, byte spinKind) {
        int id = t.id();
        kind[id] = spinKind;
        result[id] = PENDING;
        prevState[id] = OWNER_NULL;
        inOsq[id] = true;
        if (osq.isEmpty()) {
            osqReadyAtNs = Math.max(osqReadyAtNs, kernel.nowNs());
        }
        osq.add(t);
        sem.beginSpinWait(t);
        return Rwsem.Outcome.SPIN;
    }

    /** The handoff writer watches the running writer owner (not on the OSQ). */
    Rwsem.Outcome enterHandoff(Task t) {
        kind[t.id()] = HANDOFF;
        result[t.id()] = PENDING;
        handoffSpinner = t;
        handoffWatched = sem.owner;
        return Rwsem.Outcome.SPIN;
    }

    private void finish(Task t, byte r, long afterNs) {
        result[t.id()] = r;
        kernel.endSpinAfter(t, afterNs);
    }

    private void leave(Task t) {
        int id = t.id();
        if (inOsq[id]) {
            inOsq[id] = false;
            boolean head = !osq.isEmpty() && osq.get(0) == t;
            osq.remove(t);
            if (head && !osq.isEmpty()) {
                osqReadyAtNs = kernel.nowNs() + sem.costs.osqPassNs();
                if (!readyEventPending) {
                    readyEventPending = true;
                    kernel.engine().at(osqReadyAtNs, this, EV_OSQ_READY, 0, 0);
                }
            }
        }
        if (handoffSpinner == t) {
            handoffSpinner = null;
            handoffWatched = null;
        }
    }

    /**
     * The spin step of {@code t} ended: what the program does next. A spin that ran out of
     * budget undecided continues in place.
     */
    Rwsem.Outcome afterSpin(Task t) {
        int id = t.id();
        byte r = result[id];
        if (r == PENDING) {
            return Rwsem.Outcome.SPIN;
        }
        byte k = kind[id];
        kind[id] = NONE;
        result[id] = PENDING;
        leave(t);
        switch (k) {
            case READ:
                if (r == TAKEN) {
                    sem.wakeReadersAfterSpin(t);
                    return Rwsem.Outcome.ACQUIRED;
                }
                sem.events.inc(RwsemEvents.Event.OPT_FAIL);
                return sem.readerSpinFailed(t);
            case WRITE:
                if (r == TAKEN) {
                    return Rwsem.Outcome.ACQUIRED;
                }
                sem.events.inc(RwsemEvents.Event.OPT_FAIL);
                return sem.writerQueue(t);
            case HANDOFF:
                // rwsem_spin_on_owner() returned OWNER_NULL: trylock again; anything else: sleep
                return r == RETRY ? sem.writerTry(t) : sem.writerSleep(t);
            default:
                throw new IllegalStateException(t + " was not spinning on " + sem.stats.name());
        }
    }

    // ------------------------------------------------------------------ decisions

    /** Re-evaluates the spinners after any change of the count or the owner word. */
    void poke() {
        evaluateHead();
        evaluateHandoff();
    }

    private void evaluateHead() {
        if (osq.isEmpty()) {
            return;
        }
        Task h = osq.get(0);
        int id = h.id();
        if (!observing[id] || result[id] != PENDING) {
            return;
        }
        long now = kernel.nowNs();
        if (now < osqReadyAtNs) {
            return; // the node hand-off is still on its way; EV_OSQ_READY evaluates then
        }
        boolean writerSide = kind[id] == WRITE;
        byte st = ownerState(!writerSide, false);
        if (st == OWNER_NONSPINNABLE) {
            finish(h, FAILED, sem.costs.cpuRelaxNs());
        } else if (st == OWNER_WRITER) {
            if (!ownerRunning(sem.owner)) {
                finish(h, FAILED, sem.costs.cpuRelaxNs());
            }
        } else if (!writerSide && sem.writer == null && !sem.handoff) {
            sem.readerTakenBySpin(h);
            finish(h, TAKEN, sem.costs.observeAndTakeNs());
        } else if (writerSide && sem.writer == null && sem.readers == 0 && !sem.handoff) {
            sem.writerTakenBySpin(h);
            finish(h, TAKEN, sem.costs.observeAndTakeNs());
        } else if (h.schedClass() == SchedClass.FIFO) {
            // rwsem_optimistic_spin(): an RT task stops on a lock it cannot take that no writer
            // owns (readers, or free with a handoff pending) - at once, or one loop iteration after
            // a writer owner left - without the writer's time limit or the nonspinnable bits
            finish(h, FAILED, sem.costs.cpuRelaxNs());
        } else if (writerSide && st == OWNER_READER) {
            if (prevState[id] != OWNER_READER) {
                // rwsem_rspin_threshold(): (20 + min(readers, 30)) / 2 us from now
                rspinDeadlineNs[id] = now + (20 + Math.min(sem.readers, 30)) * 500L;
                timerGen[id]++;
                kernel.engine().at(rspinDeadlineNs[id], this, EV_RSPIN_TIMEOUT, id, timerGen[id]);
            } else if (now >= rspinDeadlineNs[id]) {
                sem.events.inc(RwsemEvents.Event.OPT_NOSPIN);
                if (sem.ownerReader && !(sem.rdNonspin || sem.wrNonspin)) {
                    // rwsem_set_nonspinnable(): both bits (after the series: the one bit)
                    sem.wrNonspin = true;
                    sem.rdNonspin = sem.readerSpinning;
                }
                finish(h, FAILED, sem.costs.cpuRelaxNs());
            }
        }
        prevState[id] = st;
    }

    private void evaluateHandoff() {
        Task t = handoffSpinner;
        if (t == null || !observing[t.id()] || result[t.id()] != PENDING) {
            return;
        }
        if (sem.owner != handoffWatched || sem.ownerReader) {
            // the owner changed: a free lock is retried at once, anything else sleeps
            finish(t, sem.owner == null ? RETRY : FAILED, sem.costs.observeAndTakeNs());
        } else if (!ownerRunning(sem.owner)) {
            finish(t, FAILED, sem.costs.cpuRelaxNs());
        }
    }

    // ------------------------------------------------------------------ SpinTarget

    @Override
    public void spinObserving(Task task, long nowNs) {
        ensure(task.id());
        sem.accrueSpin();
        spinningCpus++;
        observing[task.id()] = true;
        if (needResched(task) && result[task.id()] == PENDING) {
            finish(task, FAILED, 0);
            return;
        }
        if (seesPreemptedVcpu && inOsq[task.id()] && result[task.id()] == PENDING && stolenAhead(task)) {
            osqPreemptedExits++;
            finish(task, FAILED, sem.costs.cpuRelaxNs());
            return;
        }
        poke();
    }

    @Override
    public void spinNotObserving(Task task, long nowNs) {
        int id = task.id();
        sem.accrueSpin();
        spinningCpus--;
        observing[id] = false;
        if (result[id] != PENDING) {
            leave(task);
        } else if (seesPreemptedVcpu && inOsq[id] && kernel.cpu(task.cpu()).isStolen()) {
            // osq_lock(): the waiters behind a preempted vCPU unqueue
            for (int i = osq.indexOf(task) + 1; i < osq.size(); i++) {
                Task s = osq.get(i);
                if (observing[s.id()] && result[s.id()] == PENDING) {
                    osqPreemptedExits++;
                    finish(s, FAILED, sem.costs.cpuRelaxNs());
                }
            }
        }
    }

    /** Whether a spinner queued ahead of {@code t} on the OSQ sits on a stolen vCPU. */
    private boolean stolenAhead(Task t) {
        for (int i = 0; i < osq.size(); i++) {
            Task a = osq.get(i);
            if (a == t) {
                return false;
            }
            if (a.state() == TaskRunState.RUNNING && kernel.cpu(a.cpu()).isStolen()) {
                return true;
            }
        }
        return false;
    }

    /** Tasks spinning on this rwsem on a CPU now (on the OSQ or the handoff writer's watch). */
    int spinningCpus() {
        return spinningCpus;
    }

    /** {@link #spinningCpus()} without the handoff writer watching its owner: the others. */
    int spinningCpusBesidesHandoffWaiter() {
        Task h = handoffSpinner;
        return spinningCpus - (h != null && observing[h.id()] ? 1 : 0);
    }

    /** Spinners that left the OSQ because the vCPU of a node ahead of them was preempted. */
    long osqPreemptedExits() {
        return osqPreemptedExits;
    }

    @Override
    public void needReschedWhileSpinning(Task task, long nowNs) {
        sem.accrueSpin();
        if (result[task.id()] == PENDING) {
            finish(task, FAILED, 0);
        }
    }

    // ------------------------------------------------------------------ events, holders

    @Override
    public void onEvent(long nowNs, int eventKind, int target, long data) {
        sem.accrueSpin();
        if (eventKind == EV_OSQ_READY) {
            readyEventPending = false;
            if (nowNs < osqReadyAtNs) {
                readyEventPending = true;
                kernel.engine().at(osqReadyAtNs, this, EV_OSQ_READY, 0, 0);
                return;
            }
            evaluateHead();
        } else if (timerGen[target] == data && kind[target] == WRITE && result[target] == PENDING) {
            evaluateHead();
        } else {
            kernel.engine().uncountStale();
        }
    }

    @Override
    public void holderOffCpu(Task holder, boolean stolen, long nowNs) {
        sem.accrueSpin();
        if (holder == sem.owner && !sem.ownerReader) {
            poke();
        }
    }
}
