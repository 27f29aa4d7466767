package org.schedlab.io.read;

import java.util.Objects;
import org.schedlab.model.Dataset;
import org.schedlab.model.SchedEvents;

/**
 * An import's outcome: the Dataset every view draws, the raw scheduler events that tool-exact
 * analyses ({@code perf sched latency}) need, and the per-file report of what was read.
 * {@code exportReadBack}: the one file imported was a SchedLab export that says where its data came
 * from (a Chrome trace with {@code otherData.schedlab}), and the dataset's metadata is that of the
 * dataset exported - its source, format, seed and version - not the import's.
 */
public record ImportResult(Dataset dataset, SchedEvents schedEvents, ImportReport report, boolean exportReadBack) {
    public ImportResult {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(schedEvents, "schedEvents");
        Objects.requireNonNull(report, "report");
    }

    /** The outcome of an import of recordings (no SchedLab export read back). */
    public ImportResult(Dataset dataset, SchedEvents schedEvents, ImportReport report) {
        this(dataset, schedEvents, report, false);
    }
}
