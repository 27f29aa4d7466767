package org.schedlab.render;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.schedlab.model.Dataset;
import org.schedlab.model.OperationSamples;

/**
 * Precomputed coarse pictures of the busy operation kinds, so a zoomed-out frame of a few hundred
 * thousand transactions reads a few buckets per pixel column instead of every transaction. Level
 * 0 of a kind holds, per bucket of end times (a power-of-two number of nanoseconds, about
 * {@value #OPS_PER_BUCKET} operations wide), how many operations ended in it and their lowest,
 * highest and median latency; each next level is {@value #MERGE} times wider, its figures again
 * computed from the operations themselves (a median does not merge), down to a few hundred
 * buckets. A frame uses the coarsest level that still has at least four buckets per pixel
 * column, and only where the window has more than {@value #MIN_OPS_PER_COLUMN} operations per
 * column; a column's count, lowest and highest are then exact up to the buckets that straddle
 * its edges, its median the count-weighted median of its buckets' medians. Kinds with fewer than
 * {@value #MIN_OPS} operations get no levels: folding them is cheap.
 */
final class OperationLod {
    static final int OPS_PER_BUCKET = 8;
    static final int MERGE = 4;
    static final int MIN_OPS = 4_096;
    static final int MIN_OPS_PER_COLUMN = 8;
    private static final int MIN_BUCKETS = 256;

    /** One level: per bucket the count and the lowest, highest and median latency (ns). */
    static final class Level {
        final long bucketNs;
        final int[] count;
        final long[] min;
        final long[] max;
        final long[] median;

        Level(long bucketNs, int buckets) {
            this.bucketNs = bucketNs;
            count = new int[buckets];
            min = new long[buckets];
            max = new long[buckets];
            median = new long[buckets];
        }

        int size() {
            return count.length;
        }
    }

    /** One kind's levels, finest first, all starting at {@code originNs}. */
    static final class Kind {
        final long originNs;
        final Level[] levels;

        Kind(long originNs, Level[] levels) {
            this.originNs = originNs;
            this.levels = levels;
        }

        /** The coarsest level with at least four buckets per column of {@code nsPerCol}, or null. */
        Level levelFor(double nsPerCol) {
            Level best = null;
            for (Level l : levels) {
                if (l.bucketNs * 4 <= nsPerCol) {
                    best = l;
                }
            }
            return best;
        }
    }

    private final Kind[] kinds;

    private OperationLod(Kind[] kinds) {
        this.kinds = kinds;
    }

    /** No levels for any kind (a dataset not prepared yet). */
    static final OperationLod NONE = new OperationLod(new Kind[0]);

    static OperationLod build(Dataset d, BooleanSupplier cancelled) {
        Kind[] kinds = new Kind[d.operations().size()];
        RangeStats stats = new RangeStats();
        for (int k = 0; k < kinds.length; k++) {
            OperationSamples ops = d.operations().get(k);
            int n = ops.size();
            if (n < MIN_OPS) {
                continue;
            }
            long origin = ops.endNs(0);
            long span = Math.max(1, ops.endNs(n - 1) - origin);
            long want = Math.max(1, span * OPS_PER_BUCKET / n);
            long bucket = Long.bitCount(want) == 1 ? want : Long.highestOneBit(want) << 1;
            java.util.List<Level> levels = new java.util.ArrayList<>();
            while (true) {
                if (cancelled.getAsBoolean()) {
                    throw new CancellationException("operation level-of-detail build cancelled");
                }
                int buckets = (int) Math.min(Integer.MAX_VALUE - 8, span / bucket + 1);
                Level level = new Level(bucket, buckets);
                int i = 0;
                for (int b = 0; b < buckets && i < n; b++) {
                    long bucketEnd = origin + (b + 1) * bucket;
                    int from = i;
                    while (i < n && ops.endNs(i) < bucketEnd) {
                        i++;
                    }
                    int c = i - from;
                    level.count[b] = c;
                    if (c == 0) {
                        continue;
                    }
                    stats.of(ops, from, c);
                    level.min[b] = stats.min;
                    level.max[b] = stats.max;
                    level.median[b] = stats.median;
                }
                levels.add(level);
                if (buckets / MERGE < MIN_BUCKETS) {
                    break;
                }
                bucket *= MERGE;
            }
            kinds[k] = new Kind(origin, levels.toArray(new Level[0]));
        }
        return new OperationLod(kinds);
    }

    /** The levels of operation kind {@code k}, or null when it has none. */
    Kind kind(int k) {
        return k < kinds.length ? kinds[k] : null;
    }

    /**
     * Min, max and lower median of a run of operations' latencies (indices {@code from} to
     * {@code from + n - 1}), exact; its scratch buffer is reused from one run to the next.
     */
    static final class RangeStats {
        private long[] scratch = new long[16];
        long min;
        long max;
        long median;

        void of(OperationSamples ops, int from, int n) {
            if (scratch.length < n) {
                scratch = new long[Math.max(n, scratch.length * 2)];
            }
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            for (int j = 0; j < n; j++) {
                long v = ops.latencyNs(from + j);
                scratch[j] = v;
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            min = lo;
            max = hi;
            median = Select.lowerMedian(scratch, n);
        }
    }

    /** The lower median of the first {@code n} values of an array, found in place (expected linear time). */
    static final class Select {
        private Select() {
        }

        static long lowerMedian(long[] a, int n) {
            return nth(a, n, (n - 1) / 2);
        }

        /** The value that would be at index {@code k} if the first {@code n} values were sorted; reorders them. */
        static long nth(long[] a, int n, int k) {
            int lo = 0;
            int hi = n - 1;
            while (lo < hi) {
                long pivot = median3(a[lo], a[(lo + hi) >>> 1], a[hi]);
                int i = lo;
                int j = hi;
                while (i <= j) {
                    while (a[i] < pivot) {
                        i++;
                    }
                    while (a[j] > pivot) {
                        j--;
                    }
                    if (i <= j) {
                        long t = a[i];
                        a[i] = a[j];
                        a[j] = t;
                        i++;
                        j--;
                    }
                }
                if (k <= j) {
                    hi = j;
                } else if (k >= i) {
                    lo = i;
                } else {
                    return a[k];
                }
            }
            return a[k];
        }

        private static long median3(long x, long y, long z) {
            return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
        }
    }
}
