package org.schedlab.render;

/** The groups of lanes, top to bottom; each can be collapsed to its header. */
public enum TrackGroup {
    CPUS("CPUs"),
    TASKS("Tasks"),
    LOCKS("Locks"),
    COUNTERS("Counters");

    private final String title;

    TrackGroup(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
