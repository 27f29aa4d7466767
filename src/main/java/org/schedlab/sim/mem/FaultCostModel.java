package org.schedlab.sim.mem;

import java.util.random.RandomGenerator;

/**
 * Cost of one minor page fault: a heavy-tailed distribution fitted to what was measured for
 * anonymous 4k faults (KERNEL-FACTS section 7: min 0.58, median 1.0, p95 4.0 us).
 *
 * <p>The model is a shifted (three-parameter) lognormal: a hard floor (the exception entry,
 * VMA lookup and return that every fault pays) plus a lognormal excess. The excess is fitted
 * so that the median and the 95th percentile of the whole cost hit the measured values:
 * {@code mu = ln(median - floor)}, {@code sigma = ln((p95 - floor) / (median - floor)) / z95}.
 * With the measured numbers sigma is 1.275, the mean 1.53 us, p99 8.7 us, p99.9 22 us: a
 * tail that matters once a fault sits inside a spinlock's critical section.
 *
 * <p>One parameter moves it ({@code minorFaultUs}, the median); floor and p95 keep their
 * measured ratios to the median (0.58 and 4.0), so the shape stays the measured one.
 *
 * <p>A read fault on present shmem ({@link Touch#MINOR_AROUND}) also maps the other present
 * pages of its fault-around window: per extra page filemap_map_pages walks the xarray, takes a
 * folio reference, sets a PTE and bumps the mapcount, which this model prices at a tenth of
 * the median fault (about 100 ns at the measured median [U]), under the page-table lock.
 *
 * <p>Part of every fault runs under the page-table lock (a kernel spinlock: preempt_count is
 * raised, nothing can preempt it); the rest is ordinary preemptible kernel code. {@link #sample}
 * splits each cost accordingly.
 */
public final class FaultCostModel {
    /** Measured floor and p95, as ratios to the measured median (0.58/1.0 and 4.0/1.0). */
    public static final double FLOOR_TO_MEDIAN = 0.58;
    public static final double P95_TO_MEDIAN = 4.0;
    private static final double Z95 = 1.6448536269514722;

    private final double floorNs;
    private final double mu;
    private final double sigma;
    private final double ptlFraction;
    private final double medianNs;
    /** Cost of mapping one more page in a fault-around, as a ratio to the median fault [U]. */
    static final double AROUND_PAGE_TO_MEDIAN = 0.1;

    /**
     * @param medianUs    median fault cost ({@code minorFaultUs}), &gt; 0
     * @param ptlFraction share of each fault spent holding the page-table lock, 0..1
     */
    public FaultCostModel(double medianUs, double ptlFraction) {
        if (!(medianUs > 0) || Double.isInfinite(medianUs)) {
            throw new IllegalArgumentException("median fault cost must be > 0 us, got " + medianUs);
        }
        if (!(ptlFraction >= 0 && ptlFraction <= 1)) {
            throw new IllegalArgumentException("page-table-lock fraction must be in 0..1, got " + ptlFraction);
        }
        double medianNs = medianUs * 1000.0;
        this.medianNs = medianNs;
        this.floorNs = FLOOR_TO_MEDIAN * medianNs;
        double excessMedian = medianNs - floorNs;
        double excessP95 = P95_TO_MEDIAN * medianNs - floorNs;
        this.mu = Math.log(excessMedian);
        this.sigma = Math.log(excessP95 / excessMedian) / Z95;
        this.ptlFraction = ptlFraction;
    }

    /** One fault's cost, split into its preemptible part and its page-table-lock part. */
    public FaultCost sample(RandomGenerator rng) {
        long totalNs = sampleTotalNs(rng);
        long ptlNs = ptlNs(totalNs);
        return new FaultCost(totalNs - ptlNs, ptlNs);
    }

    /** One fault of kind {@code touch} (MINOR, MINOR_AROUND or FRESH). */
    public FaultCost sample(Touch touch, RandomGenerator rng) {
        long totalNs = sampleTotalNs(rng);
        long ptlNs = ptlNs(totalNs);
        return new FaultCost(totalNs - ptlNs, ptlNs + aroundExtraNs(touch));
    }

    /**
     * The allocation-free form of {@link #sample(Touch, RandomGenerator)} for hot paths: one
     * fault's total cost as drawn, before the fault-around extra; split it with
     * {@link #ptlNs(long)} and add {@link #aroundExtraNs(Touch)} to the locked part.
     */
    public long sampleTotalNs(RandomGenerator rng) {
        return Math.max(1L, Math.round(floorNs + Math.exp(mu + sigma * rng.nextGaussian())));
    }

    /** The page-table-lock part of a fault costing {@code totalNs} (as drawn). */
    public long ptlNs(long totalNs) {
        return Math.round(totalNs * ptlFraction);
    }

    /** Extra page-table-lock time a fault of kind {@code touch} spends mapping its neighbours. */
    public long aroundExtraNs(Touch touch) {
        if (touch != Touch.MINOR_AROUND) {
            return 0;
        }
        return Math.round((SharedMemory.FAULT_AROUND_PAGES - 1) * AROUND_PAGE_TO_MEDIAN * medianNs);
    }

    /** The analytic p-quantile of the total cost in microseconds (0 &lt; p &lt; 1). */
    public double quantileUs(double p) {
        return (floorNs + Math.exp(mu + sigma * NormalQuantile.of(p))) / 1000.0;
    }

    /** The analytic mean of the total cost in microseconds. */
    public double meanUs() {
        return (floorNs + Math.exp(mu + sigma * sigma / 2)) / 1000.0;
    }

    double sigma() {
        return sigma;
    }
}
