package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.model.Dataset;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskInfo;

/**
 * A perf-report-like profile of a range: where the CPUs' time went, by comm and what the CPU was
 * doing for it ("postgres (spinning)"), as shares of the recorded CPU time (as {@link CpuBreakdown}'s), largest first. The
 * Dataset records no call sites, so comm and CPU state are the finest split it can give; the
 * same split works for an imported recording and a simulated run. A dataset whose lanes only say
 * which task ran ({@link CpuModes#BY_TASK_KIND}) has one row per comm, "postgres (running)".
 */
public final class Profile {
    /** One comm in one state ("user", "spinning"; "running" when the dataset has no modes). */
    public record Row(String comm, String state, long ns, double share) {
        public String label() {
            return comm + " (" + state + ")";
        }
    }

    private Profile() {
    }

    /** Rows with time in the range, largest first (ties by label), at most {@code limit}. */
    public static List<Row> byComm(Dataset d, RangeTotals totals, CpuModes modes, int limit) {
        Map<String, long[]> byComm = new LinkedHashMap<>();
        for (TaskInfo t : d.tasks()) {
            long[] ns = null;
            for (SliceState s : SliceState.values()) {
                long v = totals.taskNs(t.id(), s);
                if (v > 0) {
                    if (ns == null) {
                        ns = byComm.computeIfAbsent(t.comm(), k -> new long[SliceState.values().length]);
                    }
                    ns[s.code()] += v;
                }
            }
        }
        long recorded = totals.recordedNs();
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, long[]> e : byComm.entrySet()) {
            Map<String, Long> byLabel = new LinkedHashMap<>();
            for (SliceState s : SliceState.values()) {
                long v = e.getValue()[s.code()];
                if (v > 0) {
                    byLabel.merge(modes.label(s), v, Long::sum);
                }
            }
            byLabel.forEach((state, v) -> rows.add(new Row(e.getKey(), state, v, CpuBreakdown.share(v, recorded))));
        }
        rows.sort(Comparator.comparingLong(Row::ns).reversed().thenComparing(Row::label));
        return rows.size() > limit ? List.copyOf(rows.subList(0, limit)) : rows;
    }
}
