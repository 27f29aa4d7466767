package org.schedlab.io.read;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One input file: its display name, its size in bytes (-1 unknown) and a way to open it as
 * often as needed (once to sniff the content, once to read it). Compression is not the
 * source's business: {@link ContentSniffer} recognises gzip by its magic bytes.
 */
public record RecordingSource(String name, long sizeBytes, Opener opener) {
    /** Opens a fresh stream positioned at the first byte. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    public RecordingSource {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(opener, "opener");
    }

    public static RecordingSource of(Path path) {
        long size;
        try {
            size = Files.size(path);
        } catch (IOException e) {
            size = -1;
        }
        return new RecordingSource(path.toString(), size, () -> Files.newInputStream(path));
    }

    public static RecordingSource ofBytes(String name, byte[] bytes) {
        byte[] copy = bytes.clone();
        return new RecordingSource(name, copy.length, () -> new ByteArrayInputStream(copy));
    }

    /** The name without directories, for messages and metadata. */
    public String shortName() {
        int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        return slash >= 0 ? name.substring(slash + 1) : name;
    }

    InputStream open() throws IOException {
        return opener.open();
    }
}
