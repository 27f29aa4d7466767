package org.schedlab.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Fills a {@link Dataset}. Appends are cheap and unchecked; {@link #build()} checks every rule
 * the model promises (sorted, no overlap within a CPU or task lane, end >= start, known task
 * ids, known state codes) and names the first violation it finds.
 */
public final class DatasetBuilder {
    private Metadata metadata;
    private final List<TaskInfo> tasks = new ArrayList<>();
    private final List<IntervalsBuilder> cpuLanes = new ArrayList<>();
    private final Map<Integer, IntervalsBuilder> taskLanes = new LinkedHashMap<>();
    private final Map<String, LockBuilder> locks = new LinkedHashMap<>();
    private final Map<String, CounterBuilder> counters = new LinkedHashMap<>();
    private final MarksBuilder marks = new MarksBuilder();
    private final Map<String, OperationBuilder> operations = new LinkedHashMap<>();
    private long coversFromNs = Long.MAX_VALUE;
    private long coversToNs = Long.MIN_VALUE;

    DatasetBuilder(Metadata metadata) {
        this.metadata = Objects.requireNonNull(metadata, "metadata");
    }

    /**
     * Replaces the metadata given at creation. Readers learn a recording's parameters (a
     * benchmark's headline numbers, the formats of several files) only after its data.
     */
    public DatasetBuilder metadata(Metadata newMetadata) {
        this.metadata = Objects.requireNonNull(newMetadata, "metadata");
        return this;
    }

    public Metadata metadata() {
        return metadata;
    }

    /**
     * Adds a task and returns its id (its index in {@link Dataset#tasks()}). A task with the tid
     * and comm of an earlier one (a tid reused after its task exited) is numbered after it
     * ({@link TaskInfo#reuse}), so its label differs.
     */
    public int addTask(int tid, int pid, String comm) {
        int id = tasks.size();
        int reuse = sameName.merge(new TidComm(tid, comm), 1, Integer::sum) - 1;
        tasks.add(new TaskInfo(id, tid, pid, comm, reuse));
        return id;
    }

    private record TidComm(int tid, String comm) {
    }

    /** How many tasks of each tid and comm were added. */
    private final Map<TidComm, Integer> sameName = new HashMap<>();

    public int taskCount() {
        return tasks.size();
    }

    /** Makes sure CPUs 0..n-1 exist even if some never run anything. */
    public DatasetBuilder cpuCount(int n) {
        while (cpuLanes.size() < n) {
            cpuLanes.add(new IntervalsBuilder());
        }
        return this;
    }

    /** How many CPU lanes there are so far (the highest CPU given plus one, or as set). */
    public int cpuCount() {
        return cpuLanes.size();
    }

    /** The slice column of CPU {@code cpu} (created with any lower-numbered CPUs). */
    public IntervalsBuilder cpu(int cpu) {
        if (cpu < 0) {
            throw new IllegalArgumentException("cpu must be >= 0, was " + cpu);
        }
        cpuCount(cpu + 1);
        return cpuLanes.get(cpu);
    }

    public DatasetBuilder slice(int cpu, long startNs, long endNs, int task, SliceState state) {
        cpu(cpu).add(startNs, endNs, task, state.code());
        return this;
    }

    /**
     * The state column of task {@code task}'s lane (created on first use), for readers that
     * append many intervals per task and keep the column at hand instead of looking it up.
     */
    public IntervalsBuilder taskLane(int task) {
        return taskLanes.computeIfAbsent(task, t -> new IntervalsBuilder());
    }

    public DatasetBuilder taskState(int task, long startNs, long endNs, TaskState state) {
        taskLanes.computeIfAbsent(task, t -> new IntervalsBuilder()).add(startNs, endNs, task, state.code());
        return this;
    }

    /** The lane of lock {@code name}; the first call fixes its kind and whether it is shared. */
    public LockBuilder lock(String name, String kind, boolean shared) {
        return locks.computeIfAbsent(name, n -> new LockBuilder(n, kind, shared));
    }

    public CounterBuilder counter(String name, String unit) {
        return counters.computeIfAbsent(name, n -> new CounterBuilder(n, unit));
    }

    /**
     * The samples of operation {@code name} (created on first use, so an operation the workload has
     * is kept even if none of it ends in the recording): add each completed one in order of end time.
     */
    public OperationBuilder operation(String name) {
        return operations.computeIfAbsent(name, OperationBuilder::new);
    }

    /**
     * The dataset covers at least {@code [fromNs, toNs]} even where nothing happens at its ends
     * (a window cut from a longer dataset, {@link DatasetCrop}): {@link Dataset#startNs()} and
     * {@link Dataset#endNs()} then reach these times. Without it the span is that of the data.
     */
    public DatasetBuilder covers(long fromNs, long toNs) {
        if (toNs < fromNs) {
            throw new IllegalArgumentException("covers " + fromNs + ".." + toNs + " ns: the end is before the start");
        }
        coversFromNs = Math.min(coversFromNs, fromNs);
        coversToNs = Math.max(coversToNs, toNs);
        return this;
    }

    public DatasetBuilder mark(MarkKind kind, long tNs, int cpu, int task, String note) {
        return mark(kind, tNs, cpu, task, note, 0);
    }

    /** A mark with the packed {@link MarkReason} its producer decided ({@code 0}: none recorded). */
    public DatasetBuilder mark(MarkKind kind, long tNs, int cpu, int task, String note, int reasonCode) {
        marks.add(tNs, kind.code(), cpu, task, note == null ? "" : note, reasonCode);
        return this;
    }

    /**
     * A mark naming its waker ({@link Marks#waker}): a task id, {@link Marks#IDLE_WAKER} or
     * {@link Marks#NO_WAKER}.
     */
    public DatasetBuilder mark(MarkKind kind, long tNs, int cpu, int task, String note, int reasonCode, int waker) {
        marks.add(tNs, kind.code(), cpu, task, note == null ? "" : note, reasonCode, waker);
        return this;
    }

    public Dataset build() throws InvalidDatasetException {
        List<CpuLane> cpus = new ArrayList<>(cpuLanes.size());
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int c = 0; c < cpuLanes.size(); c++) {
            IntervalsBuilder b = cpuLanes.get(c);
            long maxDur = checkLane(b, "cpu " + c + " slice ", true);
            if (b.size() > 0) {
                lo = Math.min(lo, b.startAt(0));
                hi = Math.max(hi, b.endAt(b.size() - 1));
            }
            cpus.add(new CpuLane(c, b.toIntervals(maxDur)));
        }
        List<TaskLane> tLanes = new ArrayList<>();
        for (Map.Entry<Integer, IntervalsBuilder> e : taskLanes.entrySet()) {
            int task = e.getKey();
            IntervalsBuilder b = e.getValue();
            checkTask(task, "task lane " + task);
            long maxDur = checkLane(b, "task lane " + task + " interval ", false);
            if (b.size() > 0) {
                lo = Math.min(lo, b.startAt(0));
                hi = Math.max(hi, b.endAt(b.size() - 1));
            }
            tLanes.add(new TaskLane(task, b.toIntervals(maxDur)));
        }
        tLanes.sort((a, b) -> Integer.compare(a.task(), b.task()));
        List<LockLane> lockLanes = new ArrayList<>();
        for (LockBuilder l : locks.values()) {
            if (l.shared) {
                l.holds.sortByStart();
            }
            l.waits.sortByStart();
            String where = "lock " + l.name + " ";
            checkIntervals(l.holds, where + "hold ", !l.shared);
            checkIntervals(l.waits, where + "wait ", false);
            for (int i = 0; i < l.holds.size(); i++) {
                if (l.holds.taskAt(i) < 0 || l.holds.taskAt(i) >= tasks.size()) {
                    checkTask(l.holds.taskAt(i), where + "hold " + i);
                }
                lo = Math.min(lo, l.holds.startAt(i));
                hi = Math.max(hi, l.holds.endAt(i));
            }
            for (int i = 0; i < l.waits.size(); i++) {
                if (l.waits.taskAt(i) < 0 || l.waits.taskAt(i) >= tasks.size()) {
                    checkTask(l.waits.taskAt(i), where + "wait " + i);
                }
                byte code = l.waits.codeAt(i);
                if (code < 0 || code >= WaitMode.values().length) {
                    throw new InvalidDatasetException(where + "wait " + i + ": unknown wait mode code " + code);
                }
                lo = Math.min(lo, l.waits.startAt(i));
                hi = Math.max(hi, l.waits.endAt(i));
            }
            lockLanes.add(new LockLane(l.name, l.kind, l.shared, l.holds.toIntervals(), l.waits.toIntervals()));
        }
        List<CounterSeries> series = new ArrayList<>();
        for (CounterBuilder c : counters.values()) {
            for (int i = 0; i < c.size; i++) {
                if (i > 0 && c.t[i] < c.t[i - 1]) {
                    throw new InvalidDatasetException("counter " + c.name + " sample " + i + ": time "
                            + c.t[i] + " before the previous sample's " + c.t[i - 1]);
                }
                if (Double.isInfinite(c.v[i])) {
                    // NaN is a gap (no value until the next sample); an infinity is no measurement
                    throw new InvalidDatasetException("counter " + c.name + " sample " + i
                            + ": value must be a finite number (or a gap), was " + c.v[i]);
                }
            }
            if (c.size > 0) {
                lo = Math.min(lo, c.t[0]);
                hi = Math.max(hi, c.t[c.size - 1]);
            }
            // columns that are exactly full are the series' own: no second copy of a big counter
            series.add(c.t.length == c.size ? new CounterSeries(c.name, c.unit, c.t, c.v)
                    : new CounterSeries(c.name, c.unit, Arrays.copyOf(c.t, c.size), Arrays.copyOf(c.v, c.size)));
        }
        List<OperationSamples> ops = new ArrayList<>(operations.size());
        for (OperationBuilder op : operations.values()) {
            for (int i = 0; i < op.size; i++) {
                if (op.latencyNs[i] < 0) {
                    throw new InvalidDatasetException("operation " + op.name + " sample " + i + ": latency "
                            + op.latencyNs[i] + " ns, expected 0 or more");
                }
                if (i > 0 && op.endNs[i] < op.endNs[i - 1]) {
                    throw new InvalidDatasetException("operation " + op.name + " sample " + i + ": ends at "
                            + op.endNs[i] + " before the previous one's end " + op.endNs[i - 1] + " (not sorted)");
                }
            }
            if (op.size > 0) {
                lo = Math.min(lo, op.endNs[0]);
                hi = Math.max(hi, op.endNs[op.size - 1]);
            }
            ops.add(new OperationSamples(op.name, Arrays.copyOf(op.endNs, op.size), Arrays.copyOf(op.latencyNs, op.size)));
        }
        Marks m = marks.build();
        if (marks.certainlyValid(cpus.size(), tasks.size()) && marks.wakersValid(tasks.size())) {
            if (m.size() > 0) {
                lo = Math.min(lo, marks.minTNs());
                hi = Math.max(hi, marks.maxTNs());
            }
        } else {
            checkMarks(m, cpus.size());
            for (int i = 0; i < m.size(); i++) {
                lo = Math.min(lo, m.tNs(i));
                hi = Math.max(hi, m.tNs(i));
            }
        }
        if (coversFromNs <= coversToNs) {
            lo = Math.min(lo, coversFromNs);
            hi = Math.max(hi, coversToNs);
        }
        if (lo > hi) {
            lo = 0;
            hi = 0;
        }
        if (hi - lo < 0) {
            // the span overflows a long: every view computes durations and pixel positions from it
            throw new InvalidDatasetException("times run from " + lo + " to " + hi
                    + " ns; expected a span of at most " + Long.MAX_VALUE + " ns (about 292 years)");
        }
        return new Dataset(metadata, tasks, cpus, tLanes, lockLanes, series, m, ops, lo, hi);
    }

    private void checkMarks(Marks m, int cpuCount) throws InvalidDatasetException {
        for (int i = 0; i < m.size(); i++) {
            if (m.cpu(i) < -1 || m.cpu(i) >= cpuCount) {
                throw new InvalidDatasetException("mark " + i + ": cpu " + m.cpu(i) + " out of range 0.."
                        + (cpuCount - 1));
            }
            if (m.task(i) != Intervals.NO_TASK) {
                checkTask(m.task(i), "mark " + i);
            }
            if (m.waker(i) != Marks.NO_WAKER && m.waker(i) != Marks.IDLE_WAKER) {
                checkTask(m.waker(i), "mark " + i + "'s waker");
            }
        }
    }

    private void checkTask(int task, String where) throws InvalidDatasetException {
        if (task < 0 || task >= tasks.size()) {
            throw new InvalidDatasetException(where + ": unknown task id " + task + " (dataset has "
                    + tasks.size() + (tasks.size() == 1 ? " task)" : " tasks)"));
        }
    }

    private static final int SLICE_STATES = SliceState.values().length;
    private static final int TASK_STATES = TaskState.values().length;
    /** Bit per slice state code that may have no task (idle, stolen). */
    private static final long NO_TASK_SLICE_CODES = noTaskSliceCodes();

    private static long noTaskSliceCodes() {
        long bits = 0;
        for (SliceState st : SliceState.values()) {
            if (st.allowsNoTask()) {
                bits |= 1L << st.code();
            }
        }
        return bits;
    }

    /**
     * Validates a CPU lane ({@code slices}) or a task lane in one pass - order, overlap, state
     * codes, tasks - and returns its longest interval. One pass, not one per rule: building a
     * recording's dataset is part of every import, and a cold JVM runs each loop interpreted
     * until it is compiled.
     */
    private long checkLane(IntervalsBuilder b, String where, boolean slices) throws InvalidDatasetException {
        long known = slices ? b.maxDurIfValid(SLICE_STATES, tasks.size(), NO_TASK_SLICE_CODES)
                : b.maxDurIfValid(TASK_STATES, Integer.MAX_VALUE, ~0L);
        if (known >= 0) {
            return known; // what appending tracked proves the lane valid: no second pass
        }
        long maxDur = 0;
        long prevStart = Long.MIN_VALUE;
        long prevEnd = Long.MIN_VALUE;
        int taskCount = tasks.size();
        int codes = slices ? SLICE_STATES : TASK_STATES;
        for (int i = 0; i < b.size(); i++) {
            long s = b.startAt(i);
            long e = b.endAt(i);
            if (e < s) {
                throw new InvalidDatasetException(where + i + ": ends at " + e + " before it starts at " + s);
            }
            if (i > 0) {
                if (s < prevStart) {
                    throw new InvalidDatasetException(where + i + ": starts at " + s
                            + " before the previous one starts at " + prevStart + " (not sorted)");
                }
                if (s < prevEnd) {
                    throw new InvalidDatasetException(where + i + ": starts at " + s
                            + " before the previous one ends at " + prevEnd + " (overlap)");
                }
            }
            prevStart = s;
            prevEnd = e;
            maxDur = Math.max(maxDur, e - s);
            byte code = b.codeAt(i);
            if (code < 0 || code >= codes) {
                throw new InvalidDatasetException(where + i + (slices ? ": unknown state code " : ": unknown task state code ")
                        + code);
            }
            int t = b.taskAt(i);
            if (slices && t == Intervals.NO_TASK) {
                if (!SliceState.ofCode(code).allowsNoTask()) {
                    throw new InvalidDatasetException(where + i + ": state " + SliceState.ofCode(code).label()
                            + " needs a task");
                }
            } else if (slices && (t < 0 || t >= taskCount)) {
                checkTask(t, where + i);
            }
        }
        return maxDur;
    }

    private static void checkIntervals(IntervalsBuilder b, String where, boolean exclusive)
            throws InvalidDatasetException {
        for (int i = 0; i < b.size(); i++) {
            long s = b.startAt(i);
            long e = b.endAt(i);
            if (e < s) {
                throw new InvalidDatasetException(where + i + ": ends at " + e + " before it starts at " + s);
            }
            if (i > 0) {
                if (s < b.startAt(i - 1)) {
                    throw new InvalidDatasetException(where + i + ": starts at " + s
                            + " before the previous one starts at " + b.startAt(i - 1) + " (not sorted)");
                }
                if (exclusive && s < b.endAt(i - 1)) {
                    throw new InvalidDatasetException(where + i + ": starts at " + s
                            + " before the previous one ends at " + b.endAt(i - 1) + " (overlap)");
                }
            }
        }
    }

    /** Hold and wait columns of one lock. */
    public static final class LockBuilder {
        private final String name;
        private final String kind;
        private final boolean shared;
        private final IntervalsBuilder holds = new IntervalsBuilder();
        private final IntervalsBuilder waits = new IntervalsBuilder();

        LockBuilder(String name, String kind, boolean shared) {
            this.name = Objects.requireNonNull(name);
            this.kind = Objects.requireNonNull(kind);
            this.shared = shared;
        }

        public LockBuilder hold(long startNs, long endNs, int task) {
            return hold(startNs, endNs, task, LockLane.HOLD_NOT_RECORDED);
        }

        /** A hold taken for read ({@link LockLane#HOLD_READ}) or write ({@link LockLane#HOLD_WRITE}). */
        public LockBuilder hold(long startNs, long endNs, int task, byte mode) {
            if (mode < LockLane.HOLD_NOT_RECORDED || mode > LockLane.HOLD_WRITE) {
                throw new IllegalArgumentException("hold mode " + mode + " is not 0, 1 (read) or 2 (write)");
            }
            holds.add(startNs, endNs, task, mode);
            return this;
        }

        /** The holds so far, for a reader that orders them itself (an exclusive lock's must not overlap). */
        public IntervalsBuilder holds() {
            return holds;
        }

        public boolean shared() {
            return shared;
        }

        public LockBuilder waitFor(long startNs, long endNs, int task, WaitMode mode) {
            waits.add(startNs, endNs, task, mode.code());
            return this;
        }
    }

    /** Samples of one counter. */
    public static final class CounterBuilder {
        private final String name;
        private final String unit;
        private long[] t = new long[16];
        private double[] v = new double[16];
        private int size;

        CounterBuilder(String name, String unit) {
            this.name = Objects.requireNonNull(name);
            this.unit = Objects.requireNonNull(unit);
        }

        public CounterBuilder add(long tNs, double value) {
            if (size == t.length) {
                t = Arrays.copyOf(t, size * 2);
                v = Arrays.copyOf(v, size * 2);
            }
            t[size] = tNs;
            v[size] = value;
            size++;
            return this;
        }

        /**
         * Adds the first {@code n} samples of {@code tNs} and {@code values}, each time shifted by
         * {@code shiftNs}. The arrays become the builder's when it has no samples yet (a reader's
         * columns of millions of samples are not copied twice): the caller must not use them again.
         */
        public CounterBuilder addAll(long[] tNs, double[] values, int n, long shiftNs) {
            if (shiftNs != 0) {
                for (int i = 0; i < n; i++) {
                    tNs[i] += shiftNs;
                }
            }
            if (size == 0 && n > 0) {
                // (columns of none are not taken: grown by doubling, an empty array stays empty)
                t = tNs;
                v = values;
                size = n;
                return this;
            }
            if (size + n > t.length) {
                t = Arrays.copyOf(t, size + n);
                v = Arrays.copyOf(v, size + n);
            }
            System.arraycopy(tNs, 0, t, size, n);
            System.arraycopy(values, 0, v, size, n);
            size += n;
            return this;
        }

        /** Time of the last sample added, or Long.MIN_VALUE when there is none. */
        public long lastTNs() {
            return size == 0 ? Long.MIN_VALUE : t[size - 1];
        }

        /**
         * Orders the samples by time, equal times in the order they were added, in place; returns
         * the order (sample {@code k} now is the one added {@code order[k]}-th).
         */
        public int[] sortByTime() {
            int[] order = StableOrder.byKey(t, size);
            StableOrder.permute(order, t, v);
            return order;
        }
    }

    /** The completed operations of one kind: end time and latency, in order of end time. */
    public static final class OperationBuilder {
        private final String name;
        private long[] endNs = new long[16];
        private long[] latencyNs = new long[16];
        private int size;

        OperationBuilder(String name) {
            this.name = Objects.requireNonNull(name);
        }

        public OperationBuilder add(long endNs, long latencyNs) {
            if (size == this.endNs.length) {
                this.endNs = Arrays.copyOf(this.endNs, size * 2);
                this.latencyNs = Arrays.copyOf(this.latencyNs, size * 2);
            }
            this.endNs[size] = endNs;
            this.latencyNs[size] = latencyNs;
            size++;
            return this;
        }

        /**
         * Makes room for {@code count} operations in all, so a reader that knows how many it will
         * add grows the columns once, to that size, not by doubling past it.
         */
        public OperationBuilder ensureCapacity(int count) {
            if (count > endNs.length) {
                endNs = Arrays.copyOf(endNs, count);
                latencyNs = Arrays.copyOf(latencyNs, count);
            }
            return this;
        }

        /** End of the last operation added, or Long.MIN_VALUE when there is none. */
        public long lastEndNs() {
            return size == 0 ? Long.MIN_VALUE : endNs[size - 1];
        }

        /**
         * Orders the operations by end, equal ends in the order they were added, in place; returns
         * the order (operation {@code k} now is the one added {@code order[k]}-th).
         */
        public int[] sortByEnd() {
            int[] order = StableOrder.byKey(endNs, size);
            StableOrder.permute(order, endNs, latencyNs);
            return order;
        }
    }
}
