package org.schedlab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A sweep reduced per point, for a plot against the varied parameter: throughput and the share
 * of one profile site (mean, min and max over the seeds). The site is the sweep's top site -
 * the one with the highest mean share over all runs - unless another is asked for, and every
 * point reports the same site (a site a run does not list counts 0 there), which is what a
 * curve of "s_lock share against pageSize" needs: in case A the executor's own CPU is the top
 * site and s_lock the second.
 */
public final class SweepStats {

    /** Mean, min and max of one measure over a point's seeds. */
    public record Stat(double mean, double min, double max) {
        static Stat of(List<Double> v) {
            double sum = 0;
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (double x : v) {
                sum += x;
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
            return new Stat(sum / v.size(), lo, hi);
        }
    }

    /** One point: position in the plan, the varied values, how many seeds finished, the two measures. */
    public record PointStats(int pointIndex, Map<String, String> point, int runs, Stat throughput, Stat siteShare) {
    }

    /** {@code site} empty when no run has a profile. */
    public record Result(String site, String throughputUnit, List<PointStats> points) {
    }

    private SweepStats() {
    }

    /** Points in plan order (by {@code pointIndex}); runs of a point may arrive in any order. */
    public static Result of(List<SweepTable.Row> rows) {
        return of(rows, "");
    }

    /** The same for profile site {@code site}; empty: the sweep's top site. */
    public static Result of(List<SweepTable.Row> rows, String site) {
        if (site.isEmpty()) {
            site = topSite(rows);
        }
        String unit = rows.isEmpty() ? "" : rows.get(0).summary().path("throughput").path("unit").asText("");
        TreeMap<Integer, List<SweepTable.Row>> byPoint = new TreeMap<>();
        for (SweepTable.Row r : rows) {
            byPoint.computeIfAbsent(r.pointIndex(), k -> new ArrayList<>()).add(r);
        }
        List<PointStats> out = new ArrayList<>();
        for (Map.Entry<Integer, List<SweepTable.Row>> e : byPoint.entrySet()) {
            List<Double> tp = new ArrayList<>();
            List<Double> share = new ArrayList<>();
            for (SweepTable.Row r : e.getValue()) {
                tp.add(r.summary().path("throughput").path("value").asDouble());
                share.add(siteShare(r.summary(), site));
            }
            out.add(new PointStats(e.getKey(), e.getValue().get(0).point(), tp.size(), Stat.of(tp), Stat.of(share)));
        }
        return new Result(site, unit, out);
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

    static double siteShare(JsonNode summary, String site) {
        for (JsonNode p : summary.path("profile")) {
            if (p.path("site").asText().equals(site)) {
                return p.path("share").asDouble();
            }
        }
        return 0;
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
