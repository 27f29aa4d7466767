package org.schedlab.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.concurrent.Task;

import org.schedlab.model.Dataset;
import org.schedlab.model.Version;
import org.schedlab.render.Bookmark;
import org.schedlab.workspace.Workspace;
import org.schedlab.workspace.WorkspaceFile;
import org.schedlab.workspace.WorkspaceFormatException;

/**
 * File > Save workspace / Open workspace: turns what the window shows into a {@link Workspace}
 * and back. Reading and writing the file run through the {@link TaskExecutor}; restoring opens
 * the Dataset tab's files again and reruns the simulations, all in the background with their
 * usual progress. A file that has gone missing is skipped and named in the report, and the rest
 * of the workspace still opens. The simulator tabs take part through a {@link Part} (the lab
 * registers one), the tabs through a {@link Tabs}.
 */
public final class WorkspaceViewModel {
    /** The examples shipped with SchedLab, saved by name rather than by path. */
    private static final List<String> EXAMPLES = List.of(WorkbenchViewModel.EXAMPLE_RESOURCE,
            WorkbenchViewModel.EXAMPLE_RECORDING_RESOURCE);

    /** A part of the window with its own state in the workspace (the simulator's tabs). */
    public interface Part {
        /** {@code w} with this part's state filled in. */
        Workspace capture(Workspace w);

        /** Shows this part of {@code w}; what cannot be restored goes to {@code problems}. */
        void restore(Workspace w, Consumer<String> problems);

        /**
         * As {@link #restore(Workspace, Consumer)}, for a part that reads files to restore (a
         * scenario file, read in the background): {@code finished} runs on the FX thread once
         * the part is shown and every problem reported.
         */
        default void restore(Workspace w, Consumer<String> problems, Runnable finished) {
            restore(w, problems);
            finished.run();
        }

        /**
         * This part's bookmarks added or edited since the workspace was opened or last saved (what
         * closing the window or opening a workspace would lose), by where they are ("Live run");
         * places without any left out.
         */
        default Map<String, Integer> unsavedBookmarks() {
            return Map.of();
        }

        /**
         * Of {@link #unsavedBookmarks()}, those restoring {@code replacing} would drop: a part
         * that workspace does not have (a file saved without a Live run) is left as it is, its
         * bookmarks with it.
         */
        default Map<String, Integer> unsavedBookmarks(Workspace replacing) {
            return unsavedBookmarks();
        }

        /**
         * The places of {@link #unsavedBookmarks()} whose bookmarks a save would not keep now: a
         * run the workspace last opened could not show, or an A/B side's data it could not show,
         * which the save keeps as that workspace had it, not what the tab shows.
         */
        default Set<String> notKeptBySave() {
            return Set.of();
        }

        /**
         * Called on the FX thread with {@code w}, this part's state {@link #capture}d for a save;
         * the action returned runs once the file is written, to count the bookmarks it keeps as
         * saved (those still shown as they were captured).
         */
        default Runnable saving(Workspace w) {
            return () -> { };
        }

        /** The Dataset tab's data is back after a restore (for an A/B side that showed it). */
        default void datasetRestored(Workspace w, Dataset d, String name) {
        }

        /**
         * The Dataset tab's data of restore {@code w} will not be shown: {@code why} (files
         * missing or unreadable), for an A/B side that showed it and keeps it in the next save.
         */
        default void datasetNotRestored(Workspace w, String why) {
        }
    }

    /**
     * What went wrong with a workspace, for a dialog: {@code title} says what happened ("Could not
     * save study.schedlab", "Opened study.schedlab in part"), {@code message} the details.
     */
    public record Problem(String title, String message) {
    }

    /**
     * Whether a workspace just read is shown: asked on the FX thread once its file is read, with
     * the bookmarks not yet saved that showing it would drop ({@link #unsavedBookmarks(Workspace)},
     * empty if none). {@code restore} shows it; {@code keep}, if it is not to be shown, leaves the
     * window as it is and the status line as before the open.
     */
    public interface BeforeRestore {
        void replacing(Map<String, Integer> unsaved, Runnable restore, Runnable keep);
    }

    /** Which tab shows, and showing one. */
    public interface Tabs {
        Workspace.Tab selected();

        void select(Workspace.Tab tab);
    }

    /** Where the Dataset tab's bookmarks are, in {@link #unsavedBookmarks()}. */
    public static final String DATASET_BOOKMARKS = "Dataset";

    private final WorkbenchViewModel vm;
    private final TaskExecutor executor;
    private final List<Part> parts = new ArrayList<>();
    private final PanelLayout panels = new PanelLayout();
    private final List<Consumer<Problem>> failureListeners = new ArrayList<>();
    private final ReadOnlyObjectWrapper<Optional<Path>> file =
            new ReadOnlyObjectWrapper<>(this, "file", Optional.empty());
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private Tabs tabs = new Tabs() {
        @Override
        public Workspace.Tab selected() {
            return Workspace.Tab.DATASET;
        }

        @Override
        public void select(Workspace.Tab tab) {
            // a window without tabs shows the Dataset view only
        }
    };
    private Optional<Pending> pending = Optional.empty();
    /** A save is being written; {@link #queuedSave}: where the next one goes once it is done. */
    private boolean saving;
    private Optional<Path> queuedSave = Optional.empty();
    /** What runs once the queued save is written (an open that waited for it). */
    private Runnable queuedThen = () -> { };
    /** Counts restores, so a file check that finishes after a newer restore is dropped. */
    private int restores;
    /**
     * The Dataset part of the workspace last restored while its data could not be shown (files
     * gone or unreadable): saved again as it was, until the user opens data of their own, so a
     * save does not replace it with whatever the window still shows from before.
     */
    private Optional<Workspace.DatasetPart> unrestored = Optional.empty();

    /** A restored Dataset tab waiting for its files to be read again. */
    private record Pending(List<String> sourceKeys, Workspace workspace) {
    }

    public WorkspaceViewModel(WorkbenchViewModel vm, TaskExecutor executor) {
        this.vm = vm;
        this.executor = executor;
        vm.addOpenedListener(this::opened);
        vm.addFailureListener(f -> { // its part stays unrestored, saved as it was
            pending.ifPresent(p -> notRestored(p.workspace(), f.message()));
            pending = Optional.empty();
        });
    }

    public void addPart(Part part) {
        parts.add(part);
    }

    /**
     * The bookmarks added or edited since the data or a workspace was opened or the workspace
     * last saved, by where they are: {@link #DATASET_BOOKMARKS} for the Dataset tab's, then the
     * parts' ("Live run", "A/B side A"); places without any left out.
     */
    public Map<String, Integer> unsavedBookmarks() {
        return unsaved(Optional.empty());
    }

    /**
     * Of {@link #unsavedBookmarks()}, those restoring {@code replacing} would drop: only of the
     * parts it has. A workspace without a Dataset part leaves the Dataset tab's data and bookmarks
     * as they are, one without a Live run or an A/B setup those tabs' (see {@link #restore}).
     */
    public Map<String, Integer> unsavedBookmarks(Workspace replacing) {
        return unsaved(Optional.of(replacing));
    }

    /**
     * The places of {@link #unsavedBookmarks()} whose bookmarks saving the workspace would not keep
     * now: the Dataset tab's while the workspace's own data could not be shown (a save keeps that
     * data's reference and bookmarks, not the data still shown from before), and the parts' alike.
     * Asking "save first?" about those only would save, and ask the same again.
     */
    public Set<String> notKeptBySave() {
        Set<String> where = new java.util.LinkedHashSet<>();
        if (unrestored.isPresent()) {
            where.add(DATASET_BOOKMARKS);
        }
        for (Part p : parts) {
            where.addAll(p.notKeptBySave());
        }
        return where;
    }

    private Map<String, Integer> unsaved(Optional<Workspace> replacing) {
        Map<String, Integer> where = new java.util.LinkedHashMap<>();
        int dataset = vm.timeline().bookmarks().unsavedCount();
        if (dataset > 0 && replacing.map(w -> w.dataset().isPresent()).orElse(true)) {
            where.put(DATASET_BOOKMARKS, dataset);
        }
        for (Part p : parts) {
            (replacing.isPresent() ? p.unsavedBookmarks(replacing.get()) : p.unsavedBookmarks()).forEach((place, count) -> {
                if (count > 0) {
                    where.put(place, count);
                }
            });
        }
        return where;
    }

    /** The side panels' tabs and folds a workspace keeps: panels register there. */
    public PanelLayout panels() {
        return panels;
    }

    public void setTabs(Tabs t) {
        tabs = t;
    }

    /** Called on the FX thread when a workspace could not be read or written, or opened only in part. */
    public void addFailureListener(Consumer<Problem> l) {
        failureListeners.add(l);
    }

    /** The workspace file last saved or opened: where File > Save workspace writes. */
    public ReadOnlyObjectProperty<Optional<Path>> fileProperty() {
        return file.getReadOnlyProperty();
    }

    /** What the last save or open did, for the status line. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** A workspace file is being read or written. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The window's state now, as it would be saved. */
    public Workspace capture() {
        Workspace w = Workspace.empty().withColorMode(vm.timeline().colorModeProperty().get())
                .withFitCpuLanes(vm.timeline().fitCpuLanesProperty().get()).withTab(tabs.selected())
                .withPanels(panels.capture());
        w = w.withDataset(unrestored.isPresent() ? unrestored : datasetPart());
        for (Part p : parts) {
            w = p.capture(w);
        }
        return w;
    }

    private Optional<Workspace.DatasetPart> datasetPart() {
        if (vm.timeline().dataset() == TimelineViewModel.NO_DATASET) {
            return Optional.empty();
        }
        TimelineViewModel t = vm.timeline();
        return sourcesOf(vm.openedSources()).map(s -> new Workspace.DatasetPart(s.files(), s.example(),
                t.bookmarks().bookmarks(), Optional.of(new Workspace.TimeWindow(t.startNs(), t.endNs())),
                Optional.of(TaskLaneLabels.labels(t.dataset(), t.trackSpecProperty().get().taskLanes()))));
    }

    /**
     * How a workspace names data read from {@code sources}: their files, or the example shipped
     * with SchedLab; empty if there is nothing to reopen it from (no sources, or something
     * neither a file nor a known example).
     */
    public static Optional<Workspace.Sources> sourcesOf(List<DatasetSource> sources) {
        List<Path> files = new ArrayList<>();
        Optional<String> example = Optional.empty();
        for (DatasetSource s : sources) {
            if (s.file().isPresent()) {
                files.add(s.file().get());
            } else {
                example = EXAMPLES.stream().filter(r -> r.endsWith("/" + s.name())).findFirst();
            }
        }
        if (!files.isEmpty() && example.isPresent() || files.isEmpty() && example.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Workspace.Sources(files, example));
    }

    /**
     * What to read for {@code s} again: its files, or its example if this version ships it
     * (empty otherwise).
     */
    public static Optional<List<DatasetSource>> datasetSources(Workspace.Sources s) {
        if (s.example().isPresent()) {
            return EXAMPLES.contains(s.example().get())
                    ? Optional.of(List.of(DatasetSource.resource(s.example().get()))) : Optional.empty();
        }
        List<DatasetSource> out = new ArrayList<>();
        for (Path f : s.files()) {
            out.add(DatasetSource.file(f));
        }
        return Optional.of(out);
    }

    /** File > Save workspace: to the file it was last saved to or opened from; false if there is none yet. */
    public boolean save() {
        if (file.get().isEmpty()) {
            return false;
        }
        saveAs(file.get().get());
        return true;
    }

    /**
     * Saves the window's state to {@code target} (the extension is added when missing), in the
     * background. A save asked for while one is being written waits for it (the newest request
     * only), so the file ends with what the window showed last: two saves at once on a pool of
     * threads could finish in either order, the older state last.
     */
    public void saveAs(Path target) {
        saveAs(target, () -> { });
    }

    /**
     * As {@link #saveAs(Path)}; {@code then} runs on the FX thread once the file is written (not
     * if it could not be): an open that replaces the bookmarks waits for them to be saved.
     */
    public void saveAs(Path target, Runnable then) {
        if (saving) {
            queuedSave = Optional.of(target);
            Runnable before = queuedThen;
            queuedThen = () -> {
                before.run();
                then.run();
            };
            return;
        }
        saving = true;
        Path f = WorkspaceFile.withExtension(target).toAbsolutePath().normalize();
        Workspace w = capture();
        // the bookmarks the file keeps, of the dataset shown now (none if it keeps another's)
        Dataset shown = vm.timeline().dataset();
        Optional<List<Bookmark>> kept = unrestored.isPresent() ? Optional.empty()
                : w.dataset().map(Workspace.DatasetPart::bookmarks);
        List<Runnable> partsKept = new ArrayList<>();
        for (Part p : parts) {
            partsKept.add(p.saving(w));
        }
        String savedBy = "SchedLab " + Version.current();
        Task<Void> task = new Task<>() {
            @Override
            protected Void call() throws IOException {
                try {
                    WorkspaceFile.save(f, w, savedBy);
                } catch (IOException e) {
                    // described here: finding why may touch the disk, which the FX thread must not wait for
                    throw new IOException(whyNotSaved(f, e), e);
                }
                return null;
            }
        };
        busy.set(true);
        message.set("Saving workspace " + f.getFileName());
        task.setOnSucceeded(e -> {
            busy.set(false);
            file.set(Optional.of(f));
            vm.rememberFiles(List.of(f));
            message.set("Saved workspace " + f.getFileName());
            if (vm.timeline().dataset() == shown) {
                kept.ifPresent(vm.timeline().bookmarks()::markKept);
            }
            partsKept.forEach(Runnable::run);
            then.run();
            saveQueued();
        });
        task.setOnFailed(e -> {
            busy.set(false);
            Throwable ex = task.getException();
            String why = ex.getMessage() == null ? ex.toString() : ex.getMessage();
            fail("Workspace not saved", "Could not save " + f.getFileName(),
                    f + ": the workspace was not saved (" + why + "); the previous file, if any, is unchanged");
            saveQueued();
        });
        task.setOnCancelled(e -> { // the window closing: no save runs any more
            busy.set(false);
            saving = false;
        });
        executor.execute(task);
    }

    /**
     * Why saving {@code target} failed, in words. The JDK's file exceptions carry only a path as
     * their message - here the hidden temporary beside the workspace, a name the user never gave -
     * and the reason in their type.
     */
    static String whyNotSaved(Path target, Throwable e) {
        Path dir = target.toAbsolutePath().getParent();
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied: cannot write in " + dir;
        }
        if (e instanceof NoSuchFileException && dir != null && !Files.isDirectory(dir)) {
            return "the folder " + dir + " does not exist";
        }
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** The save asked for while the last one was written, now: with the window's state now. */
    private void saveQueued() {
        saving = false;
        Optional<Path> next = queuedSave;
        Runnable then = queuedThen;
        queuedSave = Optional.empty();
        queuedThen = () -> { };
        next.ifPresent(p -> saveAs(p, then));
    }

    /** Reads {@code f} in the background and restores it. */
    public void open(Path f) {
        open(f, Optional.empty(), (unsaved, restore, keep) -> restore.run());
    }

    /**
     * Reads {@code f} in the background; once read, {@code before} decides whether it is restored,
     * knowing which unsaved bookmarks that would drop: the window asks about those before they
     * are lost, and only about the parts the file replaces - which only reading it tells.
     */
    public void open(Path f, BeforeRestore before) {
        open(f, Optional.empty(), before);
    }

    /**
     * Reads {@code f} in the background and restores it; if it cannot be read (missing, damaged,
     * not a workspace), reports why and then runs {@code notOpened} on the FX thread: the window
     * started on a workspace shows what a start without one shows.
     */
    public void openAtStart(Path f, Runnable notOpened) {
        open(f, Optional.of(notOpened), (unsaved, restore, keep) -> restore.run());
    }

    private void open(Path f, Optional<Runnable> notOpened, BeforeRestore before) {
        Path abs = f.toAbsolutePath().normalize();
        String was = message.get();
        Task<Workspace> task = new Task<>() {
            @Override
            protected Workspace call() throws IOException, WorkspaceFormatException {
                return WorkspaceFile.read(abs);
            }
        };
        busy.set(true);
        message.set("Opening workspace " + abs.getFileName());
        task.setOnSucceeded(e -> {
            busy.set(false);
            Workspace w = task.getValue();
            before.replacing(unsavedBookmarks(w), () -> {
                file.set(Optional.of(abs));
                vm.rememberFiles(List.of(abs));
                restore(w, problems -> {
                    if (problems.isEmpty()) {
                        if (message.get().equals("Opening workspace " + abs.getFileName())) { // not a note on its lanes
                            message.set("Opened workspace " + abs.getFileName());
                        }
                    } else {
                        fail("Opened workspace " + abs.getFileName() + " in part",
                                "Opened " + abs.getFileName() + "; some of it could not be restored as saved",
                                String.join("\n", problems));
                    }
                });
            }, () -> {
                if (message.get().equals("Opening workspace " + abs.getFileName())) {
                    message.set(was); // not opened: the status line as it was
                }
            });
        });
        task.setOnFailed(e -> {
            busy.set(false);
            Throwable ex = task.getException();
            String why = ex instanceof WorkspaceFormatException ? ex.getMessage()
                    : ex instanceof NoSuchFileException ? abs + ": no such file"
                    : abs + ": cannot read (" + ex.getMessage() + ")";
            // at start nothing was open: the window opens as it does without a workspace
            fail("Workspace not opened", "Could not open " + abs.getFileName() + "."
                    + (notOpened.isPresent() ? "" : " What was open stays open."), why);
            notOpened.ifPresent(Runnable::run);
        });
        executor.execute(task);
    }

    /**
     * Shows {@code w}: colour mode, the simulator's runs and the tab at once; the Dataset tab's
     * files once a background check has found which of them are there (a file on a dead network
     * mount can hang that check, and the window must not hang with it), reopening those in the
     * background and skipping the missing ones. {@code done} gets, on the FX thread, what could
     * not be restored (empty if everything was).
     */
    public void restore(Workspace w, Consumer<List<String>> done) {
        int generation = ++restores;
        vm.timeline().colorModeProperty().set(w.colorMode());
        vm.timeline().fitCpuLanesProperty().set(w.fitCpuLanes());
        pending = Optional.empty();
        unrestored = w.dataset(); // until its data is read again
        RestoreAnswers r = new RestoreAnswers(w, () -> generation == restores, done);
        for (Part p : parts) {
            p.restore(w, r.nextPart(), r::answered);
        }
        tabs.select(w.tab());
        panels.restore(w.panels());
        // what reading the file changed to use it ("...: divider position 1.7 ... is outside 0..1; using 1")
        Consumer<String> layoutNotes = r.nextPart();
        w.panels().notes().forEach(layoutNotes);
        r.answered();
        Optional<Workspace.DatasetPart> data = w.dataset();
        if (data.isEmpty() || data.get().example().isPresent() || data.get().files().isEmpty()) {
            data.flatMap(Workspace.DatasetPart::example).ifPresent(resource -> {
                if (EXAMPLES.contains(resource)) {
                    pending = Optional.of(new Pending(List.of(exampleKey(resource)), w));
                    vm.open(DatasetSource.resource(resource));
                } else {
                    r.dataProblem("the example " + resource + " is not shipped with this version");
                    notRestored(w, "the example " + resource + " is not shipped with this version");
                }
            });
            r.dataAnswered(pending.isPresent());
            return;
        }
        List<Path> files = data.get().files();
        Task<List<Boolean>> check = new Task<>() {
            @Override
            protected List<Boolean> call() {
                List<Boolean> there = new ArrayList<>(files.size());
                for (Path p : files) {
                    there.add(Files.isRegularFile(p));
                }
                return there;
            }
        };
        check.setOnSucceeded(e -> {
            if (generation != restores) {
                return; // another workspace came since: it reports for itself
            }
            if (!unrestored.equals(data)) {
                // other data opened while the files were checked: it stays, and the open still ends
                r.dataProblem("the Dataset tab's files were not reopened: other data was opened meanwhile");
                notRestored(w, "the Dataset tab's files were not reopened: other data was opened meanwhile");
                r.dataAnswered(false);
                return;
            }
            List<Path> present = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < files.size(); i++) {
                Path p = files.get(i);
                if (check.getValue().get(i)) {
                    present.add(p);
                    keys.add(p.toAbsolutePath().normalize().toString());
                } else {
                    missing.add(p + ": no such file");
                    r.dataProblem(p.getFileName() + " is missing (" + p + ")");
                }
            }
            if (!present.isEmpty()) {
                pending = Optional.of(new Pending(keys, w));
                vm.openFiles(present);
            } else {
                notRestored(w, String.join("; ", missing));
            }
            r.dataAnswered(!present.isEmpty());
        });
        executor.execute(check);
    }

    /** The Dataset tab finished opening: if it is what a restore asked for, put back bookmarks and window. */
    private void opened(List<DatasetSource> sources) {
        unrestored = Optional.empty(); // the window shows data again: that is what a save keeps
        if (pending.isEmpty()) {
            return;
        }
        Pending p = pending.get();
        List<String> keys = new ArrayList<>();
        for (DatasetSource s : sources) {
            keys.add(s.file().map(f -> f.toAbsolutePath().normalize().toString()).orElse("example:" + s.name()));
        }
        pending = Optional.empty();
        if (!keys.equals(p.sourceKeys())) {
            return; // the user opened something else meanwhile: that wins
        }
        Workspace.DatasetPart d = p.workspace().dataset().orElseThrow();
        TimelineViewModel t = vm.timeline();
        List<Bookmark> marks = new ArrayList<>(d.bookmarks());
        t.bookmarks().bookmarks().setAll(marks);
        t.bookmarks().markKept(marks); // the workspace keeps them
        d.window().ifPresent(win -> t.setWindow(win.startNs(), win.endNs()));
        d.taskLanes().ifPresent(labels -> {
            TaskLaneLabels.Found lanes = TaskLaneLabels.ids(t.dataset(), labels);
            if (!lanes.ids().isEmpty() || labels.isEmpty()) { // none of them there: the lanes it opened with
                t.setTaskLanes(lanes.ids());
            }
            if (!lanes.missing().isEmpty()) {
                // the files changed since the save: the lanes that are there, the others named
                message.set("Opened workspace " + file.get().map(f -> f.getFileName().toString()).orElse("")
                        + "; no task " + TaskLaneLabels.list(lanes.missing()) + " in the data for its lane");
            }
        });
        // opening the files turned the side panel to Figures if they have no CPU lanes: the saved tab wins
        panels.datasetRestored(p.workspace().panels());
        for (Part part : parts) {
            part.datasetRestored(p.workspace(), t.dataset(), vm.sourceNameProperty().get());
        }
        // reopening the files put them on top of the recent list: the workspace belongs there
        file.get().ifPresent(f -> vm.rememberFiles(List.of(f)));
    }

    private void notRestored(Workspace w, String why) {
        for (Part part : parts) {
            part.datasetNotRestored(w, why);
        }
    }

    private static String exampleKey(String resource) {
        return "example:" + resource.substring(resource.lastIndexOf('/') + 1);
    }

    /** {@code status} for the status line; title and text for the dialog. */
    private void fail(String status, String title, String text) {
        message.set(status);
        Problem failure = new Problem(title, text);
        for (Consumer<Problem> l : List.copyOf(failureListeners)) {
            l.accept(failure);
        }
    }
}
