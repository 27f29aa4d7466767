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
}
