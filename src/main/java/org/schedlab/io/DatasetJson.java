package org.schedlab.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.schedlab.model.Dataset;

/**
 * SchedLab's own dataset file (docs/FORMATS.md): one JSON object, columnar per lane, streamed
 * in both directions with Jackson's token API so a recording of millions of slices never
 * becomes a tree in memory. Reading accepts gzip (recognised by its magic bytes, not the name).
 */
public final class DatasetJson {
    /** Value of the top-level {@code "format"} field. */
    public static final String FORMAT_NAME = "schedlab-dataset";
    /** The format version this code writes and the highest it reads. */
    public static final int VERSION = 1;

    // JsonFactory is thread-safe once configured; sharing it reuses its symbol tables.
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            // A field given twice would silently win or merge; say so instead.
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private DatasetJson() {
    }

    /** Writes {@code d} to {@code out} (left open, flushed). */
    public static void write(Dataset d, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            new DatasetJsonWriter(g).write(d);
        }
    }

    /**
     * Writes {@code d} to {@code file}, gzip-compressed when the name ends in {@code .gz}. The
     * file appears complete or not at all: it is written beside the target and moved over it.
     */
    public static void write(Dataset d, Path file) throws IOException {
        AtomicFiles.write(file, out -> write(d, out));
    }

    /**
     * Reads a dataset file. I/O failures (missing file, no permission) are {@link IOException}s;
     * anything wrong with the content is a {@link DatasetFormatException} naming the file.
     */
    public static Dataset read(Path file) throws IOException, DatasetFormatException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        }
    }

    /**
     * Reads a dataset from {@code in} (not closed), plain or gzip. {@code sourceName} names the
     * input in error messages.
     */
    public static Dataset read(InputStream in, String sourceName) throws IOException, DatasetFormatException {
        InputStream source = new SourceStream(in);
        BufferedInputStream buffered = new BufferedInputStream(source, 1 << 16);
        JsonParser p = null;
        // the compressed bytes read, for where a damaged gzip failed (isGzip leaves the stream at its start)
        org.schedlab.io.read.CountingInput counted = new org.schedlab.io.read.CountingInput(buffered);
        InputStream body = buffered;
        try {
            body = isGzip(buffered) ? new org.schedlab.io.read.GzipInput(counted, 1 << 16) : buffered;
            p = FACTORY.createParser(body);
            return new DatasetJsonReader(p, sourceName).read();
        } catch (SourceStream.SourceIOException e) {
            throw e.getCause();
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation() != null ? e.getLocation()
                    : p != null ? p.currentLocation() : JsonLocation.NA;
            throw new DatasetFormatException(sourceName, line(at), column(at), describe(e), e);
        } catch (IOException e) {
            // Not from the file itself (those are SourceIOException): the bytes are bad, e.g. a
            // corrupt or truncated gzip stream, or bytes no JSON encoding can decode.
            JsonLocation at = p != null ? p.currentLocation() : JsonLocation.NA;
            // zlib's words ("Unexpected end of ZLIB input stream", "invalid block type") name no problem a user knows
            String what = e instanceof java.io.EOFException ? "the gzip data ends early (cut or still being written)"
                    : e instanceof java.util.zip.ZipException
                    ? org.schedlab.io.read.ContentSniffer.gzipDamage(e, counted, body)
                    : e instanceof java.nio.charset.CharacterCodingException ? "bytes that are not text"
                    : "unreadable content";
            throw new DatasetFormatException(sourceName, line(at), column(at),
                    what + ": expected a SchedLab dataset JSON file, plain or gzip", e);
        } finally {
            if (p != null) {
                closeParser(p);
            }
        }
    }

    private static void closeParser(JsonParser p) throws IOException {
        // Releases the parser's buffers only: AUTO_CLOSE_SOURCE is off, the caller owns the stream.
        p.close();
    }

    /** Jackson's message, said for a user: what kind of problem, and positions without source noise. */
    private static String describe(JsonProcessingException e) {
        String m = JsonTokens.problem(e)
                .replaceAll("\\[Source: [^;\\]]*; line: (\\d+), column: (\\d+)\\]", "line $1, column $2");
        if (m.startsWith("the file ends ") || m.matches("the (object|array) .* is not closed")
                || m.startsWith("Unexpected end-of-input")) {
            return "file ends too early (truncated?): " + m;
        }
        return e instanceof JsonParseException ? "not valid JSON: " + m : m;
    }

    static long line(JsonLocation at) {
        return Math.max(1, at.getLineNr());
    }

    static long column(JsonLocation at) {
        return Math.max(1, at.getColumnNr());
    }

    private static boolean isGzip(BufferedInputStream in) throws IOException {
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        return b0 == 0x1f && b1 == 0x8b;
    }

    /** Marks I/O errors of the underlying stream so they are not mistaken for bad content. */
    private static final class SourceStream extends FilterInputStream {
        SourceStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IOException e) {
                throw new SourceIOException(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (IOException e) {
                throw new SourceIOException(e);
            }
        }

        static final class SourceIOException extends IOException {
            private static final long serialVersionUID = 1L;

            SourceIOException(IOException cause) {
                super(cause);
            }

            @Override
            public synchronized IOException getCause() {
                return (IOException) super.getCause();
            }
        }
    }
}
