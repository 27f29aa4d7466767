package org.schedlab.render;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** Human time strings for axes, legends and the status bar: ns, us, ms, s. */
public final class TimeFormat {
    private static final long[] UNIT_NS = {1_000_000_000L, 1_000_000L, 1_000L, 1L};
    private static final String[] UNIT_NAME = {"s", "ms", "us", "ns"};

    private TimeFormat() {
    }

    /**
     * A duration with about three significant digits in the largest unit it has at least one of:
     * {@code 1.53 s}, {@code 12.3 ms}, {@code 512 us}, {@code 40 ns}.
     */
    public static String duration(long ns) {
        long abs = Math.abs(ns);
        for (int u = 0; u < UNIT_NS.length - 1; u++) {
            if (abs >= UNIT_NS[u]) {
                double v = (double) ns / UNIT_NS[u];
                double av = Math.abs(v);
                int decimals = av < 10 ? 2 : av < 100 ? 1 : 0;
                return String.format(Locale.ROOT, "%." + decimals + "f %s", v, UNIT_NAME[u]);
            }
        }
        return ns + " ns";
    }

    /**
     * An axis label for a tick {@code relNs} after the origin when ticks are {@code stepNs} apart
     * and the largest tick in view is {@code widestNs} from the origin. The labels read the way the
     * cursor readout ({@link #offset}) does: signed, in the unit the readout uses for the largest
     * tick, with as many decimals as the step needs. Zoomed in 50 ms after the start with 20 us
     * steps they read {@code +50.02 ms, +50.04 ms} (the readout says {@code +50.032 ms}), not
     * {@code 50020 us}; all ticks in view share one unit.
     */
    public static String tickLabel(long relNs, long stepNs, long widestNs) {
        if (stepNs <= 0) {
            throw new IllegalArgumentException("tick step must be > 0, was " + stepNs);
        }
        long biggest = Math.max(stepNs, widestNs == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(widestNs));
        int u = 0;
        while (u < UNIT_NS.length - 1 && biggest < UNIT_NS[u]) {
            u++;
        }
        long unit = UNIT_NS[u];
        int decimals = 0;
        for (long q = unit; stepNs % q != 0 && q > 1; q /= 10) {
            decimals++;
        }
        BigDecimal v = BigDecimal.valueOf(relNs).divide(BigDecimal.valueOf(unit))
                .setScale(decimals, RoundingMode.HALF_EVEN);
        return (relNs < 0 ? "" : "+") + v.toPlainString() + " " + UNIT_NAME[u];
    }

    /**
     * A point in time after an origin, to the microsecond (to the nanosecond below one):
     * {@code 29.812 ms}, {@code 1.234567 s}, {@code 512.300 us}, {@code 40 ns}. Exact enough to
     * tell neighbouring slices apart, unlike {@link #duration}.
     */
    public static String offset(long ns) {
        long abs = Math.abs(ns);
        if (abs >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.6f s", ns / 1e9);
        }
        if (abs >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.3f ms", ns / 1e6);
        }
        if (abs >= 1_000L) {
            return String.format(Locale.ROOT, "%.3f us", ns / 1e3);
        }
        return ns + " ns";
    }

    /** Seconds with microsecond digits, the way perf prints timestamps: {@code 329.519877 s}. */
    public static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.6f s", ns / 1e9);
    }
}
