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
        this.tNs = Arrays.copyOf(b.tNs, b.size);
        this.kind = Arrays.copyOf(b.kind, b.size);
        this.cpu = Arrays.copyOf(b.cpu, b.size);
        this.tid = Arrays.copyOf(b.tid, b.size);
        this.arg = Arrays.copyOf(b.arg, b.size);
        this.state = Arrays.copyOf(b.state, b.size);
        this.value = Arrays.copyOf(b.value, b.size);
        this.countByKind = new int[SchedEventKind.values().length];
        for (int i = 0; i < b.size; i++) {
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

    /** Appends events in recording order; amortized O(1), no object per event. */
    public static final class Builder {
        private long[] tNs = new long[64];
        private byte[] kind = new byte[64];
        private int[] cpu = new int[64];
        private int[] tid = new int[64];
        private int[] arg = new int[64];
        private byte[] state = new byte[64];
        private long[] value = new long[64];
        private int size;

        public Builder add(SchedEventKind k, long t, int onCpu, int task, int argument, char prevState, long val) {
            if (size == tNs.length) {
                int cap = size + (size >> 1);
                tNs = Arrays.copyOf(tNs, cap);
                kind = Arrays.copyOf(kind, cap);
                cpu = Arrays.copyOf(cpu, cap);
                tid = Arrays.copyOf(tid, cap);
                arg = Arrays.copyOf(arg, cap);
                state = Arrays.copyOf(state, cap);
                value = Arrays.copyOf(value, cap);
            }
            tNs[size] = t;
            kind[size] = k.code();
            cpu[size] = onCpu;
            tid[size] = task;
            arg[size] = argument;
            state[size] = (byte) prevState;
            value[size] = val;
            size++;
            return this;
        }

        public int size() {
            return size;
        }

        public SchedEvents build() {
            return new SchedEvents(this);
        }
    }
}
