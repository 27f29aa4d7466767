package org.schedlab.ui.lab;

import java.util.Locale;

/**
 * Where the time went between a parameter change (the slider's release) and the new timeline
 * on screen: waiting out the debounce, simulating, building the dataset, aggregating, handing the
 * result to the FX thread, and painting. All in nanoseconds.
 */
public record Latency(long debounceNs, long simulateNs, long datasetNs, long aggregateNs, long handoverNs,
                      long paintNs) {
    /** Kept from before, joined while running, or run ahead while idle ({@link RunCache}). */
    private static final String REUSED = "same setting already run or running: not simulated again";

    public long totalNs() {
        return debounceNs + simulateNs + datasetNs + aggregateNs + handoverNs + paintNs;
    }

    /**
     * Whether nothing was simulated for this change: the result is another run's with the same
     * scenario, parameters and seed, kept or still in flight ({@link RunCache}); a real run always
     * takes some time.
     */
    public boolean reused() {
        return simulateNs == 0 && datasetNs == 0;
    }

    /** One line for the status area: total first, then the parts. */
    public String text() {
        if (reused()) {
            return "change to picture " + time(totalNs()) + ": " + REUSED + ", paint " + time(paintNs);
        }
        return "change to picture " + time(totalNs()) + ": simulate " + time(simulateNs) + ", dataset "
                + time(datasetNs) + ", aggregate " + time(aggregateNs) + ", paint " + time(paintNs) + " (debounce "
                + time(debounceNs) + ", hand-over " + time(handoverNs) + ")";
    }

    /**
     * For a timeline swapped in as soon as its window was simulated: "timeline in 840 ms
     * (simulate 700 ms to the window's end, dataset 40 ms, paint 90 ms)".
     */
    public String timelineText() {
        if (reused()) {
            return "timeline in " + time(totalNs()) + " (" + REUSED + ", paint " + time(paintNs) + ")";
        }
        return "timeline in " + time(totalNs()) + " (simulate " + time(simulateNs) + " to the window's end, dataset "
                + time(datasetNs) + ", paint " + time(paintNs) + ")";
    }

    /** "840 ms" below 10 s, "12.3 s" above. */
    static String time(long ns) {
        double ms = ns / 1e6;
        return ms < 10_000 ? String.format(Locale.ROOT, "%.0f ms", ms) : String.format(Locale.ROOT, "%.1f s", ms / 1000);
    }
}
