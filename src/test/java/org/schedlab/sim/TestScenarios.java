package org.schedlab.sim;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.sim.scenario.CoreParams;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Scenario;

/** Scenarios built in code, independent of the shipped files, for kernel-rule tests. */
public final class TestScenarios {
    private TestScenarios() {
    }

    public static Scenario kernelSection() {
        Map<String, ParamDef> p = new LinkedHashMap<>(CoreParams.defs());
        put(p, ParamDef.number("sectionUs", "10000", "us", 0, 1e6, false, "test", ""));
        put(p, ParamDef.number("condReschedUs", "0", "us", 0, 1e6, false, "test", ""));
        put(p, ParamDef.number("mightReschedUs", "0", "us", 0, 1e6, false, "test", ""));
        put(p, ParamDef.number("aUserUs", "20", "us", 0, 1e6, false, "test", ""));
        put(p, ParamDef.choice("bClass", "fair", List.of("fair", "fifo"), "test", ""));
        put(p, ParamDef.number("bSleepUs", "3000", "us", 0, 1e6, false, "test", ""));
        put(p, ParamDef.number("bJitterUs", "1000", "us", 0, 1e6, false, "test", ""));
        put(p, ParamDef.number("bWorkUs", "50", "us", 0, 1e6, false, "test", ""));
        p.put("hz", p.get("hz").withValue("250"));
        p.put("warmupMs", p.get("warmupMs").withValue("50"));
        return new Scenario("test-kernel-section", null, "teach-kernel-section", "", List.of(), p, "test");
    }

    public static Scenario fairShare() {
        Map<String, ParamDef> p = new LinkedHashMap<>(CoreParams.defs());
        put(p, ParamDef.number("chunkUs", "1000", "us", 1, 1e6, false, "test", ""));
        put(p, ParamDef.number("bNice", "0", "", -20, 19, true, "test", ""));
        p.put("hz", p.get("hz").withValue("250"));
        return new Scenario("test-fair-share", null, "teach-fair-share", "", List.of(), p, "test");
    }

    /** Many workers on a spin lock: every kernel path (spin, fault, syscall, io, steal if set). */
    public static Scenario syntheticLock() {
        Map<String, ParamDef> p = new LinkedHashMap<>(CoreParams.defs());
        put(p, ParamDef.number("tasks", "64", "", 1, 100000, true, "test", ""));
        put(p, ParamDef.number("workUs", "200", "us", 0, 1e6, false, "test", ""));
        put(p, ParamDef.number("holdUs", "2", "us", 0, 1e6, false, "test", ""));
        put(p, ParamDef.number("faultUs", "4", "us", 0, 1e6, false, "test", ""));
        put(p, ParamDef.number("ioUs", "500", "us", 0, 1e6, false, "test", ""));
        put(p, ParamDef.number("faultChance", "0.2", "", 0, 1, false, "test", ""));
        p.put("cpus", p.get("cpus").withValue("8"));
        p.put("warmupMs", p.get("warmupMs").withValue("20"));
        p.put("durationMs", p.get("durationMs").withValue("200"));
        return new Scenario("test-synthetic-lock", null, "test-synthetic-lock", "", List.of(), p, "test");
    }

    private static void put(Map<String, ParamDef> p, ParamDef d) {
        p.put(d.key(), d);
    }
}
