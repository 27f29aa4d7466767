package org.schedlab.sim.kernel;

/** Where a task is, from the scheduler's point of view. */
public enum TaskRunState {
    /** On a CPU (possibly a stolen vCPU: the guest cannot tell). */
    RUNNING,
    /** On a run queue, waiting for a CPU. */
    RUNNABLE,
    /** Sleeping on a timer (nanosleep, pg_usleep, I/O wait). */
    SLEEPING,
    /** Waiting to be woken by another task (futex wait). */
    BLOCKED,
    EXITED
}
