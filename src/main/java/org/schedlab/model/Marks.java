package org.schedlab.model;

import java.util.Arrays;

/**
 * Point events (preemptions, lock-holder preemptions, wake-ups, bookmarks), columnar and
 * sorted by time. {@code cpu} and {@code task} are -1 where they do not apply; notes are
 * never null (empty when there is nothing to say). A wake-up mark may name its waker
 * ({@link #waker}): the task whose event line carried the sched_waking/sched_wakeup (in a
 * simulated run, the task current on the CPU that ran the wake-up), one int per mark (no object
 * per mark).
 */
public final class Marks {
    static final Marks EMPTY = new Marks(new long[0], new byte[0], new int[0], new int[0], new String[0]);
    /**
     * {@link #waker}: none recorded (a format that does not name it, older files, a simulated
     * wake-up made in no CPU's context).
     */
    public static final int NO_WAKER = -1;
    /**
     * {@link #waker}: the idle task ({@code <idle>}, tid 0) woke the task - an interrupt (timer,
     * device, IPI) that came while the CPU idled; no task of the recording did.
     */
    public static final int IDLE_WAKER = -2;

    private final long[] tNs;
    private final byte[] kind;
    private final int[] cpu;
    private final int[] task;
    private final String[] note;
    /** {@link MarkReason} codes; 0 where no reason was recorded. */
    private final int[] reason;
    /** Per mark, the waker's task id, {@link #NO_WAKER} or {@link #IDLE_WAKER}; null when no mark has one. */
    private final int[] waker;

    Marks(long[] tNs, byte[] kind, int[] cpu, int[] task, String[] note) {
        this(tNs, kind, cpu, task, note, new int[tNs.length], null);
    }

    Marks(long[] tNs, byte[] kind, int[] cpu, int[] task, String[] note, int[] reason, int[] waker) {
        this.tNs = tNs;
        this.kind = kind;
        this.cpu = cpu;
        this.task = task;
        this.note = note;
        this.reason = reason;
        this.waker = waker;
    }

    public int size() {
        return tNs.length;
    }

    public long tNs(int i) {
        return tNs[i];
    }

    public MarkKind kind(int i) {
        return MarkKind.ofCode(kind[i]);
    }

    public int cpu(int i) {
        return cpu[i];
    }

    public int task(int i) {
        return task[i];
    }

    public String note(int i) {
        return note[i];
    }

    /** The packed {@link MarkReason} of mark {@code i}; 0 when none was recorded. */
    public int reasonCode(int i) {
        return reason[i];
    }

    /** Why mark {@code i} happened, as its producer (the simulator) recorded it; UNKNOWN otherwise. */
    public MarkReason reason(int i) {
        return MarkReason.ofCode(reason[i]);
    }

    /**
     * Who woke the task of wake-up mark {@code i}, as the recording named it: a task id,
     * {@link #IDLE_WAKER} (an interrupt on an idle CPU) or {@link #NO_WAKER} (not recorded).
     */
    public int waker(int i) {
        return waker == null ? NO_WAKER : waker[i];
    }

    /** Whether any mark names its waker (writers omit the column otherwise). */
    public boolean hasWakers() {
        return waker != null;
    }

    /** Whether any mark carries a recorded reason (writers omit the column otherwise). */
    public boolean hasReasons() {
        for (int r : reason) {
            if (r != 0) {
                return true;
            }
        }
        return false;
    }

    /** Index of the first mark at or after {@code t}, or {@link #size()}. */
    public int firstAtOrAfter(long t) {
        return SortedLongs.firstAtOrAfter(tNs, tNs.length, t);
    }

    public int count(MarkKind k) {
        int n = 0;
        for (byte b : kind) {
            if (b == k.code()) {
                n++;
            }
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Marks other
                && Arrays.equals(tNs, other.tNs)
                && Arrays.equals(kind, other.kind)
                && Arrays.equals(cpu, other.cpu)
                && Arrays.equals(task, other.task)
                && Arrays.equals(note, other.note)
                && Arrays.equals(reason, other.reason)
                && Arrays.equals(waker, other.waker);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(tNs) + Arrays.hashCode(note);
    }

    @Override
    public String toString() {
        return "Marks[" + size() + "]";
    }
}
