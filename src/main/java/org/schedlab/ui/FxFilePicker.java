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
 * so "All files" comes first: perf and ftrace text often has no telling extension.
 */
public final class FxFilePicker implements FilePicker {
    private File lastDirectory;

    @Override
    public Optional<Path> pickDatasetToOpen(Window owner) {
        File f = chooser("Open").showOpenDialog(owner);
        if (f == null) {
            return Optional.empty();
        }
        lastDirectory = f.getParentFile();
        return Optional.of(f.toPath());
    }

    @Override
    public List<Path> pickFilesToOpen(Window owner) {
        List<File> files = chooser("Open recordings or a dataset (several files open together)")
                .showOpenMultipleDialog(owner);
        if (files == null || files.isEmpty()) {
            return List.of();
        }
        lastDirectory = files.get(0).getParentFile();
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

    private Optional<Path> remember(File f) {
        if (f == null) {
            return Optional.empty();
        }
        lastDirectory = f.getParentFile();
        return Optional.of(f.toPath());
    }

    private FileChooser workspaceChooser(String title, Optional<Path> current) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("SchedLab workspace (*"
                + WorkspaceFile.EXTENSION + ")", "*" + WorkspaceFile.EXTENSION));
        File dir = current.map(p -> p.toAbsolutePath().getParent().toFile()).orElse(lastDirectory);
        if (dir != null && dir.isDirectory()) {
            chooser.setInitialDirectory(dir);
        }
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
        if (lastDirectory != null && lastDirectory.isDirectory()) {
            chooser.setInitialDirectory(lastDirectory);
        }
        return chooser;
    }
}
