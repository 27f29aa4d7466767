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
    /** The file being read, and when and how far in its reading was first heard of: a later file's share is timed from there. */
    private String file;
    private long fileStartNs;
    private long fileStartBytes;

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
        if (this.file == null) {
            this.file = file;
            fileStartNs = startNs; // the first file's read began with the command's
        } else if (!this.file.equals(file)) {
            // `import A B`: B's bytes are counted from 0 again, so the time A took is not B's
            this.file = file;
            fileStartNs = t;
            fileStartBytes = bytesDone;
        }
        if (t < nextNs) {
            return;
        }
        nextNs = t + RunProgress.EVERY_NS;
        err.println(line(file, bytesDone, bytesTotal, t - fileStartNs, fileStartBytes));
        err.flush();
    }

    @Override
    public boolean cancelRequested() {
        return Thread.currentThread().isInterrupted();
    }

    static String line(String file, long done, long total, long wallNs) {
        return line(file, done, total, wallNs, 0);
    }

    /**
     * The line for {@code file}, {@code done} of {@code total} bytes read, {@code wallNs} after its
     * read was first heard of at {@code fromBytes}: what is left is timed at the rate since then.
     */
    static String line(String file, long done, long total, long wallNs, long fromBytes) {
        String name = Printable.clip(file, 80);
        if (total <= 0) {
            return String.format(Locale.ROOT, "schedlab: reading %s: %s read in %s", name, size(done),
                    RunProgress.duration(wallNs));
        }
        double part = Math.max(0, Math.min(1, (double) done / total));
        long since = done - fromBytes;
        String left = part <= 0 || since <= 0 ? ""
                : ", about " + RunProgress.duration((long) ((double) wallNs / since * (total - Math.min(done, total))))
                        + " left";
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
