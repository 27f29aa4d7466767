package org.schedlab.sim;

import java.util.Optional;
import org.schedlab.model.Dataset;
import org.schedlab.sim.summary.RunSummary;

/**
 * What a run produced: its summary and, when a record window was asked for, the Dataset; plus
 * where the run's wall time went, so the workbench can say what a slider's latency is made of.
 */
public record RunResult(RunSummary summary, Optional<Dataset> dataset, Timings timings) {

    /**
     * Wall time of a run's phases: the event loop ({@code simulateNs}), closing the recording into
     * a Dataset plus the kernel's final accounting ({@code datasetNs}), building the summary
     * ({@code summarizeNs}). Zero when not measured.
     */
    public record Timings(long simulateNs, long datasetNs, long summarizeNs) {
        public static final Timings NONE = new Timings(0, 0, 0);
    }

    public RunResult(RunSummary summary, Optional<Dataset> dataset) {
        this(summary, dataset, Timings.NONE);
    }
}
