package org.schedlab.sim.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.Intervals;
import org.schedlab.model.IntervalsBuilder;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/**
 * Turns the kernel's state changes into a {@link Dataset} for the window [from, to): CPU slices
 * (gapless: idle and stolen included), task state lanes, lock hold/wait lanes, marks and
 * counters. Writes straight into the Dataset's columnar builders: per change a few array
 * stores, no object. Outside the window it only tracks current states, so slices that began
 * before the window start at its edge.
 *
 * <p>Task lanes: every task when the run has at most {@value #DEFAULT_MAX_TASK_LANES} tasks,
 * otherwise the first {@value #DEFAULT_MAX_TASK_LANES} created (workloads create their
 * interesting tasks first). Counters, in 10 ms buckets: {@code throughput} (units/s, unit from
 * the workload), {@code waiting for a CPU} and {@code spinning CPUs} (time-averaged), then the
 * workload's own event tracks ({@link #eventTrack}) as rates, then each operation's latency
 * ({@link #operation}, {@link #operationDone}: 10 ms mean and max), kept by {@link CounterBuckets}.
 * Each operation ending in the window is also kept as it is, its end time and latency
 * ({@code model.OperationSamples}), for the latency summary of the window or any range of it.
 *
 * <p>{@link #none()} records nothing and costs one branch per call.
 *
 * <p>After {@link #applyOnAnotherThread()} the reports are carried to a thread of the recorder's
 * own ({@link RecordPipe}) and applied there in the same order, so the dataset is the same; the
 * public methods are then the simulator's side (they check the window and queue), the private
 * ones the applying side.
 */
public class Recorder {
    public static final int DEFAULT_MAX_TASK_LANES = 2048;

    private final boolean enabled;
    private final long fromNs;
    private final long toNs;
    private final int maxTaskLanes;
    private final DatasetBuilder builder;
    private String throughputUnit = "units/s";

    private int[] cpuTask = new int[0];
    private byte[] cpuState = new byte[0];
    private long[] cpuStart = new long[0];
    /** The dataset's slice column per CPU, kept at hand: a busy window appends ~10 M slices per second. */
    private final IntervalsBuilder[] cpuLanes;

    private byte[] taskState = new byte[0];
    private long[] taskStart = new long[0];
    private IntervalsBuilder[] taskLanes = new IntervalsBuilder[0];
    private int taskCount;

    private final List<DatasetBuilder.LockBuilder> lockLanes = new ArrayList<>();
    private final List<Boolean> lockShared = new ArrayList<>();

    private final CounterBuckets counters;
    /** Per operation id (null: not registered): its samples in the dataset, end time and latency of each. */
    private DatasetBuilder.OperationBuilder[] operations = new DatasetBuilder.OperationBuilder[0];

    private Dataset result;

    /** Where reports go once applied on another thread; null: applied where they happen. */
    private RecordPipe pipe;
    /** The simulator's side has called {@link #finish}: later reports are ignored. */
    private boolean finishCalled;

    private static final int OP_TASK_CREATED = 1;
    private static final int OP_TASK_STATE = 2;
    private static final int OP_TASK_EXITED = 3;
    private static final int OP_CPU_STATE = 4;
    private static final int OP_HOLD = 5;
    private static final int OP_HOLD_SHARED = 6;
    private static final int OP_HOLD_EXCLUSIVE = 7;
    private static final int OP_WAIT = 8;
    private static final int OP_MARK = 9;
    private static final int OP_MARK_REASON = 10;
    private static final int OP_COMPLETED = 11;
    private static final int OP_COUNT_EVENT = 12;
    private static final int OP_LEVELS = 13;
    private static final int OP_OPERATION_DONE = 14;
    private static final int OP_MARK_WAKER = 15;
    private static final WaitMode[] WAIT_MODES = WaitMode.values();
    private static final MarkKind[] MARK_KINDS = MarkKind.values();

    /** Records [fromNs, toNs) of a run described by {@code metadata} on {@code cpus} CPUs. */
    public Recorder(Metadata metadata, int cpus, long fromNs, long toNs, int maxTaskLanes) {
        this.enabled = toNs > fromNs;
        this.fromNs = fromNs;
        this.toNs = toNs;
        this.maxTaskLanes = maxTaskLanes;
        this.builder = Dataset.builder(metadata);
        builder.cpuCount(cpus);
        cpuTask = new int[cpus];
        cpuState = new byte[cpus];
        cpuStart = new long[cpus];
        cpuLanes = new IntervalsBuilder[cpus];
        for (int c = 0; c < cpus; c++) {
            cpuLanes[c] = builder.cpu(c);
        }
        Arrays.fill(cpuTask, Intervals.NO_TASK);
        Arrays.fill(cpuState, (byte) -1);
        counters = new CounterBuckets(fromNs, toNs);
    }

    /**
     * From now on, applies reports on a thread of its own (see {@link RecordPipe}); the dataset
     * stays the same. Does nothing when disabled, already finished, or already so. Call
     * {@link #close} when the run ends early (a cancel), or the thread waits for the rest.
     */
    public void applyOnAnotherThread() {
        if (enabled && result == null && !finishCalled && pipe == null) {
            pipe = new RecordPipe(this::apply);
        }
    }

    /** Ends the applying thread if there is one (reports not yet applied are dropped). Idempotent. */
    public void close() {
        if (pipe != null) {
            pipe.close();
        }
    }

    private static long header(int op, int p, int q, int r) {
        return op | (p & 0xffL) << 8 | (q & 0xffffL) << 16 | (long) r << 32;
    }

    private static int small(int v, String what) {
        if (v < 0 || v > 0xffff) {
            throw new IllegalArgumentException(what + " out of range for recording: " + v);
        }
        return v;
    }

    /** The applying side: one report as queued by the public methods. */
    private void apply(long h, long a, long b, Object o) {
        int op = (int) (h & 0xff);
        int p = (int) (h >>> 8 & 0xff);
        int q = (int) (h >>> 16 & 0xffff);
        int r = (int) (h >> 32);
        switch (op) {
            case OP_TASK_CREATED -> doTaskCreated(r, (int) a, (int) b, (String) o);
            case OP_TASK_STATE -> doTaskState(r, a, TaskState.ofCode((byte) p));
            case OP_TASK_EXITED -> doTaskExited(r, a);
            case OP_CPU_STATE -> setCpuState(q, a, r, (byte) p);
            case OP_HOLD -> doLockHold(q, a, b, r);
            case OP_HOLD_SHARED -> doLockHold(q, a, b, r, false);
            case OP_HOLD_EXCLUSIVE -> doLockHold(q, a, b, r, true);
            case OP_WAIT -> doLockWait(q, a, b, r, WAIT_MODES[p]);
            case OP_MARK -> doMark(MARK_KINDS[p], a, (int) (b >> 32), (int) b, (String) o, -1, false);
            case OP_MARK_REASON -> doMark(MARK_KINDS[p], a, (int) (b >> 32), (int) b, (String) o, r, true);
            case OP_MARK_WAKER -> doMark(MARK_KINDS[p], a, q, (int) (b >> 32), (String) o, r, (int) b);
            case OP_COMPLETED -> doCompleted(a, Double.longBitsToDouble(b));
            case OP_COUNT_EVENT -> doCountEvent(r, a, Double.longBitsToDouble(b));
            case OP_LEVELS -> doLevels(a, (int) (b >> 32), (int) b);
            case OP_OPERATION_DONE -> doOperationDone(r, a, b);
            default -> throw new IllegalStateException("unknown recorder report " + op);
        }
    }

    /** Brings the applying side up to date before a call that needs its state. */
    private void sync() {
        if (pipe != null) {
            pipe.drain();
        }
    }

    /** A recorder that records nothing. */
    public static Recorder none() {
        return new Recorder(Metadata.of("none", Metadata.SIMULATION), 0, 0, 0, 0);
    }

    public boolean enabled() {
        return enabled;
    }

    public long fromNs() {
        return fromNs;
    }

    public long toNs() {
        return toNs;
    }

    /** Whether {@code tNs} falls in the window: lets callers skip building notes. */
    public boolean recording(long tNs) {
        return accepting() && tNs >= fromNs && tNs < toNs;
    }

    /** The simulator's side: enabled and {@link #finish} not called yet. */
    private boolean accepting() {
        return enabled && !finishCalled;
    }

    /** The applying side's {@link #recording}. */
    private boolean inWindow(long tNs) {
        return open() && tNs >= fromNs && tNs < toNs;
    }

    /**
     * Enabled and not finished yet. Once {@link #finish} built the dataset (which may be at the
     * window's end, mid-run) every later report is ignored: a hold in progress at the end was
     * flushed then and must not be added again at its release.
     */
    private boolean open() {
        return enabled && result == null;
    }

    public void throughputUnit(String unit) {
        sync();
        this.throughputUnit = unit;
    }

    // ---- tasks ----

    public void taskCreated(int id, int tid, int pid, String comm) {
        if (pipe != null) {
            if (accepting()) {
                pipe.put(header(OP_TASK_CREATED, 0, 0, id), tid, pid, comm);
            }
            return;
        }
        doTaskCreated(id, tid, pid, comm);
    }

    private void doTaskCreated(int id, int tid, int pid, String comm) {
        if (!open()) {
            return;
        }
        int got = builder.addTask(tid, pid, comm);
        if (got != id) {
            throw new IllegalStateException("task ids out of step: kernel " + id + ", dataset " + got);
        }
        if (id >= taskState.length) {
            int cap = Math.max(16, id * 2);
            taskState = Arrays.copyOf(taskState, cap);
            taskStart = Arrays.copyOf(taskStart, cap);
            taskLanes = Arrays.copyOf(taskLanes, cap);
        }
        taskState[id] = -1;
        taskCount = id + 1;
    }

    public void taskState(int task, long nowNs, TaskState state) {
        if (pipe != null) {
            if (accepting() && task < maxTaskLanes) {
                pipe.put(header(OP_TASK_STATE, state.code(), 0, task), nowNs, 0);
            }
            return;
        }
        doTaskState(task, nowNs, state);
    }

    private void doTaskState(int task, long nowNs, TaskState state) {
        if (!open() || task >= maxTaskLanes) {
            return;
        }
        byte code = state.code();
        if (taskState[task] == code) {
            return;
        }
        closeTask(task, nowNs);
        taskState[task] = code;
        taskStart[task] = nowNs;
    }

    public void taskExited(int task, long nowNs) {
        if (pipe != null) {
            if (accepting() && task < maxTaskLanes) {
                pipe.put(header(OP_TASK_EXITED, 0, 0, task), nowNs, 0);
            }
            return;
        }
        doTaskExited(task, nowNs);
    }

    private void doTaskExited(int task, long nowNs) {
        if (!open() || task >= maxTaskLanes) {
            return;
        }
        closeTask(task, nowNs);
        taskState[task] = -1;
    }

    private static final byte RUNNABLE = TaskState.RUNNABLE.code();

    private void closeTask(int task, long nowNs) {
        byte old = taskState[task];
        if (old < 0) {
            return;
        }
        long s = Math.max(taskStart[task], fromNs);
        long e = Math.min(nowNs, toNs);
        if (e > s || old == RUNNABLE && taskStart[task] == nowNs && inWindow(nowNs)) {
            // a wait of 0 ns for a CPU is a run-queue latency sample too (the summary counts it)
            emitTask(task, s, e, TaskState.ofCode(old));
        }
    }

    protected void emitTask(int task, long startNs, long endNs, TaskState state) {
        IntervalsBuilder lane = taskLanes[task];
        if (lane == null) {
            lane = builder.taskLane(task);
            taskLanes[task] = lane;
        }
        lane.add(startNs, endNs, task, state.code());
    }

    // ---- CPUs ----

    /** CPU {@code cpu} now runs {@code task} (-1: none) in {@code state}. */
    public void cpuState(int cpu, long nowNs, int task, SliceState state) {
        reportCpuState(cpu, nowNs, task, state);
    }

    /**
     * CPU {@code cpu}'s running task entered {@code state} at {@code tNs}, reported later (when
     * the kernel accounts the CPU: a chained step's silent boundary). Calls for one CPU still come
     * in time order; calls for different CPUs may not.
     */
    public void cpuStateAt(int cpu, long tNs, int task, SliceState state) {
        reportCpuState(cpu, tNs, task, state);
    }

    private void reportCpuState(int cpu, long tNs, int task, SliceState state) {
        if (pipe != null) {
            if (accepting()) {
                pipe.put(header(OP_CPU_STATE, state.code(), small(cpu, "cpu"), task), tNs, 0);
            }
            return;
        }
        setCpuState(cpu, tNs, task, state.code());
    }

    private void setCpuState(int cpu, long nowNs, int task, byte code) {
        if (!open()) {
            return;
        }
        if (cpuState[cpu] == code && cpuTask[cpu] == task) {
            return;
        }
        closeCpu(cpu, nowNs);
        cpuState[cpu] = code;
        cpuTask[cpu] = task;
        cpuStart[cpu] = nowNs;
    }

    private void closeCpu(int cpu, long nowNs) {
        byte old = cpuState[cpu];
        if (old < 0) {
            return;
        }
        long s = Math.max(cpuStart[cpu], fromNs);
        long e = Math.min(nowNs, toNs);
        if (e > s) {
            emitSlice(cpu, s, e, cpuTask[cpu], SliceState.ofCode(old));
        }
    }

    protected void emitSlice(int cpu, long startNs, long endNs, int task, SliceState state) {
        cpuLanes[cpu].add(startNs, endNs, task, state.code());
    }

    // ---- locks ----

    public int lockLane(String name, String kind, boolean shared) {
        sync();
        lockLanes.add(open() ? builder.lock(name, kind, shared) : null);
        lockShared.add(shared);
        return lockLanes.size() - 1;
    }

    public void lockHold(int lane, long startNs, long endNs, int task) {
        if (pipe != null) {
            if (accepting()) {
                pipe.put(header(OP_HOLD, 0, small(lane, "lock lane"), task), startNs, endNs);
            }
            return;
        }
        doLockHold(lane, startNs, endNs, task);
    }

    private void doLockHold(int lane, long startNs, long endNs, int task) {
        if (!open()) {
            return;
        }
        long s = Math.max(startNs, fromNs);
        long e = Math.min(endNs, toNs);
        if (e > s) {
            emitHold(lane, s, e, task);
        }
    }

    /**
     * A hold that says whether it was exclusive: on a shared lane (an rwsem) a writer's hold
     * is, a reader's is not. Recorded like any hold; {@link CheckingRecorder} checks that an
     * exclusive hold overlaps no other hold of its lane.
     */
    public void lockHold(int lane, long startNs, long endNs, int task, boolean exclusive) {
        if (pipe != null) {
            if (accepting()) {
                pipe.put(header(exclusive ? OP_HOLD_EXCLUSIVE : OP_HOLD_SHARED, 0, small(lane, "lock lane"), task),
                        startNs, endNs);
            }
            return;
        }
        doLockHold(lane, startNs, endNs, task, exclusive);
    }

    private void doLockHold(int lane, long startNs, long endNs, int task, boolean exclusive) {
        if (!open()) {
            return;
        }
        long s = Math.max(startNs, fromNs);
        long e = Math.min(endNs, toNs);
        if (e > s) {
            emitHold(lane, s, e, task, exclusive);
        }
    }

    protected void emitHold(int lane, long startNs, long endNs, int task, boolean exclusive) {
        if (!laneShared(lane)) {
            emitHold(lane, startNs, endNs, task);
            return;
        }
        // an rwsem's lane keeps whether each hold was a reader's or a writer's: the lane and its
        // hover could not tell a writer from a lone reader
        lockLanes.get(lane).hold(startNs, endNs, task,
                exclusive ? org.schedlab.model.LockLane.HOLD_WRITE : org.schedlab.model.LockLane.HOLD_READ);
    }

    protected void emitHold(int lane, long startNs, long endNs, int task) {
        lockLanes.get(lane).hold(startNs, endNs, task);
    }

    protected boolean laneShared(int lane) {
        return lockShared.get(lane);
    }

    public void lockWait(int lane, long startNs, long endNs, int task, WaitMode mode) {
        if (pipe != null) {
            if (accepting()) {
                pipe.put(header(OP_WAIT, mode.ordinal(), small(lane, "lock lane"), task), startNs, endNs);
            }
            return;
        }
        doLockWait(lane, startNs, endNs, task, mode);
    }

    private void doLockWait(int lane, long startNs, long endNs, int task, WaitMode mode) {
        if (!open()) {
            return;
        }
        long s = Math.max(startNs, fromNs);
        long e = Math.min(endNs, toNs);
        if (e > s || startNs == endNs && inWindow(startNs)) {
            // a slow path that got the lock at once is a contended acquisition the summary counts
            lockLanes.get(lane).waitFor(s, e, task, mode);
        }
    }

    // ---- marks and counters ----

    public void mark(MarkKind kind, long tNs, int cpu, int task, String note) {
        if (pipe != null) {
            if (recording(tNs)) {
                pipe.put(header(OP_MARK, kind.ordinal(), 0, 0), tNs, pair(cpu, task), note);
            }
            return;
        }
        doMark(kind, tNs, cpu, task, note, -1, false);
    }

    private static long pair(int hi, int lo) {
        return (long) hi << 32 | (lo & 0xffffffffL);
    }

    private void doMark(MarkKind kind, long tNs, int cpu, int task, String note, int reasonCode, boolean withReason) {
        if (!inWindow(tNs)) {
            return;
        }
        if (withReason) {
            builder.mark(kind, tNs, cpu, task, note, reasonCode);
        } else {
            builder.mark(kind, tNs, cpu, task, note);
        }
    }

    /** A mark with the packed {@code model.MarkReason} of the decision behind it. */
    public void mark(MarkKind kind, long tNs, int cpu, int task, String note, int reasonCode) {
        if (pipe != null) {
            if (recording(tNs)) {
                pipe.put(header(OP_MARK_REASON, kind.ordinal(), 0, reasonCode), tNs, pair(cpu, task), note);
            }
            return;
        }
        doMark(kind, tNs, cpu, task, note, reasonCode, true);
    }

    /**
     * A mark with its reason code and its waker ({@code model.Marks#waker}: a task id,
     * {@code Marks.IDLE_WAKER} or {@code Marks.NO_WAKER}), on a CPU ({@code cpu >= 0}).
     */
    public void mark(MarkKind kind, long tNs, int cpu, int task, String note, int reasonCode, int waker) {
        if (pipe != null) {
            if (recording(tNs)) {
                pipe.put(header(OP_MARK_WAKER, kind.ordinal(), small(cpu, "cpu"), reasonCode), tNs, pair(task, waker),
                        note);
            }
            return;
        }
        doMark(kind, tNs, cpu, task, note, reasonCode, waker);
    }

    private void doMark(MarkKind kind, long tNs, int cpu, int task, String note, int reasonCode, int waker) {
        if (inWindow(tNs)) {
            builder.mark(kind, tNs, cpu, task, note, reasonCode, waker);
        }
    }

    public void completed(long nowNs, double n) {
        if (pipe != null) {
            if (recording(nowNs)) {
                pipe.put(OP_COMPLETED, nowNs, Double.doubleToRawLongBits(n));
            }
            return;
        }
        doCompleted(nowNs, n);
    }

    private void doCompleted(long nowNs, double n) {
        if (inWindow(nowNs)) {
            counters.completed(nowNs, n);
        }
    }

    /**
     * A counter track a workload fills with {@link #countEvent} (a TCP counter, packet drops):
     * shown as events per second in 10 ms buckets, in {@code unit}. Returns the track's handle.
     * Tracks are listed after the built-in ones, in the order they were made.
     */
    public int eventTrack(String name, String unit) {
        sync();
        return counters.eventTrack(name, unit);
    }

    /** {@code n} events of track {@code track} happened at {@code nowNs}. */
    public void countEvent(int track, long nowNs, double n) {
        if (pipe != null) {
            if (recording(nowNs)) {
                pipe.put(header(OP_COUNT_EVENT, 0, 0, track), nowNs, Double.doubleToRawLongBits(n));
            }
            return;
        }
        doCountEvent(track, nowNs, n);
    }

    private void doCountEvent(int track, long nowNs, double n) {
        if (inWindow(nowNs)) {
            counters.countEvent(track, nowNs, n);
        }
    }

    /**
     * The workload's operation {@code op} (the kernel's id for it) is called {@code name}: its
     * latency gets counter tracks, the 10 ms mean and max of the operations that end in each
     * bucket ({@link CounterBuckets} says why both).
     */
    public void operation(int op, String name) {
        sync();
        counters.operation(op, name);
        if (open()) {
            if (op >= operations.length) {
                operations = Arrays.copyOf(operations, Math.max(op + 1, operations.length * 2));
            }
            if (operations[op] == null) {
                // registered up front: an operation none of which ends in the window still says it ran none
                operations[op] = builder.operation(name);
            }
        }
    }

    /**
     * Operation {@code op} ended at {@code nowNs} after {@code latencyNs}. Disabled (a
     * summary-only run) this is the one branch {@link #completed} costs too.
     */
    public void operationDone(int op, long nowNs, long latencyNs) {
        if (pipe != null) {
            if (recording(nowNs)) {
                pipe.put(header(OP_OPERATION_DONE, 0, 0, op), nowNs, latencyNs);
            }
            return;
        }
        doOperationDone(op, nowNs, latencyNs);
    }

    private void doOperationDone(int op, long nowNs, long latencyNs) {
        if (inWindow(nowNs)) {
            counters.operationDone(op, nowNs, latencyNs);
            // each operation itself too, for the latency summary of the window or any range of it
            operations[op].add(nowNs, latencyNs);
        }
    }

    /**
     * Runnable-waiting tasks and spinning CPUs may have changed (called after every change of
     * the kernel's levels; most calls in a busy run change at least one of these two).
     */
    public void levels(long nowNs, int runnable, int spinning) {
        if (pipe != null) {
            if (accepting()) {
                pipe.put(OP_LEVELS, nowNs, pair(runnable, spinning));
            }
            return;
        }
        doLevels(nowNs, runnable, spinning);
    }

    private void doLevels(long nowNs, int runnable, int spinning) {
        if (open()) {
            counters.levels(nowNs, runnable, spinning);
        }
    }

    /**
     * Closes everything at {@code endNs} and builds the dataset: at the run's end, or at any
     * time from the window's end on (the rest of the run is then ignored). Runs once.
     */
    public void finish(long endNs) {
        if (!enabled || finishCalled) {
            return;
        }
        finishCalled = true;
        if (pipe != null) {
            try {
                pipe.drain();
            } finally {
                pipe.close();
            }
        }
        if (result != null) {
            return;
        }
        for (int c = 0; c < cpuState.length; c++) {
            closeCpu(c, endNs);
            cpuState[c] = -1;
        }
        for (int t = 0; t < Math.min(taskCount, maxTaskLanes); t++) {
            closeTask(t, endNs);
            taskState[t] = -1;
        }
        counters.close(endNs, builder, throughputUnit);
        try {
            result = builder.build();
        } catch (InvalidDatasetException e) {
            throw new IllegalStateException("the simulator recorded an invalid dataset: " + e.getMessage(), e);
        }
    }

    /** The recorded dataset, once {@link #finish} ran on an enabled recorder. */
    public Optional<Dataset> dataset() {
        return Optional.ofNullable(result);
    }
}
