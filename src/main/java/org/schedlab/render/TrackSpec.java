package org.schedlab.render;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.TaskLane;

/**
 * Which rows the timeline has, independent of the window size: the tasks chosen for their own
 * state lanes (in display order) and the groups collapsed to their header. CPU lanes, lock lanes
 * and counters come from the dataset itself. With {@code fitCpuLanes} ("Fit CPU lanes") the CPU
 * lanes shrink, down to a pixel each, so that all of them fit the lanes area (see
 * {@link TimelineLayout}).
 */
public record TrackSpec(List<Integer> taskLanes, Set<TrackGroup> collapsed, boolean fitCpuLanes) {
    /** Every group open, no task lanes. */
    public static final TrackSpec DEFAULT = new TrackSpec(List.of(), Set.of());

    /** CPU lanes at their own heights. */
    public TrackSpec(List<Integer> taskLanes, Set<TrackGroup> collapsed) {
        this(taskLanes, collapsed, false);
    }

    public TrackSpec {
        taskLanes = List.copyOf(taskLanes);
        collapsed = collapsed.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(collapsed));
    }

    /** How many tasks get their own lane when a dataset is opened. */
    public static final int DEFAULT_TASK_LANES = 3;

    /**
     * The rows a dataset opens with (the workbench and {@code schedlab render} alike): every
     * group open, task lanes for the holders caught by lock-holder preemption marks first, then
     * the tasks with a state lane that ran longest on the CPUs (in the dataset's lane order),
     * {@value #DEFAULT_TASK_LANES} at most.
     */
    public static TrackSpec defaultFor(Dataset d) {
        Set<Integer> withLane = new LinkedHashSet<>();
        for (TaskLane l : d.taskLanes()) {
            withLane.add(l.task());
        }
        Set<Integer> chosen = new LinkedHashSet<>();
        Marks m = d.marks();
        for (int i = 0; i < m.size() && chosen.size() < DEFAULT_TASK_LANES; i++) {
            if (m.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION && withLane.contains(m.task(i))) {
                chosen.add(m.task(i));
            }
        }
        List<Integer> candidates = new ArrayList<>(withLane);
        candidates.removeAll(chosen);
        int room = Math.max(0, DEFAULT_TASK_LANES - chosen.size());
        if (candidates.size() <= room) { // every one gets a lane: no need to know who ran longest
            chosen.addAll(candidates);
            return new TrackSpec(new ArrayList<>(chosen), Set.of());
        }
        // then the tasks that ran longest: a perf sched recording's first tasks are perf itself
        // and migration/0, not the backends the user came to see; shown in lane order. One pass
        // over the slices (a few ms per million), as the dataset is shown
        long[] ranNs = new long[d.tasks().size()];
        for (org.schedlab.model.CpuLane lane : d.cpus()) {
            org.schedlab.model.Intervals sl = lane.slices();
            for (int i = 0; i < sl.size(); i++) {
                int t = sl.task(i);
                if (t >= 0 && t < ranNs.length) {
                    ranNs[t] += sl.endNs(i) - sl.startNs(i);
                }
            }
        }
        // stable: ties (and a dataset without CPU slices) keep the first tasks with lanes
        List<Integer> byTime = new ArrayList<>(candidates);
        byTime.sort((a, b) -> Long.compare(ranNs[b], ranNs[a]));
        Set<Integer> busiest = Set.copyOf(byTime.subList(0, room));
        for (int t : candidates) { // in the dataset's lane order, as when every task gets one
            if (busiest.contains(t)) {
                chosen.add(t);
            }
        }
        return new TrackSpec(new ArrayList<>(chosen), Set.of());
    }

    public boolean isCollapsed(TrackGroup g) {
        return collapsed.contains(g);
    }

    public TrackSpec withTaskLanes(List<Integer> tasks) {
        return new TrackSpec(tasks, collapsed, fitCpuLanes);
    }

    /** The same rows, the CPU lanes fitted to the lanes area or at their own heights. */
    public TrackSpec withFitCpuLanes(boolean fit) {
        return fit == fitCpuLanes ? this : new TrackSpec(taskLanes, collapsed, fit);
    }

    /** The same rows with {@code g} collapsed (unchanged if it already is). */
    public TrackSpec collapsing(TrackGroup g) {
        return isCollapsed(g) ? this : toggled(g);
    }

    /** The same rows with {@code g} collapsed if it was open and open if it was collapsed. */
    public TrackSpec toggled(TrackGroup g) {
        EnumSet<TrackGroup> c = collapsed.isEmpty() ? EnumSet.noneOf(TrackGroup.class) : EnumSet.copyOf(collapsed);
        if (!c.remove(g)) {
            c.add(g);
        }
        return new TrackSpec(taskLanes, c, fitCpuLanes);
    }
}
