package org.schedlab.sim.kernel;

import java.util.Objects;

/**
 * How a stretch of kernel work behaves towards preemption: where its CPU time is charged, how
 * often it passes a {@code cond_resched()} point (honoured under none/voluntary) and a
 * {@code might_resched()} point (voluntary only), and whether it runs with preempt_count held
 * (a kernel spinlock or the page-table lock: nothing preempts it; leaving it is a
 * {@code preempt_enable()} point under full/lazy). 0 means "no such points". Make these once at
 * workload build time and reuse them: steps carry a reference, not a copy.
 */
public record KernelCode(Site site, long condReschedEveryNs, long mightReschedEveryNs, boolean atomic) {
    public KernelCode {
        Objects.requireNonNull(site, "site");
        if (condReschedEveryNs < 0 || mightReschedEveryNs < 0) {
            throw new IllegalArgumentException("resched point interval must be >= 0");
        }
    }

    /** Preemptible kernel code with no resched points (a long syscall body, zeroing a page). */
    public static KernelCode preemptible(Site site) {
        return new KernelCode(site, 0, 0, false);
    }

    /** Code under preempt_count (spinlock held): no preemption until it ends. */
    public static KernelCode atomic(Site site) {
        return new KernelCode(site, 0, 0, true);
    }

    public KernelCode withCondReschedEvery(long ns) {
        return new KernelCode(site, ns, mightReschedEveryNs, atomic);
    }

    public KernelCode withMightReschedEvery(long ns) {
        return new KernelCode(site, condReschedEveryNs, ns, atomic);
    }
}
