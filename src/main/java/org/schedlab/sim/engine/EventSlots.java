package org.schedlab.sim.engine;

import java.util.Arrays;

/**
 * A fixed set of keys (e.g. one per CPU), each with at most one pending event: setting a key's
 * event replaces the earlier one, cancelling removes it. Kept as a winner tree (a tournament
 * over the keys, ordered by (time, sequence)), so re-arming costs log2(keys) comparisons in
 * small arrays that stay in cache, and a replaced event leaves nothing behind - unlike putting
 * a new event in the {@link EventQueue} and dropping the old one as stale when it comes out.
 *
 * <p>Sequence numbers come from the engine's one counter, so slot events and queue events
 * interleave exactly as if all of them were in one queue. Create through
 * {@link Engine#slots}.
 */
public final class EventSlots {
    private static final long NONE = Long.MAX_VALUE;

    private final Engine engine;
    private final EventHandler handler;
    private final int kind;
    private final int keys;
    private final int leaves;
    private final long[] data;
    /**
     * The tree, one array: node i (1 .. leaves-1) holds the winner of its subtree, node
     * leaves + k key k's own event, each as two longs: {@code node[2i]} the time,
     * {@code node[2i+1]} the sequence number shifted left by {@value #KEY_BITS} bits with the key
     * in the low bits (sequences are unique, so comparing this word orders ties by sequence).
     * A replay's path then touches about one cache line per level: the engine's hot loop runs
     * between a workload's scattered memory accesses, so lines touched matter more than
     * instructions.
     */
    private final long[] node;
    private int pending;
    /** The key just fired whose path is not replayed yet (-1: none): see {@link #fireMin}. */
    private int stale = -1;

    private static final int KEY_BITS = 16;
    private static final long KEY_MASK = (1L << KEY_BITS) - 1;

    EventSlots(Engine engine, int keys, EventHandler handler, int kind) {
        if (keys < 1 || keys > 1 << KEY_BITS) {
            throw new IllegalArgumentException("keys must be in 1.." + (1 << KEY_BITS) + ", got " + keys);
        }
        this.engine = engine;
        this.handler = handler;
        this.kind = kind;
        this.keys = keys;
        this.leaves = Math.max(2, Integer.highestOneBit(keys - 1) << 1);
        this.data = new long[keys];
        this.node = new long[4 * leaves];
        for (int k = 0; k < leaves; k++) {
            node[2 * (leaves + k)] = NONE;
            node[2 * (leaves + k) + 1] = k;
        }
        for (int i = leaves - 1; i >= 1; i--) {
            node[2 * i] = NONE; // all empty: the leftmost wins
            node[2 * i + 1] = node[4 * i + 1];
        }
    }

    /** The kind its events are handed to the handler with. */
    int kind() {
        return kind;
    }

    /** Number of keys with a pending event. */
    public int pending() {
        return pending;
    }

    /** Whether {@code key} has a pending event. */
    public boolean isSet(int key) {
        return node[2 * (leaves + key)] != NONE;
    }

    /** Time of {@code key}'s pending event (meaningless when none is pending). */
    public long timeNs(int key) {
        return node[2 * (leaves + key)];
    }

    /**
     * Sets {@code key}'s event to {@code timeNs} (replacing a pending one); the handler gets
     * (time, kind, key, data). It is ordered after every event scheduled before this call.
     */
    public void set(int key, long timeNs, long d) {
        if (timeNs < engine.nowNs() || key < 0 || key >= keys) {
            throw badSet(key, timeNs);
        }
        int leaf = leaves + key;
        if (node[2 * leaf] == NONE) {
            pending++;
        }
        node[2 * leaf] = timeNs;
        node[2 * leaf + 1] = engine.nextSeq() << KEY_BITS | key;
        data[key] = d;
        if (key == stale) {
            stale = -1;
        }
        replay(leaf);
    }

    private RuntimeException badSet(int key, long timeNs) {
        if (key < 0 || key >= keys) {
            return new IndexOutOfBoundsException(key);
        }
        return new IllegalStateException("event scheduled in the past: at " + timeNs + " ns, now "
                + engine.nowNs() + " ns (kind " + kind + ", key " + key + ")");
    }

    /** Removes {@code key}'s pending event, if any. */
    public void cancel(int key) {
        int leaf = leaves + key;
        if (node[2 * leaf] == NONE) {
            return;
        }
        node[2 * leaf] = NONE;
        pending--;
        if (key == stale) {
            stale = -1;
        }
        replay(leaf);
    }

    /**
     * Replays the matches on the path from {@code leaf} to the root. The path's winner is
     * carried in registers and each level reads only its sibling, which this replay does not
     * write. Each match compares (time, sequence word) with arithmetic instead of a branch (the
     * outcome is a coin toss): the sibling wins when its time is earlier, or equal with a
     * smaller sequence word (equal times are common: wake-ups from one event start switches of
     * the same length on several CPUs). Times are in 0..{@code NONE} and sequence words are
     * positive, so the differences cannot overflow.
     */
    private void replay(int leaf) {
        long[] n = node;
        long bt = n[2 * leaf];
        long bw = n[2 * leaf + 1];
        for (int p = leaf; p > 1; p >>>= 1) {
            int sib = 2 * (p ^ 1);
            long st = n[sib];
            long sw = n[sib + 1];
            long d = st - bt;
            long m = (d >> 63) | ((((d | -d) >> 63) ^ -1L) & ((sw - bw) >> 63)); // -1 when the sibling wins
            bt += d & m;
            bw ^= (bw ^ sw) & m;
            int parent = 2 * (p >>> 1);
            n[parent] = bt;
            n[parent + 1] = bw;
        }
    }

    // ---- the engine's side ----

    long minTime() {
        return node[2];
    }

    long minSeq() {
        return node[3] >>> KEY_BITS;
    }

    /**
     * Removes the earliest event and runs it. The handler usually re-arms the same key, so the
     * path of the fired key is replayed once, by that {@link #set}, or after the handler. (Until
     * then the nodes on that path are stale; any replay of the path recomputes them bottom-up
     * from their children, and no node off the path depends on them.)
     */
    void fireMin(long nowNs) {
        int key = (int) (node[3] & KEY_MASK);
        long d = data[key];
        node[2 * (leaves + key)] = NONE;
        pending--;
        stale = key;
        handler.onEvent(nowNs, kind, key, d);
        if (stale == key) {
            stale = -1;
            replay(leaves + key);
        }
    }
}
