package org.schedlab.sim.kernel;

/**
 * A profile site: the label CPU time is charged to in the summary's profile, like a perf
 * call-chain leaf ("s_lock (StrategyGetBuffer)", "page fault", "user"). Made once per simulation
 * by {@link Sites#site(String)}; the dense {@code id} indexes primitive accumulators.
 */
public final class Site {
    private final int id;
    private final String name;

    Site(int id, String name) {
        this.id = id;
        this.name = name;
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
