package org.schedlab.analysis;

/**
 * One row of a {@code perf sched latency} table: a task (or, merged, every task sharing a
 * comm: then {@code tid} is the lowest tid and {@code merged} how many tasks), its run time
 * (the sum of its sched_stat_runtime), how many times it was switched in after waiting, and
 * the average and maximum of those waits (wake-up or preemption to switch-in).
 */
public record SchedLatencyRow(int tid, String comm, int merged, long runtimeNs, long switches,
                              long totalDelayNs, long maxDelayNs, long maxDelayStartNs, long maxDelayEndNs) {

    /** Average delay the way perf prints it: integer ns division, then ms. */
    public long avgDelayNs() {
        return switches == 0 ? 0 : totalDelayNs / switches;
    }

    public double runtimeMs() {
        return runtimeNs / 1e6;
    }

    public double avgDelayMs() {
        return avgDelayNs() / 1e6;
    }

    public double maxDelayMs() {
        return maxDelayNs / 1e6;
    }

    /** perf's label: "comm:tid", or "comm:(n)" for merged rows. */
    public String label() {
        return merged > 1 ? comm + ":(" + merged + ")" : comm + ":" + tid;
    }
}
