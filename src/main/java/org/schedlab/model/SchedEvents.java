package org.schedlab.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * The scheduler tracepoints of a recording as they were read, in recording order: columnar,
 * about 30 bytes per event, no object per event. A {@link Dataset} is the picture drawn from
 * them; tools such as {@code perf sched latency} compute their figures from the events
 * themselves (sched_stat_runtime sums, which wake-ups count), so analyses that must agree with
 * those tools read this log. Times are ns; tids are the kernel's (0 is the idle task).
 */
public final class SchedEvents {
    /** A log with no events (a simulated run, or a recording without scheduler events). */
    public static final SchedEvents EMPTY = new Builder().build();

    /**
     * Events per chunk, a power of two. A chunk of the {@code long} columns is 128 KiB, well under
     * half of G1's smallest region (1 MiB), so no chunk is a humongous object: G1 moves chunks
     * when it compacts, while humongous arrays stay where they were allocated and leave holes.
     */
    static final int CHUNK_SHIFT = 14;
    static final int CHUNK = 1 << CHUNK_SHIFT;
    private static final int MASK = CHUNK - 1;

    private final int size;
    private final long[][] tNs;
    private final byte[][] kind;
    private final int[][] cpu;
    private final int[][] tid;
    private final int[][] arg;
    private final byte[][] state;
    private final long[][] value;
    private final int[] countByKind;

    private SchedEvents(Builder b) {
        // the builder's full chunks are shared as they are (a full chunk is never appended to
        // again) and only the last one is trimmed: the log is never copied whole, so a log of
        // tens of millions of events never needs one big free block of heap
        this.size = b.size;
        int n = (size + MASK) >>> CHUNK_SHIFT;
        this.tNs = new long[n][];
        this.kind = new byte[n][];
        this.cpu = new int[n][];
        this.tid = new int[n][];
        this.arg = new int[n][];
        this.state = new byte[n][];
        this.value = new long[n][];
        for (int c = 0; c < n; c++) {
            int len = Math.min(CHUNK, size - (c << CHUNK_SHIFT));
            tNs[c] = trimmed(b.tNs.get(c), len);
            kind[c] = trimmed(b.kind.get(c), len);
            cpu[c] = trimmed(b.cpu.get(c), len);
            tid[c] = trimmed(b.tid.get(c), len);
            arg[c] = trimmed(b.arg.get(c), len);
            state[c] = trimmed(b.state.get(c), len);
            value[c] = trimmed(b.value.get(c), len);
        }
        this.countByKind = new int[SchedEventKind.values().length];
        for (byte[] c : kind) {
            for (byte k : c) {
                countByKind[k]++;
            }
        }
    }

    private static long[] trimmed(long[] a, int len) {
        return a.length == len ? a : Arrays.copyOf(a, len);
    }

    private static int[] trimmed(int[] a, int len) {
        return a.length == len ? a : Arrays.copyOf(a, len);
    }

    private static byte[] trimmed(byte[] a, int len) {
        return a.length == len ? a : Arrays.copyOf(a, len);
    }

    public static Builder builder() {
        return new Builder();
    }

    public int size() {
        return size;
    }

    public long tNs(int i) {
        return tNs[i >>> CHUNK_SHIFT][i & MASK];
    }

    public SchedEventKind kind(int i) {
        return SchedEventKind.ofCode(kind[i >>> CHUNK_SHIFT][i & MASK]);
    }

    /** The CPU the event was recorded on. */
    public int cpu(int i) {
        return cpu[i >>> CHUNK_SHIFT][i & MASK];
    }

    /** The task the event is about: prev for a switch, the wakee, the migrated task, ... */
    public int tid(int i) {
        return tid[i >>> CHUNK_SHIFT][i & MASK];
    }

    /** Per kind: next tid (switch), target cpu (wake-ups), destination cpu (migration). */
    public int arg(int i) {
        return arg[i >>> CHUNK_SHIFT][i & MASK];
    }

    /** prev_state letter of a switch ('R', 'S', 'D', ...); 0 for other kinds. */
    public char prevState(int i) {
        return (char) state[i >>> CHUNK_SHIFT][i & MASK];
    }

    /** Per kind: 1 if a switch's prev_state was "R+" (preempted), runtime ns, origin cpu. */
    public long value(int i) {
        return value[i >>> CHUNK_SHIFT][i & MASK];
    }

    public int count(SchedEventKind k) {
        return countByKind[k.code()];
    }

    @Override
    public boolean equals(Object o) {
        // two logs of one size are chunked alike, so chunk by chunk is event by event
        return o instanceof SchedEvents e && size == e.size
                && Arrays.deepEquals(tNs, e.tNs) && Arrays.deepEquals(kind, e.kind) && Arrays.deepEquals(cpu, e.cpu)
                && Arrays.deepEquals(tid, e.tid) && Arrays.deepEquals(arg, e.arg)
                && Arrays.deepEquals(state, e.state) && Arrays.deepEquals(value, e.value);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.deepHashCode(tNs) + Arrays.deepHashCode(tid);
    }

    @Override
    public String toString() {
        return "SchedEvents[" + size() + "]";
    }

    /**
     * Appends events in recording order, O(1) and no object per event. Columns grow in chunks of
     * {@link #CHUNK} events rather than by copying: growing one array of millions of events by
     * copying would need the old and the new array at once. The first chunk starts small (most
     * logs are small) and doubles up to a full chunk. {@link #build()} may be called again after
     * more events.
     */
    public static final class Builder {
        private final Column<long[]> tNs = new Column<>(long[]::new);
        private final Column<byte[]> kind = new Column<>(byte[]::new);
        private final Column<int[]> cpu = new Column<>(int[]::new);
        private final Column<int[]> tid = new Column<>(int[]::new);
        private final Column<int[]> arg = new Column<>(int[]::new);
        private final Column<byte[]> state = new Column<>(byte[]::new);
        private final Column<long[]> value = new Column<>(long[]::new);
        private long[] curT;
        private byte[] curKind;
        private int[] curCpu;
        private int[] curTid;
        private int[] curArg;
        private byte[] curState;
        private long[] curValue;
        private int inChunk;
        private int chunkSize;
        private int size;

        public Builder add(SchedEventKind k, long t, int onCpu, int task, int argument, char prevState, long val) {
            if (inChunk == chunkSize) {
                newChunk();
            }
            curT[inChunk] = t;
            curKind[inChunk] = k.code();
            curCpu[inChunk] = onCpu;
            curTid[inChunk] = task;
            curArg[inChunk] = argument;
            curState[inChunk] = (byte) prevState;
            curValue[inChunk] = val;
            inChunk++;
            size++;
            return this;
        }

        /**
         * Sets the prev_state of event {@code index} (added before): a reader that learns only later
         * what a switch-out's state meant (a numeric 64: dead before Linux 4.14, parked after) says so.
         */
        public void setPrevState(int index, char prevState) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index);
            }
            state.get(index >>> CHUNK_SHIFT)[index & MASK] = (byte) prevState;
        }

        /**
         * Room for the next event: the first chunk grows by doubling from 1024 events until it
         * holds {@link #CHUNK}; after that each chunk is a new array of {@link #CHUNK} events.
         */
        private void newChunk() {
            if (size < CHUNK) {
                int grown = Math.max(1024, Math.min(CHUNK, chunkSize * 2));
                curT = tNs.growFirst(grown, Arrays::copyOf);
                curKind = kind.growFirst(grown, Arrays::copyOf);
                curCpu = cpu.growFirst(grown, Arrays::copyOf);
                curTid = tid.growFirst(grown, Arrays::copyOf);
                curArg = arg.growFirst(grown, Arrays::copyOf);
                curState = state.growFirst(grown, Arrays::copyOf);
                curValue = value.growFirst(grown, Arrays::copyOf);
                chunkSize = grown;
                return;
            }
            chunkSize = CHUNK;
            curT = tNs.add(CHUNK);
            curKind = kind.add(CHUNK);
            curCpu = cpu.add(CHUNK);
            curTid = tid.add(CHUNK);
            curArg = arg.add(CHUNK);
            curState = state.add(CHUNK);
            curValue = value.add(CHUNK);
            inChunk = 0;
        }

        public int size() {
            return size;
        }

        public SchedEvents build() {
            // the log shares the full chunks and gets a trimmed copy of a partial last one, so later
            // events go on in the builder's own arrays without touching the built log
            return new SchedEvents(this);
        }
    }

    /** One column as a list of arrays (chunks) of {@link #CHUNK} events each. */
    private static final class Column<A> {
        private final IntFunction<A> make;
        private final List<A> chunks = new ArrayList<>();

        Column(IntFunction<A> make) {
            this.make = make;
        }

        A get(int chunk) {
            return chunks.get(chunk);
        }

        A add(int length) {
            A a = make.apply(length);
            chunks.add(a);
            return a;
        }

        /** The first chunk, grown to {@code length} (made if there is none yet). */
        A growFirst(int length, BiFunction<A, Integer, A> copyOf) {
            if (chunks.isEmpty()) {
                return add(length);
            }
            A a = copyOf.apply(chunks.get(0), length);
            chunks.set(0, a);
            return a;
        }
    }
}
