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
 *     someone spins on the lock from there on; one marked in the window (or at its start) that goes
 *     on past the window's end gets the recorder's note for one still going on at its window's end
 *     ("for at least" the time to there, "(still off CPU at the window's end)", the waiters then; a
 *     stall's spinners up to then, on the CPU its waiter was queued on then), or no mark where a
 *     recording ending there had none ({@link #kept});</li>
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
     * of the dataset it was cut from, to the microsecond ("20..50 ms"; finer where a window's ends lie
     * within one microsecond, {@link #windowText}); of a window of a window,
     * after the start of the data the first was cut from (5..10 ms of a 20..50 ms cut is "25..30 ms"),
     * which is the data its source names.
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
        // a window of a window: said from the start of the data the first was cut from, the
        // recording or run its source and seed name ("window 5..10 ms of runA" was 25..30 ms of it)
        long cutAtNs = cutStartNs(params.remove(WINDOW_KEY));
        params.put(WINDOW_KEY, windowText(cutAtNs + fromNs - d.startNs(), cutAtNs + toNs - d.startNs()));
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
            carryGoingOn(d, fromNs, toNs, b);
        }
        for (int i = marks.firstAtOrAfter(fromNs); i < marks.size() && marks.tNs(i) < limit; i++) {
            String note = noteIn(d, i, fromNs, toNs);
            if (note != null) {
                b.mark(marks.kind(i), marks.tNs(i), cpuIn(d, i, toNs, note), marks.task(i), note, marks.reasonCode(i),
                        marks.waker(i));
            }
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
    /** What follows a holder preemption's length in the simulator's note, up to its before-tail. */
    private static final Pattern HOLDER_REST =
            Pattern.compile("^(?: \\(still off CPU at the window's end\\))?, \\d{1,9} waiting$");
    /** A handoff stall's words for one still going on at the end of its recording. */
    private static final String STILL_AT_END = " (still at the window's end)";
    /** What follows a handoff stall's length in the simulator's note, up to its before-tail. */
    private static final Pattern STALL_REST = Pattern.compile(
            "^ with HANDOFF set(?: \\(still at the window's end\\))?, up to \\d{1,9} CPUs? spinning on it$");

    /**
     * Whether the cut of {@code d} to {@code [fromNs, toNs)} has mark {@code i}: a mark inside the
     * window, except a lock episode that goes on past its end which a recording ending there would
     * not have marked (nobody waited for the preempted holder of a simulated run yet, nobody spun
     * during the stall yet, a stall no longer than a wake-up so far); or a lock-holder preemption or
     * handoff stall begun before the window that goes on into it, which the cut marks at its start
     * (see {@link #of}) - what the Locks tab's counts for that range count too. False for a mark
     * after the window, for one before it of another kind, without a length in its note (not the
     * simulator's), or a stall whose spinners all spun before {@code fromNs}.
     */
    public static boolean kept(Dataset d, int i, long fromNs, long toNs) {
        long t = d.marks().tNs(i);
        return t < limit(d, toNs) && noteIn(d, i, fromNs, toNs) != null;
    }

    /**
     * The note mark {@code i} of {@code d}, at or before {@code toNs}, has in the cut to
     * {@code [fromNs, toNs)}, or null when the cut has no such mark. A mark inside the window keeps
     * its note, except a lock-holder preemption or handoff stall that goes on past the window's end
     * ({@link #atEnd}). One before the window is kept only when it is a lock-holder preemption or
     * handoff stall that goes on past its start, with the note the recorder writes for one going on
     * at its window's start: the time from there, then how long before it the episode began; a
     * stall's "up to N CPUs spinning" the most that spin from there on, as the recorder counts them
     * (one with none spinning from there is no stall in the window), a simulated run's preemption
     * only when someone waits for the lock in the window. The note's length is whole microseconds;
     * where the data holds the episode's end within that microsecond (the waiter's take, the
     * holder's next slice), the time from the window's start is counted from it, as the recorder
     * counts it from the exact end.
     */
    private static String noteIn(Dataset d, int i, long fromNs, long toNs) {
        Marks marks = d.marks();
        MarkKind kind = marks.kind(i);
        long t = marks.tNs(i);
        String note = marks.note(i);
        if (kind != MarkKind.LOCK_HOLDER_PREEMPTION && kind != MarkKind.LOCK_HANDOFF) {
            return t >= fromNs ? note : null;
        }
        Matcher g = EPISODE_FOR.matcher(note);
        if (!g.find()) {
            return t >= fromNs ? note : null; // not the simulator's note: its length is unknown
        }
        long noteEndNs = t + Long.parseLong(g.group(2)) * 1000;
        if (t < fromNs && noteEndNs + 1000 <= fromNs) {
            return null; // over a microsecond before the window, whatever the data says within it
        }
        // where the data ends, every episode of it has ended or says it goes on
        boolean mayPassEnd = toNs < d.endNs() && noteEndNs + 1000 > toNs;
        if (t >= fromNs && !mayPassEnd) {
            return note;
        }
        long endNs = episodeEnd(d, i, noteEndNs, g.group(1) != null);
        if (endNs <= fromNs) {
            return null;
        }
        boolean pastEnd = mayPassEnd && endNs > toNs;
        if (t >= fromNs && !pastEnd) {
            return note;
        }
        long beforeUs = 0;
        int restEnd = note.length();
        Matcher tail = BEFORE_TAIL.matcher(note);
        if (tail.find()) {
            beforeUs = Long.parseLong(tail.group(1)); // already cut at an earlier window's start
            restEnd = tail.start();
        }
        long at = Math.max(t, fromNs);
        long sinceNs = t - beforeUs * 1000; // to the microsecond, for one cut at an earlier start
        if (t < fromNs) {
            beforeUs += (fromNs - t) / 1000;
        }
        // one inside the window keeps the tail it has (a cut of a cut at the same start)
        String beforeTail = t >= fromNs ? note.substring(restEnd)
                : " (from the window's start; " + (kind == MarkKind.LOCK_HANDOFF ? "HANDOFF set " : "off CPU ")
                        + beforeUs + " us before it)";
        String rest = note.substring(g.end(), restEnd);
        long untilNs = Math.min(endNs, toNs);
        LockLane lock = lockOf(d, note);
        if (kind == MarkKind.LOCK_HOLDER_PREEMPTION && lock != null && d.metadata().simulated()
                && !anyoneWaited(lock, at, untilNs)) {
            // nobody in the window waited for the lock while its holder was off CPU: the simulator's
            // lane has every wait, a file's marks are kept as the file has them
            return null;
        }
        if (pastEnd) {
            return atEnd(d, i, lock, g, rest, at, sinceNs, toNs, beforeTail);
        }
        if (kind == MarkKind.LOCK_HANDOFF) {
            Matcher s = SPINNERS.matcher(rest);
            int spinners = s.find() ? spinnersFrom(d, i, fromNs, endNs) : -1;
            if (spinners == 0) {
                return null; // all of them spun before the window: no stall in it
            }
            if (spinners > 0) {
                rest = rest.substring(0, s.start()) + "up to " + cpus(spinners) + " spinning" + rest.substring(s.end());
            }
        }
        return note.substring(0, g.start()) + "for " + (g.group(1) == null ? "" : g.group(1))
                + (endNs - fromNs) / 1000 + " us" + rest + beforeTail;
    }

    /**
     * The note of lock episode mark {@code i}, marked at {@code at} in the cut, whose episode goes on
     * past the window's end {@code toNs}, as the recorder writes one still going on at its window's
     * end (or null when it would not mark it): "for at least" the time to the window's end, said to
     * be still going on there, with a preemption's waiters counted at that instant (every wait of the
     * lock going on across it, spinning or asleep, as the lock counts its waiters) and a stall's "up
     * to N CPUs spinning" the most that spin from {@code at} to the window's end (none: no stall
     * yet, nor one no longer than the wake-up path the run's parameters give). {@code rest} is what
     * follows the note's length, {@code beforeTail} the tail of one begun before the window. A note
     * that is not the simulator's wording keeps its words, with the time to the window's end.
     */
    private static String atEnd(Dataset d, int i, LockLane lock, Matcher g, String rest, long at, long sinceNs,
                                long toNs, String beforeTail) {
        Marks marks = d.marks();
        String head = marks.note(i).substring(0, g.start()) + "for at least " + (toNs - at) / 1000 + " us";
        if (marks.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION) {
            if (lock == null || !HOLDER_REST.matcher(rest).matches()) {
                return head + rest + beforeTail;
            }
            return head + " (still off CPU at the window's end), " + waitingAt(lock, toNs) + " waiting" + beforeTail;
        }
        if (lock == null || !STALL_REST.matcher(rest).matches()) {
            return head + rest + beforeTail;
        }
        int spinners = spinnersFrom(d, i, at, toNs);
        if (spinners == 0 || toNs - sinceNs <= wakePathNs(d)) {
            return null; // no stall so far: nobody spun yet, or the waiter could not have run yet
        }
        return head + " with HANDOFF set" + STILL_AT_END + ", up to " + cpus(spinners) + " spinning on it"
                + beforeTail;
    }

    /**
     * The CPU mark {@code i} has in a cut ending at {@code toNs} with {@code note}: its own, except
     * for a handoff stall still going on at the cut's end, which the recorder marks on the CPU its
     * waiter was queued on then, not the one it took the lock on later - the CPU of the waiter's last
     * wake-up up to the cut's end (the simulator does not mark a queued task's move by the load
     * balancer, so one moved before the cut's end is on the CPU it was woken on here); its own when
     * the data has no such wake-up.
     */
    private static int cpuIn(Dataset d, int i, long toNs, String note) {
        Marks m = d.marks();
        if (m.kind(i) != MarkKind.LOCK_HANDOFF || toNs >= d.endNs() || !note.contains(STILL_AT_END)) {
            return m.cpu(i);
        }
        int task = m.task(i);
        long since = m.tNs(i);
        for (int k = m.firstAtOrAfter(limit(d, toNs)) - 1; k >= 0 && m.tNs(k) >= since; k--) {
            if (m.kind(k) == MarkKind.WAKEUP && m.task(k) == task) {
                return m.cpu(k);
            }
        }
        return m.cpu(i);
    }

    private static String cpus(int n) {
        return n + (n == 1 ? " CPU" : " CPUs");
    }

    /**
     * The tasks waiting for {@code lock} at {@code tNs}, as the lock counts them once everything at
     * that instant has happened: every wait (spinning or asleep) begun at or before it and ending after.
     */
    private static int waitingAt(LockLane lock, long tNs) {
        Intervals w = lock.waits();
        int n = 0;
        for (int k = w.firstVisibleAt(tNs); k < w.size() && w.startNs(k) <= tNs; k++) {
            if (w.endNs(k) > tNs) {
                n++;
            }
        }
        return n;
    }

    /**
     * Whether anyone waited for {@code lock} in {@code [fromNs, untilNs]}: a wait going on at
     * {@code fromNs}, begun after it up to {@code untilNs}, or going on then - what makes the lock
     * count a holder off CPU meanwhile as a preemption.
     */
    private static boolean anyoneWaited(LockLane lock, long fromNs, long untilNs) {
        Intervals w = lock.waits();
        for (int k = w.firstVisibleAt(fromNs); k < w.size() && w.startNs(k) <= untilNs; k++) {
            if (w.endNs(k) > fromNs) {
                return true;
            }
        }
        return false;
    }

    /**
     * How long a woken waiter takes to run at the earliest (the wake-up IPI and a context switch),
     * from the run's parameters: a handoff shorter than that is the handoff working, not a stall.
     * 0 for data without them.
     */
    private static long wakePathNs(Dataset d) {
        Map<String, String> p = d.metadata().parameters();
        return usAsNs(p.get("wakeupIpiUs")) + usAsNs(p.get("ctxSwitchUs"));
    }

    private static long usAsNs(String us) {
        if (us == null) {
            return 0;
        }
        try {
            return Math.round(Double.parseDouble(us.trim()) * 1000.0); // as the scenario reads it
        } catch (NumberFormatException e) {
            return 0;
        }
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
     * and go on past it ({@link #noteIn}). Every mark before the window is looked at (one kind
     * test each): how long ago an episode began says nothing of its length.
     */
    private static void carryGoingOn(Dataset d, long fromNs, long toNs, DatasetBuilder b) {
        Marks marks = d.marks();
        int first = marks.firstAtOrAfter(fromNs);
        for (int i = 0; i < first; i++) {
            String note = noteIn(d, i, fromNs, toNs);
            if (note != null) {
                b.mark(marks.kind(i), fromNs, cpuIn(d, i, toNs, note), marks.task(i), note, marks.reasonCode(i),
                        marks.waker(i));
            }
        }
    }

    /**
     * The window as its note and the commands' titles say it: milliseconds after the data's start,
     * to the microsecond, without trailing zeros ("20..50 ms", "1.5..2.25 ms"); where the two ends
     * round to the same microsecond but differ, to as many more digits as tell them apart, down to
     * the nanosecond ("60..60.000001 ms" for 1 ns, "60.0001..60.0004 ms"; 60.0004..60.0006 ms, a
     * microsecond apart once rounded, is "60..60.001 ms"): a window of under a
     * microsecond read "60..60 ms", as if it had no length.
     */
    public static String windowText(long fromNs, long toNs) {
        // 3 decimals of a ms (the microsecond), then 4, 5, 6 (the nanosecond): the first at which the ends differ
        for (int decimals = 3; ; decimals++) {
            String from = ms(fromNs, decimals);
            String to = ms(toNs, decimals);
            if (!from.equals(to) || decimals == 6) {
                return from + ".." + to + " ms";
            }
        }
    }

    /** "20..50 ms" as {@link #windowText} writes it, its start in a group. */
    private static final Pattern WINDOW_TEXT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\.\\.\\d+(?:\\.\\d+)? ms");

    /**
     * Whether {@code window}, a dataset's {@link #WINDOW_KEY}, is a window this class cut ("20..50
     * ms", in ms after the start of the data cut), not a file's own "window" of another form (the
     * bundled example's clock times).
     */
    public static boolean isCutWindow(String window) {
        return window != null && WINDOW_TEXT.matcher(window).matches();
    }

    /**
     * Where a dataset whose {@link #WINDOW_KEY} is {@code window} starts, in ns after the start of
     * the data it was cut from: 0 for one that is no cut, or whose window is of another form (the
     * bundled example's clock times).
     */
    private static long cutStartNs(String window) {
        Matcher m = window == null ? null : WINDOW_TEXT.matcher(window);
        if (m == null || !m.matches()) {
            return 0;
        }
        try {
            return new BigDecimal(m.group(1)).movePointRight(6).longValueExact();
        } catch (ArithmeticException pastALong) {
            return 0;
        }
    }

    /**
     * {@code ns} in milliseconds to {@code decimals} (3 to 6) decimals, a half rounded up as
     * {@link Math#round} rounds it, without trailing zeros.
     */
    private static String ms(long ns, int decimals) {
        long unitNs = decimals == 3 ? 1000 : decimals == 4 ? 100 : decimals == 5 ? 10 : 1;
        long units = Math.floorDiv(ns, unitNs) + (Math.floorMod(ns, unitNs) * 2 >= unitNs ? 1 : 0);
        return BigDecimal.valueOf(units, decimals).stripTrailingZeros().toPlainString();
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
