package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.model.SliceState;

/**
 * CPU time by state inside a range, as shares of CPUs x range length: user, kernel, fault,
 * spinning, stolen, idle, and what no slice covers. The rows sum to the capacity, so the shares
 * sum to 100 %.
 */
public final class CpuBreakdown {
    /** Label of the row for time no slice covers. */
    public static final String UNRECORDED = "not recorded";

    /** One state's time and its share of the capacity (0..1). */
    public record Row(String label, long ns, double share) {
    }

    private CpuBreakdown() {
    }

    /** One row per state (in {@link SliceState} order), then {@link #UNRECORDED} when above 0. */
    public static List<Row> of(RangeTotals totals) {
        long capacity = totals.capacityNs();
        List<Row> rows = new ArrayList<>();
        for (SliceState s : SliceState.values()) {
            long ns = totals.stateNs(s);
            rows.add(new Row(s.label(), ns, share(ns, capacity)));
        }
        long gap = totals.unrecordedNs();
        if (gap > 0) {
            rows.add(new Row(UNRECORDED, gap, share(gap, capacity)));
        }
        return rows;
    }

    static double share(long ns, long total) {
        return total <= 0 ? 0 : (double) ns / total;
    }
}
