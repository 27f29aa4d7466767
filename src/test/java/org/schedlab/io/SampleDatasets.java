package org.schedlab.io;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/** Small hand-made datasets with every kind of lane, for io and cli tests. */
public final class SampleDatasets {
    private SampleDatasets() {
    }

    /** Two CPUs, three tasks, a contended spinlock, a shared rwsem, a counter and marks; seed 42. */
    public static Dataset small() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("preempt", "lazy");
        params.put("cpus", "2");
        DatasetBuilder b = Dataset.builder(new Metadata("scenario:pgbench-lazy", "simulation", params,
                OptionalLong.of(42), "0.1.0"));
        int pg = b.addTask(1201, 1200, "postgres");
        int kw = b.addTask(88, 88, "kworker/0:1");
        int bench = b.addTask(1300, 1300, "pgbench \"quoted\" ü");
        b.slice(0, 1_000, 5_000, pg, SliceState.USER)
                .slice(0, 5_000, 6_000, pg, SliceState.KERNEL)
                .slice(0, 6_000, 6_500, Intervals.NO_TASK, SliceState.IDLE)
                .slice(0, 6_500, 9_000, kw, SliceState.SPINNING)
                .slice(1, 2_000, 3_000, bench, SliceState.FAULT)
                .slice(1, 3_000, 3_500, Intervals.NO_TASK, SliceState.STOLEN)
                .slice(1, 3_500, 8_000, bench, SliceState.USER);
        b.taskState(pg, 1_000, 6_000, TaskState.RUNNING).taskState(pg, 6_000, 7_000, TaskState.SLEEPING);
        b.taskState(kw, 6_000, 6_500, TaskState.RUNNABLE).taskState(kw, 6_500, 9_000, TaskState.RUNNING);
        b.lock("rq->lock", "spinlock", false).hold(5_000, 6_000, pg).waitFor(6_500, 9_000, kw, WaitMode.SPIN);
        b.lock("mmap_lock", "rwsem", true).hold(1_000, 4_000, pg).hold(2_000, 3_000, bench)
                .waitFor(2_500, 4_000, kw, WaitMode.SLEEP);
        b.counter("tps", "tx/s").add(1_000, 98565.9).add(5_000, 50751.25).add(9_000, 0.1);
        b.counter("empty", "");
        b.mark(MarkKind.PREEMPTION, 5_000, 0, pg, "tick")
                .mark(MarkKind.LOCK_HOLDER_PREEMPTION, 6_000, 0, pg, "")
                .mark(MarkKind.BOOKMARK, 7_000, -1, -1, "look here");
        try {
            return b.build();
        } catch (InvalidDatasetException e) {
            throw new IllegalStateException("sample dataset is invalid: " + e.getMessage(), e);
        }
    }
}
