package org.schedlab.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.schedlab.io.AtomicFiles;

/**
 * Workspace files on disk: {@code *.schedlab} (JSON inside). Saving goes through {@link
 * AtomicFiles} - temporary file beside the target, flushed and forced to disk, renamed over it -
 * so a crash or a full disk during a save leaves the previous workspace intact.
 */
public final class WorkspaceFile {
    /** The extension the workbench offers and recognises workspaces by. */
    public static final String EXTENSION = ".schedlab";

    private WorkspaceFile() {
    }

    /** Whether {@code file} is named like a workspace (open it as one, not as a dataset). */
    public static boolean isWorkspaceName(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(EXTENSION);
    }

    /** {@code file} with the workspace extension added when it has none (a name typed in a save dialog). */
    public static Path withExtension(Path file) {
        return isWorkspaceName(file) ? file : file.resolveSibling(file.getFileName() + EXTENSION);
    }

    /** Reads {@code file}; relative file names inside resolve against its directory. */
    public static Workspace read(Path file) throws IOException, WorkspaceFormatException {
        Path abs = file.toAbsolutePath().normalize();
        return WorkspaceReader.read(() -> Files.newInputStream(abs), abs.toString(), abs.getParent());
    }

    /** Saves {@code w} to {@code file} atomically; {@code savedBy} names the SchedLab version. */
    public static void save(Path file, Workspace w, String savedBy) throws IOException {
        Path abs = file.toAbsolutePath().normalize();
        AtomicFiles.write(abs, out -> WorkspaceJson.write(w, abs.getParent(), savedBy, out));
    }
}
