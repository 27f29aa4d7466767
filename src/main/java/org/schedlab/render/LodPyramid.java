package org.schedlab.render;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;

/**
 * Precomputed coarse pictures of the busy CPU lanes, so a zoomed-out frame of millions of
 * slices reads a few thousand columns per lane instead of every slice. Level 0 of a lane folds
 * about {@value #SLICES_PER_BUCKET} slices into each bucket (a power-of-two number of
 * nanoseconds wide); each next level merges {@value #MERGE} buckets, down to a few hundred. A
 * frame uses the coarsest level that still has at least four buckets per pixel column, and only
 * where the lane has more than {@value #MIN_SLICES_PER_COLUMN} slices per column in the window;
 * otherwise it folds the raw slices. Dominant tasks of a bucket compete again per column, so the
 * picture is close to, not exactly, what folding the slices would give; lanes with few slices
 * get no pyramid at all. About 5-6 bytes per slice; a column reads 4 to 16 buckets.
 */
public final class LodPyramid {
    static final int SLICES_PER_BUCKET = 2;
    static final int MERGE = 4;
    /** Lanes with fewer slices are folded from the slices every time: that is cheap enough. */
    static final int MIN_SLICES = 4_096;
    /** Below this many slices per column in the window, folding the slices is cheap and exact. */
    static final int MIN_SLICES_PER_COLUMN = 8;
    private static final int MIN_BUCKETS = 256;

    /** One lane's levels, finest first, all starting at {@code originNs}. */
    static final class Lane {
        final long originNs;
        final long[] bucketNs;
        final CpuColumns[] levels;

        Lane(long originNs, long[] bucketNs, CpuColumns[] levels) {
            this.originNs = originNs;
            this.bucketNs = bucketNs;
            this.levels = levels;
        }

        /** The coarsest level with at least four buckets per column of {@code nsPerCol}, or -1. */
        int levelFor(double nsPerCol) {
            int best = -1;
            for (int l = 0; l < bucketNs.length; l++) {
                if (bucketNs[l] * 4 <= nsPerCol) {
                    best = l;
                }
            }
            return best;
        }
    }

    private final Lane[] lanes;
    private final long bytes;

    private LodPyramid(Lane[] lanes, long bytes) {
        this.lanes = lanes;
        this.bytes = bytes;
    }

    /** Builds the levels of every busy lane of {@code d}; stops early when {@code cancelled}. */
    public static LodPyramid build(Dataset d, BooleanSupplier cancelled) {
        Lane[] lanes = new Lane[d.cpuCount()];
        long bytes = 0;
        CpuFolder folder = new CpuFolder(d.tasks().size());
        CpuColumns.Tally tally = new CpuColumns.Tally(d.tasks().size());
        for (CpuLane cpu : d.cpus()) {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException("level-of-detail build cancelled");
            }
            Intervals s = cpu.slices();
            if (s.size() < MIN_SLICES) {
                continue;
            }
            long origin = s.startNs(0);
            long span = Math.max(1, s.endNs(s.size() - 1) - origin);
            long want = Math.max(1, span * SLICES_PER_BUCKET / s.size());
            long bucket = Long.bitCount(want) == 1 ? want : Long.highestOneBit(want) << 1; // round up: fewer buckets
            List<CpuColumns> levels = new ArrayList<>();
            List<Long> widths = new ArrayList<>();
            CpuColumns level0 = new CpuColumns((int) Math.min(Integer.MAX_VALUE - 8, span / bucket + 1));
            folder.fold(cpu.cpu(), s, origin, bucket, level0, null, null, null);
            levels.add(level0);
            widths.add(bucket);
            CpuColumns prev = level0;
            while (prev.columns / MERGE >= MIN_BUCKETS) {
                long wider = bucket * MERGE;
                CpuColumns next = new CpuColumns(prev.columns / MERGE + 1);
                CpuColumns.resample(prev, origin, bucket, next, origin, wider, tally);
                levels.add(next);
                widths.add(wider);
                bucket = wider;
                prev = next;
            }
            long[] w = widths.stream().mapToLong(Long::longValue).toArray();
            lanes[cpu.cpu()] = new Lane(origin, w, levels.toArray(new CpuColumns[0]));
            for (CpuColumns c : levels) {
                bytes += (long) c.columns * 9;
            }
        }
        return new LodPyramid(lanes, bytes);
    }

    /** The levels of CPU {@code cpu}; empty when it has none (few slices). */
    java.util.Optional<Lane> lane(int cpu) {
        return cpu < lanes.length ? java.util.Optional.ofNullable(lanes[cpu]) : java.util.Optional.empty();
    }

    /** Memory held by the levels' arrays. */
    public long payloadBytes() {
        return bytes;
    }
}
