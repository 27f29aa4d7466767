package org.schedlab.sim.kernel;

import java.util.random.RandomGenerator;

/**
 * What a {@link Program} sees of its task and the machine while choosing its next step.
 *
 * <p>Step methods (call exactly one per {@link Program#step}):
 * <ul>
 * <li>{@link #user} - user-mode compute; preempted at any interrupt return once either
 *     resched flag is set (in every model), unless an rseq slice extension is granted.</li>
 * <li>{@link #syscall} - enter the kernel by a system call (revokes an rseq grant) and do
 *     {@code ns} of kernel work described by a {@link KernelCode}.</li>
 * <li>{@link #kernel} - more kernel work without a new kernel entry (the task is already in the
 *     kernel: after a syscall step, a wake-up, a block).</li>
 * <li>{@link #fault} - a page fault (an exception, not a syscall): a preemptible part then a
 *     part under the page-table lock (preempt_count held), charged as FAULT.</li>
 * <li>{@link #spin} - burn the CPU spinning on a {@link SpinTarget} for at most
 *     {@code budgetNs} of on-CPU time, in user mode or in the kernel with preemption off.</li>
 * <li>{@link #sleep}, {@link #ioWait} - syscall that sleeps for a time; a timer interrupt on
 *     the CPU the task last ran on wakes it.</li>
 * <li>{@link #block} - syscall that sleeps until another task calls {@link #wake} (futex
 *     wait); returns at once if a wake-up arrived since the last block.</li>
 * <li>{@link #yield} - {@code sched_yield()}; {@link #exit} - the task ends.</li>
 * </ul>
 * Immediate actions (any number, in the same call): {@link #wake} (a futex wake: a syscall),
 * {@link #completed}, {@link #rseqBegin}/{@link #rseqEnd}.
 *
 * <p>Mode transitions are preemption points as in the kernel: kernel work followed by a user
 * step is a return to user (schedules if either flag is set); leaving atomic kernel work or a
 * wake-up inside the kernel is a {@code preempt_enable()} (schedules on NEED_RESCHED under
 * full/lazy).
 */
public interface TaskContext {
    /** Dense task id (the Dataset's task id). */
    int id();

    int tid();

    String comm();

    long nowNs();

    /** This task's own random stream (derived from the run seed and the task's name). */
    RandomGenerator random();

    /** The kernel, for locks and workload objects shared between tasks. */
    Kernel kernel();

    // ---- steps ----

    void user(long ns, Site site);

    void syscall(long ns, KernelCode code);

    void kernel(long ns, KernelCode code);

    void fault(long preemptibleNs, long atomicNs, Site site);

    // ---- chained steps ----
    // After choosing a user, syscall, kernel or fault step, a program may chain more of these
    // in the same call. The kernel runs them back to back exactly as if the program had chosen
    // each one in the next call with no action in between: every boundary is still the
    // preemption point it would be (a return to user, a preempt_enable), and where a resched
    // flag is set the kernel stops there as it would have. What chaining saves is the event
    // per boundary where nothing happens. Actions may not follow a chained step in the same call
    // (they run at once, so they would run before it). A context that cannot chain returns
    // false: the program then chooses that step in a later call.

    /** Chains user-mode compute after the step chosen in this call. */
    default boolean thenUser(long ns, Site site) {
        return false;
    }

    /** Chains a system call after the step chosen in this call. */
    default boolean thenSyscall(long ns, KernelCode code) {
        return false;
    }

    /** Chains more kernel work after the step chosen in this call. */
    default boolean thenKernel(long ns, KernelCode code) {
        return false;
    }

    /** Chains a page fault after the step chosen in this call. */
    default boolean thenFault(long preemptibleNs, long atomicNs, Site site) {
        return false;
    }

    void spin(SpinTarget target, long budgetNs, Site site, boolean inKernel);

    void sleep(long ns, Site site);

    /** Waits {@code ns} for I/O (io_schedule: TASK_UNINTERRUPTIBLE, "D"); its lane reads "blocked". */
    void ioWait(long ns, Site site);

    /**
     * Waits to be woken by another task, in an interruptible sleep (TASK_INTERRUPTIBLE, "S" in a
     * sched_switch): a futex wait, recv, epoll_wait, a vhost or vCPU thread's halt. Its task lane
     * reads "sleeping", as a recording's S switch-out does.
     */
    void block(Site site);

    /**
     * Waits to be woken by another task, in an uninterruptible sleep (TASK_UNINTERRUPTIBLE, "D"):
     * a kernel rwsem's or mutex's slow path (down_read, down_write). Its task lane reads "blocked",
     * as a recording's D switch-out does.
     */
    void blockUninterruptible(Site site);

    void yield();

    void exit();

    // ---- immediate actions ----

    /** Wakes {@code other} (futex wake / try_to_wake_up from this task's CPU); a syscall. */
    void wake(Task other);

    /** Reports {@code units} of completed work (transactions, iterations) for throughput. */
    void completed(double units);

    /**
     * An operation registered with {@link Kernel#operation} ends now, having started at
     * {@code startedNs}: its latency goes to the summary when it ends in the measured time.
     */
    void operationDone(int op, long startedNs);

    /** Sets rseq {@code slice_ctrl.request}: the task enters a critical section. */
    void rseqBegin();

    /** Clears the request; if an extension was granted the task yields (rseq_slice_yield). */
    void rseqEnd();
}
