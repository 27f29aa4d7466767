package org.schedlab.io.read;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * A gzip stream that can tell, once it has ended, whether the file went on. {@link GZIPInputStream}
 * reads the parts of a concatenated file ({@code cat a.gz b.gz}) one after the other, but ends
 * quietly where a further part's header is damaged, or where anything else follows: half a
 * recording would be missing without a word.
 */
public final class GzipInput extends GZIPInputStream {
    /** The 8 bytes (CRC and size) that close a gzip part, left in the inflater's input after it. */
    private static final int TRAILER_BYTES = 8;

    public GzipInput(InputStream in, int bufferBytes) throws IOException {
        super(in, bufferBytes);
    }

    /**
     * The compressed byte the inflater had come to, of the {@code rawBytes} read from the file so
     * far: where a failed read found the damage (the inflater keeps its place on a failure), not
     * the end of the buffer it had read ahead into.
     */
    long reachedByte(long rawBytes) {
        return rawBytes - (closed ? remainingWhenClosed : inf.getRemaining());
    }

    /** The inflater's unread input as {@link #close} left it: closing ends the inflater, which forgets it. */
    private int remainingWhenClosed;
    private boolean closed;

    /** Keeps where the inflater had come to: a try-with-resources closes the stream before its catch asks. */
    @Override
    public void close() throws IOException {
        if (!closed) {
            remainingWhenClosed = inf.getRemaining();
            closed = true;
        }
        super.close();
    }

    /**
     * Whether bytes follow the last part this stream read (valid once it returned -1): more of
     * the buffer than its trailer, or more of the file. A few bytes beyond the buffer that a
     * header read already took can escape this; a complete file never reports them.
     */
    boolean endedBeforeTheFile() throws IOException {
        return inf.getRemaining() > TRAILER_BYTES || in.available() > 0;
    }
}
