package org.schedlab.analysis;

import java.util.HashMap;
import java.util.Map;

import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.SortedLongs;
import org.schedlab.model.WaitMode;

/**
 * One lock lane's acquisitions in a recording, counted as the simulator counts them: an
 * acquisition is a hold that begins inside the recording (a hold already going on where it
 * starts was acquired before it: the recorder cuts it at the window's start), and it is
 * contended when its task's wait ended where the hold began. So {@code contended <= acquired}
 * whatever the window: a wait with no acquisition right after it is in neither count, either
 * still going on at the recording's end ({@code openWaits}) or ended before it without the lock
 * (timed out or interrupted: {@code abandonedWaits}), and a wait that began before the recording
 * counts with the acquisition that ends it. {@code holdNs} has the length of every acquisition's
 * hold and {@code waitNs} of every contended one's wait, as far as the recording has them (one
 * still held at its end is cut there, one begun before its start counts from there): the
 * recorder cuts both at the window's edges. A wait that took no time leaves no segment on the
 * lane, so it is not seen (the simulator's rwsem counts those as contended). A lane with waits
 * only (perf lock's contention tracepoints) has no acquisitions to count: see
 * {@link DatasetSummary}.
 *
 * <p>A wait is every segment of one task back to back (s_lock spins, sleeps, spins again: one
 * wait), see {@link #waits}.
 */
record LockAcquisitions(long acquired, long contended, long[] waitNs, int waitCount, long[] holdNs, int holdCount,
                        long openWaits, long abandonedWaits) {

    /** The waits that took no lock inside the recording: open at its end or abandoned before it. */
    long unacquiredWaits() {
        return openWaits + abandonedWaits;
    }

    /**
     * A lane's waits, each the back-to-back segments of one task joined, in order of their start;
     * {@code slept}: the wait slept at some point; {@code maxNs}: the longest.
     */
    record Waits(long[] startNs, long[] endNs, int[] task, boolean[] slept, int size, long maxNs) {
        long durationNs(int i) {
            return endNs[i] - startNs[i];
        }

        /** The first wait that ends after {@code tNs} (those before it all end at or before it). */
        int firstEndingAfter(long tNs) {
            int lo = SortedLongs.firstAtOrAfter(startNs, size, tNs - maxNs);
            while (lo < size && endNs[lo] <= tNs) {
                lo++;
            }
            return lo;
        }
    }

    static Waits waits(Intervals segments) {
        int n = segments.size();
        long[] start = new long[n];
        long[] end = new long[n];
        int[] task = new int[n];
        boolean[] slept = new boolean[n];
        Map<Integer, Integer> last = new HashMap<>();
        int k = 0;
        byte sleep = WaitMode.SLEEP.code();
        for (int i = 0; i < n; i++) {
            Integer at = last.get(segments.task(i));
            int w;
            if (at != null && end[at] == segments.startNs(i)) {
                w = at;
                end[w] = segments.endNs(i);
            } else {
                w = k++;
                start[w] = segments.startNs(i);
                end[w] = segments.endNs(i);
                task[w] = segments.task(i);
                last.put(segments.task(i), w);
            }
            slept[w] |= segments.code(i) == sleep;
        }
        long max = 0;
        for (int i = 0; i < k; i++) {
            max = Math.max(max, end[i] - start[i]);
        }
        return new Waits(start, end, task, slept, k, max);
    }

    /** The acquisitions of {@code lock} in a recording of {@code [startNs, endNs]}. */
    static LockAcquisitions of(LockLane lock, long startNs, long endNs) {
        Waits w = waits(lock.waits());
        int[] byEnd = IndexSort.byKey(w.endNs(), w.size());
        long[] sortedEnds = new long[w.size()];
        for (int i = 0; i < w.size(); i++) {
            sortedEnds[i] = w.endNs()[byEnd[i]];
        }
        boolean[] taken = new boolean[w.size()];
        Intervals h = lock.holds();
        long acquired = 0;
        long contended = 0;
        long[] waitNs = new long[w.size()];
        int waits = 0;
        long[] holdNs = new long[h.size()];
        int holds = 0;
        for (int i = 0; i < h.size(); i++) {
            long at = h.startNs(i);
            if (at <= startNs) {
                continue; // held where the recording starts: acquired before it
            }
            acquired++;
            holdNs[holds++] = h.durationNs(i);
            int n = sortedEnds.length;
            for (int j = SortedLongs.firstAtOrAfter(sortedEnds, n, at); j < n && sortedEnds[j] == at; j++) {
                int wait = byEnd[j];
                if (!taken[wait] && w.task()[wait] == h.task(i)) {
                    taken[wait] = true;
                    contended++;
                    waitNs[waits++] = w.durationNs(wait);
                    break;
                }
            }
        }
        long open = 0;
        for (int i = 0; i < w.size(); i++) {
            if (!taken[i] && w.endNs()[i] >= endNs) {
                open++;
            }
        }
        return new LockAcquisitions(acquired, contended, waitNs, waits, holdNs, holds, open,
                w.size() - contended - open);
    }
}
