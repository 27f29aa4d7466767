package org.schedlab.sim.mem;

/**
 * One fault's kernel time: {@code preemptibleNs} of ordinary kernel code (entry, VMA and
 * page-cache lookup, return) followed by {@code ptlNs} with the page-table lock held, when
 * preempt_count is raised and no preemption model can take the CPU away.
 */
public record FaultCost(long preemptibleNs, long ptlNs) {
    public FaultCost {
        if (preemptibleNs < 0 || ptlNs < 0) {
            throw new IllegalArgumentException("negative fault cost: " + preemptibleNs + "/" + ptlNs);
        }
    }

    public long totalNs() {
        return preemptibleNs + ptlNs;
    }
}
