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
     * The tree: node i (1 .. leaves-1) holds the (time, seq, key) of the winner of its subtree,
     * node leaves + k the key k's own event. Holding the winner's time and sequence in the node
     * (not just its key) makes each level of a replay read its sibling directly: the loads of
     * all levels are independent and only the comparisons form a chain.
     */
    private final long[] nodeTime;
    private final long[] nodeSeq;
    private final int[] nodeKey;
    private int pending;
    /** The key just fired whose path is not replayed yet (-1: none): see {@link #fireMin}. */
    private int stale = -1;

    EventSlots(Engine engine, int keys, EventHandler handler, int kind) {
        if (keys < 1) {
            throw new IllegalArgumentException("need at least one key, got " + keys);
        }
        this.engine = engine;
        this.handler = handler;
        this.kind = kind;
        this.keys = keys;
        this.leaves = Math.max(2, Integer.highestOneBit(keys - 1) << 1);
        this.data = new long[keys];
        this.nodeTime = new long[2 * leaves];
        this.nodeSeq = new long[2 * leaves];
        this.nodeKey = new int[2 * leaves];
        Arrays.fill(nodeTime, NONE);
        for (int k = 0; k < leaves; k++) {
            nodeKey[leaves + k] = k;
        }
        for (int i = leaves - 1; i >= 1; i--) {
            nodeKey[i] = nodeKey[2 * i]; // all empty: the leftmost wins
        }
    }

    /** Number of keys with a pending event. */
    public int pending() {
        return pending;
    }

    /** Whether {@code key} has a pending event. */
    public boolean isSet(int key) {
        return nodeTime[leaves + key] != NONE;
    }

    /** Time of {@code key}'s pending event (meaningless when none is pending). */
    public long timeNs(int key) {
        return nodeTime[leaves + key];
    }

    /**
     * Sets {@code key}'s event to {@code timeNs} (replacing a pending one); the handler gets
     * (time, kind, key, data). It is ordered after every event scheduled before this call.
     */
    public void set(int key, long timeNs, long d) {
        if (timeNs < engine.nowNs()) {
            throw new IllegalStateException("event scheduled in the past: at " + timeNs + " ns, now "
                    + engine.nowNs() + " ns (kind " + kind + ", key " + key + ")");
        }
        if (key < 0 || key >= keys) {
            throw new IndexOutOfBoundsException(key);
        }
        int leaf = leaves + key;
        if (nodeTime[leaf] == NONE) {
            pending++;
        }
        nodeTime[leaf] = timeNs;
        nodeSeq[leaf] = engine.nextSeq();
        data[key] = d;
        if (key == stale) {
            stale = -1;
        }
        replay(leaf);
    }

    /** Removes {@code key}'s pending event, if any. */
    public void cancel(int key) {
        int leaf = leaves + key;
        if (nodeTime[leaf] == NONE) {
            return;
        }
        nodeTime[leaf] = NONE;
        pending--;
        if (key == stale) {
            stale = -1;
        }
        replay(leaf);
    }

    /**
     * Replays the matches on the path from {@code leaf} to the root. The path's winner is
     * carried in registers; each level reads only its sibling's node, which this replay does not
     * write, and the selections compile to conditional moves (the outcome is a coin toss).
     */
    private void replay(int leaf) {
        long[] nt = nodeTime;
        long[] ns = nodeSeq;
        int[] nk = nodeKey;
        long bt = nt[leaf];
        long bs = ns[leaf];
        int bk = nk[leaf];
        for (int p = leaf; p > 1; p >>>= 1) {
            int sib = p ^ 1;
            long st = nt[sib];
            long ss = ns[sib];
            int sk = nk[sib];
            boolean sibWins = st < bt | (st == bt & ss < bs);
            bt = sibWins ? st : bt;
            bs = sibWins ? ss : bs;
            bk = sibWins ? sk : bk;
            int parent = p >>> 1;
            nt[parent] = bt;
            ns[parent] = bs;
            nk[parent] = bk;
        }
    }

    // ---- the engine's side ----

    long minTime() {
        return nodeTime[1];
    }

    long minSeq() {
        return nodeSeq[1];
    }

    /**
     * Removes the earliest event and runs it. The handler usually re-arms the same key, so the
     * path of the fired key is replayed once, by that {@link #set}, or after the handler. (Until
     * then the nodes on that path are stale; any replay of the path recomputes them bottom-up
     * from their children, and no node off the path depends on them.)
     */
    void fireMin(long nowNs) {
        int key = nodeKey[1];
        long d = data[key];
        nodeTime[leaves + key] = NONE;
        pending--;
        stale = key;
        handler.onEvent(nowNs, kind, key, d);
        if (stale == key) {
            stale = -1;
            replay(leaves + key);
        }
    }
}
