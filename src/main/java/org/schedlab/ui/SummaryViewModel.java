package org.schedlab.ui;

import java.util.Optional;

import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import org.schedlab.analysis.CpuModes;
import org.schedlab.analysis.LockIndex;
import org.schedlab.model.Dataset;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TimeRange;
import org.schedlab.render.TimelineData;

/**
 * The summary panels' data: computed in the background for the selected range, or for the
 * whole run when no range is selected, and recomputed when either changes (a newer scope
 * cancels the computation in flight). The old summary stays until the new one is ready.
 */
public final class SummaryViewModel {
    private final TimelineViewModel timeline;
    private final LatestJob<Summary> job;
    private final ReadOnlyObjectWrapper<Optional<Summary>> summary =
            new ReadOnlyObjectWrapper<>(this, "summary", Optional.empty());
    private final ReadOnlyStringWrapper scopeText = new ReadOnlyStringWrapper(this, "scopeText", "");
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper(this, "failure", "");

    SummaryViewModel(TimelineViewModel timeline, Optional<TaskExecutor> executor) {
        this.timeline = timeline;
        this.job = new LatestJob<>(executor);
        job.onFailure(e -> failure.set("summary failed: " + e));
        timeline.datasetProperty().addListener((Observable o) -> refresh());
        timeline.selection().rangeProperty().addListener((Observable o) -> refresh());
    }

    public ReadOnlyObjectProperty<Optional<Summary>> summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** The dataset the summaries are of. */
    Dataset dataset() {
        return timeline.dataset();
    }

    public Optional<Summary> summary() {
        return summary.get();
    }

    /** "whole run (200 ms)" or "selected 12.3 ms"; says what the panels cover. */
    public ReadOnlyStringProperty scopeTextProperty() {
        return scopeText.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty computingProperty() {
        return job.runningProperty();
    }

    /** Why the last computation failed, empty when it did not. */
    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    private void refresh() {
        Dataset d = timeline.dataset();
        if (d == TimelineViewModel.NO_DATASET) {
            job.cancel();
            summary.set(Optional.empty());
            scopeText.set("");
            return;
        }
        Optional<TimeRange> range = timeline.selection().range();
        TimeRange scope = range.orElse(new TimeRange(d.startNs(), Math.max(d.endNs(), d.startNs() + 1)));
        boolean whole = range.isEmpty();
        scopeText.set(whole ? (d.spanNs() == 0 ? "whole file (no time span)"
                : "whole run (" + TimeFormat.duration(d.spanNs()) + ")")
                : "selected range (" + TimeFormat.duration(scope.durationNs()) + ")");
        TimelineData data = timeline.data();
        Optional<LockIndex> known = data.dataset() == d ? data.locks() : Optional.empty();
        Optional<CpuModes> knownModes = data.dataset() == d ? data.cpuModes() : Optional.empty();
        failure.set("");
        job.run(cancelled -> Summary.compute(d, scope, whole, known.orElseGet(() -> LockIndex.of(d)),
                        knownModes.orElseGet(() -> CpuModes.of(d)), cancelled),
                s -> {
                    if (d == timeline.dataset()) {
                        summary.set(Optional.of(s));
                    }
                });
    }
}
