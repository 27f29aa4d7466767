package org.schedlab.sim.scenario;

/**
 * The physical domain of a parameter, checked where a workload (or the machine) reads it. A
 * scenario file may widen a built-in workload's ranges on purpose, so the file's range is no
 * guard: a negative time or a 150 % share would otherwise run and print numbers that mean
 * nothing. Each check throws {@link IllegalArgumentException} "key must be in LO..HI, was V"
 * (V as the user wrote it), which {@code Simulation} reports as the scenario's problem; an
 * {@code auto} value is resolved by the caller and not checked here.
 */
public final class Domains {
    private Domains() {
    }

    /** A count, a cost or a time that may be {@code lo} but not less ("clients must be >= 1"). */
    public static void atLeast(Params p, String key, double lo) throws ScenarioException {
        if (!p.isAuto(key) && !(p.doubleValue(key) >= lo)) {
            throw new IllegalArgumentException(key + " must be >= " + ParamDef.fmt(lo) + ", was " + p.string(key));
        }
    }

    /** A period, a rate or a size where 0 means nothing (a 0 us period, a 0 GB/s copy). */
    public static void above(Params p, String key, double lo) throws ScenarioException {
        if (!p.isAuto(key) && !(p.doubleValue(key) > lo)) {
            throw new IllegalArgumentException(key + " must be > " + ParamDef.fmt(lo) + ", was " + p.string(key));
        }
    }

    public static void within(Params p, String key, double lo, double hi) throws ScenarioException {
        if (p.isAuto(key)) {
            return;
        }
        double v = p.doubleValue(key);
        if (!(v >= lo && v <= hi)) {
            throw new IllegalArgumentException(key + " must be in " + ParamDef.fmt(lo) + ".." + ParamDef.fmt(hi)
                    + ", was " + p.string(key));
        }
    }

    /** A share in percent: 0..100. */
    public static void percent(Params p, String key) throws ScenarioException {
        within(p, key, 0, 100);
    }

    /** Durations and costs: each key >= 0. */
    public static void nonNegative(Params p, String... keys) throws ScenarioException {
        for (String key : keys) {
            atLeast(p, key, 0);
        }
    }

    /** Counts: each key >= 1. */
    public static void counts(Params p, String... keys) throws ScenarioException {
        for (String key : keys) {
            atLeast(p, key, 1);
        }
    }
}
