package org.schedlab.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;

import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The platform file chooser, filtered to dataset files, starting where the last pick was. */
public final class FxFilePicker implements FilePicker {
    private File lastDirectory;

    @Override
    public Optional<Path> pickDatasetToOpen(Window owner) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open dataset");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("SchedLab dataset (*.json, *.json.gz)", "*.json", "*.json.gz"),
                new FileChooser.ExtensionFilter("All files", "*"));
        if (lastDirectory != null && lastDirectory.isDirectory()) {
            chooser.setInitialDirectory(lastDirectory);
        }
        File f = chooser.showOpenDialog(owner);
        if (f == null) {
            return Optional.empty();
        }
        lastDirectory = f.getParentFile();
        return Optional.of(f.toPath());
    }
}
