package org.schedlab.ui;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;

/**
 * Counts the bytes a reader pulls, for a progress bar, and stops the read when the load is
 * cancelled: the reader sees an {@link InterruptedIOException} and unwinds.
 */
final class ProgressInputStream extends FilterInputStream {
    private static final long REPORT_EVERY_BYTES = 256 * 1024;
    /**
     * And at most ten times a second (the first and the last at once): every report repaints the
     * progress bar, and at the reader's pace that was a repaint at every pulse, taking CPU from
     * the parse on a two-core machine (as measured for simulation progress, docs/BENCHMARKS.md).
     */
    static final long REPORT_EVERY_NS = 100_000_000L;

    private final long total;
    private final DatasetOpener.Progress progress;
    private long done;
    private long lastReported;
    private long lastReportedAtNs;
    private boolean reportedOnce;

    ProgressInputStream(InputStream in, long total, DatasetOpener.Progress progress) {
        super(in);
        this.total = total;
        this.progress = progress;
    }

    @Override
    public int read() throws IOException {
        checkCancelled();
        int b = super.read();
        if (b >= 0) {
            advance(1);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        checkCancelled();
        int n = super.read(b, off, len);
        if (n > 0) {
            advance(n);
        }
        return n;
    }

    private void advance(long n) {
        done += n;
        boolean end = total > 0 && done >= total;
        if (done - lastReported >= REPORT_EVERY_BYTES || end) {
            long now = System.nanoTime();
            if (end || !reportedOnce || now - lastReportedAtNs >= REPORT_EVERY_NS) {
                reportedOnce = true;
                lastReportedAtNs = now;
                lastReported = done;
                progress.bytesRead(done, total);
            }
        }
    }

    private void checkCancelled() throws InterruptedIOException {
        if (progress.isCancelled()) {
            throw new InterruptedIOException("load cancelled");
        }
    }
}
