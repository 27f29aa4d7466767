package org.schedlab.model;

/**
 * What asked a CPU to reschedule (set TIF_NEED_RESCHED or TIF_NEED_RESCHED_LAZY), or what a
 * wake-up decided, as the simulator recorded it when it made the decision. Part of a
 * {@link MarkReason}. Codes are stable: add, never renumber; 0 is "not recorded" (recordings,
 * files written before reasons existed).
 */
public enum ReschedCause {
    UNKNOWN(0),
    /** The tick's update_curr() found the running fair task past its slice (or its protection). */
    SLICE_EXPIRED_TICK(1),
    /** A fair wake-up: check_preempt_wakeup_fair() picked the woken task over the running one. */
    WAKEUP_PREEMPT(2),
    /** A FIFO task woke over a fair (or lower-priority FIFO) task: resched_curr(), never lazy. */
    WAKEUP_FIFO(3),
    /** A task woke onto an idle CPU: the idle task always gets NEED_RESCHED. */
    WAKEUP_IDLE(4),
    /** An idle CPU pulled a queued task at its tick (load balancing). */
    IDLE_PULL(5),
    /**
     * A fair wake-up that does not preempt: EEVDF keeps the running task (run-to-parity), CFS one
     * not more than the wake-up granularity ahead.
     */
    WAKEUP_NO_PREEMPT(6),
    /** A wake-up that cannot preempt: the running task is FIFO (and not of lower priority). */
    WAKEUP_BEHIND_FIFO(7),
    /** A wake-up while a NEED_RESCHED was already pending on that CPU: nothing more to ask. */
    WAKEUP_ALREADY_PENDING(8),
    /** update_curr() during a wake-up check found the running task past its slice. */
    SLICE_EXPIRED_WAKEUP(9),
    /** The task gave up the CPU itself (sched_yield, rseq_slice_yield). */
    YIELD(10),
    /**
     * Load balancing moved a queued fair task onto this busy CPU, and attach_task()'s
     * check_preempt_curr() (the wake-up rule, without a wake-up) picked it over the running one.
     */
    BALANCE_PREEMPT(11),
    /**
     * A FIFO task was moved onto this CPU, where a fair (or lower-priority FIFO) task ran: a
     * higher class always sets NEED_RESCHED. (The kernel moves RT tasks with push_rt_task and
     * pull_rt_task, which reschedule the target the same way; the simulator's balancer moves them.)
     */
    BALANCE_FIFO(12),
    /** The rseq slice-extension timer ran out while the task was still extended (rseq_slice_expired). */
    RSEQ_EXPIRED(13),
    /** A syscall inside a granted rseq slice extension ended it (rseq_syscall_enter_work). */
    RSEQ_SYSCALL(14);

    private static final ReschedCause[] BY_CODE = values();

    private final int code;

    ReschedCause(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The cause of {@code code}; codes from a newer SchedLab read as {@link #UNKNOWN}. */
    public static ReschedCause ofCode(int code) {
        return code > 0 && code < BY_CODE.length ? BY_CODE[code] : UNKNOWN;
    }
}
