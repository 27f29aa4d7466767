package org.schedlab.io.read;

import java.util.Optional;

/**
 * One Chrome trace event's fields, reused for every event of a file (a trace may hold
 * millions). Args are kept flat: up to {@link #MAX_ARGS} numeric and as many string values;
 * nested args objects are skipped, as nothing SchedLab draws comes from them.
 */
final class ChromeEvent {
    static final int MAX_ARGS = 16;

    String ph = "";
    String name = "";
    long pid = -1;
    long tid = -1;
    double tsUs = Double.NaN;
    double durUs = Double.NaN;
    final String[] argKeys = new String[MAX_ARGS];
    final double[] argValues = new double[MAX_ARGS];
    int argCount;
    private final String[] strKeys = new String[MAX_ARGS];
    private final String[] strValues = new String[MAX_ARGS];
    private int strCount;

    void clear() {
        ph = "";
        name = "";
        pid = -1;
        tid = -1;
        tsUs = Double.NaN;
        durUs = Double.NaN;
        argCount = 0;
        strCount = 0;
    }

    void numberArg(String key, double value) {
        if (argCount < MAX_ARGS) {
            argKeys[argCount] = key;
            argValues[argCount++] = value;
        }
    }

    void stringArg(String key, String value) {
        if (strCount < MAX_ARGS) {
            strKeys[strCount] = key;
            strValues[strCount++] = value;
        }
    }

    /** A null arg: kept as NaN, which a counter reads as a gap and {@link #arg} as missing. */
    void nullArg(String key) {
        numberArg(key, Double.NaN);
    }

    /** The numeric arg {@code key}, or {@code missing} (also for a null one). */
    double arg(String key, double missing) {
        for (int i = 0; i < argCount; i++) {
            if (argKeys[i].equals(key) && !Double.isNaN(argValues[i])) {
                return argValues[i];
            }
        }
        return missing;
    }

    /** The numeric arg {@code key} as an int id (tid, pid, cpu), or {@code missing} if absent or not one. */
    int intArg(String key, int missing) {
        double v = arg(key, Double.NaN);
        return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE && v == Math.rint(v) ? (int) v : missing;
    }

    /** The string arg {@code key}, if the event has one. */
    Optional<String> str(String key) {
        for (int i = 0; i < strCount; i++) {
            if (strKeys[i].equals(key)) {
                return Optional.of(strValues[i]);
            }
        }
        return Optional.empty();
    }
}
