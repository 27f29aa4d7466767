package org.schedlab.sim.workload;

import java.util.HashMap;
import java.util.Map;

/**
 * The {@code mongodb-ycsb-a} settings of a run with nothing to wait for: one connection, no
 * faults, unmaps or cache misses, reads only, no SMT sibling. A read then costs its own work
 * and little else, so latency tests can check the figures against {@code readUs}.
 */
public final class LonelyYcsb {
    private LonelyYcsb() {
    }

    /** The parameters, with reads of {@code readUs} us, 10 ms of warm-up and 300 ms measured. */
    public static Map<String, String> params(String readUs) {
        Map<String, String> p = new HashMap<>();
        p.put("clients", "1");
        p.put("faultsPerOp", "0");
        p.put("unmapsPerOp", "0");
        p.put("cacheMissPct", "0");
        p.put("readPct", "100");
        p.put("readUs", readUs);
        p.put("smt", "off"); // a lone hyperthread would run its work 1.6x faster
        p.put("warmupMs", "10");
        p.put("durationMs", "300");
        return p;
    }
}
