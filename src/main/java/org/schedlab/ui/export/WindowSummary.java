package org.schedlab.ui.export;

import java.util.Optional;

import org.schedlab.analysis.SummaryReport;
import org.schedlab.model.Dataset;
import org.schedlab.render.TimeRange;

/**
 * Edit > Copy summary with a range selected: the summary of the dataset cut to that range
 * ({@link Dataset#crop}), as {@code table FILE --from-ms --to-ms} prints it, headed by the window
 * ("window 20..50 ms of run.json"). Cropping and summarizing happen in the job, off the FX thread.
 */
public final class WindowSummary {
    private WindowSummary() {
    }

    /** The job that writes the summary of {@code range} of {@code data}; empty when the range misses the data. */
    public static Optional<ViewSource.TextJob> job(Dataset data, TimeRange range, String subject) {
        long from = Math.max(range.startNs(), data.startNs());
        long to = Math.min(range.endNs(), data.endNs());
        if (to <= from) {
            return Optional.empty();
        }
        return Optional.of(() -> SummaryReport.window(data, from, to, subject));
    }
}
