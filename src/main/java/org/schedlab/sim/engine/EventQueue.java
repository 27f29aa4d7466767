package org.schedlab.sim.engine;

import java.util.Arrays;

/**
 * Pending events ordered by (time, sequence): a calendar queue (R. Brown, CACM 1988). Time is
 * cut into buckets of a power-of-two width; a bucket holds a list of events sorted by time,
 * kept in a slot pool of parallel primitive arrays (payload: handler, two ints, a long), so
 * nothing is allocated or boxed per event. Taking the next event scans forward from the bucket
 * of the current time: O(1) on average, and - unlike a heap - without data-dependent branches
 * on every level, which is what made the heap slow on random times.
 *
 * <p>The sequence number is this queue's own insertion counter: events at the same time come
 * out in the order they went in. The bucket count follows the queue size and the width follows
 * the mean gap between events taken recently; both are re-chosen by rebuilding, which keeps
 * the order (rebuilding re-inserts equal-time events in sequence order).
 */
public final class EventQueue {
    private static final int MIN_BUCKETS = 64;
    private static final int NIL = -1;
    /** Polls between two looks at whether the bucket width still fits the event density. */
    private static final int RETUNE_EVERY = 1 << 15;

    // slot pool
    private EventHandler[] handler = new EventHandler[256];
    private int[] kind = new int[256];
    private int[] target = new int[256];
    private long[] data = new long[256];
    private long[] time = new long[256];
    private long[] seq = new long[256];
    private int[] next = new int[256];
    private int[] freeSlots = new int[256];
    private int freeCount;
    private int slotCount;

    // calendar
    private int[] head;
    private int[] tail;
    private int mask;
    private int shift = 10;
    private int size;
    private int cur;
    private long curTop;
    private long lastTime;
    private int found = NIL;

    private long nextSeq;
    private long polls;
    private double meanGapNs = 1024;

    // the event most recently removed by poll()
    private EventHandler polledHandler;
    private int polledKind;
    private int polledTarget;
    private long polledData;
    private long polledTime;

    public EventQueue() {
        head = new int[MIN_BUCKETS];
        tail = new int[MIN_BUCKETS];
        Arrays.fill(head, NIL);
        mask = MIN_BUCKETS - 1;
        anchor(0);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Time of the earliest pending event; only valid when not empty. */
    public long peekTimeNs() {
        return time[find()];
    }

    /** Takes the next sequence number (for events kept outside this queue, see {@link EventSlots}). */
    long takeSeq() {
        return nextSeq++;
    }

    /** Sequence number of the earliest pending event; only valid when not empty. */
    long peekSeq() {
        return seq[find()];
    }

    /** Adds an event; returns its sequence number. */
    public long add(long timeNs, EventHandler h, int k, int tgt, long d) {
        if (timeNs < lastTime) {
            throw new IllegalStateException("event at " + timeNs + " ns before the last one taken at " + lastTime);
        }
        int slot = allocSlot();
        handler[slot] = h;
        kind[slot] = k;
        target[slot] = tgt;
        data[slot] = d;
        time[slot] = timeNs;
        long sq = nextSeq++;
        seq[slot] = sq;
        insert(slot);
        size++;
        if (timeNs < curTop - (1L << shift)) {
            // before the scan position (a peek jumped ahead to a far event and no poll followed,
            // as when the engine takes a slot event first): scan from this event's bucket
            anchor(timeNs);
            found = NIL;
        } else if (found != NIL && timeNs < time[found]) {
            found = NIL;
        }
        if (size > 2 * head.length) {
            rebuild(head.length * 2, Math.min(shift, widthShift(pendingGapNs())));
        }
        return sq;
    }

    /** Removes the earliest event; its fields are then available from the polled* accessors. */
    public void poll() {
        int slot = find();
        found = NIL;
        head[cur] = next[slot];
        if (head[cur] == NIL) {
            tail[cur] = NIL;
        }
        size--;
        long t = time[slot];
        meanGapNs += ((t - lastTime) - meanGapNs) * (1.0 / 64);
        lastTime = t;
        polledTime = t;
        polledHandler = handler[slot];
        polledKind = kind[slot];
        polledTarget = target[slot];
        polledData = data[slot];
        handler[slot] = null;
        freeSlots[freeCount++] = slot;
        if (++polls % RETUNE_EVERY == 0) {
            retune();
        } else if (size < head.length / 4 && head.length > MIN_BUCKETS) {
            rebuild(head.length / 2, shift);
        }
    }

    public EventHandler polledHandler() {
        return polledHandler;
    }

    public int polledKind() {
        return polledKind;
    }

    public int polledTarget() {
        return polledTarget;
    }

    public long polledData() {
        return polledData;
    }

    public long polledTimeNs() {
        return polledTime;
    }

    /** Current bucket width (diagnostics). */
    public long bucketWidthNs() {
        return 1L << shift;
    }

    public int bucketCount() {
        return head.length;
    }

    // ---- calendar mechanics ----

    private void anchor(long t) {
        cur = (int) ((t >>> shift) & mask);
        curTop = ((t >>> shift) + 1) << shift;
    }

    /**
     * Inserts after every event with time <= its own: equal times stay in sequence order.
     * Appending (the common case: later than everything in the bucket) is O(1).
     */
    private void insert(int slot) {
        long t = time[slot];
        int b = (int) ((t >>> shift) & mask);
        int p = head[b];
        if (p == NIL) {
            next[slot] = NIL;
            head[b] = slot;
            tail[b] = slot;
            return;
        }
        int last = tail[b];
        if (time[last] <= t) {
            next[slot] = NIL;
            next[last] = slot;
            tail[b] = slot;
            return;
        }
        if (time[p] > t) {
            next[slot] = p;
            head[b] = slot;
            return;
        }
        int q = next[p];
        while (q != NIL && time[q] <= t) {
            p = q;
            q = next[q];
        }
        next[slot] = q;
        next[p] = slot;
    }

    /** Slot of the earliest event; moves the scan position to its bucket. */
    private int find() {
        if (found != NIL) {
            return found;
        }
        if (size == 0) {
            throw new IllegalStateException("no pending event");
        }
        int i = cur;
        long top = curTop;
        int[] h = head;
        long width = 1L << shift;
        for (int n = 0; n <= mask; n++) {
            int s = h[i];
            if (s != NIL && time[s] < top) {
                cur = i;
                curTop = top;
                found = s;
                return s;
            }
            i = (i + 1) & mask;
            top += width;
        }
        // nothing within a year: jump straight to the earliest head
        int best = NIL;
        for (int b = 0; b < h.length; b++) {
            int s = h[b];
            if (s != NIL && (best == NIL || time[s] < time[best] || (time[s] == time[best] && seq[s] < seq[best]))) {
                best = s;
            }
        }
        anchor(time[best]);
        found = best;
        return best;
    }

    /** Re-chooses the width from the recent mean gap when it is off by 4x or more. */
    private void retune() {
        int want = widthShift(meanGapNs);
        if (Math.abs(want - shift) >= 2) {
            rebuild(head.length, want);
        }
    }

    /** About three events per bucket-width of time, as Brown suggests, as a power of two. */
    private static int widthShift(double meanGapNs) {
        double w = Math.max(16, Math.min(1L << 40, meanGapNs * 3));
        return 63 - Long.numberOfLeadingZeros((long) w);
    }

    /**
     * Mean gap between the earliest pending events (up to 64 of them, in time order): sizes the
     * buckets when the queue grows, before any poll has measured the density.
     */
    private double pendingGapNs() {
        long first = -1;
        long lastSeen = -1;
        int n = 0;
        int i = cur;
        for (int k = 0; k <= mask && n < 64; k++) {
            for (int s = head[i]; s != NIL && n < 64; s = next[s]) {
                if (first < 0 || time[s] < first) {
                    first = time[s];
                }
                lastSeen = Math.max(lastSeen, time[s]);
                n++;
            }
            i = (i + 1) & mask;
        }
        return n < 2 ? meanGapNs : Math.max(1, (lastSeen - first) / (double) (n - 1));
    }

    private void rebuild(int buckets, int newShift) {
        int[] old = head;
        head = new int[buckets];
        tail = new int[buckets];
        Arrays.fill(head, NIL);
        mask = buckets - 1;
        shift = newShift;
        for (int b = 0; b < old.length; b++) {
            int s = old[b];
            while (s != NIL) {
                int n = next[s];
                insert(s);
                s = n;
            }
        }
        anchor(lastTime);
        found = NIL;
    }

    private int allocSlot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (slotCount == handler.length) {
            int cap = slotCount * 2;
            handler = Arrays.copyOf(handler, cap);
            kind = Arrays.copyOf(kind, cap);
            target = Arrays.copyOf(target, cap);
            data = Arrays.copyOf(data, cap);
            time = Arrays.copyOf(time, cap);
            seq = Arrays.copyOf(seq, cap);
            next = Arrays.copyOf(next, cap);
            freeSlots = Arrays.copyOf(freeSlots, cap);
        }
        return slotCount++;
    }
}
