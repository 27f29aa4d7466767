package org.schedlab.model;

import java.util.Arrays;

/**
 * A counter track: samples {@code (tNs[i], value[i])} with nondecreasing time. A sample holds
 * its value until the next one (step semantics), which is how throughput per interval and
 * nstat deltas are read. A NaN value is a gap: the series has no value from that sample's time
 * until the next sample (YCSB's {@code Avg=NaN} for an operation that did not run in an
 * interval), so the previous value is never held over an interval that had none.
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

    /** Units of transactions, queries, operations or requests per second: a benchmark's completed work. */
    private static final java.util.Set<String> WORK_UNITS = java.util.Set.of("tps", "qps", "ops/s", "ops/sec", "op/s",
            "tx/s", "txn/s", "transactions/s", "queries/s", "requests/s", "req/s");

    /**
     * Whether this counter counts the workload's completed work: in transactions, queries,
     * operations or requests per second ({@link #WORK_UNITS}: pgbench's and YCSB's progress lines),
     * or a rate whose name says it is one ({@code throughput}, {@code tps}, {@code ops/sec}). Not
     * any per-second rate: a simulated run's TCP tracks ({@code TcpRetransSegs}, 1/s) and event
     * tracks count events, a disk's MB/s bytes - not work done. A recording's throughput and the
     * first group of counter tracks both go by it.
     */
    public boolean countsWork() {
        String u = unit.strip().toLowerCase(java.util.Locale.ROOT);
        if (WORK_UNITS.contains(u)) {
            return true;
        }
        String n = name.strip().toLowerCase(java.util.Locale.ROOT);
        boolean named = n.contains("throughput") || n.equals("tps") || n.endsWith(" tps")
                || n.equals("qps") || n.endsWith(" qps") || n.contains("ops/sec");
        return named && (u.endsWith("/s") || u.endsWith("/sec"));
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

    /** Whether sample {@code i} has a value; false for a gap (no value until the next sample). */
    public boolean hasValue(int i) {
        return !Double.isNaN(values[i]);
    }

    /** How many samples are gaps. */
    public int gapCount() {
        int n = 0;
        for (double v : values) {
            n += Double.isNaN(v) ? 1 : 0;
        }
        return n;
    }

    /** Where sample {@code i} stops holding: the next sample's time; the last one's, {@code endNs} (the dataset's end). */
    public long holdsUntil(int i, long endNs) {
        return i + 1 < tNs.length ? tNs[i + 1] : Math.max(endNs, tNs[i]);
    }

    /**
     * The values over {@code [fromNs, toNs)}, each sample held until the next one (the last until
     * {@code endNs}): lowest, highest and time-weighted mean of the stretches with a value, and how
     * long those stretches and the gaps in the window are; time before the first sample counts as
     * neither. A window in which every value stands for no time (a single snapshot at the
     * dataset's end) takes those values as they are.
     */
    public Window window(long fromNs, long toNs, long endNs) {
        Window.Sums held = new Window.Sums();
        Window.Sums instants = new Window.Sums();
        long gapNs = 0;
        for (int i = Math.max(0, indexAt(fromNs)); i < tNs.length && tNs[i] <= toNs; i++) {
            long a = Math.max(fromNs, tNs[i]);
            long b = Math.min(toNs, holdsUntil(i, endNs));
            if (b < a || (b == a && tNs[i] < fromNs)) {
                continue; // over before the window starts
            }
            if (!hasValue(i)) {
                gapNs += b - a;
            } else if (b == a) {
                instants.add(values[i], 1);
            } else {
                held.add(values[i], b - a);
            }
        }
        Window.Sums s = held.weight > 0 ? held : instants;
        return new Window(s.min, s.max, s.weight > 0 ? s.area / s.weight : Double.NaN, held.weight, gapNs);
    }

    /**
     * A window's figures ({@link #window}): NaN min, max and mean when no sample in it had a value
     * ({@link #onlyGaps()} when it had gaps only).
     */
    public record Window(double min, double max, double mean, long valueNs, long gapNs) {
        /** Whether the window had any value at all. */
        public boolean hasValue() {
            return !Double.isNaN(min);
        }

        /** Whether the window held only gaps: the series had no value anywhere in it. */
        public boolean onlyGaps() {
            return !hasValue() && gapNs > 0;
        }

        /** Running min, max and weighted sum of values. */
        private static final class Sums {
            double min = Double.NaN;
            double max = Double.NaN;
            double area;
            long weight;

            void add(double v, long w) {
                min = Double.isNaN(min) ? v : Math.min(min, v);
                max = Double.isNaN(max) ? v : Math.max(max, v);
                area += v * w;
                weight += w;
            }
        }
    }

    /** Index of the last sample at or before {@code t}, or -1 if none. */
    public int indexAt(long t) {
        return SortedLongs.firstAfter(tNs, tNs.length, t) - 1;
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
