package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.model.SliceState;

/**
 * CPU time by state inside a range: user, kernel, fault, spinning, stolen, idle, and what no
 * slice covers. The states' shares are shares of the recorded CPU time and sum to 100 %; the
 * time no slice covers has no share (NaN): it is outside what was recorded, not a state.
 */
public final class CpuBreakdown {
    /** Label of the row for time no slice covers. */
    public static final String UNRECORDED = "not recorded";

    /** One state's time and its share of the recorded CPU time (0..1; NaN for {@link #UNRECORDED}). */
    public record Row(String label, long ns, double share) {
    }

    private CpuBreakdown() {
    }

    /** One row per state (in {@link SliceState} order), then {@link #UNRECORDED} when above 0. */
    public static List<Row> of(RangeTotals totals) {
        long recorded = totals.recordedNs();
        List<Row> rows = new ArrayList<>();
        for (SliceState s : SliceState.values()) {
            long ns = totals.stateNs(s);
            rows.add(new Row(s.label(), ns, share(ns, recorded)));
        }
        long gap = totals.unrecordedNs();
        if (gap > 0) {
            rows.add(new Row(UNRECORDED, gap, Double.NaN));
        }
        return rows;
    }

    static double share(long ns, long total) {
        return total <= 0 ? 0 : (double) ns / total;
    }
}
