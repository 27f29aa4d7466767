package org.schedlab.model;

import java.util.Objects;

/**
 * One task (thread). {@code id} is its dense index in {@link Dataset#tasks()}, which is what
 * lanes store; {@code tid}/{@code pid} are the kernel's numbers (pid = thread group id).
 */
public record TaskInfo(int id, int tid, int pid, String comm) {
    public TaskInfo {
        Objects.requireNonNull(comm, "comm");
        if (id < 0) {
            throw new IllegalArgumentException("task id must be >= 0, was " + id);
        }
    }

    /** {@code comm[tid]}, the way perf prints a task. */
    public String label() {
        return comm + "[" + tid + "]";
    }
}
