package org.schedlab.ui.lab;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import javafx.stage.Window;

import org.schedlab.ui.export.ExportPicker;

/**
 * File > Export's dialogs answered at once, as a user taking the suggested name would: the name
 * in {@code dir} (or in the subdirectory set by {@link #into}), each name asked for recorded.
 */
final class AnsweringExportPicker implements ExportPicker {
    /** The names suggested, oldest first; the FX thread adds, the test thread reads. */
    final List<String> asked = new CopyOnWriteArrayList<>();
    private final Path dir;
    private volatile String into = "";

    AnsweringExportPicker(Path dir) {
        this.dir = dir;
    }

    /** Files go into {@code dir/sub} from now on (one that does not exist makes the write fail). */
    void into(String sub) {
        into = sub;
    }

    @Override
    public Optional<Path> saveFile(Window owner, String title, String suggestedName, String description,
                                   String extension) {
        asked.add(suggestedName);
        return Optional.of(dir.resolve(into).resolve(suggestedName));
    }

    @Override
    public Optional<Path> directory(Window owner, String title, String suggestedName) {
        asked.add(suggestedName);
        return Optional.of(dir.resolve(suggestedName));
    }
}
