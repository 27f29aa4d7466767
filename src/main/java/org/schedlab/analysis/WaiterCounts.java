package org.schedlab.analysis;

import java.util.Arrays;

import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.SortedLongs;
import org.schedlab.model.WaitMode;

/**
 * How many tasks waited for one lock at every moment, spinning and sleeping apart: a step
 * function that changes only where a wait starts or ends. {@code spinning(i)} and
 * {@code sleeping(i)} hold from {@code tNs(i)} until {@code tNs(i + 1)}; before the first step
 * nobody waits. This is what the lock lane's waiter band draws.
 */
public final class WaiterCounts {
    private final long[] tNs;
    private final int[] spinning;
    private final int[] sleeping;
    private final int maxTotal;
    private final int maxSpinning;
    private final int maxSleeping;

    private WaiterCounts(long[] tNs, int[] spinning, int[] sleeping, int maxTotal) {
        this.tNs = tNs;
        this.spinning = spinning;
        this.sleeping = sleeping;
        this.maxTotal = maxTotal;
        int sp = 0;
        int sl = 0;
        for (int i = 0; i < tNs.length; i++) {
            sp = Math.max(sp, spinning[i]);
            sl = Math.max(sl, sleeping[i]);
        }
        this.maxSpinning = sp;
        this.maxSleeping = sl;
    }

    public static WaiterCounts of(LockLane lock) {
        Intervals w = lock.waits();
        int n = w.size();
        long[] starts = new long[n];
        long[] ends = new long[n];
        byte spin = WaitMode.SPIN.code();
        // +1 at each start, -1 at each end; ends are sorted separately (waits overlap freely)
        long[] endKeys = new long[n];
        for (int i = 0; i < n; i++) {
            starts[i] = w.startNs(i);
            ends[i] = w.endNs(i);
            endKeys[i] = w.endNs(i);
        }
        int[] endOrder = IndexSort.byKey(endKeys, n);
        long[] t = new long[2 * n];
        int[] sp = new int[2 * n];
        int[] sl = new int[2 * n];
        int steps = 0;
        int curSpin = 0;
        int curSleep = 0;
        int max = 0;
        int a = 0;
        int b = 0;
        while (a < n || b < n) {
            long next = Math.min(a < n ? starts[a] : Long.MAX_VALUE, b < n ? ends[endOrder[b]] : Long.MAX_VALUE);
            // ends before starts at one instant: a hand-over does not count twice
            while (b < n && ends[endOrder[b]] == next) {
                if (w.code(endOrder[b]) == spin) {
                    curSpin--;
                } else {
                    curSleep--;
                }
                b++;
            }
            while (a < n && starts[a] == next) {
                if (w.code(a) == spin) {
                    curSpin++;
                } else {
                    curSleep++;
                }
                a++;
            }
            if (steps > 0 && t[steps - 1] == next) {
                steps--;
            }
            t[steps] = next;
            sp[steps] = curSpin;
            sl[steps] = curSleep;
            steps++;
            max = Math.max(max, curSpin + curSleep);
        }
        return new WaiterCounts(Arrays.copyOf(t, steps), Arrays.copyOf(sp, steps), Arrays.copyOf(sl, steps), max);
    }

    public int size() {
        return tNs.length;
    }

    public long tNs(int i) {
        return tNs[i];
    }

    public int spinning(int i) {
        return spinning[i];
    }

    public int sleeping(int i) {
        return sleeping[i];
    }

    /** Most tasks waiting at once, over the whole lane. */
    public int maxTotal() {
        return maxTotal;
    }

    /** Most tasks spinning at once. */
    public int maxSpinning() {
        return maxSpinning;
    }

    /** Most tasks sleeping on the lock at once. */
    public int maxSleeping() {
        return maxSleeping;
    }

    /** Index of the last step at or before {@code t}, or -1 (nobody waits before the first). */
    public int indexAt(long t) {
        return SortedLongs.firstAfter(tNs, tNs.length, t) - 1;
    }

    public int spinningAt(long t) {
        int i = indexAt(t);
        return i < 0 ? 0 : spinning[i];
    }

    public int sleepingAt(long t) {
        int i = indexAt(t);
        return i < 0 ? 0 : sleeping[i];
    }
}
