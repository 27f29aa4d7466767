package org.schedlab.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.schedlab.io.read.ImportMonitor;
import org.schedlab.io.read.Printable;

/**
 * Says on stderr how far a long read of a recording got, as {@link RunProgress} does for a long
 * simulation: a 1 GiB trace took 15-20 s of silence before `import` (or `info`, `render`, ...
 * given it) said anything, which looks like a hang. Quiet for the first
 * {@link RunProgress#FIRST_AFTER_NS} of wall time, so short reads and scripts see nothing; then
 * one line every {@link RunProgress#EVERY_NS}. Ctrl-C ends the read.
 */
final class ImportProgress implements ImportMonitor {
    private final PrintWriter err;
    private final LongSupplier clockNs;
    private final long startNs;
    private long nextNs;

    ImportProgress(PrintWriter err, LongSupplier clockNs) {
        this.err = err;
        this.clockNs = clockNs;
        this.startNs = clockNs.getAsLong();
        this.nextNs = startNs + RunProgress.FIRST_AFTER_NS;
    }

    /** Progress on {@code err} by the wall clock. */
    static ImportProgress on(PrintWriter err) {
        return new ImportProgress(err, System::nanoTime);
    }

    @Override
    public synchronized void progress(String file, long bytesDone, long bytesTotal) {
        long t = clockNs.getAsLong();
        if (t < nextNs) {
            return;
        }
        nextNs = t + RunProgress.EVERY_NS;
        err.println(line(file, bytesDone, bytesTotal, t - startNs));
        err.flush();
    }

    @Override
    public boolean cancelRequested() {
        return Thread.currentThread().isInterrupted();
    }

    static String line(String file, long done, long total, long wallNs) {
        String name = Printable.clip(file, 80);
        if (total <= 0) {
            return String.format(Locale.ROOT, "schedlab: reading %s: %s read in %s", name, size(done),
                    RunProgress.duration(wallNs));
        }
        double part = Math.max(0, Math.min(1, (double) done / total));
        String left = part <= 0 ? "" : ", about " + RunProgress.duration((long) (wallNs / part - wallNs)) + " left";
        return String.format(Locale.ROOT, "schedlab: reading %s: %s of %s (%.1f%%) in %s%s", name, size(done),
                size(total), part * 100, RunProgress.duration(wallNs), left);
    }

    private static String size(long bytes) {
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
    }
}
