package org.schedlab.model;

/**
 * Where a pending reschedule was acted on: the kernel's preemption points (KERNEL-FACTS
 * section 1). Part of a {@link MarkReason}. Codes are stable: add, never renumber; 0 is "not
 * recorded".
 */
public enum PreemptPoint {
    UNKNOWN(0),
    /** An interrupt returned to user mode with either flag set (every model). */
    IRQ_EXIT_USER(1),
    /** A system call or exception returned to user mode with either flag set (every model). */
    RETURN_TO_USER(2),
    /** An interrupt returned into preemptible kernel code with NEED_RESCHED (full, lazy). */
    IRQ_EXIT_KERNEL(3),
    /** preempt_enable() dropped preempt_count to zero with NEED_RESCHED (full, lazy). */
    PREEMPT_ENABLE(4),
    /** A cond_resched() point in kernel code (none, voluntary). */
    COND_RESCHED(5),
    /** A might_resched() point in kernel code (voluntary). */
    MIGHT_RESCHED(6),
    /** schedule() found the flag set again right after a switch and switched once more. */
    RESCHED_AFTER_SWITCH(7),
    /** rseq_slice_yield() at the end of a granted time-slice extension. */
    RSEQ_YIELD(8),
    /** Not a switch: a wake-up's decision (the point comes later, if at all). */
    NOT_A_SWITCH(9);

    private static final PreemptPoint[] BY_CODE = values();

    private final int code;

    PreemptPoint(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The point of {@code code}; codes from a newer SchedLab read as {@link #UNKNOWN}. */
    public static PreemptPoint ofCode(int code) {
        return code > 0 && code < BY_CODE.length ? BY_CODE[code] : UNKNOWN;
    }
}
