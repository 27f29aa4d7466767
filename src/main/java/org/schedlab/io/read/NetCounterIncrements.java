package org.schedlab.io.read;

import java.util.List;
import java.util.Map;

/**
 * Whether a file of network counter snapshots holds totals or increments. {@code nstat} without
 * {@code -a} prints what changed since its last run (the per-second loop of
 * {@code example-data/record.sh}), {@code nstat -a}, {@code /proc/net/*} and {@code netstat -s}
 * print totals since boot; the text looks the same. A total never goes down, so one counter that
 * does (gauges such as {@code TcpCurrEstab} aside) marks the file as increments - with a second of
 * traffic per snapshot some counter always does. Read as totals, increments gave the TCP table
 * changes such as "TcpInSegs -14050". A 32-bit total wrapping (32-bit kernels keep many SNMP
 * counters in an unsigned long) also goes down, from near 2^32 to little: that drop is taken as
 * the wrap it is, not as increments (no snapshot counts 2^31 events in a second), and the totals
 * are drawn continuing past 2^32.
 */
final class NetCounterIncrements {
    static final String INCREMENTS = "increments per snapshot (a counter went down between snapshots, as"
            + " nstat's since-last-run values do), drawn as running totals from 0 one snapshot before the first";
    static final String TOTALS = "totals (no counter went down between snapshots)";

    /** Counters that are levels, not counts: they go down in totals too, and are never summed. */
    private static final List<String> GAUGE_SUFFIXES = List.of("CurrEstab", "RtoAlgorithm", "RtoMin", "RtoMax",
            "MaxConn", "connections established", "Forwarding", "DefaultTTL");

    /** Where a 32-bit counter wraps. */
    static final double WRAP_32 = 4294967296.0;

    private NetCounterIncrements() {
    }

    /**
     * Whether {@code before -> after} is a 32-bit total wrapping: from the upper half of the
     * 32-bit range to a value that, counted past 2^32, is less than half the range further on.
     * Increments that large would be 2^31 events between two snapshots a second apart.
     */
    static boolean isWrap32(double before, double after) {
        return before < WRAP_32 && before >= WRAP_32 / 2 && after >= 0 && after < before
                && after + (WRAP_32 - before) < WRAP_32 / 2;
    }

    /** {@code totals} with 2^32 added after each 32-bit wrap, so they keep growing as the count did. */
    static List<Double> unwrapped32(List<Double> totals) {
        List<Double> out = new java.util.ArrayList<>(totals.size());
        double offset = 0;
        double before = Double.NaN;
        for (double v : totals) {
            if (Double.isNaN(v)) {
                out.add(v);
                continue;
            }
            if (!Double.isNaN(before) && isWrap32(before, v)) {
                offset += WRAP_32;
            }
            out.add(v + offset);
            before = v;
        }
        return out;
    }

    static boolean isGauge(String name) {
        for (String g : GAUGE_SUFFIXES) {
            if (name.endsWith(g)) {
                return true;
            }
        }
        return false;
    }

    /** Whether any counter that is not a gauge has a snapshot below the one before it, other than by a 32-bit wrap. */
    static boolean anyCounterWentDown(Map<String, List<Double>> series) {
        for (Map.Entry<String, List<Double>> e : series.entrySet()) {
            if (isGauge(e.getKey())) {
                continue;
            }
            double before = Double.NaN;
            for (double v : e.getValue()) {
                if (Double.isNaN(v)) {
                    continue;
                }
                if (v < before && !isWrap32(before, v)) {
                    return true;
                }
                before = v;
            }
        }
        return false;
    }
}
