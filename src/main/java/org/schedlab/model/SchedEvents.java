package org.schedlab.model;

import java.util.Arrays;

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

    private final long[] tNs;
    private final byte[] kind;
    private final int[] cpu;
    private final int[] tid;
    private final int[] arg;
    private final byte[] state;
    private final long[] value;
    private final int[] countByKind;

    private SchedEvents(Builder b) {
        // column by column, each column's chunks let go once copied: a log of tens of millions
        // of events never exists twice in memory
        this.tNs = b.tNs.finish(b.size);
        this.kind = b.kind.finish(b.size);
        this.cpu = b.cpu.finish(b.size);
        this.tid = b.tid.finish(b.size);
        this.arg = b.arg.finish(b.size);
        this.state = b.state.finish(b.size);
        this.value = b.value.finish(b.size);
        this.countByKind = new int[SchedEventKind.values().length];
        for (int i = 0; i < kind.length; i++) {
            countByKind[kind[i]]++;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public int size() {
        return tNs.length;
    }

    public long tNs(int i) {
        return tNs[i];
    }

    public SchedEventKind kind(int i) {
        return SchedEventKind.ofCode(kind[i]);
    }

    /** The CPU the event was recorded on. */
    public int cpu(int i) {
        return cpu[i];
    }

    /** The task the event is about: prev for a switch, the wakee, the migrated task, ... */
    public int tid(int i) {
        return tid[i];
    }

    /** Per kind: next tid (switch), target cpu (wake-ups), destination cpu (migration). */
    public int arg(int i) {
        return arg[i];
    }

    /** prev_state letter of a switch ('R', 'S', 'D', ...); 0 for other kinds. */
    public char prevState(int i) {
        return (char) state[i];
    }

    /** Per kind: 1 if a switch's prev_state was "R+" (preempted), runtime ns, origin cpu. */
    public long value(int i) {
        return value[i];
    }

    public int count(SchedEventKind k) {
        return countByKind[k.code()];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SchedEvents e
                && Arrays.equals(tNs, e.tNs) && Arrays.equals(kind, e.kind) && Arrays.equals(cpu, e.cpu)
                && Arrays.equals(tid, e.tid) && Arrays.equals(arg, e.arg) && Arrays.equals(state, e.state)
                && Arrays.equals(value, e.value);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(tNs) + Arrays.hashCode(tid);
    }

    @Override
    public String toString() {
        return "SchedEvents[" + size() + "]";
    }

    /**
     * Appends events in recording order, O(1) and no object per event. Columns grow in chunks
     * rather than by copying: growing one array of millions of events by copying would need the
     * old and the new array at once. {@link #build()} may be called again after more events.
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
            int at = index;
            for (byte[] c : state.chunks) {
                if (at < c.length) {
                    c[at] = (byte) prevState;
                    return;
                }
                at -= c.length;
            }
        }

        /** Chunks start small (most logs are small) and double up to 64k events (2 MB). */
        private void newChunk() {
            chunkSize = Math.max(1024, Math.min(1 << 16, size));
            curT = tNs.add(chunkSize);
            curKind = kind.add(chunkSize);
            curCpu = cpu.add(chunkSize);
            curTid = tid.add(chunkSize);
            curArg = arg.add(chunkSize);
            curState = state.add(chunkSize);
            curValue = value.add(chunkSize);
            inChunk = 0;
        }

        public int size() {
            return size;
        }

        public SchedEvents build() {
            SchedEvents e = new SchedEvents(this);
            inChunk = chunkSize; // the next event starts a new chunk: the built arrays stay as they are
            return e;
        }
    }

    /** One column as a list of arrays (chunks), joined into one array when the log is built. */
    private static final class Column<A> {
        private final java.util.function.IntFunction<A> make;
        private final java.util.List<A> chunks = new java.util.ArrayList<>();

        Column(java.util.function.IntFunction<A> make) {
            this.make = make;
        }

        A add(int length) {
            A a = make.apply(length);
            chunks.add(a);
            return a;
        }

        /**
         * The first {@code size} values as one array, which then stands in for all chunks (it is
         * never written again: a full chunk is never appended to).
         */
        A finish(int size) {
            if (chunks.size() == 1 && java.lang.reflect.Array.getLength(chunks.get(0)) == size) {
                return chunks.get(0);
            }
            A out = make.apply(size);
            int at = 0;
            for (A c : chunks) {
                int n = Math.min(java.lang.reflect.Array.getLength(c), size - at);
                System.arraycopy(c, 0, out, at, n);
                at += n;
            }
            chunks.clear();
            chunks.add(out);
            return out;
        }
    }
}
