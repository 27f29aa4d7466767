package org.schedlab.analysis;

import java.util.Arrays;
import java.util.PriorityQueue;

import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;

/**
 * A shared lock's holds as one lane can draw them. Readers of an rwsem hold it together, so its
 * holds overlap (thirty readers at once in a busy {@code mmap_lock}); a lane has room for one
 * holder per instant. The lane shows the longest-standing holder - the one that has held it
 * since the earliest start - until it lets go, then the next: long holds read as long segments
 * with a name, and the lane is covered exactly while anybody holds the lock. {@link #countAt}
 * says how many hold it at an instant.
 */
public final class SharedHolds {
    private SharedHolds() {
    }

    /**
     * The holds the lane draws: {@code lock.holds()} itself for an exclusive lock; for a shared
     * one, non-overlapping segments, each with the longest-standing holder of its stretch
     * (neighbouring stretches of the same holder joined), sorted by start.
     */
    public static Intervals laneView(LockLane lock) {
        Intervals h = lock.holds();
        if (!lock.shared() || h.size() < 2) {
            return h;
        }
        int n = h.size();
        long[] s = new long[n];
        long[] e = new long[n];
        int[] t = new int[n];
        int out = 0;
        // holds in start order: the longest-standing active one is the smallest active index
        PriorityQueue<Integer> byEnd = new PriorityQueue<>((a, b) -> Long.compare(h.endNs(a), h.endNs(b)));
        PriorityQueue<Integer> byStart = new PriorityQueue<>();
        boolean[] ended = new boolean[n];
        int next = 0;
        long now = Long.MIN_VALUE;
        while (next < n || !byEnd.isEmpty()) {
            long nextStart = next < n ? h.startNs(next) : Long.MAX_VALUE;
            long nextEnd = byEnd.isEmpty() ? Long.MAX_VALUE : h.endNs(byEnd.peek());
            long at = Math.min(nextStart, nextEnd);
            Integer rep = byStart.peek();
            if (rep != null && at > now) {
                int task = h.task(rep);
                if (out > 0 && t[out - 1] == task && e[out - 1] == now) {
                    e[out - 1] = at; // the same holder on: one segment
                } else {
                    s[out] = now;
                    e[out] = at;
                    t[out] = task;
                    out++;
                    if (out == s.length) {
                        s = Arrays.copyOf(s, out * 2);
                        e = Arrays.copyOf(e, out * 2);
                        t = Arrays.copyOf(t, out * 2);
                    }
                }
            }
            now = at;
            while (!byEnd.isEmpty() && h.endNs(byEnd.peek()) <= at) {
                ended[byEnd.poll()] = true;
            }
            while (next < n && h.startNs(next) <= at) {
                if (h.endNs(next) > at) {
                    byEnd.add(next);
                    byStart.add(next);
                }
                next++;
            }
            while (!byStart.isEmpty() && ended[byStart.peek()]) {
                byStart.poll();
            }
        }
        return Intervals.of(Arrays.copyOf(s, out), Arrays.copyOf(e, out), Arrays.copyOf(t, out), new byte[out]);
    }

    /** How many hold the lock at {@code tNs} (0 or 1 for an exclusive lock). */
    public static int countAt(LockLane lock, long tNs) {
        Intervals h = lock.holds();
        int count = 0;
        for (int i = h.firstVisibleAt(tNs); i < h.size() && h.startNs(i) <= tNs; i++) {
            if (h.endNs(i) > tNs) {
                count++;
            }
        }
        return count;
    }
}
