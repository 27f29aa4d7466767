package org.schedlab.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javafx.stage.FileChooser;
import javafx.stage.Window;

import org.schedlab.workspace.WorkspaceFile;

/**
 * The platform file chooser, starting where the last pick was. Formats are detected by content,
 * so "All files" comes first: perf and ftrace text often has no telling extension. Where to start
 * is checked in the background ({@link LastDirectory}): this class runs on the FX thread and
 * touches no file.
 */
public final class FxFilePicker implements FilePicker {
    private final LastDirectory lastDirectory = new LastDirectory();
    /** The open workspace's directory, where Save workspace as starts. */
    private final LastDirectory workspaceDirectory = new LastDirectory();

    @Override
    public Optional<Path> pickDatasetToOpen(Window owner) {
        File f = chooser("Open").showOpenDialog(owner);
        return remember(f);
    }

    @Override
    public List<Path> pickFilesToOpen(Window owner) {
        List<File> files = chooser("Open recordings or a dataset (several files open together)")
                .showOpenMultipleDialog(owner);
        if (files == null || files.isEmpty()) {
            lastDirectory.recheck();
            return List.of();
        }
        remember(files.get(0));
        List<Path> out = new ArrayList<>(files.size());
        for (File f : files) {
            out.add(f.toPath());
        }
        return out;
    }

    @Override
    public Optional<Path> pickWorkspaceToOpen(Window owner) {
        File f = workspaceChooser("Open workspace", Optional.empty()).showOpenDialog(owner);
        return remember(f);
    }

    @Override
    public Optional<Path> pickWorkspaceToSave(Window owner, Optional<Path> current) {
        File f = workspaceChooser("Save workspace", current).showSaveDialog(owner);
        return remember(f);
    }

    @Override
    public void workspaceFileIs(Path file) {
        Optional.ofNullable(file.toAbsolutePath().getParent()).ifPresent(workspaceDirectory::remember);
    }

    /** After a dialog: a pick's directory is probed for the next one; a cancel probes the last again. */
    private Optional<Path> remember(File f) {
        if (f == null) {
            lastDirectory.recheck();
            return Optional.empty();
        }
        Optional.ofNullable(f.toPath().toAbsolutePath().getParent()).ifPresentOrElse(lastDirectory::remember,
                lastDirectory::recheck);
        return Optional.of(f.toPath());
    }

    private FileChooser workspaceChooser(String title, Optional<Path> current) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("SchedLab workspace (*"
                + WorkspaceFile.EXTENSION + ")", "*" + WorkspaceFile.EXTENSION));
        Optional<Path> currentDir = current.map(p -> p.toAbsolutePath().getParent());
        // the open workspace's directory if the probe found it there, else where the last pick was
        Optional<File> dir = currentDir.isPresent() && currentDir.equals(workspaceDirectory.remembered())
                ? workspaceDirectory.forDialog().or(lastDirectory::forDialog) : lastDirectory.forDialog();
        dir.ifPresent(chooser::setInitialDirectory);
        chooser.setInitialFileName(current.map(p -> String.valueOf(p.getFileName()))
                .orElse("workspace" + WorkspaceFile.EXTENSION));
        return chooser;
    }

    private FileChooser chooser(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("All files (format detected by content)", "*"),
                new FileChooser.ExtensionFilter("Text recordings (*.txt, *.log, *.gz)", "*.txt", "*.log", "*.gz"),
                new FileChooser.ExtensionFilter("SchedLab dataset (*.json, *.json.gz)", "*.json", "*.json.gz"),
                new FileChooser.ExtensionFilter("Chrome trace, systrace, CSV (*.json, *.html, *.csv)",
                        "*.json", "*.html", "*.csv"));
        lastDirectory.forDialog().ifPresent(chooser::setInitialDirectory);
        return chooser;
    }
}
