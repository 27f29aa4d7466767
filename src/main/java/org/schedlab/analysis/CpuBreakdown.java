package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.model.SliceState;

/**
 * CPU time by state inside a range: user, kernel, fault, spinning, stolen, idle, and what no
 * slice covers - or, for a dataset whose lanes only say which task ran ({@link CpuModes#BY_TASK_KIND}),
 * running and idle: its user and kernel are its reader's guess by the kind of task. The states'
 * shares are shares of the recorded CPU time and sum to 100 %; the time no slice covers has no
 * share (NaN): it is outside what was recorded, not a state.
 */
public final class CpuBreakdown {
    /** Label of the row for time no slice covers. */
    public static final String UNRECORDED = "not recorded";

    /** One state's time and its share of the recorded CPU time (0..1; NaN for {@link #UNRECORDED}). */
    public record Row(String label, long ns, double share) {
    }

    private CpuBreakdown() {
    }

    /**
     * One row per state (in {@link SliceState} order), or with {@code modes} {@link CpuModes#BY_TASK_KIND}
     * "running" then "idle"; then {@link #UNRECORDED} when above 0.
     */
    public static List<Row> of(RangeTotals totals, CpuModes modes) {
        long recorded = totals.recordedNs();
        List<Row> rows = new ArrayList<>();
        if (modes.recorded()) {
            for (SliceState s : SliceState.values()) {
                long ns = totals.stateNs(s);
                rows.add(new Row(s.label(), ns, share(ns, recorded)));
            }
        } else {
            // stolen is 0 here (a stolen slice makes the modes recorded), so the two rows sum to 100 %
            long running = 0;
            for (SliceState s : SliceState.values()) {
                running += TaskRuns.running(s.code()) ? totals.stateNs(s) : 0;
            }
            long idle = totals.stateNs(SliceState.IDLE);
            rows.add(new Row(CpuModes.RUNNING, running, share(running, recorded)));
            rows.add(new Row(SliceState.IDLE.label(), idle, share(idle, recorded)));
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
