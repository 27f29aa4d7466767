package org.schedlab.sim.sweep;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * What a sweep runs: a scenario with common overrides ({@code base}), the varied parameters
 * (every combination of their values is a point, the first axis varying slowest) and how many
 * seeds per point (the base's seed, +1, +2, ... as {@code compare} does). Built only through
 * {@link #of}, which checks every point - values and the workload's own rules - before
 * anything runs.
 */
public final class SweepPlan {
    /** Beyond this a sweep is a typo, not a plan: 1000 points of a 1 s run take hours. */
    public static final int MAX_RUNS = 10_000;

    private final Scenario scenario;
    private final Map<String, String> base;
    private final List<SweepAxis> axes;
    private final int seeds;
    private final long firstSeed;
    private final List<SweepPoint> points;

    private SweepPlan(Scenario scenario, Map<String, String> base, List<SweepAxis> axes, int seeds, long firstSeed,
                      List<SweepPoint> points) {
        this.scenario = scenario;
        this.base = base;
        this.axes = axes;
        this.seeds = seeds;
        this.firstSeed = firstSeed;
        this.points = points;
    }

    /**
     * @throws ScenarioException when an axis names an unknown key, repeats one, fixes a key that
     *         {@code base} also sets, or a value (or combination) is invalid - naming the point
     */
    public static SweepPlan of(Scenario scenario, Map<String, String> base, List<SweepAxis> axes, int seeds)
            throws ScenarioException {
        if (axes.isEmpty()) {
            throw new ScenarioException("a sweep needs at least one --vary KEY=V1,V2,...");
        }
        if (seeds < 1 || seeds > 1000) {
            throw new ScenarioException("seeds per point must be in 1..1000, was " + seeds);
        }
        Set<String> keys = new HashSet<>();
        for (SweepAxis a : axes) {
            if (!scenario.params().containsKey(a.key())) {
                throw new ScenarioException("--vary " + a.key() + ": unknown parameter for scenario " + scenario.name()
                        + "; valid keys: " + String.join(", ", scenario.params().keySet()));
            }
            if (!keys.add(a.key())) {
                throw new ScenarioException("--vary " + a.key() + " is given twice");
            }
            if (base.containsKey(a.key())) {
                throw new ScenarioException("--vary " + a.key() + " conflicts with --set " + a.key() + "="
                        + base.get(a.key()));
            }
            if (a.key().equals("seed")) {
                throw new ScenarioException("--vary seed: use --seeds N for several seeds per point");
            }
        }
        long runs = seeds;
        for (SweepAxis a : axes) {
            runs *= a.values().size();
        }
        if (runs > MAX_RUNS) {
            throw new ScenarioException("the sweep would make " + runs + " runs; at most " + MAX_RUNS);
        }
        long firstSeed = scenario.resolve(base).longValue("seed");
        checkSeeds(scenario, firstSeed, seeds);
        List<SweepPoint> points = new ArrayList<>();
        combine(axes, 0, new LinkedHashMap<>(), points);
        for (SweepPoint p : points) {
            try {
                Simulation.check(scenario, merged(base, p.values()));
            } catch (ScenarioException e) {
                throw new ScenarioException("sweep point " + p.label() + ": " + e.getMessage(), e);
            }
        }
        return new SweepPlan(scenario, Map.copyOf(base), List.copyOf(axes), seeds, firstSeed, List.copyOf(points));
    }

    /**
     * That {@code seeds} seeds from {@code firstSeed} (as {@code sweep} and {@code compare} run
     * them) stay within the scenario's seed range. Past its end the run of a later seed was
     * refused as "seed=9000000000000001 out of range", a value nobody typed, and a sweep found
     * it only after running the first seed.
     *
     * @throws ScenarioException naming the seeds and the largest first seed that fits
     */
    public static void checkSeeds(Scenario scenario, long firstSeed, int seeds) throws ScenarioException {
        ParamDef def = scenario.params().get("seed");
        if (def == null || def.max() == null || seeds <= 1) {
            return;
        }
        long max = (long) Math.floor(def.max());
        if (firstSeed > max - (seeds - 1)) {
            throw new ScenarioException("--seeds " + seeds + " from seed " + firstSeed + " would run seed "
                    + (firstSeed + seeds - 1) + ", past the largest seed " + max + "; expected a first seed of at most "
                    + (max - (seeds - 1)));
        }
    }

    private static void combine(List<SweepAxis> axes, int depth, LinkedHashMap<String, String> at,
                                List<SweepPoint> out) {
        if (depth == axes.size()) {
            out.add(new SweepPoint(out.size(), at));
            return;
        }
        SweepAxis a = axes.get(depth);
        for (String v : a.values()) {
            at.put(a.key(), v);
            combine(axes, depth + 1, at, out);
        }
        at.remove(a.key());
    }

    static Map<String, String> merged(Map<String, String> a, Map<String, String> b) {
        Map<String, String> m = new LinkedHashMap<>(a);
        m.putAll(b);
        return m;
    }

    public Scenario scenario() {
        return scenario;
    }

    public Map<String, String> base() {
        return base;
    }

    public List<SweepAxis> axes() {
        return axes;
    }

    public int seeds() {
        return seeds;
    }

    public long firstSeed() {
        return firstSeed;
    }

    public List<SweepPoint> points() {
        return points;
    }

    /** Every run, seed-major: all points with the first seed, then all with the next, so a plot fills early. */
    public int runCount() {
        return points.size() * seeds;
    }

    /**
     * The base's and the axes' parameters that change nothing at any point of the sweep (never
     * reached by the workload, or their condition failing at every point), each with why, as
     * {@link Scenario#inert} words it: a varied one draws a flat curve by the model's doing, not
     * the parameter's, and whoever reads the plot should be told.
     */
    public Map<String, String> inertEverywhere() throws ScenarioException {
        Map<String, String> why = null; // key -> reason, for the keys inert at every point so far
        for (SweepPoint p : points) {
            Map<String, String> here = scenario.inert(overrides(p, firstSeed));
            if (why == null) {
                why = new LinkedHashMap<>(here);
            } else {
                why.keySet().retainAll(here.keySet());
            }
        }
        return why == null ? Map.of() : why;
    }

    /** The overrides of one run: the base, the point's values, the seed. */
    public Map<String, String> overrides(SweepPoint p, long seed) {
        Map<String, String> m = merged(base, p.values());
        m.put("seed", Long.toString(seed));
        return m;
    }
}
