package org.schedlab.ui;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.concurrent.Task;

import org.schedlab.io.DatasetFormatException;
import org.schedlab.model.Dataset;
import org.schedlab.render.TimeFormat;

/**
 * The workbench's state: the timeline, what is open, whether a load is running and how far it
 * got, and the status-bar texts. Loads run through the {@link TaskExecutor}; a newer load
 * cancels the older one, whose result is then dropped, and a failed load leaves the open
 * dataset as it was and tells the failure listeners why.
 */
public final class WorkbenchViewModel {
    /** The example the window opens on, shipped inside the application. */
    public static final String EXAMPLE_RESOURCE = "/org/schedlab/ui/examples/pgbench-2cpu-50ms.json";

    private final TimelineViewModel timeline;
    private final TaskExecutor executor;
    private final DatasetOpener opener;
    private final ReadOnlyStringWrapper sourceName = new ReadOnlyStringWrapper(this, "sourceName", "nothing open");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "SchedLab");
    private final ReadOnlyStringWrapper spanText = new ReadOnlyStringWrapper(this, "spanText", "");
    private final ReadOnlyStringWrapper countsText = new ReadOnlyStringWrapper(this, "countsText", "");
    private final ReadOnlyStringWrapper windowText = new ReadOnlyStringWrapper(this, "windowText", "");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading", false);
    private final ReadOnlyDoubleWrapper loadProgress = new ReadOnlyDoubleWrapper(this, "loadProgress", -1);
    private final ReadOnlyStringWrapper loadingWhat = new ReadOnlyStringWrapper(this, "loadingWhat", "");
    private final List<Consumer<LoadFailure>> failureListeners = new ArrayList<>();
    private Task<Dataset> current;

    public WorkbenchViewModel(TaskExecutor executor, DatasetOpener opener) {
        this.timeline = new TimelineViewModel(executor);
        this.executor = executor;
        this.opener = opener;
        timeline.datasetProperty().addListener((Observable o) -> datasetChanged());
        timeline.startNsProperty().addListener((Observable o) -> windowChanged());
        timeline.endNsProperty().addListener((Observable o) -> windowChanged());
        datasetChanged();
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    /** Opens the example dataset shipped with the application. */
    public void openExample() {
        open(DatasetSource.resource(EXAMPLE_RESOURCE));
    }

    /**
     * Loads {@code source} in the background and shows it when done. Cancels a load already in
     * flight; until the new dataset is ready the old one stays on screen.
     */
    public void open(DatasetSource source) {
        cancelLoad();
        LoadTask task = new LoadTask(opener, source);
        current = task;
        loading.set(true);
        loadingWhat.set("Opening " + source.name());
        loadProgress.bind(task.progressProperty());
        task.setOnSucceeded(e -> {
            if (task == current) {
                finish();
                timeline.setDataset(task.getValue());
                sourceName.set(source.name());
                updateTitle();
            }
        });
        task.setOnFailed(e -> {
            if (task == current) {
                finish();
                LoadFailure failure = new LoadFailure(source.name(), describe(source, task.getException()));
                for (Consumer<LoadFailure> l : List.copyOf(failureListeners)) {
                    l.accept(failure);
                }
            }
        });
        task.setOnCancelled(e -> {
            if (task == current) {
                finish();
            }
        });
        executor.execute(task);
    }

    /** Stops the load in flight, if any; what is open stays open. */
    public void cancelLoad() {
        Task<Dataset> t = current;
        if (t != null && !t.isDone()) {
            t.cancel();
        }
        if (t != null) {
            finish();
        }
    }

    /** Called on the FX thread for each failed load, with the message to show. */
    public void addFailureListener(Consumer<LoadFailure> listener) {
        failureListeners.add(listener);
    }

    public ReadOnlyStringProperty sourceNameProperty() {
        return sourceName.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** The dataset's time range and length, in the recording's own clock. */
    public ReadOnlyStringProperty spanTextProperty() {
        return spanText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty countsTextProperty() {
        return countsText.getReadOnlyProperty();
    }

    /** The visible window, from the dataset start (as the axis counts) and its length. */
    public ReadOnlyStringProperty windowTextProperty() {
        return windowText.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** 0..1 while the size is known, -1 (indeterminate) otherwise. */
    public ReadOnlyDoubleProperty loadProgressProperty() {
        return loadProgress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty loadingWhatProperty() {
        return loadingWhat.getReadOnlyProperty();
    }

    private void finish() {
        current = null;
        loadProgress.unbind();
        loadProgress.set(-1);
        loading.set(false);
        loadingWhat.set("");
    }

    private void datasetChanged() {
        Dataset d = timeline.dataset();
        if (d == TimelineViewModel.NO_DATASET) {
            spanText.set("");
            countsText.set("");
        } else {
            spanText.set(TimeFormat.seconds(d.startNs()) + " .. " + TimeFormat.seconds(d.endNs())
                    + " (" + TimeFormat.duration(d.spanNs()) + ")");
            countsText.set(String.format(Locale.ROOT, "%d CPUs  %,d tasks  %,d slices",
                    d.cpuCount(), d.tasks().size(), d.sliceCount()));
        }
        windowChanged();
    }

    private void windowChanged() {
        long origin = timeline.dataset().startNs();
        windowText.set("view +" + TimeFormat.duration(timeline.startNs() - origin) + " .. +"
                + TimeFormat.duration(timeline.endNs() - origin) + " (" + TimeFormat.duration(timeline.spanNs()) + ")");
    }

    private void updateTitle() {
        title.set("SchedLab - " + sourceName.get());
    }

    /** A load: the opener's read on a worker thread, reporting bytes to the task's progress. */
    private static final class LoadTask extends Task<Dataset> implements DatasetOpener.Progress {
        private final DatasetOpener opener;
        private final DatasetSource source;

        LoadTask(DatasetOpener opener, DatasetSource source) {
            this.opener = opener;
            this.source = source;
        }

        @Override
        protected Dataset call() throws Exception {
            return opener.open(source, this);
        }

        @Override
        public void bytesRead(long done, long total) {
            if (total > 0) {
                updateProgress(done, total);
            }
        }
    }

    /** One line for the user: the reader's file:line:col message, or what went wrong with the file. */
    static String describe(DatasetSource source, Throwable e) {
        if (e instanceof DatasetFormatException) {
            return e.getMessage();
        }
        if (e instanceof NoSuchFileException) {
            return source.path() + ": no such file";
        }
        if (e instanceof AccessDeniedException) {
            return source.path() + ": permission denied";
        }
        if (e instanceof InterruptedIOException) {
            return source.path() + ": loading was interrupted";
        }
        if (e instanceof IOException) {
            return source.path() + ": cannot read: " + e.getMessage();
        }
        return source.path() + ": could not be opened (" + e + ")";
    }
}
