package org.schedlab.render;

/** The groups of lanes, top to bottom; each can be collapsed to its header. */
public enum TrackGroup {
    CPUS("CPUs", "CPU"),
    TASKS("Tasks", "task lane"),
    LOCKS("Locks", "lock"),
    OPERATIONS("Operations", "operation kind"),
    COUNTERS("Counters", "counter");

    private final String title;
    private final String lane;

    TrackGroup(String title, String lane) {
        this.title = title;
        this.lane = lane;
    }

    /** One of the group's lanes, as a caption counts them: "CPU", "task lane", "lock", "operation kind", "counter". */
    public String laneNoun() {
        return lane;
    }

    public String title() {
        return title;
    }
}
