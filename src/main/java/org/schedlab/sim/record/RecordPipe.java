package org.schedlab.sim.record;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Carries a {@link Recorder}'s reports from the simulating thread to a thread of its own, which
 * applies them in the same order: the simulator then pays a few sequential array stores per
 * report, and the per-CPU state tracking and the columns' appends (a fifth of a recording run's
 * time) run on the machine's other core. The dataset is the same, byte for byte, as when the
 * reports are applied where they happen (the order is the same and nothing else reads them).
 *
 * <p>A report is three longs (a header with the kind and small fields, two payload words) and
 * an optional object (a mark's note, a task's comm), written into chunks of
 * {@value #RECORDS} reports. Full chunks queue for the applier; applied ones come back for
 * reuse, so a window of a few million reports cycles through at most {@value #CHUNKS} chunks
 * (about 11 MB, made as needed) and the simulator waits only when the applier is that far behind.
 */
final class RecordPipe {
    static final int RECORDS = 8192;
    static final int CHUNKS = 48;

    /** Applies one report (on the applier thread). */
    interface Applier {
        void apply(long header, long a, long b, Object o);
    }

    private static final class Chunk {
        final long[] words = new long[3 * RECORDS];
        final Object[] objects = new Object[RECORDS];
        int count;
        /** Counted down once this chunk and every one before it are applied (a drain). */
        CountDownLatch applied;
    }

    /** Tells the applier thread to end. */
    private static final Chunk STOP = new Chunk();

    private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(CHUNKS + 1);
    private final BlockingQueue<Chunk> empty = new ArrayBlockingQueue<>(CHUNKS);
    private final Thread thread;
    private final Applier applier;
    private volatile Throwable failure;
    private Chunk current;
    private int made;
    private boolean closed;

    RecordPipe(Applier applier) {
        this.applier = applier;
        current = new Chunk();
        made = 1;
        thread = new Thread(this::applyLoop, "schedlab-recorder");
        thread.setDaemon(true);
        thread.start();
    }

    void put(long header, long a, long b) {
        Chunk c = current;
        int i = c.count;
        if (i == RECORDS) {
            c = next();
            i = 0;
        }
        long[] w = c.words;
        w[3 * i] = header;
        w[3 * i + 1] = a;
        w[3 * i + 2] = b;
        c.count = i + 1;
    }

    void put(long header, long a, long b, Object o) {
        put(header, a, b);
        Chunk c = current;
        c.objects[c.count - 1] = o;
    }

    /** Hands the full chunk over and takes an applied one. */
    private Chunk next() {
        handOver(current);
        Chunk c = take();
        current = c;
        return c;
    }

    private void handOver(Chunk c) {
        try {
            full.put(c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("recording interrupted", e);
        }
    }

    private Chunk take() {
        Chunk reused = empty.poll();
        if (reused != null) {
            return reused;
        }
        if (made < CHUNKS) {
            made++;
            return new Chunk();
        }
        try {
            while (true) {
                Chunk c = empty.poll(100, TimeUnit.MILLISECONDS);
                if (c != null) {
                    return c;
                }
                if (!thread.isAlive()) {
                    throw new IllegalStateException("the recorder's thread ended", failure);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("recording interrupted", e);
        }
    }

    /**
     * Waits until every report so far is applied; rethrows what the applier failed with (the
     * reports after a failure are not applied).
     */
    void drain() {
        CountDownLatch done = new CountDownLatch(1);
        Chunk c = current;
        c.applied = done;
        handOver(c);
        try {
            while (!done.await(100, TimeUnit.MILLISECONDS)) {
                if (!thread.isAlive()) {
                    throw new IllegalStateException("the recorder's thread ended", failure);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("recording interrupted", e);
        }
        current = take();
        Throwable f = failure;
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error err) {
            throw err;
        }
        if (f != null) {
            throw new IllegalStateException(f);
        }
    }

    /** Ends the applier thread (reports not drained are dropped). Idempotent. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        full.offer(STOP);
    }

    private void applyLoop() {
        try {
            while (true) {
                Chunk c = full.take();
                if (c == STOP) {
                    return;
                }
                if (failure == null) {
                    try {
                        applyAll(c);
                    } catch (RuntimeException | Error e) {
                        failure = e;
                    }
                }
                java.util.Arrays.fill(c.objects, 0, c.count, null);
                c.count = 0;
                CountDownLatch done = c.applied;
                c.applied = null;
                empty.put(c);
                if (done != null) {
                    done.countDown();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void applyAll(Chunk c) {
        long[] w = c.words;
        Object[] o = c.objects;
        Applier ap = applier;
        for (int i = 0, n = c.count; i < n; i++) {
            ap.apply(w[3 * i], w[3 * i + 1], w[3 * i + 2], o[i]);
        }
    }
}
