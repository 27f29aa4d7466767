package org.schedlab.sim.kernel;

/**
 * CFS's scheduling tunables as v5.10 sets them at boot (kernel/sched/fair.c): the base values
 * scaled by 1 + log2(min(cpus, 8)) (SCHED_TUNABLESCALING_LOG, the default).
 *
 * @param latencyNs           sysctl_sched_latency: the period in which every runnable task runs
 *                            once, while at most {@link #NR_LATENCY} are runnable (6 ms base)
 * @param minGranularityNs    sysctl_sched_min_granularity: the shortest slice; past
 *                            {@link #NR_LATENCY} tasks the period is nr x this (0.75 ms base)
 * @param wakeupGranularityNs sysctl_sched_wakeup_granularity: how far (in vruntime) a woken task
 *                            must be behind the running one to preempt it (1 ms base)
 */
public record CfsTunables(long latencyNs, long minGranularityNs, long wakeupGranularityNs) {
    /** sched_nr_latency = latency / min_granularity = 8. */
    public static final int NR_LATENCY = 8;

    public static CfsTunables forCpus(int cpus) {
        int n = Math.min(Math.max(cpus, 1), 8);
        int factor = 1 + 31 - Integer.numberOfLeadingZeros(n);
        return new CfsTunables(6_000_000L * factor, 750_000L * factor, 1_000_000L * factor);
    }

    /** __sched_period(): the latency, stretched to nr x min_granularity past NR_LATENCY tasks. */
    long periodNs(int nrRunning) {
        return nrRunning > NR_LATENCY ? nrRunning * minGranularityNs : latencyNs;
    }
}
