package org.schedlab.model;

/** One task's own states over time (running, runnable, sleeping, blocked), never overlapping. */
public record TaskLane(int task, Intervals intervals) {
    public TaskState state(int i) {
        return TaskState.ofCode(intervals.code(i));
    }
}
