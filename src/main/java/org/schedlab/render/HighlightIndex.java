package org.schedlab.render;

import java.util.Arrays;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;
import org.schedlab.model.SortedLongs;

/**
 * Where the tasks a search matched ran, per CPU, so every frame can light up their slices at any
 * zoom (also where a column's dominant task is another one, and from the coarse pictures of the
 * level-of-detail pyramid, which keep no per-task detail). Built once per search with one pass
 * over the slices.
 */
public final class HighlightIndex {
    /** No search: nothing is highlighted and nothing fades. */
    public static final HighlightIndex NONE = new HighlightIndex(Set.of(), "", new long[0][], new long[0][]);

    private final Set<Integer> tasks;
    private final String query;
    private final long[][] startNs;
    private final long[][] endNs;
    private final long slices;

    private HighlightIndex(Set<Integer> tasks, String query, long[][] startNs, long[][] endNs) {
        this.tasks = Set.copyOf(tasks);
        this.query = query;
        this.startNs = startNs;
        this.endNs = endNs;
        long n = 0;
        for (long[] s : startNs) {
            n += s.length;
        }
        this.slices = n;
    }

    /** The runs of {@code tasks} on every CPU of {@code d}; {@code query} is what the user typed. */
    public static HighlightIndex of(Dataset d, Collection<Integer> tasks, String query, BooleanSupplier cancelled) {
        boolean[] wanted = new boolean[d.tasks().size()];
        for (int t : tasks) {
            if (t >= 0 && t < wanted.length) {
                wanted[t] = true;
            }
        }
        long[][] starts = new long[d.cpuCount()][];
        long[][] ends = new long[d.cpuCount()][];
        byte idle = SliceState.IDLE.code();
        for (CpuLane lane : d.cpus()) {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException("search cancelled");
            }
            Intervals s = lane.slices();
            long[] st = new long[16];
            long[] en = new long[16];
            int n = 0;
            for (int i = 0; i < s.size(); i++) {
                int t = s.task(i);
                if (t < 0 || !wanted[t] || s.code(i) == idle) {
                    continue;
                }
                if (n > 0 && en[n - 1] == s.startNs(i)) {
                    en[n - 1] = s.endNs(i); // user then kernel of one task: one run
                    continue;
                }
                if (n == st.length) {
                    st = Arrays.copyOf(st, n * 2);
                    en = Arrays.copyOf(en, n * 2);
                }
                st[n] = s.startNs(i);
                en[n] = s.endNs(i);
                n++;
            }
            starts[lane.cpu()] = Arrays.copyOf(st, n);
            ends[lane.cpu()] = Arrays.copyOf(en, n);
        }
        return new HighlightIndex(Set.copyOf(tasks), query, starts, ends);
    }

    public boolean isActive() {
        return !tasks.isEmpty();
    }

    public Set<Integer> tasks() {
        return tasks;
    }

    public String query() {
        return query;
    }

    /** Runs of the matched tasks over all CPUs (back-to-back slices of one task count once). */
    public long runCount() {
        return slices;
    }

    /**
     * The earliest run of a matched task starting after {@code tNs} on any CPU, as {cpu, start,
     * end}; empty when there is none (search: "next match").
     */
    public java.util.Optional<long[]> nextRunAfter(long tNs) {
        long[] best = null;
        for (int cpu = 0; cpu < startNs.length; cpu++) {
            long[] s = startNs[cpu];
            int lo = SortedLongs.firstAfter(s, s.length, tNs);
            if (lo < s.length && (best == null || s[lo] < best[1])) {
                best = new long[] {cpu, s[lo], endNs[cpu][lo]};
            }
        }
        return java.util.Optional.ofNullable(best);
    }

    /** Sets {@link CpuColumns#FLAG_HIGHLIGHT} on every column of {@code out} a matched task ran in. */
    void mark(int cpu, long windowStartNs, double nsPerCol, CpuColumns out) {
        if (cpu >= startNs.length) {
            return;
        }
        long[] s = startNs[cpu];
        long[] e = endNs[cpu];
        long windowEnd = windowStartNs + (long) Math.ceil(out.columns * nsPerCol);
        int lo = SortedLongs.firstAfter(e, e.length, windowStartNs);
        for (int i = lo; i < s.length && s[i] < windowEnd; i++) {
            int c0 = (int) Math.max(0, Math.floor((s[i] - windowStartNs) / nsPerCol));
            int c1 = (int) Math.min(out.columns - 1, Math.ceil((e[i] - windowStartNs) / nsPerCol) - 1);
            for (int c = c0; c <= c1; c++) {
                out.flags[c] |= CpuColumns.FLAG_HIGHLIGHT;
            }
        }
    }
}
