package org.schedlab.ui;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.SummaryFigures;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.io.read.Printable;
import org.schedlab.model.Dataset;
import org.schedlab.render.TimeRange;

/**
 * The "Figures" tab's data: the dataset's summary as {@code schedlab table FILE} prints it (over
 * the selected range as {@code table FILE --from-ms --to-ms} does: the summary of the dataset cut
 * to it, headed by the window) and its figures one per row ({@link SummaryFigures}), both from one
 * {@link DatasetSummary} computed in the background. A big recording's summary takes seconds, so
 * it is only computed while the tab is {@linkplain #activeProperty() in front}, one at a time: a
 * newer range of the same dataset waits for the computation in flight (a summary is not stopped
 * midway), a newer dataset cancels it, and the old figures stay until the new ones are ready.
 */
final class FiguresViewModel {
    /**
     * One computation's result: the scope it was asked for, whether the figures are that range's
     * ({@code false}: the whole file's, also for a range that holds none of the data, as a file of
     * figures at one instant - perf stat totals - has no span to cut), its rows and the text Copy gives.
     */
    record Figures(Dataset dataset, Optional<TimeRange> range, boolean ofRange, List<SummaryFigures.Row> rows,
                   String text) {
    }

    private final TimelineViewModel timeline;
    private final Supplier<String> subject;
    private final LatestJob<Figures> job;
    private final BooleanProperty active = new SimpleBooleanProperty(this, "active", false);
    private final ReadOnlyObjectWrapper<Optional<Figures>> figures =
            new ReadOnlyObjectWrapper<>(this, "figures", Optional.empty());
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper(this, "failure", "");
    private final ReadOnlyBooleanWrapper current = new ReadOnlyBooleanWrapper(this, "current", false);
    /** The dataset and range of the computation in flight ({@code null}: none). */
    private Dataset inFlight;
    private Optional<TimeRange> inFlightRange = Optional.empty();

    /** {@code subject} names the dataset in a window's heading, as Edit > Copy summary does. */
    FiguresViewModel(TimelineViewModel timeline, Supplier<String> subject) {
        this.timeline = timeline;
        this.subject = subject;
        this.job = new LatestJob<>(timeline.executor());
        job.onFailure(e -> {
            failure.set("figures failed: " + e);
            Optional<TimeRange> failed = inFlightRange;
            inFlight = null;
            if (!failed.equals(timeline.selection().range())) {
                refresh(); // a newer range waited for this one
            }
        });
        timeline.datasetProperty().addListener((Observable o) -> refresh());
        timeline.selection().rangeProperty().addListener((Observable o) -> refresh());
        active.addListener((Observable o) -> refresh());
        figures.addListener((Observable o) -> current.set(isCurrent()));
        timeline.datasetProperty().addListener((Observable o) -> current.set(isCurrent()));
        timeline.selection().rangeProperty().addListener((Observable o) -> current.set(isCurrent()));
    }

    /**
     * Whether the figures shown are of the dataset and range selected now: while a new range's are
     * computed (or failed) the old ones stay in view, but Copy must not give them as the new one's.
     */
    ReadOnlyBooleanProperty currentProperty() {
        return current.getReadOnlyProperty();
    }

    private boolean isCurrent() {
        Optional<Figures> f = figures.get();
        return f.isPresent() && f.get().dataset() == timeline.dataset()
                && f.get().range().equals(timeline.selection().range());
    }

    /** Whether the figures are wanted (their tab is in front): only then are they computed. */
    BooleanProperty activeProperty() {
        return active;
    }

    ReadOnlyObjectProperty<Optional<Figures>> figuresProperty() {
        return figures.getReadOnlyProperty();
    }

    Optional<Figures> figures() {
        return figures.get();
    }

    ReadOnlyBooleanProperty computingProperty() {
        return job.runningProperty();
    }

    ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    private void refresh() {
        Dataset d = timeline.dataset();
        if (d == TimelineViewModel.NO_DATASET) {
            job.cancel();
            inFlight = null;
            figures.set(Optional.empty());
            return;
        }
        Optional<TimeRange> range = timeline.selection().range();
        Optional<Figures> shown = figures.get();
        if (shown.isPresent() && shown.get().dataset() != d) {
            // another file's figures are not these; let go of them also while the tab is behind, where
            // they kept that file - a recording of gigabytes - in memory beside the new one
            figures.set(Optional.empty());
            shown = Optional.empty();
        }
        if (!active.get() || shown.isPresent() && shown.get().range().equals(range)) {
            return; // not wanted yet, or already of this scope
        }
        if (inFlight == d && job.runningProperty().get()) {
            // a summary is not stopped midway: a drag over a big recording started one per mouse move,
            // all running at once, each over its own crop; the newest range's starts when this one is done
            return;
        }
        failure.set("");
        // the range as Edit > Copy summary cuts it: inside the data
        Optional<long[]> window = range.map(r -> new long[] {Math.max(r.startNs(), d.startNs()),
                Math.min(r.endNs(), d.endNs())});
        String heading = window.filter(w -> w[1] > w[0])
                .map(w -> SummaryReport.windowHeading(d, w[0], w[1], subject.get())).orElse("");
        inFlight = d;
        inFlightRange = range;
        job.run(cancelled -> {
            JsonNode s = window.filter(w -> w[1] > w[0]).map(w -> (JsonNode) DatasetSummary.of(d.crop(w[0], w[1])))
                    .orElseGet(() -> DatasetSummary.of(d));
            // made printable as the table command prints it: a file's undecodable byte (U+FFFD) is '?' there
            // and under it the import's warnings, as the table command and Edit > Copy summary add them
            return new Figures(d, range, !heading.isEmpty(), SummaryFigures.of(s), Printable.text(heading
                    + SummaryReport.render(s) + org.schedlab.analysis.ImportWarningsText.under("",
                    d.metadata().importWarnings())));
        }, f -> {
            inFlight = null;
            if (d == timeline.dataset()) {
                figures.set(Optional.of(f));
            }
            refresh(); // the range may have moved on meanwhile
        });
    }
}
