package org.schedlab.io.read;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.zip.ZipException;

/**
 * Decompresses a gzip stream on a second thread into a bounded queue of byte chunks, so that
 * inflating (a fifth of a cold import of a 14 MB perf text) overlaps with parsing on a
 * machine with a spare core. Memory stays bounded: at most {@link #QUEUED} full chunks wait,
 * and the consumer hands every chunk it is done with back for reuse. The stream ends exactly
 * as a plain read would: bytes inflated before a truncation or damage are delivered first,
 * then the end carries what went wrong ({@link #damage()}), or the I/O error is rethrown.
 */
final class BackgroundInflater implements AutoCloseable {
    static final int CHUNK_BYTES = 64 * 1024;
    static final int QUEUED = 16;

    /** A chunk of inflated bytes; {@code length < 0} marks the end of the stream. */
    record Chunk(byte[] data, int length, long rawBytes) {
    }

    private final InputStream in;
    private final CountingInput counted;
    private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(QUEUED);
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(QUEUED + 2);
    private final Thread thread;
    /** Written by the inflating thread before it queues the end chunk; read after taking it. */
    private volatile String damage = "";
    private volatile IOException failure;
    private volatile RuntimeException bug;

    /** Starts inflating {@code in} (already past its gzip header) whose raw bytes {@code counted} counts. */
    BackgroundInflater(InputStream in, CountingInput counted, String name) {
        this.in = in;
        this.counted = counted;
        this.thread = new Thread(this::pump, "schedlab-gunzip " + name);
        thread.setDaemon(true);
        thread.start();
    }

    private void pump() {
        try {
            boolean more = true;
            while (more) {
                byte[] b = free.poll();
                if (b == null) {
                    b = new byte[CHUNK_BYTES];
                }
                int n = 0;
                try {
                    // one read per chunk, of the size a plain read asks for: how much of a damaged
                    // stream's last block survives depends on it, and must not depend on threads
                    n = Math.max(0, in.read(b, 0, b.length));
                    more = n > 0;
                    if (!more && in instanceof GzipInput g && g.endedBeforeTheFile()) {
                        damage = "the file goes on after its gzip data with bytes that are not gzip (a damaged"
                                + " further part, or padding), which were not read";
                    }
                } catch (EOFException | ZipException e) {
                    damage = ContentSniffer.gzipDamage(e, counted, in);
                    more = false;
                } catch (IOException e) {
                    failure = e;
                    more = false;
                }
                if (n > 0) {
                    full.put(new Chunk(b, n, counted.count()));
                }
            }
        } catch (InterruptedException closed) {
            return; // the reader closed early (cancel, error): nobody waits for the rest
        } catch (RuntimeException e) {
            bug = e;
        }
        try {
            full.put(new Chunk(null, -1, counted.count()));
        } catch (InterruptedException closed) {
            // closed while ending: nobody waits for the end either
        }
    }

    /** The next chunk, or an end chunk ({@code length < 0}). Blocks while the inflater is behind. */
    Chunk take() throws IOException, InterruptedException {
        Chunk c = full.take();
        if (c.length() < 0) {
            full.put(c); // the end stays the end for any later call
            if (bug != null) {
                throw bug;
            }
            if (failure != null) {
                throw failure;
            }
        }
        return c;
    }

    /** Hands back a chunk's array the consumer no longer reads. */
    void recycle(byte[] chunk) {
        if (chunk.length == CHUNK_BYTES) {
            free.offer(chunk);
        }
    }

    /** "" unless the stream ended at a truncation or damage (valid once the end chunk was taken). */
    String damage() {
        return damage;
    }

    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            in.close();
        } catch (IOException ignored) {
            // closing a read-only stream: nothing the user could do about it
        }
    }
}
