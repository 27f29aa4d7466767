package org.schedlab.model;

/** What one CPU ran: slices sorted by start, never overlapping. */
public record CpuLane(int cpu, Intervals slices) {
    public SliceState state(int i) {
        return SliceState.ofCode(slices.code(i));
    }
}
