package org.schedlab.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import javafx.stage.Window;

/**
 * Asks the user for files to open. The app uses a native file chooser; tests, which cannot
 * drive one headless, substitute their own answer and still go through the real menu.
 */
@FunctionalInterface
public interface FilePicker {
    /** One file chosen, or empty if the user cancelled. */
    Optional<Path> pickDatasetToOpen(Window owner);

    /**
     * The files chosen to be opened together (several recordings of one run), or an empty list
     * if the user cancelled. A picker that offers only single files answers with one.
     */
    default List<Path> pickFilesToOpen(Window owner) {
        return pickDatasetToOpen(owner).map(List::of).orElse(List.of());
    }

    /** A workspace file to open, or empty if the user cancelled (or the picker offers none). */
    default Optional<Path> pickWorkspaceToOpen(Window owner) {
        return Optional.empty();
    }

    /** Where to save the workspace ({@code current} suggested), or empty if the user cancelled. */
    default Optional<Path> pickWorkspaceToSave(Window owner, Optional<Path> current) {
        return Optional.empty();
    }

    /** The window now shows the workspace {@code file} (opened or saved): a later Save as may start there. */
    default void workspaceFileIs(Path file) {
    }
}
