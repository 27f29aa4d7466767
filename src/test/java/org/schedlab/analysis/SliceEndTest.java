package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

class SliceEndTest {
    private final Dataset d = LockHolderPreemption.dataset();

    @Test
    void holderSliceEndsInALockHolderPreemptionNamingTheLockAndWhatRanNext() {
        SliceEnd.Reason r = SliceEnd.explain(d, 0, 0);
        assertEquals(SliceEnd.Kind.LOCK_HOLDER_PREEMPTED, r.kind());
        assertTrue(r.text().contains("buffer_strategy_lock"), r.text());
        assertTrue(r.text().contains("kworker/0:1[90] (kernel)"), r.text());
    }

    @Test
    void backendUserSliceEndsBySpinning() {
        SliceEnd.Reason r = SliceEnd.explain(d, 3, 0);
        assertEquals(SliceEnd.Kind.STATE_CHANGED, r.kind());
        assertTrue(r.text().contains("user \u2192 spinning"), r.text());
    }

    @Test
    void taskLaneSaysSleepOrPreemptionWhenThereIsNoMark() throws Exception {
        // the holder's second slice ends at 420 where its lane says sleeping
        assertEquals(SliceEnd.Kind.SLEPT, SliceEnd.explain(d, 0, 2).kind());
        // the sleeper's first slice ends at 200 where its lane says blocked
        assertEquals(SliceEnd.Kind.BLOCKED, SliceEnd.explain(d, 9, 0).kind());

        DatasetBuilder b = Dataset.builder(Metadata.of("preempted", "test"));
        int a = b.addTask(1, 1, "a");
        int c = b.addTask(2, 2, "c");
        b.slice(0, 0, 10, a, SliceState.USER).slice(0, 10, 20, c, SliceState.USER);
        b.taskState(a, 0, 10, TaskState.RUNNING).taskState(a, 10, 20, TaskState.RUNNABLE);
        SliceEnd.Reason r = SliceEnd.explain(b.build(), 0, 0);
        assertEquals(SliceEnd.Kind.PREEMPTED, r.kind());
        // a recording with user time only, as a switch trace's reader makes it: which task ran, no mode
        assertTrue(r.text().contains("c[2] (running)"), r.text());
        assertTrue(SliceEnd.explain(b.build(), 0, 0, CpuModes.RECORDED).text().contains("c[2] (user)"));
    }

    @Test
    void withoutLanesOrMarksTheNextSliceTellsWhatHappened() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("bare", "test"));
        int a = b.addTask(1, 1, "a");
        int c = b.addTask(2, 2, "c");
        b.slice(0, 0, 10, a, SliceState.USER).slice(0, 10, 20, Intervals.NO_TASK, SliceState.IDLE)
                .slice(0, 20, 30, a, SliceState.USER).slice(0, 30, 40, c, SliceState.USER);
        Dataset bare = b.build();
        assertEquals(SliceEnd.Kind.CPU_WENT_IDLE, SliceEnd.explain(bare, 0, 0).kind());
        assertEquals(SliceEnd.Kind.SWITCHED_OUT, SliceEnd.explain(bare, 0, 2).kind());
        assertEquals(SliceEnd.Kind.RECORDING_ENDED, SliceEnd.explain(bare, 0, 3).kind());
    }
}
