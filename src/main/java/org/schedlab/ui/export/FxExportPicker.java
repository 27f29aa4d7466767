package org.schedlab.ui.export;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The platform's save and directory dialogs, starting where the last export went. With the
 * system property {@value #DIR_PROPERTY} set, no dialog opens: exports go to that directory
 * under the suggested name (scripted screenshots, headless UI tests).
 */
public final class FxExportPicker implements ExportPicker {
    public static final String DIR_PROPERTY = "schedlab.export.dir";

    private File lastDirectory;

    @Override
    public Optional<Path> saveFile(Window owner, String title, String suggestedName, String description,
                                   String extension) {
        Optional<Path> scripted = scripted(suggestedName);
        if (scripted.isPresent()) {
            return scripted;
        }
        FileChooser c = new FileChooser();
        c.setTitle(title);
        c.setInitialFileName(suggestedName);
        c.getExtensionFilters().add(new FileChooser.ExtensionFilter(description, "*." + extension));
        if (lastDirectory != null && lastDirectory.isDirectory()) {
            c.setInitialDirectory(lastDirectory);
        }
        File f = c.showSaveDialog(owner);
        if (f == null) {
            return Optional.empty();
        }
        lastDirectory = f.getParentFile();
        String name = f.getName().toLowerCase(Locale.ROOT);
        // some platforms return the typed name without the filter's extension
        return Optional.of(name.endsWith("." + extension) ? f.toPath() : f.toPath().resolveSibling(f.getName() + "." + extension));
    }

    @Override
    public Optional<Path> directory(Window owner, String title, String suggestedName) {
        Optional<Path> scripted = scripted(suggestedName);
        if (scripted.isPresent()) {
            return scripted;
        }
        DirectoryChooser c = new DirectoryChooser();
        c.setTitle(title);
        if (lastDirectory != null && lastDirectory.isDirectory()) {
            c.setInitialDirectory(lastDirectory);
        }
        File f = c.showDialog(owner);
        if (f == null) {
            return Optional.empty();
        }
        lastDirectory = f;
        return Optional.of(f.toPath());
    }

    private static Optional<Path> scripted(String suggestedName) {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir == null || dir.isBlank() || !Files.isDirectory(Path.of(dir))) {
            return Optional.empty();
        }
        return Optional.of(Path.of(dir).resolve(suggestedName));
    }
}
