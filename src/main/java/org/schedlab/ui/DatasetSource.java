package org.schedlab.ui;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Something a dataset can be read from: a file the user picked, or an example shipped inside
 * the application. {@code name} is what the window shows, {@code path} what error messages cite,
 * {@code file} the file on disk when there is one (what the recent-files list remembers).
 */
public record DatasetSource(String name, String path, Opener opener, Sizer sizer, Optional<Path> file) {

    /** Opens the bytes; each call a fresh stream. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    /** Size in bytes for progress, or -1 if unknown. */
    @FunctionalInterface
    public interface Sizer {
        long sizeBytes() throws IOException;
    }

    public DatasetSource {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(opener, "opener");
        Objects.requireNonNull(sizer, "sizer");
        Objects.requireNonNull(file, "file");
    }

    /** A source that is not a file on disk. */
    public DatasetSource(String name, String path, Opener opener, Sizer sizer) {
        this(name, path, opener, sizer, Optional.empty());
    }

    public static DatasetSource file(Path file) {
        Path f = file.toAbsolutePath().normalize();
        return new DatasetSource(String.valueOf(f.getFileName()), f.toString(),
                () -> Files.newInputStream(f), () -> Files.size(f), Optional.of(f));
    }

    /** A resource on the classpath, e.g. the example dataset ({@code /org/schedlab/ui/examples/...}). */
    public static DatasetSource resource(String resourcePath) {
        String name = resourcePath.substring(resourcePath.lastIndexOf('/') + 1);
        return new DatasetSource(name, name, () -> {
            InputStream in = DatasetSource.class.getResourceAsStream(resourcePath);
            if (in == null) {
                throw new FileNotFoundException("resource " + resourcePath + " is missing from the application");
            }
            return in;
        }, () -> {
            URL url = DatasetSource.class.getResource(resourcePath);
            return url == null ? -1 : url.openConnection().getContentLengthLong();
        });
    }
}
