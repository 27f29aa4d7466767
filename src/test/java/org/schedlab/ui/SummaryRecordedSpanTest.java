package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.schedlab.analysis.LockIndex;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.render.TimeRange;

/** A task's share in the Selection tab is of the time the CPU lanes recorded, not of the whole file. */
class SummaryRecordedSpanTest {
    @Test
    void perfSchedBesideALongerPgbenchLogCountsTheRecordedPart() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", "perf-sched-script"));
        int pg = b.addTask(10, 10, "postgres");
        // two CPUs recorded for 10 ms; pgbench's progress runs 40 ms
        b.slice(0, 0, 6_000_000, pg, SliceState.USER).slice(0, 6_000_000, 10_000_000, Intervals.NO_TASK, SliceState.IDLE);
        b.slice(1, 0, 10_000_000, Intervals.NO_TASK, SliceState.IDLE);
        b.counter("pgbench tps", "tps").add(0, 2000).add(40_000_000L, 3000);
        Dataset d = b.build();
        Summary s = Summary.compute(d, new TimeRange(d.startNs(), d.endNs()), true, LockIndex.of(d), org.schedlab.analysis.CpuModes.of(d), () -> false);
        assertEquals(10_000_000, s.recordedSpanNs());
        assertEquals(6_000_000, s.topTasks().get(0).runNs(), "postgres ran 60 % of what was recorded, not 15 %");

        DatasetBuilder none = Dataset.builder(Metadata.of("pgbench.txt", "pgbench"));
        none.counter("pgbench tps", "tps").add(0, 2000).add(40_000_000L, 3000);
        Dataset p = none.build();
        Summary ps = Summary.compute(p, new TimeRange(p.startNs(), p.endNs()), true, LockIndex.of(p), org.schedlab.analysis.CpuModes.of(p), () -> false);
        assertEquals(40_000_000, ps.recordedSpanNs(), "nothing recorded: the scope");
    }

    /**
     * A window at a recording's start, before CPU 1's first event: CPU 0 recorded all of it and
     * perf ran there throughout. Its share is 100 % (a CPU all the time), where the CPUs' mean
     * (7 us over two CPUs, 3.5 us) read "200.0 %" in the Selection tab.
     */
    @Test
    void aCpuThatRecordedNothingInTheScopeDoesNotShrinkWhatTheSharesAreOf() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", "perf-sched-script"));
        int perf = b.addTask(7396, 7396, "perf");
        int pg = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 14_000, perf, SliceState.USER).slice(0, 14_000, 100_000, pg, SliceState.USER);
        b.slice(1, 50_000, 100_000, Intervals.NO_TASK, SliceState.IDLE); // CPU 1's lane begins at its first event
        Dataset d = b.build();
        TimeRange scope = new TimeRange(d.startNs() + 7_000, d.startNs() + 14_000);
        Summary s = Summary.compute(d, scope, false, LockIndex.of(d), org.schedlab.analysis.CpuModes.of(d), () -> false);
        assertEquals(7_000, s.recordedSpanNs(), "the longest a CPU recorded in the scope");
        assertEquals(1.0, (double) s.topTasks().get(0).runNs() / s.recordedSpanNs(), 1e-9, "perf ran its CPU throughout");
        // over the whole recording CPU 0 recorded 100 us, CPU 1 50 us: a share of 100 us
        Summary whole = Summary.compute(d, new TimeRange(d.startNs(), d.endNs()), true, LockIndex.of(d),
                org.schedlab.analysis.CpuModes.of(d), () -> false);
        assertEquals(100_000, whole.recordedSpanNs());
    }
}
