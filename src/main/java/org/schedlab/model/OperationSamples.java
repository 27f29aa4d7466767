package org.schedlab.model;

import java.util.Arrays;

/**
 * Every completed operation of one kind of a workload (a pgbench transaction, a YCSB
 * {@code READ (server)}) that a recording saw end: two parallel columns, the end time and the
 * latency in nanoseconds, sorted by end time. A simulated run records them for the operations that
 * end inside its recorded window, so a summary of the run, or of any range of it, can give their
 * count, mean and percentiles as the live run does. An operation the workload has but none of which
 * ended in the recording has no samples (size 0): it ran none, which is not the same as unknown.
 */
public final class OperationSamples {
    private final String name;
    private final long[] endNs;
    private final long[] latencyNs;

    OperationSamples(String name, long[] endNs, long[] latencyNs) {
        this.name = name;
        this.endNs = endNs;
        this.latencyNs = latencyNs;
    }

    /** The operation's name as the workload and the summary's {@code latencyUs} call it. */
    public String name() {
        return name;
    }

    public int size() {
        return endNs.length;
    }

    /** When operation {@code i} ended. */
    public long endNs(int i) {
        return endNs[i];
    }

    /** How long operation {@code i} took, from its start to {@link #endNs(int)}. */
    public long latencyNs(int i) {
        return latencyNs[i];
    }

    /** Index of the first operation that ends at or after {@code t} ({@link #size()} if none). */
    public int firstEndingAtOrAfter(long t) {
        return SortedLongs.firstAtOrAfter(endNs, endNs.length, t);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OperationSamples other
                && name.equals(other.name)
                && Arrays.equals(endNs, other.endNs)
                && Arrays.equals(latencyNs, other.latencyNs);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + Arrays.hashCode(endNs)) + Arrays.hashCode(latencyNs);
    }

    @Override
    public String toString() {
        return "OperationSamples[" + name + ", " + size() + " operations]";
    }
}
