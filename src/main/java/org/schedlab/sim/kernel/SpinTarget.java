package org.schedlab.sim.kernel;

/**
 * What a spinning task spins on: implemented by a lock. Spinning is an interval, never an event
 * per iteration: the kernel tells the lock when a spinner starts or stops <em>observing</em> the
 * lock (it is observing only while it is on a CPU that is not stolen), and the lock ends a spin
 * with {@link Kernel#endSpinAfter(Task, long)} when the spinner would see the lock free and win
 * the test-and-set (or be handed the lock). A spin also ends when its budget of on-CPU time
 * runs out; the program then decides what to do (sleep, spin again).
 */
public interface SpinTarget {
    /** {@code task} is on a CPU spinning: it started, or resumed after a preemption or steal. */
    void spinObserving(Task task, long nowNs);

    /** {@code task} stopped observing: preempted, its vCPU stolen, or its spin ended. */
    void spinNotObserving(Task task, long nowNs);

    /**
     * NEED_RESCHED was set on the CPU of {@code task} while it spins in the kernel with
     * preemption disabled; kernel optimistic spinners break out here (rwsem, osq). Default: ignore.
     */
    default void needReschedWhileSpinning(Task task, long nowNs) {
    }

    /**
     * The on-CPU budget of {@code task}'s spin ran out and the lock did not end it: return more
     * on-CPU time to keep spinning in the same step, exactly when the program, asked next, would
     * only spin again on this target (the kernel then skips stopping and restarting the spin; the
     * boundary between two user-mode spin steps is no preemption point). Return 0 to end the
     * step as usual. Default: 0.
     */
    default long spinBudgetExhausted(Task task, long nowNs) {
        return 0;
    }
}
