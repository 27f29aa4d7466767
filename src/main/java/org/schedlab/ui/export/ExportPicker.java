package org.schedlab.ui.export;

import java.nio.file.Path;
import java.util.Optional;

import javafx.stage.Window;

/**
 * Asks where to export. The app shows the platform's save dialog; tests (which cannot drive a
 * native dialog headless) and scripted sessions answer themselves, see {@link FxExportPicker}.
 */
public interface ExportPicker {
    /** A file to write, or empty if the user cancelled; {@code extension} without the dot. */
    Optional<Path> saveFile(Window owner, String title, String suggestedName, String description, String extension);

    /** A directory to write into (CSV tables), or empty if the user cancelled. */
    Optional<Path> directory(Window owner, String title, String suggestedName);
}
