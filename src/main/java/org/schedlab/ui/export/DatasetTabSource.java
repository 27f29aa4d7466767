package org.schedlab.ui.export;

import java.util.List;
import java.util.Optional;

import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.ImportWarningsText;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.analysis.TcpCounters;
import org.schedlab.analysis.TcpCountersText;
import org.schedlab.model.Dataset;
import org.schedlab.render.Caption;
import org.schedlab.render.Figure;
import org.schedlab.render.Figures;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TimeRange;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.WorkbenchViewModel;

/** The Dataset tab: the opened recording or saved run, its timeline as on screen, its summary and TCP counters. */
public final class DatasetTabSource implements ViewSource {
    private final WorkbenchViewModel vm;
    private final TimelineView view;

    public DatasetTabSource(WorkbenchViewModel vm, TimelineView view) {
        this.vm = vm;
        this.view = view;
    }

    @Override
    public Optional<Figure> figure() {
        TimelineViewModel t = vm.timeline();
        // the import's warnings as the status bar counts them: the picture says the recording is not whole
        List<String> warnings = List.copyOf(vm.warningsProperty());
        return TimelineSnapshot.of("", t, view).map(p -> Figures.timeline(subject(), parameterLines(), warnings, p));
    }

    @Override
    public boolean hasFigure() {
        return TimelineSnapshot.available(vm.timeline());
    }

    @Override
    public Optional<Dataset> dataset() {
        Dataset d = vm.timeline().dataset();
        return d == TimelineViewModel.NO_DATASET ? Optional.empty() : Optional.of(d);
    }

    @Override
    public String fileStem() {
        return TimelineSnapshot.stem(vm.sourceNameProperty().get());
    }

    @Override
    public Optional<TextJob> text(TextKind kind) {
        Optional<Dataset> d = dataset();
        if (d.isEmpty()) {
            return Optional.empty();
        }
        Dataset data = d.get();
        String subject = subject();
        // under the table, the import's warnings as the status bar counts them (as `table` prints them)
        String warned = ImportWarningsText.under("", List.copyOf(vm.warningsProperty()));
        switch (kind) {
            case SUMMARY: {
                Optional<TimeRange> range = vm.timeline().selection().range();
                if (range.isEmpty()) {
                    return Optional.of(() -> SummaryReport.render(DatasetSummary.of(data)) + warned);
                }
                // the selected range's, as a run recorded over that window would read
                return WindowSummary.job(data, range.get(), subject).map(j -> () -> j.compute() + warned);
            }
            case TCP: {
                // asked as the Edit menu opens: whether there are rows, from the counters' names;
                // the rows themselves (each counter's samples read) in the job, off the FX thread
                if (!TcpCounters.any(data)) {
                    return Optional.empty();
                }
                long from = vm.timeline().startNs();
                long to = vm.timeline().endNs();
                String title = "TCP counters, " + subject + "\n  window +" + TimeFormat.duration(from - data.startNs())
                        + " .. +" + TimeFormat.duration(to - data.startNs())
                        // a snapshot's whole-run counts left out of a window of the run, said so
                        + TcpCountersText.wholeRunNote(data, from, to).map(n -> "\n  " + n).orElse("");
                return Optional.of(() -> TcpCountersText.render(title, TcpCounters.of(data, from, to)) + warned);
            }
            default:
                return Optional.empty();
        }
    }

    @Override
    public boolean rangeSelected() {
        return dataset().isPresent() && vm.timeline().selection().range().isPresent();
    }

    /** The file names and format: a recording's source is its files' full paths, too wide for a caption. */
    private String subject() {
        return Figures.datasetSubject(vm.sourceNameProperty().get(), vm.timeline().dataset().metadata());
    }

    /** A saved run's parameters that differ from its scenario's, found as the file was read (not here: FX thread). */
    private List<String> parameterLines() {
        return vm.differsFromDefaults().map(m -> List.of(Caption.parameterLine("", m))).orElse(List.of());
    }
}
