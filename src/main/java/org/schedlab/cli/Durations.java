package org.schedlab.cli;

import java.util.Locale;

/** Nanosecond spans for people: the largest unit that keeps at least one whole digit. */
final class Durations {
    private Durations() {
    }

    static String format(long ns) {
        double abs = Math.abs((double) ns);
        if (abs >= 1e9) {
            return String.format(Locale.ROOT, "%.3f s", ns / 1e9);
        } else if (abs >= 1e6) {
            return String.format(Locale.ROOT, "%.3f ms", ns / 1e6);
        } else if (abs >= 1e3) {
            return String.format(Locale.ROOT, "%.3f us", ns / 1e3);
        }
        return ns + " ns";
    }
}
