package org.schedlab.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPOutputStream;

/**
 * Writing an output file so that it appears complete or not at all: written beside the target
 * and moved over it, gzip-compressed when the name ends in {@code .gz}. A failed or interrupted
 * export never leaves half a file where a good one was.
 */
final class AtomicFiles {
    /** What goes into the file; the stream is buffered, and closed by the caller of the body. */
    @FunctionalInterface
    interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    static void write(Path file, Body body) throws IOException {
        Path abs = file.toAbsolutePath();
        Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
        try {
            try (OutputStream raw = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                if (abs.getFileName().toString().endsWith(".gz")) {
                    try (GZIPOutputStream gz = new GZIPOutputStream(raw, 1 << 16)) {
                        body.writeTo(gz);
                    }
                } else {
                    body.writeTo(raw);
                }
            }
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
