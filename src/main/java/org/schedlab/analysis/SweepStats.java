package org.schedlab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A sweep reduced per point, for a plot against the varied parameter: throughput and one
 * {@link SweepMetric} (mean, min and max over the seeds) - the one place such per-point
 * figures are computed, for the workbench's plot and the CLI's table alike.
 *
 * <p>The metric is by default the share of the sweep's top site - the one with the highest mean
 * share over all runs - and every point reports the same site (a site a run does not list counts
 * 0 there), which is what a curve of "s_lock share against pageSize" needs: in case A the
 * executor's own CPU is the top site and s_lock the second. A latency or lock metric is taken
 * over the point's runs that report it; a point none of whose runs do has no value (not 0).
 */
public final class SweepStats {

    /** Mean, min and max of one measure over a point's seeds; {@code n} of them had a value. */
    public record Stat(double mean, double min, double max, int n) {
        static Stat of(List<Double> v) {
            double sum = 0;
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (double x : v) {
                sum += x;
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
            return new Stat(sum / v.size(), lo, hi, v.size());
        }
    }

    /**
     * One point: position in the plan, the varied values, how many seeds finished, throughput and
     * the metric (empty when none of the point's runs reports it).
     */
    public record PointStats(int pointIndex, Map<String, String> point, int runs, Stat throughput,
                             Optional<Stat> metric) {
    }

    /** {@code metric}'s name is empty for the top site's share when no run has a profile. */
    public record Result(SweepMetric metric, String throughputUnit, List<PointStats> points) {
        /** The profile site whose share is shown; empty when the metric is not a share. */
        public String site() {
            return metric.kind() == SweepMetric.Kind.SHARE ? metric.name() : "";
        }

        /**
         * How many of its {@code seeds} each point has: empty when every point has them all, else
         * "1 to 2 of 3" (or "2 of 3" when all have as many): runs still coming in, or a cancelled
         * sweep's, whose points must not be said to be means over all their seeds.
         */
        public Optional<String> seedsShort(int seeds) {
            int least = points.stream().mapToInt(PointStats::runs).min().orElse(seeds);
            int most = points.stream().mapToInt(PointStats::runs).max().orElse(seeds);
            return least >= seeds ? Optional.empty()
                    : Optional.of((least == most ? least : least + " to " + most) + " of " + seeds);
        }
    }

    private SweepStats() {
    }

    /** Points in plan order (by {@code pointIndex}); runs of a point may arrive in any order. */
    public static Result of(List<SweepTable.Row> rows) {
        return of(rows, "");
    }

    /** The same for profile site {@code site}'s share; empty: the sweep's top site. */
    public static Result of(List<SweepTable.Row> rows, String site) {
        return of(rows, SweepMetric.share(site.isEmpty() ? topSite(rows) : site));
    }

    /** The same for any metric. */
    public static Result of(List<SweepTable.Row> rows, SweepMetric metric) {
        String unit = rows.isEmpty() ? "" : rows.get(0).summary().path("throughput").path("unit").asText("");
        TreeMap<Integer, List<SweepTable.Row>> byPoint = new TreeMap<>();
        for (SweepTable.Row r : rows) {
            byPoint.computeIfAbsent(r.pointIndex(), k -> new ArrayList<>()).add(r);
        }
        // a site some run lists is 0 where another does not rank it; one no run lists (a typo in
        // --metric) is no value anywhere, not a column of 0.00 %
        boolean named = metric.kind() != SweepMetric.Kind.SHARE || sites(rows).contains(metric.name());
        List<PointStats> out = new ArrayList<>();
        for (Map.Entry<Integer, List<SweepTable.Row>> e : byPoint.entrySet()) {
            List<Double> tp = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (SweepTable.Row r : e.getValue()) {
                tp.add(r.summary().path("throughput").path("value").asDouble());
                if (named) {
                    metric.valueIn(r.summary()).ifPresent(values::add);
                }
            }
            out.add(new PointStats(e.getKey(), e.getValue().get(0).point(), tp.size(), Stat.of(tp),
                    values.isEmpty() ? Optional.empty() : Optional.of(Stat.of(values))));
        }
        return new Result(metric, unit, out);
    }

    /**
     * Every metric the sweep's runs report: each profile site's share (highest total share
     * first, as {@link #sites}), then each operation's latency mean and p99, then each lock's
     * mean wait and holder preemptions, then each comm group's run-queue latency mean, p50, p99
     * and max; operations, locks and comm groups in the order the runs first name them; last each
     * kind of CPU time some run has ({@code CPU spin}, {@code CPU idle}, in the summary's order).
     */
    public static List<SweepMetric> metrics(List<SweepTable.Row> rows) {
        List<SweepMetric> out = new ArrayList<>();
        sites(rows).forEach(s -> out.add(SweepMetric.share(s)));
        java.util.Set<String> ops = new java.util.LinkedHashSet<>();
        java.util.Set<String> locks = new java.util.LinkedHashSet<>();
        java.util.Set<String> comms = new java.util.LinkedHashSet<>();
        for (SweepTable.Row r : rows) {
            r.summary().path("latencyUs").fieldNames().forEachRemaining(ops::add);
            for (JsonNode l : r.summary().path("locks")) {
                locks.add(l.path("name").asText());
            }
            r.summary().path("runqlatUs").fieldNames().forEachRemaining(comms::add);
        }
        for (String op : ops) {
            out.add(new SweepMetric(SweepMetric.Kind.LATENCY_MEAN, op));
            out.add(new SweepMetric(SweepMetric.Kind.LATENCY_P99, op));
        }
        for (String l : locks) {
            out.add(new SweepMetric(SweepMetric.Kind.LOCK_WAIT_MEAN, l));
            out.add(new SweepMetric(SweepMetric.Kind.LOCK_HOLDER_PREEMPTIONS, l));
        }
        for (String comm : comms) {
            SweepMetric.Kind.RUNQLAT_FIGURES.forEach(k -> out.add(new SweepMetric(k, comm)));
        }
        // last: the list's earlier entries keep their places
        for (String mode : SweepMetric.CPU_MODES) {
            SweepMetric m = new SweepMetric(SweepMetric.Kind.CPU_MODE, mode);
            // a kind no run had (no steal, no spinning) would be a flat 0 % to pick
            if (rows.stream().anyMatch(r -> m.valueIn(r.summary()).orElse(0) > 0)) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * Whether some run reports {@code metric}: one of {@link #metrics}, or a kind of CPU time the
     * runs have at 0 (no steal), which that list leaves out as a flat line to pick but every
     * summary has, summary.csv's column and the table's 0.00 % alike.
     */
    public static boolean reported(List<SweepTable.Row> rows, SweepMetric metric) {
        return metrics(rows).contains(metric) || metric.kind() == SweepMetric.Kind.CPU_MODE
                && rows.stream().anyMatch(r -> metric.valueIn(r.summary()).isPresent());
    }

    static String topSite(List<SweepTable.Row> rows) {
        List<String> all = sites(rows);
        return all.isEmpty() ? "" : all.get(0);
    }

    /** Every profile site of the sweep's runs, highest total share first (ties: first seen first). */
    public static List<String> sites(List<SweepTable.Row> rows) {
        Map<String, Double> sum = new LinkedHashMap<>();
        for (SweepTable.Row r : rows) {
            for (JsonNode p : r.summary().path("profile")) {
                sum.merge(p.path("site").asText(), p.path("share").asDouble(), Double::sum);
            }
        }
        List<String> out = new ArrayList<>(sum.keySet());
        out.sort((a, b) -> Double.compare(sum.get(b), sum.get(a))); // stable: ties keep first-seen order
        return out;
    }

    /** The distinct values of {@code key} in first-seen order: the categories of a plot axis. */
    public static List<String> values(List<PointStats> points, String key) {
        Map<String, Boolean> seen = new HashMap<>();
        List<String> out = new ArrayList<>();
        for (PointStats p : points) {
            String v = p.point().get(key);
            if (v != null && seen.put(v, Boolean.TRUE) == null) {
                out.add(v);
            }
        }
        return out;
    }
}
