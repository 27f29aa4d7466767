package org.schedlab.ui.export;

import java.util.Optional;

import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.PlainText;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;
import org.schedlab.render.TimeRange;

/**
 * Edit > Copy summary with a range selected: the summary of the dataset cut to that range
 * ({@link Dataset#crop}), as {@code table FILE --from-ms --to-ms} prints it, headed by the window
 * ("window 20..50 ms of run.json"). Cropping and summarizing happen in the job, off the FX thread.
 */
public final class WindowSummary {
    private WindowSummary() {
    }

    /** The title line of {@code data}'s window {@code [fromNs, toNs)} ("window 20..50 ms of run.json"). */
    public static String title(Dataset data, long fromNs, long toNs, String subject) {
        // wrapped, not cut: a recording's subject (its files and format) may run past 72 columns
        return PlainText.wrap("window " + DatasetCrop.windowText(fromNs - data.startNs(), toNs - data.startNs())
                + " of " + subject, 2);
    }

    /** The job that writes the summary of {@code range} of {@code data}; empty when the range misses the data. */
    public static Optional<ViewSource.TextJob> job(Dataset data, TimeRange range, String subject) {
        long from = Math.max(range.startNs(), data.startNs());
        long to = Math.min(range.endNs(), data.endNs());
        if (to <= from) {
            return Optional.empty();
        }
        String title = title(data, from, to, subject);
        return Optional.of(() -> title + "\n\n" + SummaryReport.render(DatasetSummary.of(data.crop(from, to))));
    }
}
