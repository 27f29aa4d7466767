package org.schedlab.ui;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.IntPredicate;

import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import org.schedlab.analysis.MarkExplainer;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.render.SliceHit;
import org.schedlab.render.TimeFormat;

/**
 * Step-through mode (teaching): walks the run's events - wake-ups, preemptions, lock-holder
 * preemptions, migrations; bookmarks are the user's and not events - in time order. The
 * current event is highlighted in the timeline: the window centers on it (zooming to show the
 * wait it ended, when its wake-up is recorded), the slice it ended is selected, and the wait
 * from the wake-up to the switch is the selected range. {@link #explanationProperty()} says
 * why it happened ({@link MarkExplainer}: the simulator's recorded reason, or what the trace
 * says). Stepping stops at the ends (it does not wrap): {@link #next()} at the last event
 * leaves it current and says so. Without a current event, stepping starts from the window's
 * start. The next (previous) preemption or lock moment from an event of another kind may be one
 * at its own instant recorded before (after) it.
 */
public final class StepViewModel {
    /** Span a step shows when nothing says how much context an event needs. */
    static final long DEFAULT_SPAN_NS = 2_000_000;
    /** Longest wait a step zooms out to show; longer ones center on the switch. */
    static final long MAX_CONTEXT_NS = 50_000_000;

    private final TimelineViewModel timeline;
    private final ReadOnlyIntegerWrapper current = new ReadOnlyIntegerWrapper(this, "current", -1);
    private final ReadOnlyStringWrapper explanation = new ReadOnlyStringWrapper(this, "explanation", "");
    private final ReadOnlyStringWrapper position = new ReadOnlyStringWrapper(this, "position", "");
    private final javafx.beans.property.ReadOnlyBooleanWrapper hasEvents =
            new javafx.beans.property.ReadOnlyBooleanWrapper(this, "hasEvents", false);
    /**
     * Where the dataset's bookmarks are among its marks, counted once per dataset: a step's
     * "N of M events" then costs a binary search, not a walk over every mark (2.2 million in a
     * second of pgbench-graviton4, about 0.1 s of the FX thread at every step).
     */
    private int[] bookmarkIndexes = new int[0];

    StepViewModel(TimelineViewModel timeline) {
        this.timeline = timeline;
        timeline.datasetProperty().addListener((Observable o) -> reset());
        reset();
    }

    /** Index (into the dataset's marks) of the current event; -1 before the first step. */
    public ReadOnlyIntegerProperty currentProperty() {
        return current.getReadOnlyProperty();
    }

    public OptionalInt current() {
        return current.get() < 0 ? OptionalInt.empty() : OptionalInt.of(current.get());
    }

    /** Why the current event happened, in one line; a hint before the first step. */
    public ReadOnlyStringProperty explanationProperty() {
        return explanation.getReadOnlyProperty();
    }

    /** Whether the dataset has events to step through (the step buttons are off without). */
    public javafx.beans.property.ReadOnlyBooleanProperty hasEventsProperty() {
        return hasEvents.getReadOnlyProperty();
    }

    /** "3 of 26 events  +1.234 ms  preemption" for the current event. */
    public ReadOnlyStringProperty positionProperty() {
        return position.getReadOnlyProperty();
    }

    /** The first event of the run. */
    public boolean first() {
        return go(find(0, +1, i -> true), "no events in this run");
    }

    public boolean next() {
        return go(find(from(+1), +1, i -> true), "last event: nothing after it");
    }

    public boolean previous() {
        return go(find(from(-1), -1, i -> true), "first event: nothing before it");
    }

    public boolean nextPreemption() {
        IntPredicate preemption = i -> kind(i) == MarkKind.PREEMPTION;
        return go(find(fromInstant(+1, preemption), +1, preemption), "no preemption after this point");
    }

    public boolean previousPreemption() {
        IntPredicate preemption = i -> kind(i) == MarkKind.PREEMPTION;
        return go(find(fromInstant(-1, preemption), -1, preemption), "no preemption before this point");
    }

    public boolean nextLockHolderPreemption() {
        Dataset d = timeline.dataset();
        IntPredicate lock = i -> MarkNavigation.isLockMoment(kind(i));
        return go(find(fromInstant(+1, lock), +1, lock),
                d.locks().isEmpty() && !d.metadata().simulated() ? MarkNavigation.noneFound(d)
                        : "no lock-holder preemption or handoff stall after this point");
    }

    /**
     * Makes mark {@code i} the current event without moving the window: what {@code L} (and the
     * toolbar's and View menu's next lock-holder preemption) went to, so the step bar says why it
     * happened - it still described the event stepped to before - and the next step goes on from it.
     */
    void showing(int i) {
        current.set(i);
        explanation.set(MarkExplainer.explain(timeline.dataset(), i));
        position.set(positionText(i));
    }

    /**
     * Says beside the position that there is no {@code what}, keeping the current event and the
     * window: what {@code L} (and the toolbar's and View menu's lock button) found in a run
     * without one, where it did nothing at all.
     */
    void noneToGoTo(String what) {
        if (hasEvents.get()) { // else the bar says there are no events to step through, which says it
            go(OptionalInt.empty(), what);
        }
    }

    /** Whether mark {@code i} is a step event (bookmarks are not). */
    static boolean isEvent(Marks m, int i) {
        return m.kind(i) != MarkKind.BOOKMARK;
    }

    private MarkKind kind(int i) {
        return timeline.dataset().marks().kind(i);
    }

    /** Where a search in direction {@code dir} starts: next to the current event, else at the window's start. */
    private int from(int dir) {
        Marks m = timeline.dataset().marks();
        if (current.get() >= 0) {
            return current.get() + dir;
        }
        int atStart = m.firstAtOrAfter(timeline.startNs());
        return dir > 0 ? atStart : atStart - 1;
    }

    /**
     * Where a search for the next (or previous) event that is {@code wanted} starts: at the current
     * event's instant when the current event is not such, else next to it ({@link #from}). Events
     * at one instant are in the order they were recorded, not in time: a lock-holder preemption
     * carried to a window's start is marked there before a preemption at that instant (a crop
     * puts it first), so after {@code P} to that preemption the lock button went on to a later
     * lock mark, past the one at the instant shown. From an event that is wanted the search goes
     * on past it in index order, so that one instant's marks are each reached once.
     */
    private int fromInstant(int dir, IntPredicate wanted) {
        int i = current.get();
        if (i < 0 || wanted.test(i)) {
            return from(dir);
        }
        Marks m = timeline.dataset().marks();
        long t = m.tNs(i);
        return dir > 0 ? m.firstAtOrAfter(t) : m.firstAtOrAfter(t + 1) - 1;
    }

    private OptionalInt find(int start, int dir, IntPredicate want) {
        Marks m = timeline.dataset().marks();
        for (int i = start; i >= 0 && i < m.size(); i += dir) {
            if (isEvent(m, i) && want.test(i)) {
                return OptionalInt.of(i);
            }
        }
        return OptionalInt.empty();
    }

    private boolean go(OptionalInt target, String atEnd) {
        if (target.isEmpty()) {
            String where = current.get() >= 0 ? explanation.get() : "";
            position.set(positionText(current.get()) + "  \u2014 " + atEnd);
            explanation.set(where);
            return false;
        }
        int i = target.getAsInt();
        current.set(i);
        Dataset d = timeline.dataset();
        explanation.set(MarkExplainer.explain(d, i));
        position.set(positionText(i));
        focus(d, i);
        // L goes on from here while this view stays: a handoff stall's view is centred past its mark
        timeline.wentTo(new MarkNavigation.Went(i, timeline.startNs(), timeline.endNs()));
        return true;
    }

    private void focus(Dataset d, int i) {
        Marks m = d.marks();
        long t = m.tNs(i);
        if (m.kind(i) == MarkKind.LOCK_HANDOFF) {
            // the stall: from the lock going free to the waiter's take (or the recording's end,
            // for one still going on there), shaded; the waiter's slice
            long taken = org.schedlab.analysis.LockStatistics.handoffEndNs(d, i);
            long pad = Math.max(50_000, (taken - t) / 4);
            timeline.setWindow(t - pad, taken + pad);
            if (taken > t) {
                timeline.selection().selectRange(t, taken);
            } else {
                timeline.selection().clearRange();
            }
            timeline.selection().select(MarkNavigation.handoffWaiterSlice(d, i));
            return;
        }
        OptionalInt wake = MarkExplainer.requestingWakeup(d, i);
        long waitStart = wake.isPresent() ? m.tNs(wake.getAsInt()) : t;
        // a wake-up starts the wait a preemption ends: the same range, from the other end
        long waitEnd = m.kind(i) == MarkKind.WAKEUP ? firstRunNs(d, m.task(i), t).orElse(t) : t;
        if (waitEnd > t && waitEnd - t <= MAX_CONTEXT_NS) {
            long pad = Math.max(50_000, (waitEnd - t) / 4);
            timeline.setWindow(t - pad, waitEnd + pad);
            timeline.selection().selectRange(t, waitEnd);
        } else if (t > waitStart && t - waitStart <= MAX_CONTEXT_NS) {
            long pad = Math.max(50_000, (t - waitStart) / 4);
            timeline.setWindow(waitStart - pad, t + pad);
            timeline.selection().selectRange(waitStart, t);
        } else {
            long span = Math.max(200_000, Math.min(timeline.spanNs(), 20_000_000));
            span = timeline.spanNs() >= timeline.boundEndNs() - timeline.boundStartNs() ? DEFAULT_SPAN_NS : span;
            timeline.setWindow(t - span / 2, t - span / 2 + span);
            timeline.selection().clearRange();
        }
        int cpu = m.cpu(i);
        Optional<SliceHit> slice = cpu >= 0 && cpu < d.cpuCount()
                ? SliceHit.at(d, cpu, Math.max(d.startNs(), t - 1)) : Optional.empty();
        timeline.selection().select(slice);
    }

    /**
     * When {@code task} next starts running on any CPU at or after {@code t}, looked for up to
     * {@link #MAX_CONTEXT_NS} later (a longer wait is not shaded); empty when it does not run
     * in that time, or is not a task of the CPU lanes.
     */
    static java.util.OptionalLong firstRunNs(Dataset d, int task, long t) {
        long best = Long.MAX_VALUE;
        for (int c = 0; c < d.cpuCount() && task >= 0; c++) {
            org.schedlab.model.Intervals slices = d.cpus().get(c).slices();
            for (int j = slices.firstStartingAtOrAfter(t); j < slices.size(); j++) {
                long start = slices.startNs(j);
                if (start >= best || start - t > MAX_CONTEXT_NS) {
                    break;
                }
                if (slices.task(j) == task) {
                    best = start;
                    break;
                }
            }
        }
        return best == Long.MAX_VALUE ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(best);
    }

    private String positionText(int i) {
        Dataset d = timeline.dataset();
        Marks m = d.marks();
        int total = m.size() - bookmarkIndexes.length;
        if (i < 0) {
            return count(total) + " events";
        }
        int at = java.util.Arrays.binarySearch(bookmarkIndexes, i);
        int bookmarksUpTo = at >= 0 ? at + 1 : -at - 1;
        int rank = i + 1 - bookmarksUpTo;
        return count(rank) + " of " + count(total) + " events  +" + TimeFormat.offset(m.tNs(i) - d.startNs()) + "  "
                + m.kind(i).label();
    }

    /** 263,829: with thousands separators, as the tables and the status bar beside the step bar write counts. */
    private static String count(int n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }

    /** Indexes of {@code m}'s bookmarks, in order. */
    static int[] bookmarkIndexes(Marks m) {
        int n = m.size();
        int[] out = new int[Math.min(n, 16)];
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (!isEvent(m, i)) {
                if (count == out.length) {
                    out = java.util.Arrays.copyOf(out, count * 2);
                }
                out[count++] = i;
            }
        }
        return java.util.Arrays.copyOf(out, count);
    }

    /** The explanation before a step is taken: how to step. */
    public static final String IDLE_EXPLANATION =
            "Step through the run's events: next (.), previous (,), next preemption (P)";

    private void reset() {
        current.set(-1);
        Marks m = timeline.dataset().marks();
        bookmarkIndexes = bookmarkIndexes(m);
        boolean any = m.size() > bookmarkIndexes.length;
        hasEvents.set(any);
        explanation.set(any ? IDLE_EXPLANATION : "");
        position.set(any ? positionText(-1) : "no events to step through");
    }
}
