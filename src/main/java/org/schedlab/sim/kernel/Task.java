package org.schedlab.sim.kernel;

import java.util.random.RandomGenerator;
import org.schedlab.model.SliceState;
import org.schedlab.sim.sync.LockStats;

/**
 * A simulated thread: identity, scheduling entity (vruntime, deadline) and the step its
 * {@link Program} is executing. Programs see it as a {@link TaskContext}; locks hold
 * references to it and ask {@link #isOnCpu()}. Everything mutable is package-private: only the
 * kernel changes it.
 */
public final class Task implements TaskContext {
    // ---- identity ----
    final int id;
    final int tid;
    final int pid;
    final String comm;
    final int commGroup;
    final SchedClass schedClass;
    final int weight;
    final int rtPriority;
    final Program program;
    final RandomGenerator random;
    final Kernel kernel;
    /** Bound to one CPU (a per-CPU kworker): placement and load balancing never move it. */
    boolean pinned;

    // ---- scheduler ----
    TaskRunState state = TaskRunState.RUNNABLE;
    int cpu;
    long vruntime;
    long deadline;
    long vprot;
    long lag;
    /** CFS: sum_exec_runtime when last picked (prev_sum_exec_runtime). */
    long prevSumExecNs;
    long sumExecNs;
    long lastUpdateExecNs;
    long waitSinceNs = -1;
    long lastRanNs;
    int timerGen;
    boolean wakePending;
    /**
     * Whether its last sleep or wait is uninterruptible (D: I/O, a kernel rwsem), which its task
     * lane shows as "blocked"; else interruptible (S: a timer, a futex, recv), "sleeping".
     */
    boolean uninterruptible;

    // ---- current step ----
    byte stepKind = Step.NONE;
    boolean stepChosen;
    boolean stepStarted;
    /** The program has not been asked for its next step yet (new or just woken task). */
    boolean needsStep = true;
    /** Where the task is when it next asks for a step: in the kernel (true) or in user mode. */
    boolean inKernel = true;
    boolean syscallAction;
    long remainingNs;
    long progressNs;
    /** SMT: progress made beyond whole ns, in 1/{@link Smt#ONE} ns (see {@link Smt}). */
    long smtCarry;
    Site site;
    KernelCode code;
    long faultAtomicNs;
    boolean faultAtomicPhase;
    SpinTarget spinTarget;
    boolean spinInKernel;
    boolean observing;
    long sleepNs;

    // ---- chained compute steps after the current one (see TaskContext#thenUser) ----
    /** Per chained step three words: ns, atomic ns, kind | syscall flag (one array: few cache lines). */
    private long[] chainWords = new long[12];
    private Object[] chainRef = new Object[4];
    private int chainHead;
    private int chainTail;
    private static final long CHAIN_SYSCALL = 1L << 8;
    /** The step was chosen when the task was switched in (Program#decidesAhead); its boundary is the switch's end. */
    boolean decidedAhead;
    /** Inside Program#step called ahead: immediate actions are a programming error. */
    boolean decidingAhead;
    /** On-CPU time of the chained steps not started yet (fault atomic parts included). */
    long chainRestNs;

    // ---- rseq slice extension ----
    /** slice_ctrl.request as user space left it: set by rseqBegin, cleared by a grant or a switch. */
    boolean rseqRequest;
    /** rseqBegin was called while choosing the current step (its request is not in effect before it starts). */
    boolean rseqBegunWithStep;
    boolean rseqGranted;
    boolean rseqYieldRequested;
    /** A syscall ended a grant: the task schedules at that syscall's entry, under every model. */
    boolean rseqSyscallResched;
    /**
     * The step chosen after such a syscall entry waits for the task to run again: the schedule at
     * the entry comes first, the syscall's body (its wake-ups, then the step) when it is back.
     */
    boolean syscallHeld;
    /** Wake-ups made in a held syscall's body, in call order: try_to_wake_up() runs when the task does. */
    private Task[] heldWakes = new Task[2];
    private int heldWakeCount;
    /**
     * rseq's user_irq: the task entered the kernel from user mode by an exception (a page fault),
     * so its return to user may grant an extension; a syscall entry does not. An interrupt's own
     * entry and exit are instantaneous here ({@link Interrupts#irqExit}).
     */
    boolean userIrq;
    int rseqGen;

    // ---- locks ----
    LockStats[] held = new LockStats[2];
    int heldCount;
    long offCpuSinceNs = -1;
    /** Per-task bookkeeping owned by LockStats (current wait segment). */
    public LockStats waitingOn;
    public long waitSegmentStartNs;
    public byte waitModeCode;

    // ---- statistics ----
    long switches;

    Task(Kernel kernel, int id, TaskSpec spec, int commGroup, Program program, RandomGenerator random) {
        this.kernel = kernel;
        this.id = id;
        this.tid = spec.tid();
        this.pid = spec.pid();
        this.comm = spec.comm();
        this.commGroup = commGroup;
        this.schedClass = spec.schedClass();
        this.weight = spec.weight();
        this.rtPriority = spec.rtPriority();
        this.program = program;
        this.random = random;
    }

    // ---- queries for programs, locks, workloads ----

    @Override
    public int id() {
        return id;
    }

    @Override
    public int tid() {
        return tid;
    }

    public int pid() {
        return pid;
    }

    @Override
    public String comm() {
        return comm;
    }

    public SchedClass schedClass() {
        return schedClass;
    }

    public TaskRunState state() {
        return state;
    }

    /** The CPU the task runs or waits on, or last ran on. */
    public int cpu() {
        return cpu;
    }

    /** Bound to its CPU for life (per-CPU kernel threads such as {@code kworker/N:M}). */
    public boolean isPinned() {
        return pinned;
    }

    /** Running on a vCPU that the hypervisor is not stealing right now: it makes progress. */
    public boolean isOnCpu() {
        return state == TaskRunState.RUNNING && !kernel.cpu(cpu).stolen;
    }

    /** Number of locks this task holds (registered through {@link LockStats}). */
    public int heldLockCount() {
        return heldCount;
    }

    /** The i-th lock this task holds (0 <= i < heldLockCount()). */
    public LockStats heldLock(int i) {
        if (i >= heldCount) {
            throw new IndexOutOfBoundsException(i);
        }
        return held[i];
    }

    /** When the task, holding a lock, went off CPU (preempted or stolen); -1 when on CPU. */
    public long offCpuSinceNs() {
        return offCpuSinceNs;
    }

    public long switchCount() {
        return switches;
    }

    @Override
    public long nowNs() {
        return kernel.nowNs();
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public Kernel kernel() {
        return kernel;
    }

    // ---- lock registration (LockStats calls these) ----

    public void addHeld(LockStats lock) {
        if (heldCount == held.length) {
            held = java.util.Arrays.copyOf(held, heldCount * 2);
        }
        held[heldCount++] = lock;
    }

    public void removeHeld(LockStats lock) {
        for (int i = heldCount - 1; i >= 0; i--) {
            if (held[i] == lock) {
                System.arraycopy(held, i + 1, held, i, heldCount - i - 1);
                held[--heldCount] = null;
                return;
            }
        }
        throw new IllegalStateException(comm + "[" + tid + "] releases a lock it does not hold: " + lock.name());
    }

    // ---- steps ----

    // The checks below build their messages in separate methods: the hot methods stay small
    // enough for the JIT to inline them into the kernel's step handling.

    private void choose(byte kind) {
        if (stepChosen) {
            throw programError("chose two steps in one call");
        }
        stepChosen = true;
        stepKind = kind;
    }

    private IllegalStateException programError(String what) {
        return new IllegalStateException("program of " + comm + "[" + tid + "] " + what);
    }

    private static long nonNegative(long ns, String what) {
        if (ns < 0) {
            throw negative(ns, what);
        }
        return ns;
    }

    private static IllegalArgumentException negative(long ns, String what) {
        return new IllegalArgumentException(what + " must be >= 0 ns, was " + ns);
    }

    @Override
    public void user(long ns, Site s) {
        choose(Step.USER);
        remainingNs = nonNegative(ns, "user compute");
        site = s;
        code = null;
    }

    @Override
    public void syscall(long ns, KernelCode c) {
        choose(Step.KERNEL);
        remainingNs = nonNegative(ns, "syscall work");
        site = c.site();
        code = c;
        syscallAction = true;
    }

    @Override
    public void kernel(long ns, KernelCode c) {
        choose(Step.KERNEL);
        remainingNs = nonNegative(ns, "kernel work");
        site = c.site();
        code = c;
    }

    @Override
    public void fault(long preemptibleNs, long atomicNs, Site s) {
        choose(Step.FAULT);
        remainingNs = nonNegative(preemptibleNs, "fault preemptible part");
        faultAtomicNs = nonNegative(atomicNs, "fault atomic part");
        faultAtomicPhase = false;
        site = s;
        code = null;
    }

    // ---- chained steps ----

    @Override
    public boolean thenUser(long ns, Site s) {
        return chain(Step.USER, nonNegative(ns, "user compute"), 0, s, false);
    }

    @Override
    public boolean thenSyscall(long ns, KernelCode c) {
        return chain(Step.KERNEL, nonNegative(ns, "syscall work"), 0, c, true);
    }

    @Override
    public boolean thenKernel(long ns, KernelCode c) {
        return chain(Step.KERNEL, nonNegative(ns, "kernel work"), 0, c, false);
    }

    @Override
    public boolean thenFault(long preemptibleNs, long atomicNs, Site s) {
        return chain(Step.FAULT, nonNegative(preemptibleNs, "fault preemptible part"),
                nonNegative(atomicNs, "fault atomic part"), s, false);
    }

    private boolean chain(byte kind, long ns, long atomicNs, Object ref, boolean syscall) {
        if (!stepChosen || !isCompute(stepKind)) {
            throw programError("chains a step without choosing a user, syscall, kernel or fault step first");
        }
        if (chainTail == chainRef.length) {
            chainWords = java.util.Arrays.copyOf(chainWords, chainWords.length * 2);
            chainRef = java.util.Arrays.copyOf(chainRef, chainRef.length * 2);
        }
        int w = 3 * chainTail;
        chainWords[w] = ns;
        chainWords[w + 1] = atomicNs;
        chainWords[w + 2] = kind | (syscall ? CHAIN_SYSCALL : 0);
        chainRef[chainTail] = ref;
        chainTail++;
        chainRestNs += ns + atomicNs;
        return true;
    }

    private static boolean isCompute(byte kind) {
        return kind == Step.USER || kind == Step.KERNEL || kind == Step.FAULT;
    }

    /** Chained steps are waiting behind the current one. */
    boolean hasChained() {
        return chainHead != chainTail;
    }

    /**
     * Makes the next chained step the current one, as if the program had just chosen it (the
     * kernel then crosses the boundary as it would for a step returned by {@link Program#step}).
     */
    void takeChained() {
        int i = chainHead++;
        Object ref = chainRef[i];
        chainRef[i] = null;
        if (chainHead == chainTail) {
            chainHead = 0;
            chainTail = 0;
        }
        int w = 3 * i;
        long ns = chainWords[w];
        long atomicNs = chainWords[w + 1];
        long flags = chainWords[w + 2];
        byte kind = (byte) flags;
        chainRestNs -= ns + atomicNs;
        stepChosen = true;
        stepKind = kind;
        remainingNs = ns;
        syscallAction = (flags & CHAIN_SYSCALL) != 0;
        if (kind == Step.KERNEL) {
            code = (KernelCode) ref;
            site = code.site();
        } else {
            code = null;
            site = (Site) ref;
            if (kind == Step.FAULT) {
                faultAtomicNs = atomicNs;
                faultAtomicPhase = false;
            }
        }
    }

    /** Actions run when they are called, so they cannot follow steps that run later. */
    private void noChainYet(String action) {
        if (decidingAhead) {
            throw programError("calls " + action
                    + " in a step it decides ahead (Program.decidesAhead): actions must happen in time");
        }
        if (chainHead != chainTail) {
            throw programError("calls " + action + " after chained steps: it would run before them");
        }
    }

    @Override
    public void spin(SpinTarget target, long budgetNs, Site s, boolean kernelSpin) {
        choose(Step.SPIN);
        remainingNs = nonNegative(budgetNs, "spin budget");
        spinTarget = java.util.Objects.requireNonNull(target, "spin target");
        spinInKernel = kernelSpin;
        site = s;
        code = null;
    }

    @Override
    public void sleep(long ns, Site s) {
        choose(Step.SLEEP);
        sleepNs = nonNegative(ns, "sleep");
        site = s;
        syscallAction = true;
        uninterruptible = false;
    }

    @Override
    public void ioWait(long ns, Site s) {
        choose(Step.IO_WAIT);
        sleepNs = nonNegative(ns, "I/O wait");
        site = s;
        syscallAction = true;
        uninterruptible = true;
    }

    @Override
    public void block(Site s) {
        choose(Step.BLOCK);
        site = s;
        syscallAction = true;
        uninterruptible = false;
    }

    @Override
    public void blockUninterruptible(Site s) {
        block(s);
        uninterruptible = true;
    }

    @Override
    public void yield() {
        choose(Step.YIELD);
        syscallAction = true;
    }

    @Override
    public void exit() {
        choose(Step.EXIT);
        syscallAction = true;
    }

    @Override
    public void wake(Task other) {
        noChainYet("wake");
        syscallAction = true;
        kernel.irq.syscallEntered(this);
        if (rseqSyscallResched) {
            // the syscall ended an rseq extension at its entry and schedules there first
            if (heldWakeCount == heldWakes.length) {
                heldWakes = java.util.Arrays.copyOf(heldWakes, heldWakeCount * 2);
            }
            heldWakes[heldWakeCount++] = other;
        } else {
            kernel.wake(other);
        }
    }

    /** Runs the wake-ups of a held syscall's body (the task runs again). */
    void wakeHeld() {
        int n = heldWakeCount;
        heldWakeCount = 0;
        for (int i = 0; i < n; i++) {
            Task other = heldWakes[i];
            heldWakes[i] = null;
            kernel.wake(other);
        }
    }

    @Override
    public void completed(double units) {
        noChainYet("completed");
        kernel.completed(this, units);
    }

    @Override
    public void operationDone(int op, long startedNs) {
        noChainYet("operationDone");
        kernel.operationDone(op, startedNs);
    }

    @Override
    public void rseqBegin() {
        noChainYet("rseqBegin");
        rseqRequest = true;
        rseqBegunWithStep = true;
    }

    @Override
    public void rseqEnd() {
        noChainYet("rseqEnd");
        rseqRequest = false;
        if (rseqGranted) {
            rseqYieldRequested = true;
        }
    }

    // ---- kernel helpers ----

    /** {@link SliceState#code()} of {@link #sliceState()} by step kind: the accounting's per-event lookup. */
    private static final byte[] STATE_CODE_BY_KIND = new byte[Step.EXIT + 1];

    static {
        for (byte kind = 0; kind <= Step.EXIT; kind++) {
            STATE_CODE_BY_KIND[kind] = sliceStateOf(kind).code();
        }
    }

    /** The {@link SliceState} code this task's current step is charged as (same as {@code sliceState().code()}). */
    byte stateCode() {
        return STATE_CODE_BY_KIND[stepKind];
    }

    /** The CPU state this task's current step is drawn and charged as. */
    SliceState sliceState() {
        return sliceStateOf(stepKind);
    }

    private static SliceState sliceStateOf(byte stepKind) {
        switch (stepKind) {
            case Step.USER:
                return SliceState.USER;
            case Step.FAULT:
                return SliceState.FAULT;
            case Step.SPIN:
                return SliceState.SPINNING;
            default:
                return SliceState.KERNEL;
        }
    }

    /** Executing user-mode code (an interrupt returns to user). */
    boolean inUserMode() {
        return stepKind == Step.USER || (stepKind == Step.SPIN && !spinInKernel);
    }

    /** preempt_count held: nothing may preempt until it is dropped. */
    boolean atomicNow() {
        return (stepKind == Step.KERNEL && code.atomic())
                || (stepKind == Step.FAULT && faultAtomicPhase)
                || (stepKind == Step.SPIN && spinInKernel);
    }

    @Override
    public String toString() {
        return comm + "[" + tid + "]";
    }
}
