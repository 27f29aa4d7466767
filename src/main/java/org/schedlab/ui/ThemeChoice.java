package org.schedlab.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.schedlab.io.AtomicFiles;

/**
 * Whether the user last chose the dark theme, kept beside the recent files
 * ({@code ~/.config/schedlab/theme} on Linux: {@code dark} or {@code light}). As with the recent
 * files, a missing, damaged or unreadable file means the light theme and a file that cannot be
 * written is logged, never an error; the write happens off the FX thread.
 */
public final class ThemeChoice {
    private static final Logger LOG = Logger.getLogger(ThemeChoice.class.getName());

    private final Optional<Path> store;
    /** One writer thread, made at the first switch: the choices reach the file in order. */
    private final java.util.concurrent.Executor writer = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "schedlab-theme-write");
        t.setDaemon(true);
        return t;
    });

    private ThemeChoice(Optional<Path> store) {
        this.store = store;
    }

    /** The user's choice, beside the recent-files list. */
    public static ThemeChoice forUser() {
        return new ThemeChoice(RecentFiles.defaultFile().map(f -> f.resolveSibling("theme")));
    }

    /** A choice kept in {@code file}. */
    public static ThemeChoice storedIn(Path file) {
        return new ThemeChoice(Optional.of(file));
    }

    /** A choice that lives as long as the window (tests: the user's own is never touched). */
    public static ThemeChoice inMemory() {
        return new ThemeChoice(Optional.empty());
    }

    /** Whether the stored choice is dark: a one-word file, read in microseconds. */
    public boolean dark() {
        if (store.isEmpty() || !Files.isRegularFile(store.get())) {
            return false;
        }
        try {
            return Files.readString(store.get(), StandardCharsets.UTF_8).strip().equals("dark");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Remembers {@code dark} off the FX thread (a home on a slow mount keeps no window waiting). The
     * writes go out one after another in the order chosen: with a thread each, two quick switches
     * could land in the other order and the next launch open in the theme the user left.
     */
    public void remember(boolean dark) {
        store.ifPresent(file -> writer.execute(() -> write(file, dark)));
    }

    static void write(Path file, boolean dark) {
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, out -> out.write((dark ? "dark\n" : "light\n").getBytes(StandardCharsets.UTF_8)));
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.INFO, "Could not remember the theme in " + file, e);
        }
    }
}
