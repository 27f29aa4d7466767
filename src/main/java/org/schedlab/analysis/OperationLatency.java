package org.schedlab.analysis;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;
import org.schedlab.model.OperationSamples;

/**
 * The latency of the workload's operations a recording kept one by one ({@link Dataset#operations()}:
 * a saved simulated run), per operation: count, mean, p50, p99 and max in microseconds, computed
 * as the simulator's live summary computes {@code latencyUs} - an HdrHistogram of nanoseconds with
 * 3 significant digits, each figure rounded to 3 decimals of a microsecond - so a saved run
 * over its whole measured time reads as the run itself did. A range counts the operations that
 * ended inside it, whenever they started.
 */
public final class OperationLatency {
    private OperationLatency() {
    }

    /** Every operation's figures over all its samples, in the dataset's order; empty when it has none. */
    public static Map<String, LatencyStats> of(Dataset d) {
        return of(d, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * Every operation's figures over the operations that ended in {@code [fromNs, toNs)} - with the
     * data's last instant when the range reaches it, as {@link Dataset#crop} cuts - ; an operation
     * none of which ended there has a count of 0 (and zeros, as the live summary has for one that
     * ran none).
     */
    public static Map<String, LatencyStats> of(Dataset d, long fromNs, long toNs) {
        long limit = DatasetCrop.limit(d, toNs);
        Map<String, LatencyStats> out = new LinkedHashMap<>();
        for (OperationSamples op : d.operations()) {
            Histogram h = new Histogram(3);
            h.setAutoResize(true);
            for (int i = op.firstEndingAtOrAfter(fromNs); i < op.size() && op.endNs(i) < limit; i++) {
                h.recordValue(op.latencyNs(i));
            }
            out.put(op.name(), figures(h));
        }
        return out;
    }

    /** A histogram of nanoseconds as microseconds, rounded as the live summary rounds them (count 0: all zeros). */
    static LatencyStats figures(Histogram h) {
        if (h.getTotalCount() == 0) {
            return LatencyStats.EMPTY;
        }
        return new LatencyStats(h.getTotalCount(), round3(h.getMean() / 1000.0),
                round3(h.getValueAtPercentile(50) / 1000.0), round3(h.getValueAtPercentile(99) / 1000.0),
                round3(h.getMaxValue() / 1000.0));
    }

    private static double round3(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }
}
