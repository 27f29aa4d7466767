package org.schedlab.render;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Which rows the timeline has, independent of the window size: the tasks chosen for their own
 * state lanes (in display order) and the groups collapsed to their header. CPU lanes, lock lanes
 * and counters come from the dataset itself.
 */
public record TrackSpec(List<Integer> taskLanes, Set<TrackGroup> collapsed) {
    /** Every group open, no task lanes. */
    public static final TrackSpec DEFAULT = new TrackSpec(List.of(), Set.of());

    public TrackSpec {
        taskLanes = List.copyOf(taskLanes);
        collapsed = collapsed.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(collapsed));
    }

    public boolean isCollapsed(TrackGroup g) {
        return collapsed.contains(g);
    }

    public TrackSpec withTaskLanes(List<Integer> tasks) {
        return new TrackSpec(tasks, collapsed);
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
        return new TrackSpec(taskLanes, c);
    }
}
