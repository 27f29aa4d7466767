package org.schedlab.cli;

/**
 * Checks the millisecond options ({@code --from-ms}, {@code --to-ms}, {@code --record-ms}, ...)
 * before they become nanoseconds: times are {@code long} ns, so a value past about 292 years
 * overflowed ({@code --to-ms 9.3e12} ended in "internal error: NoSuchElementException"), and
 * Infinity or NaN went through as a window. One place so every command says the same thing.
 */
final class TimeOptions {
    /** The largest whole number of milliseconds whose nanoseconds fit in a {@code long} (~292 years). */
    static final long MAX_MS = Long.MAX_VALUE / 1_000_000L;

    private TimeOptions() {
    }

    /**
     * A window option ({@code --from-ms}, {@code --to-ms}): finite, at least 0 (more than 0 with
     * {@code positive}), at most {@link #MAX_MS}. Null (not given) passes.
     */
    static void checkMs(String option, Double ms, boolean positive) throws UserInputException {
        if (ms == null) {
            return;
        }
        if (ms.isNaN() || ms.isInfinite() || ms < 0 || (positive && ms == 0) || ms > MAX_MS) {
            throw new UserInputException(option + " must be a number of milliseconds " + (positive ? "> 0" : ">= 0")
                    + " and at most " + MAX_MS + " (what fits in 64-bit nanoseconds), was " + text(ms));
        }
    }

    /** As {@link #checkMs(String, Double, boolean)} for a whole-ms option such as {@code --record-ms}. */
    static void checkMs(String option, Long ms, boolean positive) throws UserInputException {
        if (ms == null) {
            return;
        }
        if (ms < 0 || (positive && ms == 0) || ms > MAX_MS) {
            throw new UserInputException(option + " must be a number of milliseconds " + (positive ? "> 0" : ">= 0")
                    + " and at most " + MAX_MS + " (what fits in 64-bit nanoseconds), was " + ms);
        }
    }

    /** {@code --from-ms} and {@code --to-ms} of one window: each checked, and the start before the end. */
    static void checkWindow(Double fromMs, Double toMs) throws UserInputException {
        checkMs("--from-ms", fromMs, false);
        checkMs("--to-ms", toMs, true);
        if (fromMs != null && toMs != null && fromMs >= toMs) {
            throw new UserInputException("--from-ms must be before --to-ms, was " + text(fromMs) + " >= " + text(toMs));
        }
    }

    /** Milliseconds as nanoseconds, for a value {@link #checkMs} accepted. */
    static long ns(double ms) {
        double ns = Math.rint(ms * 1e6);
        return ns >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) ns;
    }

    /** A value as typed, as near as a double says it: 12 not 12.0, 9.3E12 as such. */
    static String text(double ms) {
        return ms == Math.rint(ms) && Math.abs(ms) < 1e15 ? Long.toString((long) ms) : Double.toString(ms);
    }
}
