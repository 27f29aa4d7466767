package org.schedlab.sim.sweep;

import org.schedlab.sim.summary.RunSummary;

/** One finished run of a sweep: which point, which seed, and its summary. */
public record SweepRun(SweepPoint point, long seed, RunSummary summary) {
}
