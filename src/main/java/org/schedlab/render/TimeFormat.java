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
        // Math.abs(Long.MIN_VALUE) is negative: it read "-9223372036854775808 ns", not "-9223372037 s"
        long abs = ns == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(ns);
        int u = 0;
        while (u < UNIT_NS.length - 1 && abs < UNIT_NS[u]) {
            u++;
        }
        if (u == UNIT_NS.length - 1) {
            return ns + " ns";
        }
        BigDecimal v = BigDecimal.valueOf(ns).divide(BigDecimal.valueOf(UNIT_NS[u]));
        BigDecimal shown = v.setScale(decimalsFor(v.abs()), RoundingMode.HALF_UP);
        if (shown.abs().compareTo(THOUSAND) >= 0 && u > 0) {
            // 999,999,999 ns rounds to a thousand ms: that is a second, and reads as one
            v = BigDecimal.valueOf(ns).divide(BigDecimal.valueOf(UNIT_NS[u - 1]));
            u--;
            shown = v.setScale(decimalsFor(v.abs()), RoundingMode.HALF_UP);
        }
        int fewer = decimalsFor(shown.abs());
        if (fewer < shown.scale()) {
            // 9.996 ms rounds to 10.00 ms: three significant digits are 10.0 ms
            shown = v.setScale(fewer, RoundingMode.HALF_UP);
        }
        return shown.toPlainString() + " " + UNIT_NAME[u];
    }

    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);

    private static int decimalsFor(BigDecimal abs) {
        return abs.compareTo(BigDecimal.TEN) < 0 ? 2 : abs.compareTo(BigDecimal.valueOf(100)) < 0 ? 1 : 0;
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
        long abs = ns == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(ns);
        // from 999,999,500 ns on, microseconds round to a whole second: 1.000000 s, not 1000.000 ms
        if (abs >= 999_999_500L) {
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
