package org.schedlab.render;

/** What a row of the timeline shows. */
public enum TrackKind {
    /** A group's header: its name, how many lanes, and the collapse toggle. */
    HEADER,
    /** One CPU's slices. */
    CPU,
    /** One task's states (running, runnable, sleeping, blocked). */
    TASK,
    /** One lock: holder segments over a waiter-count band. */
    LOCK,
    /** One kind of the workload's operations: each one's latency (log scale) at its end time. */
    OPERATION,
    /** One counter series as a step or line chart. */
    COUNTER
}
