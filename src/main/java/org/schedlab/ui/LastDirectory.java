package org.schedlab.ui;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

import javafx.concurrent.Task;

/**
 * The directory a file dialog starts in. A dialog wants an existing directory, but asking the
 * file system on the FX thread freezes the window when the directory is on a dead network mount;
 * so a remembered directory is probed by a background task, and a dialog gets only a directory
 * the latest probe found - none while that probe is still out (or hangs on the dead mount).
 * One probe at a time: a hung probe holds back later ones instead of piling up threads.
 * Used on the FX thread only; the probe's answer arrives there too.
 */
public final class LastDirectory {
    private static ExecutorService probeThread;

    private final TaskExecutor executor;
    private final Predicate<Path> isDirectory;
    private Optional<Path> remembered = Optional.empty();
    private Optional<Path> checked = Optional.empty();
    private boolean probing;
    private boolean probeAgain;

    /** Probes with {@link Files#isDirectory} on a daemon thread of its own (a hang stalls no load). */
    public LastDirectory() {
        this(LastDirectory::onProbeThread, Files::isDirectory);
    }

    /** Probes {@code isDirectory} through {@code executor} (tests pass their own of both). */
    public LastDirectory(TaskExecutor executor, Predicate<Path> isDirectory) {
        this.executor = executor;
        this.isDirectory = isDirectory;
    }

    /** Where the next dialog starts: a directory the latest probe found, or empty (the platform's default). */
    public Optional<File> forDialog() {
        return checked.map(Path::toFile);
    }

    /** The last remembered directory, checked or not (which one to ask about, not where to start). */
    public Optional<Path> remembered() {
        return remembered;
    }

    /**
     * {@code dir} is where the user just picked something: it is probed before any dialog starts
     * there. Until then dialogs start where the platform chooses, never in an unchecked directory.
     */
    public void remember(Path dir) {
        if (remembered.equals(Optional.of(dir)) && checked.isPresent()) {
            recheck();
            return;
        }
        remembered = Optional.of(dir);
        checked = Optional.empty();
        probe();
    }

    /** Probes the remembered directory again (after a dialog: it may have gone since it was checked). */
    public void recheck() {
        if (remembered.isPresent()) {
            probe();
        }
    }

    private void probe() {
        if (probing) {
            probeAgain = true; // the answer in flight is about an older state; ask again after it
            return;
        }
        probing = true;
        Path dir = remembered.orElseThrow();
        Task<Boolean> task = new Task<>() {
            @Override
            protected Boolean call() {
                return isDirectory.test(dir);
            }
        };
        task.setOnSucceeded(e -> answered(dir, Boolean.TRUE.equals(task.getValue())));
        task.setOnFailed(e -> answered(dir, false));
        task.setOnCancelled(e -> answered(dir, false));
        executor.execute(task);
    }

    private void answered(Path dir, boolean isDir) {
        probing = false;
        if (remembered.equals(Optional.of(dir))) {
            checked = isDir ? Optional.of(dir) : Optional.empty();
        }
        if (probeAgain) {
            probeAgain = false;
            probe();
        }
    }

    private static synchronized void onProbeThread(Task<?> task) {
        if (probeThread == null) {
            probeThread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "schedlab-directory-probe");
                t.setDaemon(true);
                return t;
            });
        }
        TaskExecutor.executeOrCancel(probeThread, task);
    }
}
