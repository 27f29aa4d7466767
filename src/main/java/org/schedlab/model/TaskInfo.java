package org.schedlab.model;

import java.util.Comparator;
import java.util.Objects;

/**
 * One task (thread). {@code id} is its dense index in {@link Dataset#tasks()}, which is what
 * lanes store; {@code tid}/{@code pid} are the kernel's numbers (pid = thread group id).
 * {@code reuse} counts the earlier tasks of the dataset with this tid and comm: a tid the kernel
 * gave again after its task exited (pid wrap, a loop of short-lived {@code sleep}s) is a task of
 * its own, 0 for the first, 1 for the next, and so on (see {@link #label()}).
 */
public record TaskInfo(int id, int tid, int pid, String comm, int reuse) {
    /**
     * Tasks by comm (case aside, numbers by value: {@link #compareNames}), then tid: the order of
     * the workbench's "Task lanes" list and of {@code info}'s task lane names.
     */
    public static final Comparator<TaskInfo> BY_NAME = Comparator.comparing(TaskInfo::comm, TaskInfo::compareNames)
            .thenComparing(TaskInfo::comm).thenComparingInt(TaskInfo::tid).thenComparingInt(TaskInfo::reuse);

    public TaskInfo {
        Objects.requireNonNull(comm, "comm");
        if (id < 0) {
            throw new IllegalArgumentException("task id must be >= 0, was " + id);
        }
        if (reuse < 0) {
            throw new IllegalArgumentException("reuse must be >= 0, was " + reuse);
        }
    }

    /** The first task of its tid and comm. */
    public TaskInfo(int id, int tid, int pid, String comm) {
        this(id, tid, pid, comm, 0);
    }

    /**
     * {@code comm[tid]}, the way perf prints a task; a later task of the same tid and comm (the tid
     * reused after the first exited) {@code comm[tid#2]}, {@code comm[tid#3]}, ..., so that two
     * lanes never read alike and the tid stays inside the brackets.
     */
    public String label() {
        return comm + "[" + tid + (reuse > 0 ? "#" + (reuse + 1) : "") + "]";
    }

    /**
     * Two names compared with case aside and each run of digits by its value ("kworker/2:1" before
     * "kworker/10:1"); equal values of different spelling ("07", "7") by length.
     */
    public static int compareNames(String x, String y) {
        int i = 0;
        int j = 0;
        while (i < x.length() && j < y.length()) {
            char a = x.charAt(i);
            char b = y.charAt(j);
            if (isDigit(a) && isDigit(b)) {
                int ei = i;
                while (ei < x.length() && isDigit(x.charAt(ei))) {
                    ei++;
                }
                int ej = j;
                while (ej < y.length() && isDigit(y.charAt(ej))) {
                    ej++;
                }
                // by value: leading zeros aside, the longer run is the larger, else digit by digit
                String dx = x.substring(i, ei).replaceFirst("^0+(?=.)", "");
                String dy = y.substring(j, ej).replaceFirst("^0+(?=.)", "");
                int c = dx.length() != dy.length() ? Integer.compare(dx.length(), dy.length()) : dx.compareTo(dy);
                if (c == 0) {
                    c = Integer.compare(ei - i, ej - j);
                }
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else {
                int c = Character.compare(Character.toLowerCase(Character.toUpperCase(a)),
                        Character.toLowerCase(Character.toUpperCase(b)));
                if (c != 0) {
                    return c;
                }
                i++;
                j++;
            }
        }
        return Integer.compare(x.length() - i, y.length() - j);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

}
