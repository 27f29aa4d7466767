package org.schedlab.sim.kernel;

import java.util.Objects;

/**
 * How to create a task: kernel ids, comm, class and priority. {@code nice} sets the fair weight
 * through the kernel's sched_prio_to_weight table; {@code rtPriority} (1..99) orders FIFO tasks.
 * {@code cpuHint} is the CPU the task is first placed near (-1: spread by task id).
 */
public record TaskSpec(int tid, int pid, String comm, SchedClass schedClass, int nice, int rtPriority, int cpuHint) {
    public TaskSpec {
        Objects.requireNonNull(comm, "comm");
        Objects.requireNonNull(schedClass, "schedClass");
        if (nice < -20 || nice > 19) {
            throw new IllegalArgumentException("nice must be in -20..19, was " + nice);
        }
        if (schedClass == SchedClass.FIFO && (rtPriority < 1 || rtPriority > 99)) {
            throw new IllegalArgumentException("FIFO rtPriority must be in 1..99, was " + rtPriority);
        }
    }

    public static TaskSpec fair(int tid, int pid, String comm) {
        return new TaskSpec(tid, pid, comm, SchedClass.FAIR, 0, 0, -1);
    }

    public static TaskSpec fifo(int tid, int pid, String comm, int rtPriority) {
        return new TaskSpec(tid, pid, comm, SchedClass.FIFO, 0, rtPriority, -1);
    }

    public TaskSpec onCpu(int cpu) {
        return new TaskSpec(tid, pid, comm, schedClass, nice, rtPriority, cpu);
    }

    /** kernel/sched/core.c sched_prio_to_weight, nice -20..19. */
    private static final int[] WEIGHTS = {
        88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
        9548, 7620, 6100, 4904, 3906, 3121, 2501, 1991, 1586, 1277,
        1024, 820, 655, 526, 423, 335, 272, 215, 172, 137,
        110, 87, 70, 56, 45, 36, 29, 23, 18, 15,
    };

    public int weight() {
        return WEIGHTS[nice + 20];
    }
}
