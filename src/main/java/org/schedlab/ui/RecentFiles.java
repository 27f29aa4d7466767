package org.schedlab.ui;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The files opened lately, most recent first; a set of files opened together is one entry.
 * Kept in a small JSON file under the user's configuration directory
 * ({@code ~/.config/schedlab/recent-files.json} on Linux) so the list survives restarts. A
 * missing or damaged file means an empty list, and a file that cannot be written is not an
 * error: the list is a convenience, never a reason for the workbench to fail.
 */
public final class RecentFiles {
    public static final int MAX_ENTRIES = 10;
    private static final JsonFactory JSON = new JsonFactory();

    private final Optional<Path> store;
    private final List<List<Path>> entries = new ArrayList<>();

    private RecentFiles(Optional<Path> store) {
        this.store = store;
        store.ifPresent(this::load);
    }

    /** A list kept in {@code file} (read now, written after every change). */
    public static RecentFiles storedIn(Path file) {
        return new RecentFiles(Optional.of(file));
    }

    /** A list that lives only as long as the window (tests, or no home directory). */
    public static RecentFiles inMemory() {
        return new RecentFiles(Optional.empty());
    }

    /** The list in the user's configuration directory, per platform convention. */
    public static RecentFiles forUser() {
        return defaultFile().map(RecentFiles::storedIn).orElseGet(RecentFiles::inMemory);
    }

    static Optional<Path> defaultFile() {
        try {
            String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            String home = System.getProperty("user.home", "");
            Path dir;
            if (os.startsWith("windows") && System.getenv("APPDATA") != null) {
                dir = Path.of(System.getenv("APPDATA"), "SchedLab");
            } else if (os.startsWith("mac") && !home.isEmpty()) {
                dir = Path.of(home, "Library", "Application Support", "SchedLab");
            } else if (System.getenv("XDG_CONFIG_HOME") != null && !System.getenv("XDG_CONFIG_HOME").isEmpty()) {
                dir = Path.of(System.getenv("XDG_CONFIG_HOME"), "schedlab");
            } else if (!home.isEmpty()) {
                dir = Path.of(home, ".config", "schedlab");
            } else {
                return Optional.empty();
            }
            return Optional.of(dir.resolve("recent-files.json"));
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** Entries, most recent first; each is the files of one open, in the order they were given. */
    public List<List<Path>> entries() {
        return List.copyOf(entries);
    }

    /** Puts {@code files} first (moving it up if it was there already) and saves the list. */
    public void add(List<Path> files) {
        List<Path> entry = new ArrayList<>();
        for (Path p : files) {
            entry.add(p.toAbsolutePath().normalize());
        }
        entries.remove(entry);
        entries.add(0, List.copyOf(entry));
        while (entries.size() > MAX_ENTRIES) {
            entries.remove(entries.size() - 1);
        }
        save();
    }

    public void clear() {
        entries.clear();
        save();
    }

    /** Whether every file of an entry still exists (else the menu shows it disabled). */
    public static boolean available(List<Path> entry) {
        for (Path p : entry) {
            if (!Files.isRegularFile(p)) {
                return false;
            }
        }
        return true;
    }

    private void load(Path file) {
        if (!Files.isRegularFile(file)) {
            return;
        }
        List<List<Path>> read = new ArrayList<>();
        try (JsonParser p = JSON.createParser(file.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                if (field.equals("recent") && v == JsonToken.START_ARRAY) {
                    while (p.nextToken() == JsonToken.START_ARRAY) {
                        List<Path> entry = new ArrayList<>();
                        while (p.nextToken() == JsonToken.VALUE_STRING) {
                            entry.add(Path.of(p.getText()));
                        }
                        if (!entry.isEmpty() && read.size() < MAX_ENTRIES) {
                            read.add(List.copyOf(entry));
                        }
                    }
                } else if (v.isStructStart()) {
                    p.skipChildren();
                }
            }
        } catch (IOException | InvalidPathException damaged) {
            // a damaged list starts over empty; it is rewritten on the next open
            return;
        }
        entries.addAll(read);
    }

    private void save() {
        if (store.isEmpty()) {
            return;
        }
        Path file = store.get();
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (OutputStream out = Files.newOutputStream(tmp); JsonGenerator g = JSON.createGenerator(out)) {
                g.useDefaultPrettyPrinter();
                g.writeStartObject();
                g.writeArrayFieldStart("recent");
                for (List<Path> entry : entries) {
                    g.writeStartArray();
                    for (Path p : entry) {
                        g.writeString(p.toString());
                    }
                    g.writeEndArray();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            // a read-only or full configuration directory: the list stays in memory for this session
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // nothing more to do about a temporary file we could not remove
            }
        }
    }
}
