package org.schedlab.ui;

import java.nio.file.Path;
import java.util.Optional;

import javafx.stage.Window;

/**
 * Asks the user for a dataset file. The app uses a native file chooser; tests, which cannot
 * drive one headless, substitute their own answer and still go through the real menu.
 */
@FunctionalInterface
public interface FilePicker {
    /** The file chosen, or empty if the user cancelled. */
    Optional<Path> pickDatasetToOpen(Window owner);
}
