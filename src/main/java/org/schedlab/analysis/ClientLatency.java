package org.schedlab.analysis;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The latency a benchmark client reported of its own operations, read from the figures the
 * pgbench and YCSB readers keep as dataset parameters, in microseconds: per operation
 * ({@code transaction} for pgbench; YCSB's sections: {@code READ}, {@code UPDATE}, {@code
 * READ-FAILED} ...) its {@code count}, {@code mean}, {@code stddev} (pgbench) and the
 * percentiles the tool printed ({@code p95}, {@code p99}, {@code p50} ...), {@code min} and
 * {@code max} (YCSB). Only what the tool printed is there: pgbench prints no percentiles, an
 * older YCSB no 50th. YCSB's {@code CLEANUP} (each client thread's teardown, once per thread)
 * and its {@code OVERALL} and garbage-collection sections are not operations of the workload.
 */
public final class ClientLatency {
    /** pgbench's one operation: a transaction of its script, from its first command to its last result. */
    public static final String TRANSACTION = "transaction";
    /**
     * A YCSB figure's parameter. Percentiles as YCSB's HdrHistogram measurement names them: a whole
     * percentile with its English ordinal ({@code 1stPercentileLatency}, {@code 50thPercentileLatency}),
     * a fraction bare ({@code 99.9PercentileLatency}) - read as {@code p1}, {@code p50}, {@code p99.9}.
     */
    private static final Pattern YCSB = Pattern.compile(
            "ycsb\\.([^.]+)\\.(Operations|AverageLatency|MinLatency|MaxLatency|([0-9]{1,2}(?:\\.[0-9]+)?)(?:th|st|nd|rd)?PercentileLatency)(?:\\((us|ms)\\))?");

    private ClientLatency() {
    }

    /**
     * Operation -> field -> value (us; {@code count} a number of operations), in the order the
     * tool printed the operations; empty when the parameters hold no client latency.
     */
    public static Map<String, Map<String, Double>> of(Map<String, String> params) {
        Map<String, Map<String, Double>> ops = new LinkedHashMap<>();
        pgbench(params, ops);
        for (Map.Entry<String, String> e : params.entrySet()) {
            Matcher m = YCSB.matcher(e.getKey());
            if (!m.matches() || m.group(1).equals("CLEANUP") || m.group(1).equals("OVERALL")) {
                continue;
            }
            double v = number(e.getValue());
            if (Double.isNaN(v)) {
                continue;
            }
            String field;
            if (m.group(2).equals("Operations")) {
                field = "count";
            } else {
                // YCSB before 0.2 printed milliseconds: "AverageLatency(ms)"
                v *= "ms".equals(m.group(4)) ? 1000.0 : 1.0;
                field = m.group(3) != null ? "p" + m.group(3)
                        : m.group(2).substring(0, m.group(2).length() - "Latency".length()).toLowerCase(Locale.ROOT);
                field = field.equals("average") ? "mean" : field;
            }
            ops.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>()).put(field, v);
        }
        // an operation with a count and no latency (YCSB's "[READ], Operations, 0") says nothing to compare
        ops.values().removeIf(f -> f.keySet().stream().allMatch(k -> k.equals("count")));
        return ops;
    }

    private static void pgbench(Map<String, String> params, Map<String, Map<String, Double>> ops) {
        double mean = number(params.get("pgbench.latencyAverageMs"));
        if (Double.isNaN(mean)) {
            aggregateLog(params, ops);
            return;
        }
        Map<String, Double> f = new LinkedHashMap<>();
        double count = number(params.get("pgbench.numberOfTransactionsActuallyProcessed"));
        if (!Double.isNaN(count)) {
            f.put("count", count);
        }
        f.put("mean", mean * 1000.0);
        double stddev = number(params.get("pgbench.latencyStddevMs"));
        if (!Double.isNaN(stddev)) {
            f.put("stddev", stddev * 1000.0);
        }
        ops.put(TRANSACTION, f);
    }

    /**
     * pgbench's aggregated log ({@code --aggregate-interval}) without pgbench's own output: the
     * count, mean, stddev, min and max its intervals' sums give (a per-transaction log keeps every
     * transaction instead, as the dataset's operations).
     */
    private static void aggregateLog(Map<String, String> params, Map<String, Map<String, Double>> ops) {
        double mean = number(params.get("pgbench.log.latencyAverageMs"));
        if (Double.isNaN(mean)) {
            return;
        }
        Map<String, Double> f = new LinkedHashMap<>();
        f.put("count", number(params.get("pgbench.log.transactions")));
        f.put("mean", mean * 1000.0);
        f.put("stddev", number(params.get("pgbench.log.latencyStddevMs")) * 1000.0);
        f.put("min", number(params.get("pgbench.log.latencyMinMs")) * 1000.0);
        f.put("max", number(params.get("pgbench.log.latencyMaxMs")) * 1000.0);
        f.values().removeIf(v -> Double.isNaN(v));
        ops.put(TRANSACTION, f);
    }

    /**
     * Whether a summary's operation ({@code latencyUs.OP}) has latency figures to read: not when
     * it counted no operation - a run's summary then has a mean, p50 and p99 of 0 (case B with
     * readPct=100 has an UPDATE that never ran), which read as measured ("0.00x" in an A/B table).
     * An operation without a count (a file that printed none) has what the tool printed.
     */
    public static boolean ran(com.fasterxml.jackson.databind.JsonNode operation) {
        return !operation.path("count").isNumber() || operation.path("count").asLong() > 0;
    }

    /** {@code latencyUs.OP.field} of a summary: missing where the operation did not run (see {@link #ran}). */
    public static com.fasterxml.jackson.databind.JsonNode figure(com.fasterxml.jackson.databind.JsonNode summary,
                                                                 String op, String field) {
        com.fasterxml.jackson.databind.JsonNode o = summary.path("latencyUs").path(op);
        return ran(o) ? o.path(field) : com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    private static double number(String s) {
        if (s == null) {
            return Double.NaN;
        }
        try {
            double v = Double.parseDouble(s.strip());
            return Double.isFinite(v) ? v : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
