package org.schedlab.model;

import java.util.Arrays;

/**
 * A counter track: samples {@code (tNs[i], value[i])} with nondecreasing time. A sample holds
 * its value until the next one (step semantics), which is how throughput per interval and
 * nstat deltas are read.
 */
public final class CounterSeries {
    private final String name;
    private final String unit;
    private final long[] tNs;
    private final double[] values;

    CounterSeries(String name, String unit, long[] tNs, double[] values) {
        this.name = name;
        this.unit = unit;
        this.tNs = tNs;
        this.values = values;
    }

    public String name() {
        return name;
    }

    public String unit() {
        return unit;
    }

    public int size() {
        return tNs.length;
    }

    public long tNs(int i) {
        return tNs[i];
    }

    public double value(int i) {
        return values[i];
    }

    /** Index of the last sample at or before {@code t}, or -1 if none. */
    public int indexAt(long t) {
        int lo = 0;
        int hi = tNs.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (tNs[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CounterSeries other
                && name.equals(other.name)
                && unit.equals(other.unit)
                && Arrays.equals(tNs, other.tNs)
                && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + Arrays.hashCode(tNs)) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "CounterSeries[" + name + ", " + size() + " samples]";
    }
}
