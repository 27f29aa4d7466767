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
 * changes such as "TcpInSegs -14050".
 */
final class NetCounterIncrements {
    static final String INCREMENTS = "increments per snapshot (a counter went down between snapshots, as"
            + " nstat's since-last-run values do), drawn as running totals from 0 one snapshot before the first";
    static final String TOTALS = "totals (no counter went down between snapshots)";

    /** Counters that are levels, not counts: they go down in totals too, and are never summed. */
    private static final List<String> GAUGE_SUFFIXES = List.of("CurrEstab", "RtoAlgorithm", "RtoMin", "RtoMax",
            "MaxConn", "connections established", "Forwarding", "DefaultTTL");

    private NetCounterIncrements() {
    }

    static boolean isGauge(String name) {
        for (String g : GAUGE_SUFFIXES) {
            if (name.endsWith(g)) {
                return true;
            }
        }
        return false;
    }

    /** Whether any counter that is not a gauge has a snapshot below the one before it. */
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
                if (v < before) {
                    return true;
                }
                before = v;
            }
        }
        return false;
    }
}
