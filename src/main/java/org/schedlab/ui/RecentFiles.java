package org.schedlab.ui;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.schedlab.io.AtomicFiles;

/**
 * The files opened lately, most recent first; a set of files opened together is one entry.
 * Kept in a small JSON file under the user's configuration directory
 * ({@code ~/.config/schedlab/recent-files.json} on Linux) so the list survives restarts. A
 * missing or damaged file means an empty list, and a file that cannot be written is not an
 * error: the list is a convenience, never a reason for the workbench to fail.
 * <p>
 * The list itself changes in memory only ({@link #add}, {@link #clear}); reading and writing the
 * store are separate calls ({@link #readStore}, {@link #write}) that the workbench makes off the
 * FX thread, as a home directory on a network mount can be slow or hang. Entries read from the
 * store come after those opened meanwhile, and nothing is written before the store has been
 * read, so an early write cannot replace the stored list with a shorter one.
 */
public final class RecentFiles {
    public static final int MAX_ENTRIES = 10;
    private static final JsonFactory JSON = new JsonFactory();

    /** What to write: the list as it was after change number {@code change}. */
    public record Snapshot(long change, List<List<Path>> entries) {
        public Snapshot {
            entries = List.copyOf(entries);
        }
    }

    private final Optional<Path> store;
    private final List<List<Path>> entries = new ArrayList<>();
    private boolean storeRead;
    private boolean clearedBeforeRead;
    private long changes;
    /** The newest change written (guarded by this object's lock; writes come from worker threads). */
    private long written = -1;

    private RecentFiles(Optional<Path> store) {
        this.store = store;
        this.storeRead = store.isEmpty();
    }

    /** A list kept in {@code file}: empty until {@link #mergeStored} brings in what {@link #readStore} found. */
    public static RecentFiles storedIn(Path file) {
        return new RecentFiles(Optional.of(file));
    }

    /** A list that lives only as long as the window (tests, or no home directory). */
    public static RecentFiles inMemory() {
        return new RecentFiles(Optional.empty());
    }

    /** The list in the user's configuration directory, per platform convention (nothing read yet). */
    public static RecentFiles forUser() {
        return defaultFile().map(RecentFiles::storedIn).orElseGet(RecentFiles::inMemory);
    }

    /** Whether the list has a file to be read from and written to. */
    public boolean stored() {
        return store.isPresent();
    }

    /** Whether the store has been read (or there is none): only then is a {@link #write} worth making. */
    public boolean storeRead() {
        return storeRead;
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

    /** Puts {@code files} first (moving it up if it was there already); in memory, see {@link #snapshot}. */
    public void add(List<Path> files) {
        List<Path> entry = new ArrayList<>();
        for (Path p : files) {
            entry.add(p.toAbsolutePath().normalize());
        }
        entries.remove(entry);
        entries.add(0, List.copyOf(entry));
        trim();
        changes++;
    }

    public void clear() {
        entries.clear();
        clearedBeforeRead |= !storeRead;
        changes++;
    }

    /**
     * Brings in the entries {@link #readStore} found, after those opened since the start (a
     * clear since then drops them). True if the list now differs from the store, so it is worth
     * writing.
     */
    public boolean mergeStored(List<List<Path>> read) {
        if (storeRead) {
            return false;
        }
        storeRead = true;
        if (clearedBeforeRead) {
            return true;
        }
        boolean openedMeanwhile = !entries.isEmpty();
        for (List<Path> e : read) {
            if (!entries.contains(e)) {
                entries.add(e);
            }
        }
        trim();
        if (openedMeanwhile) {
            changes++;
        }
        return openedMeanwhile;
    }

    /** The list now, to {@link #write} (on a worker thread). */
    public Snapshot snapshot() {
        return new Snapshot(changes, entries);
    }

    private void trim() {
        while (entries.size() > MAX_ENTRIES) {
            entries.remove(entries.size() - 1);
        }
    }

    /** Whether every file of an entry still exists (else the menu shows it disabled). File I/O. */
    public static boolean available(List<Path> entry) {
        return missing(entry).isEmpty();
    }

    /**
     * The files of an entry that are gone (or are no longer a file), in the entry's order: the
     * menu names them, as "(missing)" alone did not say which file of a several-file entry to
     * put back. File I/O.
     */
    public static List<Path> missing(List<Path> entry) {
        List<Path> gone = new ArrayList<>();
        for (Path p : entry) {
            if (!Files.isRegularFile(p)) {
                gone.add(p);
            }
        }
        return List.copyOf(gone);
    }

    /** The entries kept in the store (empty if none, or damaged). File I/O: never on the FX thread. */
    public List<List<Path>> readStore() {
        if (store.isEmpty() || !Files.isRegularFile(store.get())) {
            return List.of();
        }
        List<List<Path>> read = new ArrayList<>();
        try (JsonParser p = JSON.createParser(store.get().toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return List.of();
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
            return List.of();
        }
        return List.copyOf(read);
    }

    /**
     * Writes {@code snap} to the store, atomically, unless a newer snapshot was written already
     * (writes run on worker threads and may finish out of order). File I/O: never on the FX thread.
     */
    public synchronized void write(Snapshot snap) {
        if (store.isEmpty() || snap.change() <= written) {
            return;
        }
        written = snap.change();
        Path file = store.get();
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            // complete or not at all, and in turns with another SchedLab window writing the list
            AtomicFiles.write(file, out -> {
                try (JsonGenerator g = JSON.createGenerator(out)) {
                    g.useDefaultPrettyPrinter();
                    g.writeStartObject();
                    g.writeArrayFieldStart("recent");
                    for (List<Path> entry : snap.entries()) {
                        g.writeStartArray();
                        for (Path p : entry) {
                            g.writeString(p.toString());
                        }
                        g.writeEndArray();
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
            });
        } catch (IOException | RuntimeException e) {
            // a read-only or full configuration directory: the list stays in memory for this session
        }
    }
}
