package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/** The task lanes a dataset opens with: lock-holder preemption victims, then the busiest tasks. */
class TrackSpecDefaultTest {
    private static DatasetBuilder tasks(long[] ranNs) {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", "perf-sched-script"));
        long t0 = 0;
        for (int i = 0; i < ranNs.length; i++) {
            int t = b.addTask(100 + i, 100 + i, "task" + i);
            b.slice(0, t0, t0 + ranNs[i], t, SliceState.USER);
            b.taskState(t, t0, t0 + ranNs[i], TaskState.RUNNING);
            t0 += ranNs[i];
        }
        return b;
    }

    @Test
    void theBusiestTasksGetLanesInTaskOrderNotTheFirstOnes() throws Exception {
        // like a perf sched recording: perf and migration/0 come first and hardly run
        Dataset d = tasks(new long[] {1_000, 2_000, 3_000, 90_000, 50_000, 70_000}).build();
        assertEquals(List.of(3, 4, 5), TrackSpec.defaultFor(d).taskLanes());
    }

    @Test
    void aLockHolderPreemptionVictimComesFirstThenTheBusiest() throws Exception {
        DatasetBuilder b = tasks(new long[] {1_000, 2_000, 3_000, 90_000, 50_000, 70_000});
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 500, 0, 1, "holder preempted");
        assertEquals(List.of(1, 3, 5), TrackSpec.defaultFor(b.build()).taskLanes());
    }

    @Test
    void withoutCpuTimeTheFirstTasksWithLanes() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("x", "test"));
        for (int i = 0; i < 5; i++) {
            int t = b.addTask(10 + i, 10, "t" + i);
            b.taskState(t, 0, 1_000, TaskState.SLEEPING);
        }
        assertEquals(List.of(0, 1, 2), TrackSpec.defaultFor(b.build()).taskLanes());
    }
}
