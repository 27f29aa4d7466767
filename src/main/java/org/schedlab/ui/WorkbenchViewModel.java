package org.schedlab.ui;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyMapProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.concurrent.Task;

import org.schedlab.io.CsvTables;
import org.schedlab.io.DatasetFormatException;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.ImportOutOfMemoryError;
import org.schedlab.model.Dataset;
import org.schedlab.render.Caption;
import org.schedlab.render.TimeFormat;
import org.schedlab.sim.scenario.DefaultsDiff;

/**
 * The workbench's state: the timeline, what is open, whether a load is running and how far it
 * got, the warnings of the last import, the recent files and the status-bar texts. Loads run
 * through the {@link TaskExecutor}; a newer load cancels the older one, whose result is then
 * dropped, and a failed load leaves the open dataset as it was and tells the failure listeners
 * why. Files opened successfully go to the top of the recent-files list.
 */
public final class WorkbenchViewModel {
    /** The example the window opens on, shipped inside the application. */
    public static final String EXAMPLE_RESOURCE = "/org/schedlab/ui/examples/pgbench-2cpu-50ms.json";
    /** A real perf sched recording made with example-data/record.sh, imported like any other. */
    public static final String EXAMPLE_RECORDING_RESOURCE =
            "/org/schedlab/ui/examples/pgbench-sandbox-2cpu/perf_sched_script.txt.gz";

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
    private final ReadOnlyListWrapper<String> warnings =
            new ReadOnlyListWrapper<>(this, "warnings", FXCollections.observableArrayList());
    private final RecentList recentList;
    private final List<Consumer<LoadFailure>> failureListeners = new ArrayList<>();
    private final List<Consumer<List<DatasetSource>>> openedListeners = new ArrayList<>();
    private List<DatasetSource> openedSources = List.of();
    /** The last opened dataset and its parameters that differ from its scenario's defaults ({@link #differsFromDefaults}). */
    private Dataset diffedDataset = TimelineViewModel.NO_DATASET;
    private Optional<Map<String, String>> diffedParameters = Optional.empty();
    private Task<?> current;

    /** A view model whose recent-files list lives only as long as it does. */
    public WorkbenchViewModel(TaskExecutor executor, DatasetOpener opener) {
        this(executor, opener, RecentFiles.inMemory());
    }

    public WorkbenchViewModel(TaskExecutor executor, DatasetOpener opener, RecentFiles recent) {
        this.timeline = new TimelineViewModel(executor);
        this.executor = executor;
        this.opener = opener;
        this.recentList = new RecentList(recent, executor);
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

    /** Imports the real perf sched recording shipped with the application, as a user's file would be. */
    public void openExampleRecording() {
        open(DatasetSource.resource(EXAMPLE_RECORDING_RESOURCE));
    }

    /** Opens files chosen together (File > Open, a drop, a recent entry) into one dataset. */
    public void openFiles(List<Path> files) {
        if (files.isEmpty()) {
            return;
        }
        List<DatasetSource> sources = new ArrayList<>(files.size());
        for (Path f : files) {
            sources.add(DatasetSource.file(f));
        }
        open(sources);
    }

    public void open(DatasetSource source) {
        open(List.of(source));
    }

    /**
     * Loads {@code sources} (read together into one dataset) in the background and shows the
     * result when done. Cancels a load already in flight; until the new dataset is ready the old
     * one stays on screen.
     */
    public void open(List<DatasetSource> sources) {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("nothing to open");
        }
        cancelLoad();
        String name = displayName(sources);
        LoadTask task = new LoadTask(opener, List.copyOf(sources), true);
        current = task;
        loading.set(true);
        loadingWhat.set("Opening " + name);
        loadProgress.bind(task.progressProperty());
        task.setOnSucceeded(e -> {
            if (task == current) {
                finish();
                DatasetOpener.Opened opened = task.getValue().opened();
                diffedDataset = opened.dataset();
                diffedParameters = task.getValue().differsFromDefaults();
                timeline.setDataset(opened.dataset(), task.getValue().taskLanes());
                warnings.setAll(opened.warnings());
                sourceName.set(displayName(sources, opened.dataset()));
                updateTitle();
                remember(sources);
                openedSources = List.copyOf(sources);
                for (Consumer<List<DatasetSource>> l : List.copyOf(openedListeners)) {
                    l.accept(openedSources);
                }
            }
        });
        task.setOnFailed(e -> {
            if (task == current) {
                finish();
                LoadFailure failure = new LoadFailure(name, describe(sources.get(0), task.getException()));
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

    /**
     * Reads {@code sources} into a dataset in the background without showing it in the Dataset
     * tab (an A/B side of a restored workspace that showed other data than the tab). On the FX
     * thread, {@code done} gets the dataset with its name, or {@code failed} the one line that
     * says why it could not be read.
     */
    public void readApart(List<DatasetSource> sources, java.util.function.BiConsumer<Dataset, String> done,
                          Consumer<String> failed) {
        LoadTask task = new LoadTask(opener, List.copyOf(sources), false);
        task.setOnSucceeded(e -> done.accept(task.getValue().opened().dataset(),
                displayName(sources, task.getValue().opened().dataset())));
        task.setOnFailed(e -> failed.accept(describe(sources.get(0), task.getException())));
        executor.execute(task);
    }

    /** How the window names data read from {@code sources}: "a.txt + b.txt". */
    public static String displayName(List<DatasetSource> sources) {
        StringBuilder sb = new StringBuilder();
        for (DatasetSource s : sources) {
            sb.append(sb.length() == 0 ? "" : " + ").append(s.name());
        }
        return sb.toString();
    }

    /**
     * How the window names {@code d} once read: a CSV export by its directory ("tables (CSV
     * tables)"), whichever of its tables was picked; anything else as {@link #displayName(List)}.
     */
    static String displayName(List<DatasetSource> sources, Dataset d) {
        if (CsvTables.FORMAT.equals(d.metadata().format())) {
            Path dir = Path.of(d.metadata().source()).getFileName();
            return (dir == null ? d.metadata().source() : dir.toString()) + " (CSV tables)";
        }
        return displayName(sources);
    }

    /** Files (not the examples inside the application) go to the top of the recent list. */
    private void remember(List<DatasetSource> sources) {
        List<Path> files = new ArrayList<>();
        for (DatasetSource s : sources) {
            Optional<Path> f = s.file();
            if (f.isEmpty()) {
                return;
            }
            files.add(f.get());
        }
        recentList.add(files);
    }

    /** Puts files opened some other way (a saved or opened workspace) at the top of the recent list. */
    public void rememberFiles(List<Path> files) {
        if (!files.isEmpty()) {
            recentList.add(files);
        }
    }

    /** What the Dataset tab shows: the sources of the last successful open (empty before one). */
    public List<DatasetSource> openedSources() {
        return openedSources;
    }

    /** Called on the FX thread after each successful open, once its dataset is on screen. */
    public void addOpenedListener(Consumer<List<DatasetSource>> listener) {
        openedListeners.add(listener);
    }

    public void clearRecent() {
        recentList.clear();
    }

    /** Finds out in the background which recent entries have a file that is gone (File > Open recent marks them). */
    public void checkRecent() {
        recentList.check();
    }

    /** Recent entries the last {@link #checkRecent} found a file of missing, each with its files that are gone. */
    public ReadOnlyMapProperty<List<Path>, List<Path>> recentMissingProperty() {
        return recentList.missingProperty();
    }

    /** Recent opens, most recent first; each entry the files of one open. */
    public ReadOnlyListProperty<List<Path>> recentEntriesProperty() {
        return recentList.entriesProperty();
    }

    /** What the last successful import said about lines it did not understand (empty if none). */
    public ReadOnlyListProperty<String> warningsProperty() {
        return warnings.getReadOnlyProperty();
    }

    /** Stops the load in flight, if any; what is open stays open. */
    public void cancelLoad() {
        Task<?> t = current;
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

    /**
     * The parameters of the saved run on the timeline that differ from its scenario's defaults
     * ({@link DefaultsDiff#ofRun}), for a picture's caption: found as the file was read, since
     * finding them reads and resolves the scenario, which the FX thread does not wait on. Empty for
     * a recording, and for a dataset not opened here.
     */
    public Optional<Map<String, String>> differsFromDefaults() {
        return timeline.dataset() == diffedDataset ? diffedParameters : Optional.empty();
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
            // a contention table or a single nstat snapshot has no time span: not "0.000000 s .. 0.000000 s"
            spanText.set(d.spanNs() == 0 ? "no time span"
                    : TimeFormat.seconds(d.startNs()) + " .. " + TimeFormat.seconds(d.endNs())
                    + " (" + TimeFormat.duration(d.spanNs()) + ")");
            countsText.set(String.format(Locale.ROOT, "%d CPUs  %,d tasks  %,d slices",
                    d.cpuCount(), d.tasks().size(), d.sliceCount()));
        }
        windowChanged();
    }

    private void windowChanged() {
        long origin = timeline.dataset().startNs();
        if (timeline.dataset().spanNs() == 0) {
            // a contention table, perf stat totals, nothing open: no times, so no view of them to
            // give (the timeline's own 1 ms window is only somewhere to draw the placeholder)
            windowText.set("");
            return;
        }
        if (timeline.startNs() <= origin && timeline.endNs() >= timeline.dataset().endNs()) {
            // the whole recording, as opened or fitted: "view +0 ns .. +1.54 s (1.54 s)" repeated the
            // span beside it in 200 px, and in a 1280 px window with import warnings the span gave way
            // to it, its start time read "..... 331.056317 s"
            windowText.set("view: all (" + TimeFormat.duration(timeline.spanNs()) + ")");
            return;
        }
        // its ends as a picture's caption says them, in one unit and as fine as a tenth of the view:
        // each in its own three digits, runA's 975..1025 ms read "view +975 ms .. +1.02 s" beside
        // an exported caption's "+0.975 s .. +1.025 s"
        windowText.set("view " + Caption.stretchEnds(timeline.startNs() - origin, timeline.endNs() - origin)
                + " (" + TimeFormat.duration(timeline.spanNs()) + ")");
    }

    private void updateTitle() {
        title.set("SchedLab - " + sourceName.get());
    }

    /** A load: the opener's read on a worker thread, reporting bytes to the task's progress. */
    /** A dataset read, with the task lanes it opens with when it is for the Dataset tab (empty otherwise). */
    record Loaded(DatasetOpener.Opened opened, List<Integer> taskLanes,
                  Optional<Map<String, String>> differsFromDefaults) {
    }

    private static final class LoadTask extends Task<Loaded> implements DatasetOpener.Progress {
        private final DatasetOpener opener;
        private final List<DatasetSource> sources;
        private final boolean chooseLanes;

        LoadTask(DatasetOpener opener, List<DatasetSource> sources, boolean chooseLanes) {
            this.opener = opener;
            this.sources = sources;
            this.chooseLanes = chooseLanes;
        }

        @Override
        protected Loaded call() throws Exception {
            DatasetOpener.Opened opened;
            try {
                opened = opener.open(sources, this);
            } catch (java.nio.file.FileSystemException e) {
                // named here, off the FX thread: finding out means following links on the file system
                throw linkProblem(e).orElse(e);
            }
            // a pass over every slice: here, not on the FX thread as the dataset is shown
            // and the scenario a saved run names, read and resolved for the picture's caption
            return new Loaded(opened, chooseLanes ? MarkNavigation.defaultTaskLanes(opened.dataset()) : List.of(),
                    chooseLanes ? DefaultsDiff.ofRun(opened.dataset().metadata()) : Optional.empty());
        }

        /**
         * A dangling link or a link loop, named as the command line names it ("is a symbolic link
         * loop (a -> b -> a)"), instead of "no such file" or the system's "Too many levels of
         * symbolic links or unable to access attributes of symbolic link".
         */
        private static Optional<IOException> linkProblem(java.nio.file.FileSystemException e) {
            if (e.getFile() == null || e instanceof AccessDeniedException) {
                return Optional.empty();
            }
            Path p = Path.of(e.getFile());
            Optional<String> why = e instanceof NoSuchFileException ? org.schedlab.io.SymbolicLinks.linkProblem(p)
                    : org.schedlab.io.SymbolicLinks.loop(p);
            return why.map(w -> new LinkProblem(e.getFile() + ": " + w, e));
        }

        @Override
        public void bytesRead(long done, long total) {
            if (total > 0) {
                updateProgress(done, total);
            }
        }
    }

    /** A file the user named that a symbolic link keeps from being read; its message is the user's line. */
    private static final class LinkProblem extends IOException {
        LinkProblem(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** One line for the user: the reader's file:line:col message, or what went wrong with the file. */
    static String describe(DatasetSource source, Throwable e) {
        if (e instanceof DatasetFormatException || e instanceof ImportException || e instanceof LinkProblem) {
            return e.getMessage();
        }
        if (e instanceof ImportOutOfMemoryError) {
            return e.getMessage();
        }
        if (e instanceof OutOfMemoryError) {
            return ImportOutOfMemoryError.message(source.path().toString(), "it", Runtime.getRuntime().maxMemory());
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
