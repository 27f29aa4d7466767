package org.schedlab.ui;

import java.util.List;
import java.util.function.IntFunction;

import javafx.concurrent.Task;

import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * For the tests that check a timeline's opening task lanes are chosen off the FX thread (an
 * opened file, a simulated run): a dataset big enough that choosing them means a real pass over
 * every slice, and a worker thread to run the background task on.
 */
public final class LaneFixtures {
    public static final int SLICES = 200_000;
    public static final int TASKS = 20;
    /** The three tasks that run longest in {@link #busiestLast}: the lanes its timeline opens with. */
    public static final List<Integer> BUSIEST = List.of(TASKS - 3, TASKS - 2, TASKS - 1);

    private LaneFixtures() {
    }

    /**
     * Two CPUs, {@link #TASKS} tasks with state lanes, {@link #SLICES} slices taken in turn; the
     * last three tasks run longest.
     */
    public static Dataset busiestLast(Metadata metadata, IntFunction<String> comm) {
        DatasetBuilder b = Dataset.builder(metadata);
        for (int i = 0; i < TASKS; i++) {
            int t = b.addTask(100 + i, 100, comm.apply(i));
            b.taskState(t, 0, 1_000, TaskState.RUNNING);
        }
        long[] at = new long[2];
        for (int i = 0; i < SLICES; i++) {
            int cpu = i % 2;
            int task = i % TASKS;
            long len = task >= TASKS - 3 ? 900 : 100;
            b.slice(cpu, at[cpu], at[cpu] + len, task, SliceState.USER);
            at[cpu] += 1_000;
        }
        try {
            return b.build();
        } catch (InvalidDatasetException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs {@code task} on a thread of its own, as a background executor would, and waits for it to end. */
    public static void runOnAWorker(Task<?> task, String threadName) throws InterruptedException {
        Thread worker = new Thread(task, threadName);
        worker.start();
        worker.join();
    }
}
