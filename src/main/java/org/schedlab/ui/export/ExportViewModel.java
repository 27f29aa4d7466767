package org.schedlab.ui.export;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.concurrent.Task;

import org.schedlab.io.AtomicFiles;
import org.schedlab.io.ChromeTraceWriter;
import org.schedlab.io.CsvExport;
import org.schedlab.model.Dataset;
import org.schedlab.render.ExportFormat;
import org.schedlab.render.Figure;
import org.schedlab.render.FigureWriter;
import org.schedlab.ui.TaskExecutor;

/**
 * The workbench's sharing commands, without any window: export the current view as PNG (1x or
 * 2x) or SVG, export its dataset as Chrome trace JSON or CSV, copy its summary, A/B table or TCP
 * counters as plain text. The current view is whatever {@link ViewSource} the selected tab
 * offers; its state is taken on the FX thread and the writing or formatting runs through the
 * {@link TaskExecutor}. {@link #messageProperty()} says what happened; failures (a full disk,
 * a read-only directory) also go to the failure listeners, which the window shows in a dialog.
 */
public final class ExportViewModel {
    private final TaskExecutor executor;
    private final Consumer<String> clipboard;
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final List<Consumer<String>> failureListeners = new ArrayList<>();
    private Supplier<ViewSource> current;
    private int running;

    /** {@code clipboard} receives copied text on the FX thread. */
    public ExportViewModel(TaskExecutor executor, Consumer<String> clipboard, Supplier<ViewSource> current) {
        this.executor = executor;
        this.clipboard = clipboard;
        this.current = current;
    }

    /** Which view the commands act on (the workbench follows the selected tab). */
    public void setCurrent(Supplier<ViewSource> current) {
        this.current = current;
    }

    public ViewSource current() {
        return current.get();
    }

    /** The outcome of the last command, for the status line. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Whether an export or copy is being computed. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Called on the FX thread with a one-line reason when a command fails. */
    public void addFailureListener(Consumer<String> l) {
        failureListeners.add(l);
    }

    /** A file name for the view's table of points ("teach-kernel-section-sweep.csv"). */
    public String suggestedPointsName() {
        return current().fileStem() + ".csv";
    }

    /** A file name for the view in {@code format} ("pgbench-graviton4-ab@2x.png"). */
    public String suggestedName(ExportFormat format, int scale) {
        return current().fileStem() + (scale > 1 ? "@" + scale + "x" : "") + "." + format.extension();
    }

    /** A file name for the view's dataset in {@code format} ("pgbench-graviton4-b.trace.json"). */
    public String suggestedName(DatasetFormat format) {
        return current().datasetStem() + format.suffix();
    }

    /**
     * Whether the current view has a picture to export; says why not when it has none. Asked
     * before the save dialog opens: the Sweep tab asked for a file name and only then said it
     * had nothing to write into it.
     */
    public boolean hasView() {
        // without building the figure: exportView builds it once the file is chosen, and says
        // there what failed if it does
        if (!current().hasFigure()) {
            fail(nothing(current().noFigureReason()));
            return false;
        }
        return true;
    }

    /** Whether the current view has a dataset to export; says why not when it has none (before the save dialog). */
    public boolean hasDataset() {
        if (current().dataset().isEmpty()) {
            fail(nothing(current().noDatasetReason()));
            return false;
        }
        return true;
    }

    /** Whether the current view has a table of points (the Sweep tab's); says why not when it has none. */
    public boolean hasPoints() {
        if (current().pointsCsv().isEmpty()) {
            fail(nothing(current().noPointsReason()));
            return false;
        }
        return true;
    }

    /**
     * Whether the current view has a picture to export, asked without a word: File > Export view
     * is greyed out over a view without one, as a desktop application's menu is. Asked as the
     * menu opens, so answered from the view's state ({@link ViewSource#hasFigure}), never by
     * building the figure, which laid out its lanes on the FX thread at each opening.
     * A view whose picture fails to build counts as having one, so that the export says what failed.
     */
    public boolean canExportView() {
        return current().hasFigure();
    }

    /** Whether the current view has a dataset to export (File > Export dataset is greyed out otherwise). */
    public boolean canExportDataset() {
        return current().dataset().isPresent();
    }

    /** Whether the current view has a table of points (File > Export sweep points is greyed out otherwise). */
    public boolean canExportPoints() {
        return current().pointsCsv().isPresent();
    }

    /** Whether the current view has a {@code kind} text to copy (its Edit > Copy item is greyed out otherwise). */
    public boolean canCopy(TextKind kind) {
        return current().text(kind).isPresent();
    }

    /** "Nothing to export yet: this tab shows no timeline." */
    private static String nothing(String reason) {
        return "Nothing to export yet: " + reason + ".";
    }

    private Optional<Figure> figureOrFail() {
        Optional<Figure> figure;
        try {
            figure = current().figure();
        } catch (RuntimeException e) {
            fail("Cannot export this view: " + e.getMessage());
            return Optional.empty();
        }
        if (figure.isEmpty()) {
            fail(nothing(current().noFigureReason()));
        }
        return figure;
    }

    /**
     * Writes the current view to {@code file}, in the format its extension names ({@code scale}
     * applies to PNG). Returns false (and says why) when the view has nothing to export.
     */
    public boolean exportView(Path file, int scale) {
        Optional<ExportFormat> format = ExportFormat.ofFile(file);
        if (format.isEmpty()) {
            fail(file + ": unknown picture format, expected a name ending in .png or .svg");
            return false;
        }
        // the view again: it may have changed while the dialog was open (another tab, a new run)
        Optional<Figure> figure = figureOrFail();
        if (figure.isEmpty()) {
            return false;
        }
        Figure f = figure.get();
        run("Exporting " + file.getFileName(), () -> {
            // checked here, off the FX thread: the writer's move would replace an empty directory,
            // and a full one fails with nothing but its path as the reason
            if (Files.isDirectory(file)) {
                throw new IOException(file + " is a directory; the picture needs a file name");
            }
            FigureWriter.write(f, format.get(), scale, file);
            return "Exported the view to " + file + " (" + format.get().extension().toUpperCase(java.util.Locale.ROOT)
                    + (format.get() == ExportFormat.PNG ? " " + scale + "x" : "") + ")";
        }, m -> { });
        return true;
    }

    /** Writes the current view's dataset as {@code format} to {@code target} (a directory for CSV). */
    public boolean exportDataset(DatasetFormat format, Path target) {
        Optional<Dataset> d = current().dataset();
        if (d.isEmpty()) {
            fail(nothing(current().noDatasetReason()));
            return false;
        }
        Dataset data = d.get();
        run("Exporting " + target.getFileName(), () -> {
            if (format == DatasetFormat.CHROME) {
                ChromeTraceWriter.write(data, target);
                return "Exported " + data.sliceCount() + " slices" + warned(data) + " as Chrome trace JSON to " + target;
            }
            if (Files.exists(target) && !Files.isDirectory(target)) {
                throw new IOException(target + " is a file; CSV export writes a directory of tables");
            }
            CsvExport.write(data, target);
            return "Exported " + CsvExport.FILES.size() + " CSV tables" + (data.metadata().importWarnings().isEmpty() ? ""
                    : " and " + CsvExport.WARNINGS + warned(data)) + " to " + target;
        }, m -> { });
        return true;
    }

    /** " (3 import warnings)" for a dataset whose import warned, which its export carries; "" for one without. */
    private static String warned(Dataset d) {
        List<String> w = d.metadata().importWarnings();
        return w.isEmpty() ? "" : " (with its " + org.schedlab.analysis.ImportWarningsText.count(w) + ")";
    }

    /**
     * Writes the current view's table of points (the Sweep tab's, summary.csv's columns) to
     * {@code file} as CSV, off the FX thread; false (and why) when the view has none.
     */
    public boolean exportPoints(Path file) {
        Optional<AtomicFiles.Body> csv = current().pointsCsv();
        if (csv.isEmpty()) {
            fail(nothing(current().noPointsReason()));
            return false;
        }
        AtomicFiles.Body body = csv.get();
        run("Exporting " + file.getFileName(), () -> {
            if (Files.isDirectory(file)) {
                throw new IOException(file + " is a directory; the table needs a file name");
            }
            AtomicFiles.write(file, body);
            return "Exported the sweep points as CSV to " + file;
        }, m -> { });
        return true;
    }

    /** Computes the current view's {@code kind} text in the background and puts it on the clipboard. */
    public boolean copy(TextKind kind) {
        Optional<ViewSource.TextJob> job = current().text(kind);
        if (job.isEmpty()) {
            fail("This view has no " + kind.title() + " to copy"
                    + (kind == TextKind.DELTAS ? " (the A/B compare tab has one)."
                    : kind == TextKind.SWEEP ? ": " + current().noPointsReason() + "." : "."));
            return false;
        }
        String[] text = new String[1];
        String what = job.get().title()
                .orElse(kind == TextKind.SUMMARY && current().rangeSelected() ? "summary of the selection" : kind.title());
        run("Copying the " + what, () -> {
            // as `schedlab table` prints it: a name's undecodable byte or control character as '?'
            text[0] = org.schedlab.io.read.Printable.text(job.get().compute());
            return "Copied the " + what + " (" + text[0].lines().count() + " lines, plain text)";
        }, m -> clipboard.accept(text[0]));
        return true;
    }

    /** Background work that says what it did; the FX thread then runs {@code then} and shows the message. */
    @FunctionalInterface
    private interface Work {
        String call() throws Exception;
    }

    private void run(String what, Work work, Consumer<String> then) {
        Task<String> task = new Task<>() {
            @Override
            protected String call() throws Exception {
                return work.call();
            }
        };
        running++;
        busy.set(true);
        message.set(what + "\u2026");
        task.setOnSucceeded(e -> {
            done();
            then.accept(task.getValue());
            message.set(task.getValue());
        });
        task.setOnFailed(e -> {
            done();
            Throwable t = task.getException();
            fail(what + " failed: " + describe(t));
        });
        executor.execute(task);
    }

    /** One line a user can act on: which directory is missing or not writable, else the I/O error. */
    static String describe(Throwable t) {
        if (t instanceof java.nio.file.NoSuchFileException e) {
            Path parent = Path.of(e.getFile()).toAbsolutePath().getParent();
            return "the directory " + parent + " does not exist";
        }
        if (t instanceof java.nio.file.AccessDeniedException e) {
            return e.getFile() + ": permission denied";
        }
        if (t instanceof IOException && t.getMessage() != null) {
            return t.getMessage();
        }
        return String.valueOf(t);
    }

    private void done() {
        running--;
        busy.set(running > 0);
    }

    private void fail(String reason) {
        message.set(reason);
        for (Consumer<String> l : List.copyOf(failureListeners)) {
            l.accept(reason);
        }
    }
}
