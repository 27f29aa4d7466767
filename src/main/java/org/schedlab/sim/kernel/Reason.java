package org.schedlab.sim.kernel;

import org.schedlab.model.PreemptPoint;

/** Why a CPU calls schedule(); decides how a switch is counted and what a mark says. */
final class Reason {
    /** The running task left (sleep, block, exit) or the CPU was idle. */
    static final int IDLE = 0;
    static final int BLOCK = 1;
    static final int YIELD = 2;
    /** Interrupt return to user mode with a flag set. */
    static final int IRQ_USER = 3;
    /** Return to user at the end of a syscall or exception with a flag set. */
    static final int RETURN_TO_USER = 4;
    /** Interrupt return into preemptible kernel code with NEED_RESCHED (full, lazy). */
    static final int IRQ_KERNEL = 5;
    /** preempt_enable() reaching zero with NEED_RESCHED (full, lazy). */
    static final int PREEMPT_ENABLE = 6;
    /** A cond_resched() / might_resched() point (none, voluntary). */
    static final int COND_RESCHED = 7;
    /** The schedule() loop found the flag set again right after a switch. */
    static final int RESCHED_AGAIN = 8;
    /** rseq_slice_yield() at the end of a granted slice extension. */
    static final int RSEQ_YIELD = 9;
    /** A might_resched() point (voluntary only). */
    static final int MIGHT_RESCHED = 10;

    private Reason() {
    }

    static boolean inKernel(int reason) {
        return reason == IRQ_KERNEL || reason == PREEMPT_ENABLE || reason == COND_RESCHED
                || reason == MIGHT_RESCHED;
    }

    /** The preemption point a switch for {@code reason} happens at (recorded on its mark). */
    static PreemptPoint point(int reason) {
        switch (reason) {
            case IRQ_USER:
                return PreemptPoint.IRQ_EXIT_USER;
            case RETURN_TO_USER:
                return PreemptPoint.RETURN_TO_USER;
            case IRQ_KERNEL:
                return PreemptPoint.IRQ_EXIT_KERNEL;
            case PREEMPT_ENABLE:
                return PreemptPoint.PREEMPT_ENABLE;
            case COND_RESCHED:
                return PreemptPoint.COND_RESCHED;
            case MIGHT_RESCHED:
                return PreemptPoint.MIGHT_RESCHED;
            case RESCHED_AGAIN:
                return PreemptPoint.RESCHED_AFTER_SWITCH;
            case RSEQ_YIELD:
                return PreemptPoint.RSEQ_YIELD;
            default:
                return PreemptPoint.UNKNOWN;
        }
    }

    static String note(int reason) {
        switch (reason) {
            case IRQ_USER:
                return "irq exit to user";
            case RETURN_TO_USER:
                return "return to user";
            case IRQ_KERNEL:
                return "irq exit to kernel";
            case PREEMPT_ENABLE:
                return "preempt_enable";
            case COND_RESCHED:
                return "cond_resched";
            case MIGHT_RESCHED:
                return "cond_resched (a might_resched point)"; // might_resched() is __cond_resched
            case RESCHED_AGAIN:
                return "resched after switch";
            case RSEQ_YIELD:
                return "rseq slice yield";
            default:
                return "schedule";
        }
    }
}
