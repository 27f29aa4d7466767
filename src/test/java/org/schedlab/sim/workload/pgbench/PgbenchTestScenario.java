package org.schedlab.sim.workload.pgbench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.sim.scenario.CoreParams;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Scenario;

/** The case-A scenario built in code (the shipped JSON file states the same values with sources). */
final class PgbenchTestScenario {
    private PgbenchTestScenario() {
    }

    static Scenario graviton4() {
        Map<String, ParamDef> p = new LinkedHashMap<>(CoreParams.defs());
        p.put("preemption", p.get("preemption").withValue("lazy"));
        p.put("cpus", p.get("cpus").withValue("96"));
        p.put("arch", p.get("arch").withValue("arm64"));
        p.put("warmupMs", p.get("warmupMs").withValue("200"));
        num(p, "clients", "1024", 1, 8192, true);
        num(p, "pgbenchThreads", "96", 1, 1024, true);
        num(p, "scale", "8470", 1, 1e6, true);
        num(p, "fillfactor", "90", 10, 100, true);
        num(p, "sharedBuffersGb", "96", 0.125, 4096, false);
        num(p, "poolFillPct", "30", 0, 100, false);
        p.put("pageSize", ParamDef.choice("pageSize", "4k", List.of("4k", "2m"), "test", ""));
        num(p, "minorFaultUs", "1.0", 0.1, 100, false);
        num(p, "faultPtlPct", "30", 0, 100, false);
        num(p, "clearPageGBps", "10", 0.5, 200, false);
        num(p, "tlbMissNs", "80", 0, 2000, false);
        p.put("lockKind", ParamDef.choice("lockKind", "spin", List.of("spin", "futex"), "test", ""));
        num(p, "futexSpins", "0", 0, 10000, true);
        num(p, "txnCpuUs", "60", 1, 100000, false);
        num(p, "clientCpuUs", "3", 0, 10000, false);
        num(p, "recvUs", "3", 0, 1000, false);
        num(p, "sendUs", "6", 0, 1000, false);
        num(p, "preadUs", "2", 0, 10000, false);
        num(p, "walWriteUs", "5", 0, 10000, false);
        num(p, "walFlushUs", "500", 1, 100000, false);
        num(p, "futexWakeUs", "1", 0, 1000, false);
        num(p, "strategyCsNs", "40", 1, 100000, true);
        return new Scenario("test-pgbench-graviton4", null, "pgbench", "", List.of(), p, "test");
    }

    private static void num(Map<String, ParamDef> p, String key, String v, double min, double max, boolean integer) {
        p.put(key, ParamDef.number(key, v, "", min, max, integer, "test", ""));
    }
}
