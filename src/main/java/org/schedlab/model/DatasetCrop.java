package org.schedlab.model;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
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
 *     (else the cut's first stretch read "nobody holds it" over the spinners);</li>
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
            carryGoingOn(marks, fromNs, b);
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
     * Whether lock-holder preemption or handoff stall mark {@code i}, begun before {@code fromNs},
     * goes on past it by its note's length: one a window starting at {@code fromNs} marks at its
     * start (see {@link #of}), which the Locks tab's count for a range starting there counts too.
     * False for other marks and for a note without a length (not the simulator's).
     */
    public static boolean goesOnPast(Marks marks, int i, long fromNs) {
        MarkKind kind = marks.kind(i);
        if (marks.tNs(i) >= fromNs || kind != MarkKind.LOCK_HOLDER_PREEMPTION && kind != MarkKind.LOCK_HANDOFF) {
            return false;
        }
        Matcher g = EPISODE_FOR.matcher(marks.note(i));
        return g.find() && episodeEnd(marks.tNs(i), g) > fromNs;
    }

    /** Where an episode marked at {@code tNs} ends by its note's length ({@link #EPISODE_FOR}, found). */
    private static long episodeEnd(long tNs, Matcher lengthInNote) {
        return tNs + Long.parseLong(lengthInNote.group(2)) * 1000;
    }

    /**
     * Marks at {@code fromNs} the lock-holder preemptions and handoff stalls that began before it
     * and go on past it (by their notes' lengths), in the recorder's words: the time from the
     * window's start, then how long before it the episode began. Every mark before the window is
     * looked at (one kind test each): how long ago an episode began says nothing of its length.
     */
    private static void carryGoingOn(Marks marks, long fromNs, DatasetBuilder b) {
        int first = marks.firstAtOrAfter(fromNs);
        for (int i = 0; i < first; i++) {
            MarkKind kind = marks.kind(i);
            if (kind != MarkKind.LOCK_HOLDER_PREEMPTION && kind != MarkKind.LOCK_HANDOFF) {
                continue;
            }
            String note = marks.note(i);
            Matcher g = EPISODE_FOR.matcher(note);
            if (!g.find()) {
                continue; // not the simulator's note: its length is unknown
            }
            long t = marks.tNs(i);
            long endNs = episodeEnd(t, g);
            if (endNs <= fromNs) {
                continue;
            }
            long beforeUs = (fromNs - t) / 1000;
            Matcher tail = BEFORE_TAIL.matcher(note);
            if (tail.find()) {
                beforeUs += Long.parseLong(tail.group(1)); // already cut at an earlier window's start
                note = note.substring(0, tail.start());
            }
            String carried = note.substring(0, g.start()) + "for " + (g.group(1) == null ? "" : g.group(1))
                    + (endNs - fromNs) / 1000 + " us" + note.substring(g.end())
                    + " (from the window's start; " + (kind == MarkKind.LOCK_HANDOFF ? "HANDOFF set " : "off CPU ")
                    + beforeUs + " us before it)";
            b.mark(kind, fromNs, marks.cpu(i), marks.task(i), carried, marks.reasonCode(i));
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
