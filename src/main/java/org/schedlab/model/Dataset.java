package org.schedlab.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The one picture of a run: tasks, per-CPU slices, per-task state lanes, lock lanes,
 * counter series, marks, the workload's completed operations and metadata. Immutable; made only by {@link DatasetBuilder}, which
 * validates it, so every consumer may rely on sorted, non-overlapping lanes and known tasks.
 */
public final class Dataset {
    private final Metadata metadata;
    private final List<TaskInfo> tasks;
    private final List<CpuLane> cpus;
    private final List<TaskLane> taskLanes;
    private final List<LockLane> locks;
    private final List<CounterSeries> counters;
    private final Marks marks;
    private final List<OperationSamples> operations;
    private final long startNs;
    private final long endNs;

    Dataset(Metadata metadata, List<TaskInfo> tasks, List<CpuLane> cpus, List<TaskLane> taskLanes,
            List<LockLane> locks, List<CounterSeries> counters, Marks marks, List<OperationSamples> operations,
            long startNs, long endNs) {
        this.metadata = metadata;
        this.tasks = List.copyOf(tasks);
        this.cpus = List.copyOf(cpus);
        this.taskLanes = List.copyOf(taskLanes);
        this.locks = List.copyOf(locks);
        this.counters = List.copyOf(counters);
        this.marks = marks;
        this.operations = List.copyOf(operations);
        this.startNs = startNs;
        this.endNs = endNs;
    }

    public static DatasetBuilder builder(Metadata metadata) {
        return new DatasetBuilder(metadata);
    }

    public Metadata metadata() {
        return metadata;
    }

    public List<TaskInfo> tasks() {
        return tasks;
    }

    public TaskInfo task(int id) {
        return tasks.get(id);
    }

    /** CPU lanes indexed by CPU number (lane i is CPU i; CPUs with no slices have empty lanes). */
    public List<CpuLane> cpus() {
        return cpus;
    }

    public int cpuCount() {
        return cpus.size();
    }

    public List<TaskLane> taskLanes() {
        return taskLanes;
    }

    public Optional<TaskLane> taskLane(int task) {
        return taskLanes.stream().filter(l -> l.task() == task).findFirst();
    }

    public List<LockLane> locks() {
        return locks;
    }

    public List<CounterSeries> counters() {
        return counters;
    }

    public Optional<CounterSeries> counter(String name) {
        return counters.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    public Marks marks() {
        return marks;
    }

    /**
     * The workload's completed operations, per operation in the order the workload named them
     * (a simulated run's; empty for a recording, which has no such samples).
     */
    public List<OperationSamples> operations() {
        return operations;
    }

    /** Earliest time anything happens, or the start of the window the dataset covers ({@link DatasetBuilder#covers}); 0 for an empty dataset. */
    public long startNs() {
        return startNs;
    }

    /** Latest time anything happens, or the end of the window the dataset covers; 0 for an empty dataset. */
    public long endNs() {
        return endNs;
    }

    public long spanNs() {
        return endNs - startNs;
    }

    /**
     * This dataset cut to the window {@code [fromNs, toNs)}: what lies inside it, cut at its
     * edges, as if recorded over that window only (see {@link DatasetCrop}); the metadata says
     * which window ({@link DatasetCrop#WINDOW_KEY}).
     */
    public Dataset crop(long fromNs, long toNs) {
        return DatasetCrop.of(this, fromNs, toNs);
    }

    public long sliceCount() {
        long n = 0;
        for (CpuLane c : cpus) {
            n += c.slices().size();
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Dataset d
                && metadata.equals(d.metadata)
                && tasks.equals(d.tasks)
                && cpus.equals(d.cpus)
                && taskLanes.equals(d.taskLanes)
                && locks.equals(d.locks)
                && counters.equals(d.counters)
                && marks.equals(d.marks)
                && operations.equals(d.operations);
    }

    @Override
    public int hashCode() {
        return Objects.hash(metadata, tasks, cpus, taskLanes, locks, counters, marks, operations);
    }

    @Override
    public String toString() {
        return "Dataset[" + metadata.source() + ": " + cpus.size() + " cpus, " + tasks.size() + " tasks, "
                + sliceCount() + " slices, " + locks.size() + " locks, " + counters.size() + " counters]";
    }
}
