package org.schedlab.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.schedlab.analysis.HolderOffCpu;
import org.schedlab.analysis.SharedHolds;
import org.schedlab.analysis.WaiterCounts;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.OperationSamples;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;

/** Finds what is under a canvas point, with the layout the frame was drawn with. */
public final class TrackHits {
    private TrackHits() {
    }

    public static Optional<TrackHit> at(TimelineData data, TimelineLayout layout, double xPx, double yPx) {
        if (yPx < layout.lanesTopPx()) {
            return tick(data.dataset(), layout, xPx, yPx);
        }
        Optional<TrackRow> found = layout.rowAt(yPx);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        TrackRow row = found.get();
        if (row.kind() == TrackKind.HEADER) {
            return Optional.of(new TrackHit.HeaderHit(row.group()));
        }
        if (!layout.inPlot(xPx, yPx)) {
            if (xPx >= 0 && xPx < layout.plotLeftPx()) {
                return label(data, row);
            }
            return Optional.empty();
        }
        Dataset d = data.dataset();
        long t = layout.timeAt(xPx);
        switch (row.kind()) {
            case CPU:
                if (d.sliceCount() == 0) { // its lanes draw wake-ups as ticks (FrameAggregator's marks)
                    return wakeUp(d, layout, row.ref(), xPx);
                }
                return SliceHit.at(d, row.ref(), t).map(h -> h);
            case TASK:
                return taskState(d, row.ref(), t);
            case LOCK:
                return yPx < LockRowPainter.waiterTopPx(row) ? hold(data, row.ref(), t) : waiters(data, row.ref(), t);
            case COUNTER:
                return counter(d, row.ref(), t);
            case OPERATION:
                return operation(data, layout, row, xPx, yPx);
            default:
                return Optional.empty();
        }
    }

    /** The scheduler tick whose caret is at the point on the time axis, with the preemptions marked at its instant. */
    private static Optional<TrackHit> tick(Dataset d, TimelineLayout layout, double xPx, double yPx) {
        Optional<SchedulerTicks> ticks = SchedulerTicks.of(d);
        if (ticks.isEmpty()) {
            return Optional.empty();
        }
        OptionalLong t = ticks.get().at(layout, xPx, yPx);
        if (t.isEmpty()) {
            return Optional.empty();
        }
        Marks m = d.marks();
        List<Integer> preemptions = new ArrayList<>();
        for (int i = m.firstAtOrAfter(t.getAsLong()); i < m.size() && m.tNs(i) == t.getAsLong(); i++) {
            if (m.kind(i) == MarkKind.PREEMPTION || m.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION) {
                preemptions.add(i);
            }
        }
        return Optional.of(new TrackHit.SchedulerTickHit(t.getAsLong(), ticks.get().hz(), preemptions));
    }

    /**
     * The wake-ups drawn as a tick under {@code xPx} on CPU {@code cpu}'s lane: a tick is 2 px wide
     * from its mark's pixel, and it is found a pixel either side of it too, so that the pointer
     * need not land on it exactly. Nearest to the pointer first.
     */
    private static Optional<TrackHit> wakeUp(Dataset d, TimelineLayout layout, int cpu, double xPx) {
        Marks m = d.marks();
        double left = layout.plotLeftPx();
        long from = layout.timeAt(Math.max(left, xPx - WAKE_UP_REACH_PX - 2));
        long to = layout.timeAt(xPx + WAKE_UP_REACH_PX + 1);
        List<Integer> found = new ArrayList<>();
        for (int i = m.firstAtOrAfter(from); i < m.size() && m.tNs(i) <= to; i++) {
            if (m.kind(i) != MarkKind.WAKEUP || m.cpu(i) != cpu) {
                continue;
            }
            double tickLeft = Math.floor(layout.xOf(m.tNs(i)));
            if (xPx >= tickLeft - WAKE_UP_REACH_PX && xPx < tickLeft + 2 + WAKE_UP_REACH_PX) {
                found.add(i);
            }
        }
        if (found.isEmpty()) {
            return Optional.empty();
        }
        found.sort(Comparator.comparingDouble((Integer i) -> Math.abs(layout.xOf(m.tNs(i)) + 1 - xPx))
                .thenComparingLong(m::tNs));
        return Optional.of(new TrackHit.WakeUpHit(cpu, found));
    }

    /** How far either side of a wake-up's 2 px tick the pointer still finds it. */
    static final double WAKE_UP_REACH_PX = 1;

    private static Optional<TrackHit> taskState(Dataset d, int task, long t) {
        Optional<TaskLane> lane = d.taskLane(task);
        if (lane.isEmpty()) {
            return Optional.empty();
        }
        Intervals iv = lane.get().intervals();
        int i = iv.firstVisibleAt(t);
        if (i >= iv.size() || iv.startNs(i) > t) {
            return Optional.empty();
        }
        return Optional.of(new TrackHit.TaskStateHit(task, i, TaskState.ofCode(iv.code(i)), iv.startNs(i), iv.endNs(i)));
    }

    private static Optional<TrackHit> hold(TimelineData data, int lock, long t) {
        LockLane l = data.dataset().locks().get(lock);
        Intervals h = l.holds();
        int i = h.firstVisibleAt(t);
        if (i >= h.size() || h.startNs(i) > t) {
            return free(h, lock, t, i);
        }
        // this holder's own off-CPU time in its hold: the stretches of a shared lock's other
        // readers overlap it too ("holder off CPU 254 ms of it" for a 2.99 ms hold)
        long off = data.locks()
                .map(x -> HolderOffCpu.nsWithin(x.holderOffCpu(lock), h.task(i), h.startNs(i), h.endNs(i)))
                .orElse(0L);
        // the longest-standing holder: the one the lane shows (SharedHolds)
        int holders = l.shared() ? SharedHolds.countAt(l, t) : 1;
        return Optional.of(new TrackHit.LockHoldHit(lock, i, h.task(i), h.startNs(i), h.endNs(i), off, holders));
    }

    /**
     * Nobody holds the lock at {@code t}; {@code next}: its first hold starting after {@code t}
     * (every hold before it ended by then). Nothing for a lock whose holds are not recorded (a
     * lock tool's waits only): its lane being empty says nothing about who held it.
     */
    private static Optional<TrackHit> free(Intervals h, int lock, long t, int next) {
        if (h.size() == 0) {
            return Optional.empty();
        }
        // the hold released last: an exclusive lock's is the one just before; a shared lock's
        // readers overlap, so look back as far as a hold could reach past the latest end found
        int last = TrackHit.LockFreeHit.NONE;
        for (int j = next - 1; j >= 0; j--) {
            if (last != TrackHit.LockFreeHit.NONE && h.startNs(j) + h.maxDurationNs() < h.endNs(last)) {
                break;
            }
            if (last == TrackHit.LockFreeHit.NONE || h.endNs(j) > h.endNs(last)) {
                last = j;
            }
        }
        return Optional.of(new TrackHit.LockFreeHit(lock, t, last, next < h.size() ? next : TrackHit.LockFreeHit.NONE));
    }

    private static Optional<TrackHit> waiters(TimelineData data, int lock, long t) {
        if (data.locks().isEmpty()) {
            return Optional.empty();
        }
        WaiterCounts w = data.locks().get().waiters(lock);
        return Optional.of(new TrackHit.LockWaitersHit(lock, t, w.spinningAt(t), w.sleepingAt(t)));
    }

    private static Optional<TrackHit> counter(Dataset d, int counter, long t) {
        CounterSeries c = d.counters().get(counter);
        if (c.size() == 0) {
            return Optional.empty();
        }
        int i = c.indexAt(t);
        if (i < 0) {
            // a series that starts later (YCSB's CLEANUP at the run's end): say so, not nothing
            return Optional.of(new TrackHit.CounterHit(counter, t, TrackHit.CounterHit.BEFORE_FIRST_SAMPLE, Double.NaN));
        }
        return Optional.of(new TrackHit.CounterHit(counter, t, c.tNs(i), c.value(i)));
    }

    /** How far (px, along the time axis) from the pointer an operation's dot may be to be found. */
    static final double OPERATION_REACH_PX = 8;

    /**
     * The operation whose dot (end time, latency) is nearest the pointer, among those ending
     * within {@value #OPERATION_REACH_PX} px of it along the time axis; nothing when none does.
     */
    private static Optional<TrackHit> operation(TimelineData data, TimelineLayout layout, TrackRow row, double xPx,
                                                double yPx) {
        OperationSamples ops = data.dataset().operations().get(row.ref());
        long[] sc = data.operationScale(row.ref());
        long from = layout.timeAt(xPx - OPERATION_REACH_PX);
        long to = layout.timeAt(xPx + OPERATION_REACH_PX);
        int best = -1;
        double bestD = Double.POSITIVE_INFINITY;
        for (int i = ops.firstEndingAtOrAfter(from); i < ops.size() && ops.endNs(i) <= to; i++) {
            double dx = layout.xOf(ops.endNs(i)) - xPx;
            double dy = OperationRowPainter.y(ops.latencyNs(i), sc, row) - yPx;
            double dist = dx * dx + dy * dy;
            if (dist < bestD) {
                best = i;
                bestD = dist;
            }
        }
        if (best < 0) {
            return Optional.empty();
        }
        return Optional.of(new TrackHit.OperationHit(row.ref(), best, ops.endNs(best) - ops.latencyNs(best),
                ops.endNs(best), ops.latencyNs(best)));
    }

    private static Optional<TrackHit> label(TimelineData data, TrackRow row) {
        return switch (row.kind()) {
            case CPU, TASK, LOCK, OPERATION -> Optional.of(new TrackHit.LabelHit(row.kind(), row.ref(), row.label()));
            case COUNTER -> Optional.of(new TrackHit.LabelHit(row.kind(), row.ref(),
                    row.label() + "\n" + data.counterRangeLabel(row.ref())));
            default -> Optional.empty();
        };
    }
}
