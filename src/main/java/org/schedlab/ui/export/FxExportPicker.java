package org.schedlab.ui.export;

import java.io.File;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import org.schedlab.ui.LastDirectory;

/**
 * The platform's save and directory dialogs, starting where the last export went (checked in the
 * background, {@link LastDirectory}: this runs on the FX thread and touches no file). With the
 * system property {@value #DIR_PROPERTY} set, no dialog opens: exports go to that directory
 * under the suggested name (scripted screenshots, headless UI tests); a directory that is not
 * there makes the export fail with its message, as any unwritable target does.
 */
public final class FxExportPicker implements ExportPicker {
    public static final String DIR_PROPERTY = "schedlab.export.dir";

    private final LastDirectory lastDirectory = new LastDirectory();

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
        lastDirectory.forDialog().ifPresent(c::setInitialDirectory);
        File f = c.showSaveDialog(owner);
        if (f == null) {
            lastDirectory.recheck(); // it may have gone since it was checked
            return Optional.empty();
        }
        Optional.ofNullable(f.toPath().toAbsolutePath().getParent()).ifPresent(lastDirectory::remember);
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
        lastDirectory.forDialog().ifPresent(c::setInitialDirectory);
        File f = c.showDialog(owner);
        if (f == null) {
            lastDirectory.recheck();
            return Optional.empty();
        }
        lastDirectory.remember(f.toPath().toAbsolutePath());
        return Optional.of(f.toPath());
    }

    private static Optional<Path> scripted(String suggestedName) {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir == null || dir.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(Path.of(dir).resolve(suggestedName));
    }
}
