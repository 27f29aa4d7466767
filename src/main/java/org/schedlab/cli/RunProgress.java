package org.schedlab.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.schedlab.sim.Simulation;

/**
 * Says on stderr how far a long simulation got, so that a large {@code --duration-ms} (up to an
 * hour of simulated time, which can take hours of wall time on a big scenario) is never a silent
 * wait that looks like a hang. Quiet for the first {@link #FIRST_AFTER_NS} of wall time, so short
 * runs and scripts see nothing; then one line every {@link #EVERY_NS}. Ctrl-C ends the run.
 */
final class RunProgress implements Simulation.Monitor {
    static final long FIRST_AFTER_NS = 5_000_000_000L;
    static final long EVERY_NS = 15_000_000_000L;

    private final String label;
    private final PrintWriter err;
    private final LongSupplier clockNs;
    private final long startNs;
    private long nextNs;

    RunProgress(String label, PrintWriter err, LongSupplier clockNs) {
        this.label = label;
        this.err = err;
        this.clockNs = clockNs;
        this.startNs = clockNs.getAsLong();
        this.nextNs = startNs + FIRST_AFTER_NS;
    }

    @Override
    public boolean isCancelled() {
        return Thread.currentThread().isInterrupted();
    }

    @Override
    public void simulated(long nowNs, long endNs) {
        long t = clockNs.getAsLong();
        if (t < nextNs || endNs <= 0) {
            return;
        }
        nextNs = t + EVERY_NS;
        err.println(line(nowNs, endNs, t - startNs));
        err.flush();
    }

    String line(long nowNs, long endNs, long wallNs) {
        double done = Math.max(0, Math.min(1, (double) nowNs / endNs));
        String left = done <= 0 ? "" : ", about " + duration((long) (wallNs / done - wallNs)) + " left";
        return String.format(Locale.ROOT, "schedlab: %s: %.1f of %.1f s simulated (%.1f%%) in %s%s",
                label, nowNs / 1e9, endNs / 1e9, done * 100, duration(wallNs), left);
    }

    static String duration(long ns) {
        long s = ns / 1_000_000_000L;
        if (s < 120) {
            return s + " s";
        }
        if (s < 2 * 3600) {
            return (s / 60) + " min";
        }
        return String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
    }
}
