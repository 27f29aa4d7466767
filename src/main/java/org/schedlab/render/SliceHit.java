package org.schedlab.render;

import java.util.Optional;

import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;

/**
 * The slice under a canvas point: which CPU, which slice of its lane, what ran and when. Found
 * with the same layout the renderer drew with, so it is the slice the user points at.
 */
public record SliceHit(int cpu, int index, int task, SliceState state, long startNs, long endNs) implements TrackHit {

    public long durationNs() {
        return endNs - startNs;
    }

    /** The slice at canvas point (x, y), if the point is on a CPU lane and a slice covers that time. */
    public static Optional<SliceHit> at(Dataset dataset, TimelineLayout layout, double xPx, double yPx) {
        if (!layout.inPlot(xPx, yPx)) {
            return Optional.empty();
        }
        Optional<TrackRow> row = layout.rowAt(yPx);
        if (row.isEmpty() || row.get().kind() != TrackKind.CPU || row.get().ref() >= dataset.cpuCount()) {
            return Optional.empty();
        }
        return at(dataset, row.get().ref(), layout.timeAt(xPx));
    }

    /** The slice of CPU {@code cpu} covering time {@code t}, if any. */
    public static Optional<SliceHit> at(Dataset dataset, int cpu, long t) {
        CpuLane lane = dataset.cpus().get(cpu);
        Intervals slices = lane.slices();
        int i = slices.firstVisibleAt(t);
        if (i >= slices.size() || slices.startNs(i) > t) {
            return Optional.empty();
        }
        return Optional.of(new SliceHit(lane.cpu(), i, slices.task(i), lane.state(i), slices.startNs(i), slices.endNs(i)));
    }
}
