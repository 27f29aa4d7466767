package org.schedlab.sim.kernel;

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

    private Reason() {
    }

    static boolean inKernel(int reason) {
        return reason == IRQ_KERNEL || reason == PREEMPT_ENABLE || reason == COND_RESCHED;
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
            case RESCHED_AGAIN:
                return "resched after switch";
            case RSEQ_YIELD:
                return "rseq slice yield";
            default:
                return "schedule";
        }
    }
}
