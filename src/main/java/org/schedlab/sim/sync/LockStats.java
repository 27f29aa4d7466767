package org.schedlab.sim.sync;

import org.HdrHistogram.Histogram;

/**
 * What one lock did during the measured window: acquisitions, contended acquisitions, hold
 * and wait time distributions, and holder preemptions - episodes where the holder was off its
 * CPU (preempted, or its vCPU stolen by the hypervisor) while at least one waiter waited.
 * Times are recorded in ns and reported in us. Waits are those of contended acquisitions.
 */
public final class LockStats {
    private final String name;
    private final String kind;
    private final Histogram holdNs = new Histogram(3);
    private final Histogram waitNs = new Histogram(3);
    private final Histogram holderOffCpuNs = new Histogram(3);
    private long acquisitions;
    private long contended;
    private long holderPreemptions;
    private long spinNs;
    private long sleeps;
    private long futexWakes;

    public LockStats(String name, String kind) {
        this.name = name;
        this.kind = kind;
    }

    public String name() {
        return name;
    }

    public String kind() {
        return kind;
    }

    void acquired(long waitedNs, boolean wasContended) {
        acquisitions++;
        if (wasContended) {
            contended++;
            waitNs.recordValue(Math.max(0, waitedNs));
        }
    }

    void released(long heldNs) {
        holdNs.recordValue(Math.max(0, heldNs));
    }

    void holderOffCpu(long offNs, boolean waitersWaited) {
        if (waitersWaited) {
            holderPreemptions++;
            holderOffCpuNs.recordValue(Math.max(0, offNs));
        }
    }

    void spun(long ns) {
        spinNs += ns;
    }

    void slept() {
        sleeps++;
    }

    void futexWake() {
        futexWakes++;
    }

    /** Forgets everything recorded so far: the warm-up ends. */
    public void reset() {
        holdNs.reset();
        waitNs.reset();
        holderOffCpuNs.reset();
        acquisitions = 0;
        contended = 0;
        holderPreemptions = 0;
        spinNs = 0;
        sleeps = 0;
        futexWakes = 0;
    }

    public LockSummary summary() {
        return new LockSummary(name, kind, acquisitions, contended, Dist.of(holdNs), Dist.of(waitNs),
            holderPreemptions, Dist.of(holderOffCpuNs), spinNs / 1000.0, sleeps, futexWakes);
    }

    /** A time distribution in microseconds. */
    public record Dist(long count, double mean, double p50, double p99, double max) {
        static Dist of(Histogram h) {
            if (h.getTotalCount() == 0) {
                return new Dist(0, 0, 0, 0, 0);
            }
            return new Dist(h.getTotalCount(), h.getMean() / 1000.0, h.getValueAtPercentile(50) / 1000.0,
                h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0);
        }
    }

    /**
     * The per-lock part of a run summary.
     *
     * @param spinUs     CPU time waiters burned spinning
     * @param sleeps     s_lock backoff sleeps (pg_usleep) or futex waits
     * @param futexWakes FUTEX_WAKE calls made by releasers
     */
    public record LockSummary(String name, String kind, long acquisitions, long contended, Dist holdUs,
                              Dist waitUs, long holderPreemptions, Dist holderOffCpuUs, double spinUs,
                              long sleeps, long futexWakes) {
    }
}
