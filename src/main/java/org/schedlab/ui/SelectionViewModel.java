package org.schedlab.ui;

import java.util.Optional;

import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import org.schedlab.analysis.SliceEnd;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.TaskInfo;
import org.schedlab.render.Selected;
import org.schedlab.render.SliceHit;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TimeRange;
import org.schedlab.render.TrackHit;
import org.schedlab.render.TrackKind;

/**
 * What the user picked: one item (a slice, a task state, a lock hold, a counter value) with its
 * details - for a slice also why it ended - and a time range dragged on the axis, with its
 * duration. A new dataset clears both.
 */
public final class SelectionViewModel {
    private final TimelineViewModel timeline;
    private final ReadOnlyObjectWrapper<Optional<TrackHit>> item =
            new ReadOnlyObjectWrapper<>(this, "item", Optional.empty());
    private final ReadOnlyStringWrapper detailsText = new ReadOnlyStringWrapper(this, "detailsText", "");
    private final ReadOnlyObjectWrapper<Optional<TimeRange>> range =
            new ReadOnlyObjectWrapper<>(this, "range", Optional.empty());
    private final ReadOnlyStringWrapper rangeText = new ReadOnlyStringWrapper(this, "rangeText", "");

    SelectionViewModel(TimelineViewModel timeline) {
        this.timeline = timeline;
        timeline.datasetProperty().addListener((Observable o) -> {
            select(Optional.empty());
            clearRange();
        });
    }

    public ReadOnlyObjectProperty<Optional<TrackHit>> itemProperty() {
        return item.getReadOnlyProperty();
    }

    public Optional<TrackHit> item() {
        return item.get();
    }

    /** The selected item described in a few lines (empty when nothing is selected). */
    public ReadOnlyStringProperty detailsTextProperty() {
        return detailsText.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Optional<TimeRange>> rangeProperty() {
        return range.getReadOnlyProperty();
    }

    public Optional<TimeRange> range() {
        return range.get();
    }

    /** "12.3 ms: +1.234567 ms .. +13.534567 ms" for the selected range; empty when none. */
    public ReadOnlyStringProperty rangeTextProperty() {
        return rangeText.getReadOnlyProperty();
    }

    /**
     * Selects {@code hit} (headers, row names and nothing clear the selection). A lock lane where
     * nobody holds the lock selects that free stretch, from the release before to the next take,
     * as a hold is selected ({@link #outline}): it had a hover but a click cleared the selection,
     * so the gap a handoff stall leaves could not be fitted (F) or exported outlined.
     */
    public void select(Optional<? extends TrackHit> hit) {
        Optional<TrackHit> h = hit.filter(x -> !(x instanceof TrackHit.HeaderHit || x instanceof TrackHit.LabelHit
                        || x instanceof TrackHit.SchedulerTickHit || x instanceof TrackHit.WakeUpHit))
                .map(x -> x);
        item.set(h);
        detailsText.set(h.map(x -> describe(timeline.dataset(), timeline.cpuModes(), x)).orElse(""));
    }

    /** Selects {@code [a, b)} in either order; an empty range clears it. */
    public void selectRange(long aNs, long bNs) {
        if (aNs == bNs) {
            clearRange();
            return;
        }
        TimeRange r = TimeRange.between(aNs, bNs);
        range.set(Optional.of(r));
        long o = timeline.dataset().startNs();
        rangeText.set(TimeFormat.duration(r.durationNs()) + ": +" + TimeFormat.offset(r.startNs() - o) + " .. +"
                + TimeFormat.offset(r.endNs() - o));
    }

    public void clearRange() {
        range.set(Optional.empty());
        rangeText.set("");
    }

    /** The outline the renderer draws around the selected item, if it has a row and a stretch of time. */
    public Optional<Selected> outline() {
        Optional<TrackHit> h = item.get();
        if (h.isEmpty()) {
            return Optional.empty();
        }
        TrackHit x = h.get();
        if (x instanceof SliceHit s) {
            return Optional.of(new Selected(TrackKind.CPU, s.cpu(), s.startNs(), s.endNs()));
        }
        if (x instanceof TrackHit.TaskStateHit s) {
            return Optional.of(new Selected(TrackKind.TASK, s.task(), s.startNs(), s.endNs()));
        }
        if (x instanceof TrackHit.LockHoldHit s) {
            return Optional.of(new Selected(TrackKind.LOCK, s.lock(), s.startNs(), s.endNs()));
        }
        if (x instanceof TrackHit.OperationHit s) {
            return Optional.of(new Selected(TrackKind.OPERATION, s.operation(), s.startNs(), s.endNs()));
        }
        if (x instanceof TrackHit.LockFreeHit f) {
            long[] span = freeSpan(timeline.dataset(), f);
            return Optional.of(new Selected(TrackKind.LOCK, f.lock(), span[0], span[1]));
        }
        return Optional.empty();
    }

    /**
     * Where the lock of {@code f} is free around its moment: from the end of the hold released last
     * to the start of the next, the data's start or end where the recording has none, as the
     * hover's "free ... from +a to +b" says it ({@link HoverText}).
     */
    static long[] freeSpan(Dataset d, TrackHit.LockFreeHit f) {
        Intervals holds = d.locks().get(f.lock()).holds();
        long from = f.before() != TrackHit.LockFreeHit.NONE ? holds.endNs(f.before()) : d.startNs();
        long to = f.after() != TrackHit.LockFreeHit.NONE ? holds.startNs(f.after()) : d.endNs();
        return new long[] {from, Math.max(from, to)};
    }

    static String describe(Dataset d, TrackHit hit) {
        return describe(d, Optional.of(org.schedlab.analysis.CpuModes.of(d)), hit);
    }

    /** {@code modes}: the dataset's {@link org.schedlab.analysis.CpuModes} once known, as for {@link HoverText}. */
    static String describe(Dataset d, Optional<org.schedlab.analysis.CpuModes> modes, TrackHit hit) {
        long o = d.startNs();
        if (hit instanceof SliceHit s) {
            StringBuilder b = new StringBuilder();
            b.append(s.task() >= 0 ? who(d.task(s.task())) : s.state().label()).append('\n');
            b.append("state     ").append(s.task() >= 0 ? HoverText.sliceState(modes, s.state()) : s.state().label())
                    .append('\n');
            b.append("CPU       ").append(s.cpu()).append('\n');
            b.append("start     +").append(TimeFormat.offset(s.startNs() - o)).append("  (")
                    .append(TimeFormat.seconds(s.startNs())).append(")\n");
            b.append("duration  ").append(TimeFormat.duration(s.durationNs())).append('\n');
            b.append("ended     ").append(SliceEnd.explain(d, s.cpu(), s.index(),
                    modes.orElse(org.schedlab.analysis.CpuModes.BY_TASK_KIND)).text());
            return b.toString();
        }
        if (hit instanceof TrackHit.TaskStateHit s) {
            Intervals iv = d.taskLane(s.task()).map(l -> l.intervals()).orElseThrow();
            String next = s.index() + 1 < iv.size() && iv.startNs(s.index() + 1) == s.endNs()
                    ? org.schedlab.model.TaskState.ofCode(iv.code(s.index() + 1)).label() : "(nothing recorded)";
            return who(d.task(s.task())) + "\nstate     " + s.state().label()
                    + "\nstart     +" + TimeFormat.offset(s.startNs() - o)
                    + "\nduration  " + TimeFormat.duration(s.endNs() - s.startNs())
                    + "\nthen      " + next;
        }
        if (hit instanceof TrackHit.LockHoldHit s) {
            return d.locks().get(s.lock()).name() + " (" + d.locks().get(s.lock()).kind() + ")"
                    + "\nholder    " + d.task(s.task()).label() + holdModeText(d.locks().get(s.lock()).holdMode(s.index()))
                    + (s.holders() > 1 ? "\n          (the longest-standing of " + s.holders() + " holders)" : "")
                    + "\nstart     +" + TimeFormat.offset(s.startNs() - o)
                    + "\nheld      " + TimeFormat.duration(s.endNs() - s.startNs())
                    + "\noff CPU   " + (s.offCpuNs() > 0 ? TimeFormat.duration(s.offCpuNs())
                    + " of the hold: the holder was not running while others waited" : "never (ran the whole hold)");
        }
        return HoverText.of(d, modes, hit);
    }

    private static String holdModeText(byte mode) {
        return mode == org.schedlab.model.LockLane.HOLD_WRITE ? "  (writer)"
                : mode == org.schedlab.model.LockLane.HOLD_READ ? "  (reader)" : "";
    }

    /** comm[tid], and the process when the recording said (perf sched script without -F pid does not). */
    static String who(TaskInfo t) {
        return t.pid() < 0 ? t.label() : t.label() + "  (pid " + t.pid() + ")";
    }
}
