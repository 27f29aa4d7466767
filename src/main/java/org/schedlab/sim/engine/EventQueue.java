package org.schedlab.sim.engine;

import java.util.Arrays;

/**
 * Pending events ordered by (time, sequence): a 4-ary min-heap over parallel primitive arrays.
 * The payload (handler, kind, target, data) sits in a slot pool addressed by the heap, so a sift
 * moves three primitives per level and nothing is boxed or allocated per event. The sequence
 * number belongs to this queue (one per simulation), which makes ties deterministic: events
 * scheduled for the same instant run in the order they were scheduled.
 */
public final class EventQueue {
    private long[] heapTime = new long[256];
    private long[] heapSeq = new long[256];
    private int[] heapSlot = new int[256];
    private int size;

    private EventHandler[] handler = new EventHandler[256];
    private int[] kind = new int[256];
    private int[] target = new int[256];
    private long[] data = new long[256];
    private int[] freeSlots = new int[256];
    private int freeCount;
    private int slotCount;

    private long nextSeq;

    // the event most recently removed by poll(): read through the accessors below
    private EventHandler polledHandler;
    private int polledKind;
    private int polledTarget;
    private long polledData;
    private long polledTime;

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Time of the earliest pending event; only valid when not empty. */
    public long peekTimeNs() {
        return heapTime[0];
    }

    public void add(long timeNs, EventHandler h, int k, int tgt, long d) {
        int slot = allocSlot();
        handler[slot] = h;
        kind[slot] = k;
        target[slot] = tgt;
        data[slot] = d;
        if (size == heapTime.length) {
            int cap = size * 2;
            heapTime = Arrays.copyOf(heapTime, cap);
            heapSeq = Arrays.copyOf(heapSeq, cap);
            heapSlot = Arrays.copyOf(heapSlot, cap);
        }
        siftUp(size++, timeNs, nextSeq++, slot);
    }

    /** Removes the earliest event; its fields are then available from the polled* accessors. */
    public void poll() {
        int slot = heapSlot[0];
        polledTime = heapTime[0];
        polledHandler = handler[slot];
        polledKind = kind[slot];
        polledTarget = target[slot];
        polledData = data[slot];
        handler[slot] = null;
        freeSlots[freeCount++] = slot;
        int last = --size;
        if (last > 0) {
            siftDown(0, heapTime[last], heapSeq[last], heapSlot[last]);
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
            freeSlots = Arrays.copyOf(freeSlots, cap);
        }
        return slotCount++;
    }

    private static boolean before(long t1, long s1, long t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void siftUp(int i, long t, long s, int slot) {
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            if (!before(t, s, heapTime[parent], heapSeq[parent])) {
                break;
            }
            heapTime[i] = heapTime[parent];
            heapSeq[i] = heapSeq[parent];
            heapSlot[i] = heapSlot[parent];
            i = parent;
        }
        heapTime[i] = t;
        heapSeq[i] = s;
        heapSlot[i] = slot;
    }

    private void siftDown(int i, long t, long s, int slot) {
        int n = size;
        while (true) {
            int first = (i << 2) + 1;
            if (first >= n) {
                break;
            }
            int best = first;
            long bt = heapTime[first];
            long bs = heapSeq[first];
            int end = Math.min(first + 4, n);
            for (int c = first + 1; c < end; c++) {
                if (before(heapTime[c], heapSeq[c], bt, bs)) {
                    best = c;
                    bt = heapTime[c];
                    bs = heapSeq[c];
                }
            }
            if (!before(bt, bs, t, s)) {
                break;
            }
            heapTime[i] = bt;
            heapSeq[i] = bs;
            heapSlot[i] = heapSlot[best];
            i = best;
        }
        heapTime[i] = t;
        heapSeq[i] = s;
        heapSlot[i] = slot;
    }
}
