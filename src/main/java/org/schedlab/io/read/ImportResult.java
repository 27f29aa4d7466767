package org.schedlab.io.read;

import java.util.Objects;
import org.schedlab.model.Dataset;
import org.schedlab.model.SchedEvents;

/**
 * An import's outcome: the Dataset every view draws, the raw scheduler events that tool-exact
 * analyses ({@code perf sched latency}) need, and the per-file report of what was read.
 */
public record ImportResult(Dataset dataset, SchedEvents schedEvents, ImportReport report) {
    public ImportResult {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(schedEvents, "schedEvents");
        Objects.requireNonNull(report, "report");
    }
}
