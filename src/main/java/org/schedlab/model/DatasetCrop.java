package org.schedlab.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A dataset cut to a time window {@code [fromNs, toNs)}, as if it had been recorded over that
 * window only - the rules the simulator's recorder follows for its own window, so a saved run
 * cropped to a stretch reads like a run recorded over exactly that stretch:
 * <ul>
 * <li>CPU slices, task-lane intervals, lock holds and lock waits that overlap the window are
 *     kept, cut at its edges (a hold already going on at the window's start then starts at it:
 *     the summary counts it as held, not acquired, there); an interval of no length (a 0 ns wait
 *     for a CPU or for a lock) is kept where it lies inside the window;</li>
 * <li>marks and the workload's completed operations are kept where their time (an operation's
 *     end) lies inside the window; a simulator's lock-holder preemption or handoff stall that
 *     began before the window and goes on into it (its note's "for N us" reaches past the
 *     window's start) is marked at the window's start, its note saying the time from there and
 *     how long it had gone on before, as the recorder marks one going on at its window's start
 *     (else the cut's first stretch read "nobody holds it" over the spinners) - a stall only if
 *     someone spins on the lock from there on ({@link #goesOnPast});</li>
 * <li>a counter keeps its samples inside the window, and the value it held at the window's start
 *     (a gap too) becomes a sample there, so each stretch holds the same value as before;</li>
 * <li>its span ({@link Dataset#startNs()} to {@link Dataset#endNs()}) is the window's, as far as
 *     the data reaches, even where nothing happens at the window's edges;</li>
 * <li>tasks, CPUs, lock lanes, counters and operations keep their ids, names and order even when
 *     nothing of theirs falls inside the window - except a lock recorded by its waits only (perf
 *     lock's contention tracepoints) with no wait in the window, which an empty lane would turn into
 *     a lock recorded with its holds and taken 0 times; the metadata is kept, with {@link #WINDOW_KEY}
 *     added saying which window of the data this is.</li>
 * </ul>
 * A window that reaches the dataset's end ({@code toNs >= endNs()}) keeps what happens at its very
 * last instant too, so cropping a dataset to its whole span gives back the same lanes, marks,
 * counters and operations. One pass over what lies in the window (binary searches find its start
 * in each lane): a short window of a long run costs what the window holds.
 */
public final class DatasetCrop {
    /**
     * The metadata parameter a cropped dataset carries: its window in milliseconds after the start
     * of the dataset it was cut from, to the microsecond ("20..50 ms").
     */
    public static final String WINDOW_KEY = "window";

    private DatasetCrop() {
    }

    /**
     * Where a range of {@code d} ending at {@code toNs} stops, exclusive: {@code toNs}, except that
     * the last instant of the data belongs to a range that reaches the end (an operation that ends
     * at the data's last instant is inside the whole run and any range up to its end). Every cut
     * of a range - the crop, the Selection tab's operation latency - goes by it.
     */
    public static long limit(Dataset d, long toNs) {
        return toNs >= d.endNs() && toNs < Long.MAX_VALUE ? toNs + 1 : toNs;
    }

    /** {@code d} cut to {@code [fromNs, toNs)} (see the class comment). */
    static Dataset of(Dataset d, long fromNs, long toNs) {
        if (toNs <= fromNs) {
            throw new IllegalArgumentException("a window must end after it starts, was " + fromNs + ".." + toNs + " ns");
        }
        long limit = limit(d, toNs);
        Map<String, String> params = new LinkedHashMap<>(d.metadata().parameters());
        params.remove(WINDOW_KEY); // a window of a window: said from the start of the data cut
        params.put(WINDOW_KEY, windowText(fromNs - d.startNs(), toNs - d.startNs()));
        Metadata m = d.metadata();
        DatasetBuilder b = new DatasetBuilder(new Metadata(m.source(), m.format(), params, m.seed(), m.schedlabVersion(),
                m.importWarnings()));
        for (TaskInfo t : d.tasks()) {
            b.addTask(t.tid(), t.pid(), t.comm());
        }
        b.cpuCount(d.cpuCount());
        // the window's span, as far as the data reaches: a stretch of a recording in which nothing
        // happened at the edges (or at all) is still as long as the window
        long coverFrom = Math.max(fromNs, d.startNs());
        long coverTo = Math.min(toNs, d.endNs());
        if (coverFrom <= coverTo) {
            b.covers(coverFrom, coverTo);
        }
        for (CpuLane c : d.cpus()) {
            copy(c.slices(), fromNs, toNs, limit, b.cpu(c.cpu()));
        }
        for (TaskLane l : d.taskLanes()) {
            Intervals iv = l.intervals();
            int i = first(iv, fromNs);
            // a lane with nothing in the window gets none, as the recorder opens a lane with its first interval
            if (i < iv.size() && iv.startNs(i) < limit) {
                copy(iv, fromNs, toNs, limit, b.taskLane(l.task()));
            }
        }
        for (LockLane l : d.locks()) {
            Intervals h = l.holds();
            Intervals w = l.waits();
            if (h.isEmpty() && !w.isEmpty() && !anyInside(w, fromNs, toNs, limit)) {
                // recorded by its waits only (perf lock's tracepoints), none in the window: left
                // out, as an empty lane would read as a lock recorded with its holds and taken 0 times
                continue;
            }
            DatasetBuilder.LockBuilder lock = b.lock(l.name(), l.kind(), l.shared());
            for (int i = first(h, fromNs); i < h.size() && h.startNs(i) < limit; i++) {
                if (inside(h, i, fromNs, toNs, limit)) {
                    lock.hold(Math.max(h.startNs(i), fromNs), Math.min(h.endNs(i), toNs), h.task(i), h.code(i));
                }
            }
            for (int i = first(w, fromNs); i < w.size() && w.startNs(i) < limit; i++) {
                if (inside(w, i, fromNs, toNs, limit)) {
                    lock.waitFor(Math.max(w.startNs(i), fromNs), Math.min(w.endNs(i), toNs), w.task(i),
                            WaitMode.ofCode(w.code(i)));
                }
            }
        }
        for (CounterSeries c : d.counters()) {
            DatasetBuilder.CounterBuilder out = b.counter(c.name(), c.unit());
            int i = fromNs == Long.MIN_VALUE ? 0 : c.indexAt(fromNs - 1) + 1; // the first sample at or after fromNs
            if (i > 0 && (i == c.size() || c.tNs(i) > fromNs)) {
                out.add(fromNs, c.value(i - 1)); // the value (or gap) held into the window
            }
            for (; i < c.size() && c.tNs(i) < limit; i++) {
                out.add(c.tNs(i), c.value(i));
            }
        }
        Marks marks = d.marks();
        if (fromNs < limit) {
            carryGoingOn(d, fromNs, b);
        }
        for (int i = marks.firstAtOrAfter(fromNs); i < marks.size() && marks.tNs(i) < limit; i++) {
            b.mark(marks.kind(i), marks.tNs(i), marks.cpu(i), marks.task(i), marks.note(i), marks.reasonCode(i));
        }
        for (OperationSamples op : d.operations()) {
            DatasetBuilder.OperationBuilder out = b.operation(op.name());
            for (int i = op.firstEndingAtOrAfter(fromNs); i < op.size() && op.endNs(i) < limit; i++) {
                out.add(op.endNs(i), op.latencyNs(i));
            }
        }
        try {
            return b.build();
        } catch (InvalidDatasetException e) {
            // everything came from a dataset that was valid, cut only at the window's edges
            throw new IllegalStateException("cropping " + d + " to " + fromNs + ".." + toNs + " ns made an invalid"
                    + " dataset: " + e.getMessage(), e);
        }
    }

    /**
     * A lock episode's length in its note: "free for 200 us", "preempted for at least 1000 us". At
     * most 15 digits (over 30 years in us): a longer number, a hand-edited file's, is no length, not
     * a {@code Long.parseLong} overflow out of a crop.
     */
    private static final Pattern EPISODE_FOR = Pattern.compile("\\bfor (at least )?(\\d{1,15}) us\\b");
    /** The tail of a note marked at a window's start: how long the episode had gone on before it. */
    private static final Pattern BEFORE_TAIL =
            Pattern.compile(" \\(from the window's start; (?:HANDOFF set|off CPU) (\\d{1,15}) us before it\\)$");

    /**
     * Whether a lock episode's note says it began before the window it is marked at the start of
     * ("... (from the window's start; off CPU 584 us before it)"), as the recorder and a cut write it.
     */
    public static boolean begunBeforeWindow(String note) {
        return BEFORE_TAIL.matcher(note).find();
    }

    /** A handoff stall's spinners in its note: "up to 16 CPUs spinning", "up to 1 CPU spinning". */
    private static final Pattern SPINNERS = Pattern.compile("\\bup to (\\d{1,9}) CPUs? spinning\\b");

    /**
     * Whether lock-holder preemption or handoff stall mark {@code i} of {@code d}, begun before
     * {@code fromNs}, goes on into a window starting there: one the window's cut marks at its start
     * (see {@link #of}), which the Locks tab's count for a range starting there counts too. False
     * for other marks, for a note without a length (not the simulator's) and for a stall whose
     * spinners all spun before {@code fromNs}.
     */
    public static boolean goesOnPast(Dataset d, int i, long fromNs) {
        return carried(d, i, fromNs) != null;
    }

    /**
     * The note mark {@code i} of {@code d} gets at {@code fromNs} when it is a lock-holder preemption
     * or handoff stall that began before it and goes on past it, else null. In the recorder's words
     * for one going on at its window's start: the time from there, then how long before it the
     * episode began; a stall's "up to N CPUs spinning" the most that spin from there on, as the
     * recorder counts them (one with none spinning from there is no stall in the window). The
     * note's length is whole microseconds; where the data holds the episode's end within that
     * microsecond (the waiter's take, the holder's next slice), the time from the window's start is
     * counted from it, as the recorder counts it from the exact end.
     */
    private static String carried(Dataset d, int i, long fromNs) {
        Marks marks = d.marks();
        MarkKind kind = marks.kind(i);
        long t = marks.tNs(i);
        if (t >= fromNs || kind != MarkKind.LOCK_HOLDER_PREEMPTION && kind != MarkKind.LOCK_HANDOFF) {
            return null;
        }
        String note = marks.note(i);
        Matcher g = EPISODE_FOR.matcher(note);
        if (!g.find()) {
            return null; // not the simulator's note: its length is unknown
        }
        long noteEndNs = t + Long.parseLong(g.group(2)) * 1000;
        if (noteEndNs + 1000 <= fromNs) {
            return null; // over a microsecond before the window, whatever the data says within it
        }
        long endNs = episodeEnd(d, i, noteEndNs, g.group(1) != null);
        if (endNs <= fromNs) {
            return null;
        }
        long beforeUs = (fromNs - t) / 1000;
        int restEnd = note.length();
        Matcher tail = BEFORE_TAIL.matcher(note);
        if (tail.find()) {
            beforeUs += Long.parseLong(tail.group(1)); // already cut at an earlier window's start
            restEnd = tail.start();
        }
        String rest = note.substring(g.end(), restEnd);
        if (kind == MarkKind.LOCK_HANDOFF) {
            Matcher s = SPINNERS.matcher(rest);
            int spinners = s.find() ? spinnersFrom(d, i, fromNs, endNs) : -1;
            if (spinners == 0) {
                return null; // all of them spun before the window: no stall in it
            }
            if (spinners > 0) {
                rest = rest.substring(0, s.start()) + "up to " + spinners + (spinners == 1 ? " CPU" : " CPUs")
                        + " spinning" + rest.substring(s.end());
            }
        }
        return note.substring(0, g.start()) + "for " + (g.group(1) == null ? "" : g.group(1))
                + (endNs - fromNs) / 1000 + " us" + rest
                + " (from the window's start; " + (kind == MarkKind.LOCK_HANDOFF ? "HANDOFF set " : "off CPU ")
                + beforeUs + " us before it)";
    }

    /**
     * Where lock episode mark {@code i} ends: {@code noteEndNs} (its start plus its note's whole
     * microseconds), or the exact end the data holds within that microsecond - a stall's waiter
     * taking the lock, a holder's next slice, the recording's end for one still going on there.
     */
    private static long episodeEnd(Dataset d, int i, long noteEndNs, boolean stillAtEnd) {
        long before = noteEndNs + 1000;
        if (stillAtEnd) {
            return d.endNs() >= noteEndNs && d.endNs() < before ? d.endNs() : noteEndNs;
        }
        Marks m = d.marks();
        int task = m.task(i);
        long end = Long.MAX_VALUE;
        if (m.kind(i) == MarkKind.LOCK_HANDOFF) {
            LockLane lock = lockOf(d, m.note(i));
            if (lock != null) {
                Intervals h = lock.holds();
                for (int k = h.firstStartingAtOrAfter(noteEndNs); k < h.size() && h.startNs(k) < before; k++) {
                    if (h.task(k) == task) {
                        end = h.startNs(k);
                        break;
                    }
                }
            }
        } else {
            long after = Math.max(noteEndNs, m.tNs(i) + 1); // the holder's own switch at the mark is not its return
            for (CpuLane c : d.cpus()) {
                Intervals s = c.slices();
                for (int k = s.firstStartingAtOrAfter(after); k < s.size() && s.startNs(k) < Math.min(before, end); k++) {
                    if (s.task(k) == task) {
                        end = s.startNs(k);
                        break;
                    }
                }
            }
        }
        return end == Long.MAX_VALUE ? noteEndNs : end;
    }

    /** The lock lane a lock mark's note names first ("mmap_lock free for ..."), or null. */
    private static LockLane lockOf(Dataset d, String note) {
        for (LockLane l : d.locks()) {
            if (note.startsWith(l.name() + " ")) {
                return l;
            }
        }
        return null;
    }

    /**
     * The most tasks besides stall mark {@code i}'s waiter spin-waiting at once on the lock its
     * note names, in {@code [fromNs, endNs)} - what the timeline shows spinning there; -1 when the
     * data has no such lock.
     */
    private static int spinnersFrom(Dataset d, int i, long fromNs, long endNs) {
        LockLane lock = lockOf(d, d.marks().note(i));
        if (lock == null) {
            return -1;
        }
        int waiter = d.marks().task(i);
        Intervals w = lock.waits();
        List<long[]> edges = new ArrayList<>();
        for (int k = w.firstVisibleAt(fromNs); k < w.size() && w.startNs(k) < endNs; k++) {
            long s = Math.max(fromNs, w.startNs(k));
            long e = Math.min(endNs, w.endNs(k));
            if (w.code(k) == WaitMode.SPIN.code() && w.task(k) != waiter && s < e) {
                edges.add(new long[] {s, 1});
                edges.add(new long[] {e, -1});
            }
        }
        // one ending where another begins is not two at once
        edges.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        int n = 0;
        int max = 0;
        for (long[] e : edges) {
            n += (int) e[1];
            max = Math.max(max, n);
        }
        return max;
    }

    /**
     * Marks at {@code fromNs} the lock-holder preemptions and handoff stalls that began before it
     * and go on past it ({@link #carried}). Every mark before the window is looked at (one kind
     * test each): how long ago an episode began says nothing of its length.
     */
    private static void carryGoingOn(Dataset d, long fromNs, DatasetBuilder b) {
        Marks marks = d.marks();
        int first = marks.firstAtOrAfter(fromNs);
        for (int i = 0; i < first; i++) {
            String note = carried(d, i, fromNs);
            if (note != null) {
                b.mark(marks.kind(i), fromNs, marks.cpu(i), marks.task(i), note, marks.reasonCode(i));
            }
        }
    }

    /**
     * The window as its note and the commands' titles say it: milliseconds after the data's start,
     * to the microsecond, without trailing zeros ("20..50 ms", "1.5..2.25 ms").
     */
    public static String windowText(long fromNs, long toNs) {
        return ms(fromNs) + ".." + ms(toNs) + " ms";
    }

    private static String ms(long ns) {
        long us = Math.round(ns / 1000.0);
        return BigDecimal.valueOf(us, 3).stripTrailingZeros().toPlainString();
    }

    /** Appends the intervals of a non-overlapping lane that lie in the window, cut at its edges. */
    private static void copy(Intervals iv, long fromNs, long toNs, long limit, IntervalsBuilder out) {
        for (int i = first(iv, fromNs); i < iv.size() && iv.startNs(i) < limit; i++) {
            if (inside(iv, i, fromNs, toNs, limit)) {
                out.add(Math.max(iv.startNs(i), fromNs), Math.min(iv.endNs(i), toNs), iv.task(i), iv.code(i));
            }
        }
    }

    /**
     * The first interval that may lie in the window: the first that ends after its start, or one
     * before it when that one has no length and starts right there (which
     * {@link Intervals#firstVisibleAt} passes over).
     */
    private static int first(Intervals iv, long fromNs) {
        int i = iv.firstVisibleAt(fromNs);
        while (i > 0 && iv.endNs(i - 1) >= fromNs && iv.startNs(i - 1) >= fromNs) {
            i--;
        }
        return i;
    }

    private static boolean anyInside(Intervals iv, long fromNs, long toNs, long limit) {
        for (int i = first(iv, fromNs); i < iv.size() && iv.startNs(i) < limit; i++) {
            if (inside(iv, i, fromNs, toNs, limit)) {
                return true;
            }
        }
        return false;
    }

    /** Whether interval {@code i} has some length inside the window, or no length at a time inside it. */
    private static boolean inside(Intervals iv, int i, long fromNs, long toNs, long limit) {
        long s = iv.startNs(i);
        long e = iv.endNs(i);
        if (s == e) {
            return s >= fromNs && s < limit;
        }
        return Math.min(e, toNs) > Math.max(s, fromNs);
    }
}
