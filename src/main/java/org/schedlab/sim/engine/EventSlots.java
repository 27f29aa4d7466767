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
    private final long[] time;
    private final long[] seq;
    private final long[] data;
    /**
     * Winner tree: node i (1 .. leaves-1) holds the winning key of its subtree; positions
     * leaves .. 2*leaves-1 are the keys themselves, so every level reads the same way.
     */
    private final int[] winner;
    private int pending;
    /** The key just fired whose path is not updated yet (-1: none): see {@link #fireMin}. */
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
        this.time = new long[leaves];
        this.seq = new long[leaves];
        this.data = new long[leaves];
        this.winner = new int[2 * leaves];
        Arrays.fill(time, NONE);
        for (int k = 0; k < leaves; k++) {
            winner[leaves + k] = k;
        }
        for (int i = leaves - 1; i >= 1; i--) {
            winner[i] = winner[2 * i]; // all empty: the leftmost wins
        }
    }

    /** Number of keys with a pending event. */
    public int pending() {
        return pending;
    }

    /** Whether {@code key} has a pending event. */
    public boolean isSet(int key) {
        return time[key] != NONE;
    }

    /** Time of {@code key}'s pending event (meaningless when none is pending). */
    public long timeNs(int key) {
        return time[key];
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
        if (time[key] == NONE) {
            pending++;
        }
        time[key] = timeNs;
        seq[key] = engine.nextSeq();
        data[key] = d;
        if (key == stale) {
            stale = -1;
        }
        update(key);
    }

    /** Removes {@code key}'s pending event, if any. */
    public void cancel(int key) {
        if (time[key] == NONE) {
            return;
        }
        time[key] = NONE;
        pending--;
        if (key == stale) {
            stale = -1;
        }
        update(key);
    }

    /**
     * Replays the matches on {@code key}'s path to the root. The path's winner is carried in
     * registers and each level only reads the sibling subtree's winner, which this replay does
     * not write: the loads are independent, and the selections compile to conditional moves
     * (the outcome is a coin toss, so a branch would mispredict half the time).
     */
    private void update(int key) {
        int[] w = winner;
        long[] t = time;
        long[] s = seq;
        int bk = key;
        long bt = t[key];
        long bs = s[key];
        for (int p = key + leaves; p > 1; p >>>= 1) {
            int sib = w[p ^ 1];
            long st = t[sib];
            long ss = s[sib];
            boolean sibWins = st < bt | (st == bt & ss < bs);
            bk = sibWins ? sib : bk;
            bt = sibWins ? st : bt;
            bs = sibWins ? ss : bs;
            w[p >>> 1] = bk;
        }
    }

    // ---- the engine's side ----

    long minTime() {
        return time[winner[1]];
    }

    long minSeq() {
        return seq[winner[1]];
    }

    /**
     * Removes the earliest event and runs it. The handler usually re-arms the same key, so the
     * path of the fired key is replayed once, by that {@link #set}, or after the handler. (Until
     * then the tree is stale only on that path, which any replay of it recomputes bottom-up.)
     */
    void fireMin(long nowNs) {
        int key = winner[1];
        long d = data[key];
        time[key] = NONE;
        pending--;
        stale = key;
        handler.onEvent(nowNs, kind, key, d);
        if (stale == key) {
            stale = -1;
            update(key);
        }
    }
}
