package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.WaitMode;

/**
 * Per-lock figures for a range, the ones a lock-contention thread quotes: holds and hold time,
 * waits split into spinning and sleeping, the wait-time distribution, the most waiters at once,
 * and how often and how long the holder was off its CPU while holding (from the dataset itself,
 * see {@link HolderOffCpu}) next to the lock-holder preemptions the source marked.
 */
public final class LockStatistics {

    /**
     * One lock in one range. Times inside the range are cut at its edges; the wait distribution
     * and the longest hold use whole durations of the waits and holds that started inside it and
     * that the recording saw whole: one already going on when it began or still going on at its
     * end has an unknown length (its recorded part, up to the whole window, is no measurement; a
     * lane of waits only has each wait from its begin event, so only the end can cut one). A
     * wait is all of one task's wait for the lock, however often it switched between spinning and
     * sleeping: {@code sleepWaits} are the waits that slept at some point, {@code spinWaits} those
     * that only spun; {@code spinWaitNs} and {@code sleepWaitNs} are the time spent each way.
     */
    public record Row(String name, String kind, long holds, long holdNs, long maxHoldNs,
                      long spinWaits, long sleepWaits, long spinWaitNs, long sleepWaitNs, LatencyStats waitUs,
                      int maxWaiters, long offCpuStretches, long offCpuNs, long longestOffCpuNs,
                      long holderPreemptionMarks, long handoffStallMarks, boolean holdsRecorded, long lockedNs) {
        public long waits() {
            return spinWaits + sleepWaits;
        }
    }

    private LockStatistics() {
    }

    public static List<Row> of(LockIndex index, long fromNs, long toNs) {
        Dataset d = index.dataset();
        List<Row> rows = new ArrayList<>();
        for (int l = 0; l < d.locks().size(); l++) {
            rows.add(row(d, l, index, fromNs, toNs));
        }
        return rows;
    }

    private static Row row(Dataset d, int l, LockIndex index, long from, long to) {
        LockLane lock = d.locks().get(l);
        Intervals h = lock.holds();
        long holds = 0;
        long holdNs = 0;
        long maxHold = 0;
        // the time anyone held it: readers of an rwsem hold it together, and their holds added up
        // (36.2 s "held" in 1 s of mmap_lock) say nothing of how long it was locked
        long lockedNs = 0;
        long lockedUntil = Long.MIN_VALUE;
        for (int i = h.firstVisibleAt(from); i < h.size() && h.startNs(i) < to; i++) {
            long s = Math.max(from, h.startNs(i));
            long e = Math.min(to, h.endNs(i));
            if (e > Math.max(s, lockedUntil)) {
                lockedNs += e - Math.max(s, lockedUntil);
                lockedUntil = e;
            }
            long ns = clipped(h, i, from, to);
            if (ns > 0 || h.startNs(i) >= from) {
                holds++;
                holdNs += ns;
                if (h.startNs(i) >= from && seenWhole(d, h.startNs(i), h.endNs(i))) {
                    maxHold = Math.max(maxHold, h.durationNs(i));
                }
            }
        }
        // time by segment (spinning or asleep), counts and lengths by wait: an s_lock wait spins,
        // sleeps and spins again, and counted by segment it was three waits with a third of the length
        Intervals w = lock.waits();
        long[] ns = new long[2];
        for (int i = w.firstVisibleAt(from); i < w.size() && w.startNs(i) < to; i++) {
            ns[w.code(i) == WaitMode.SPIN.code() ? 0 : 1] += clipped(w, i, from, to);
        }
        // a lane of waits only is perf lock's contention tracepoints, whose reader makes a wait from
        // its contention_begin: one starting with the recording began there and is whole (perf lock
        // record's first event is such a begin; leaving it out made the tab's longest wait 2.55 ms
        // where perf lock contention, and import, say 6.90 ms)
        boolean begunInside = h.isEmpty() && !w.isEmpty();
        LockAcquisitions.Waits joined = index.waits(l);
        long[] counts = new long[2];
        long[] started = new long[joined.size()];
        int nStarted = 0;
        for (int i = joined.firstEndingAfter(from); i < joined.size() && joined.startNs()[i] < to; i++) {
            if (joined.endNs()[i] <= from) {
                continue;
            }
            counts[joined.slept()[i] ? 1 : 0]++;
            if (joined.startNs()[i] >= from && (begunInside ? joined.endNs()[i] < d.endNs()
                    : seenWhole(d, joined.startNs()[i], joined.endNs()[i]))) {
                started[nStarted++] = joined.durationNs(i);
            }
        }
        Intervals off = index.holderOffCpu(l);
        long stretches = 0;
        long offNs = 0;
        long longest = 0;
        for (int i = off.firstVisibleAt(from); i < off.size() && off.startNs(i) < to; i++) {
            stretches++;
            offNs += clipped(off, i, from, to);
            longest = Math.max(longest, off.durationNs(i));
        }
        return new Row(lock.name(), lock.kind(), holds, holdNs, maxHold, counts[0], counts[1], ns[0], ns[1],
                LatencyStats.ofNs(started, nStarted), maxWaiters(index.waiters(l), from, to), stretches, offNs,
                longest, marksOf(d, lock, MarkKind.LOCK_HOLDER_PREEMPTION, from, to),
                marksOf(d, lock, MarkKind.LOCK_HANDOFF, from, to), !h.isEmpty() || lock.waits().isEmpty(), lockedNs);
    }

    /**
     * Whether the recording saw [start, end) whole: it neither began with the recording (a wait or
     * hold already going on, cut at its start) nor ends with it (cut at its end).
     */
    private static boolean seenWhole(Dataset d, long startNs, long endNs) {
        return startNs > d.startNs() && endNs < d.endNs();
    }

    private static long clipped(Intervals iv, int i, long from, long to) {
        return Math.max(0, Math.min(to, iv.endNs(i)) - Math.max(from, iv.startNs(i)));
    }

    /** Most tasks waiting at once inside the range. */
    static int maxWaiters(WaiterCounts wc, long from, long to) {
        int i = Math.max(0, wc.indexAt(from));
        int max = 0;
        for (; i < wc.size() && wc.tNs(i) < to; i++) {
            if (i + 1 < wc.size() && wc.tNs(i + 1) <= from) {
                continue;
            }
            max = Math.max(max, wc.spinning(i) + wc.sleeping(i));
        }
        return max;
    }

    /**
     * Marks of {@code kind} (lock-holder preemptions, handoff stalls) that belong to this lock - their
     * note names it first ("buffer_strategy_lock holder preempted ...", "mmap_lock free for ..."), or
     * the dataset has only this lock - and overlap the range: marked in it, or begun before it and
     * going on past its start by their note's length (a stall only with someone spinning on the lock
     * from there on), without one going on past the range's end that was none yet there (nobody
     * waiting for the holder, nobody spinning yet). That is what the range's window summary counts,
     * whose cut marks such an episode at its start ({@link DatasetCrop#kept}); counted by their
     * time alone, a range selected from inside a 2.5 ms holder preemption left it out where the
     * window summary of the same range had it. Every mark before the range is looked at (a kind
     * test each), as the cut does: how long ago an episode began says nothing of its length.
     */
    static long marksOf(Dataset d, LockLane lock, MarkKind kind, long from, long to) {
        Marks m = d.marks();
        boolean onlyLock = d.locks().size() == 1;
        String prefix = lock.name() + " ";
        long n = 0;
        int first = m.firstAtOrAfter(from);
        for (int i = 0; i < first; i++) {
            if (m.kind(i) == kind && (onlyLock || m.note(i).startsWith(prefix)) && DatasetCrop.kept(d, i, from, to)) {
                n++;
            }
        }
        // a range ending at the data's end has the marks there, as its cut has
        long limit = DatasetCrop.limit(d, to);
        for (int i = first; i < m.size() && m.tNs(i) < limit; i++) {
            if (m.kind(i) == kind && (onlyLock || m.note(i).startsWith(prefix)) && DatasetCrop.kept(d, i, from, to)) {
                n++;
            }
        }
        return n;
    }

    /**
     * When the waiter of lock handoff stall mark {@code mark} took the lock: its first hold, at or
     * after the mark, of the lock the mark's note names; empty if the dataset has no such hold (the
     * stall was still going on at the recording's end).
     */
    public static OptionalLong handoffTakenNs(Dataset d, int mark) {
        Marks m = d.marks();
        long t = m.tNs(mark);
        for (LockLane lock : d.locks()) {
            if (!m.note(mark).startsWith(lock.name() + " ")) {
                continue;
            }
            var holds = lock.holds();
            // holds are sorted by start; a shared lock's may overlap, so look through all of them
            for (int h = holds.firstStartingAtOrAfter(t); h < holds.size(); h++) {
                if (holds.task(h) == m.task(mark)) {
                    return OptionalLong.of(holds.startNs(h));
                }
            }
        }
        return OptionalLong.empty();
    }

    /** Where handoff stall mark {@code mark} ends on the timeline: the waiter's take, else the recording's end. */
    public static long handoffEndNs(Dataset d, int mark) {
        return handoffTakenNs(d, mark).orElse(Math.max(d.endNs(), d.marks().tNs(mark)));
    }
}
