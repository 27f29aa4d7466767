package org.schedlab.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * A scenario file may widen a built-in workload's ranges past what is physical (a negative time,
 * a 150 % share, zero clients): the run is refused before it starts, naming the parameter, its
 * domain and the value, instead of printing numbers that mean nothing.
 */
class ParameterDomainTest {
    @TempDir
    Path dir;

    /** The built-in scenario {@code builtIn} as a file whose {@code key} range also holds {@code value}. */
    private Scenario widened(String builtIn, String key, double value) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(Path.of("example-data/scenarios/" + builtIn + ".json").toFile());
        root.put("name", "wide");
        ObjectNode param = (ObjectNode) root.get("parameters").get(key);
        param.put("min", Math.min(param.get("min").asDouble(), value));
        param.put("max", Math.max(param.get("max").asDouble(), value));
        Path f = dir.resolve("wide-" + builtIn + "-" + key + ".json");
        Files.writeString(f, json.writeValueAsString(root));
        return ScenarioCatalog.find(f.toString());
    }

    private String refusal(String builtIn, String key, String value) throws Exception {
        Scenario s = widened(builtIn, key, Double.parseDouble(value));
        return assertThrows(ScenarioException.class, () -> Simulation.run(s, Map.of(key, value, "durationMs", "5",
                "warmupMs", "0"), Simulation.Options.summaryOnly(), () -> false)).getMessage();
    }

    private void assertRefused(String builtIn, String workload, String key, String value, String domain)
            throws Exception {
        assertEquals("scenario wide: workload " + workload + " refuses its parameters: " + key + " must be " + domain
                + ", was " + value, refusal(builtIn, key, value));
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
        "clients, 0, >= 1",
        "readPct, 150, in 0..100",
        "readUs, -5, >= 0",
        "clientGapUs, -1, >= 0",
        "faultPtlPct, -1, in 0..100",
        "cacheMissPct, 101, in 0..100",
        "growthPct, 101, in 0..100",
        "unmapsPerOp, 2, in 0..1",
        "minorFaultUs, 0, > 0",
        "faultsPerOp, -1, >= 0",
        "smtGainPct, 200, in 0..100",
    })
    void ycsbRefusesAValueOutsideItsDomain(String key, String value, String domain) throws Exception {
        assertRefused("mongodb-ycsb-a", "mongodb-ycsb-a", key, value, domain);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
        "clients, 0, >= 1",
        "pgbenchThreads, 0, >= 1",
        "txnCpuUs, -150, >= 0",
        "walFlushUs, -1, >= 0",
        "poolFillPct, 150, in 0..100",
        "faultPtlPct, 101, in 0..100",
        "sharedBuffersGb, 0, > 0",
        "clearPageGBps, -1, > 0",
        "futexSpins, -1, >= 0",
        "strategyCsNs, -40, >= 0",
        "scale, 0, >= 1",
    })
    void pgbenchRefusesAValueOutsideItsDomain(String key, String value, String domain) throws Exception {
        assertRefused("pgbench-graviton4", "pgbench", key, value, domain);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
        "connections, 0, >= 1",
        "mss, 0, >= 1",
        "rxRingSize, 0, >= 1",
        "rtoMinMs, 0, >= 1",
        "vhostPacketUs, -1, >= 0",
        "guestTimerUs, -2, >= 0",
        "guestPageRefillNs, -100, >= 0",
        "vhostCopyGBps, 0, > 0",
        "guestCopyGBps, -20, > 0",
    })
    void uperfRefusesAValueOutsideItsDomain(String key, String value, String domain) throws Exception {
        assertRefused("s390-uperf", "uperf", key, value, domain);
    }

    @ParameterizedTest(name = "{0} {1}={2}")
    @CsvSource({
        "teach-fair-share, chunkUs, 0, > 0",
        "teach-fair-share, chunkUs, -1000, > 0",
        "teach-kernel-section, sectionUs, -1, >= 0",
        "teach-kernel-section, condReschedUs, -10, >= 0",
        "teach-kernel-section, mightReschedUs, -10, >= 0",
        "teach-kernel-section, bSleepUs, -3000, >= 0",
        "teach-kernel-section, bJitterUs, -1, >= 0",
        "teach-remote-wakeup, wakeEveryUs, 0, > 0",
        "teach-remote-wakeup, bWorkUs, -50, >= 0",
    })
    void teachingWorkloadsRefuseAValueOutsideItsDomain(String scenario, String key, String value, String domain)
            throws Exception {
        assertRefused(scenario, scenario, key, value, domain);
    }

    /** The parameters given a domain here, per built-in scenario. */
    private static final Map<String, List<String>> CHECKED = Map.of(
        "mongodb-ycsb-a", List.of("clients", "readPct", "faultPtlPct", "cacheMissPct", "growthPct", "unmapsPerOp",
            "minorFaultUs", "readUs", "updateUs", "recvUs", "sendUs", "clientGapUs", "faultsPerOp", "unmapWriteUs",
            "unmapZapUs", "preadUs", "diskUs", "cpuRelaxNs", "wakeCostUs", "smtGainPct"),
        "pgbench-graviton4", List.of("clients", "pgbenchThreads", "poolFillPct", "faultPtlPct", "sharedBuffersGb",
            "minorFaultUs", "clearPageGBps", "tlbMissNs", "futexSpins", "txnCpuUs", "clientCpuUs", "recvUs", "sendUs",
            "preadUs", "walWriteUs", "walFlushUs", "futexWakeUs", "strategyCsNs"),
        "s390-uperf", List.of("vhostQueues", "connections", "guestVcpus", "mss", "gsoKB", "rcvWindowKB",
            "dupAckThreshold", "rtoMinMs", "initialCwnd", "rxRingSize", "mergeableBufBytes", "tapQueuePackets",
            "vhostWeightKB", "vhostWeightPackets", "napiWeight", "vhostCopyGBps", "guestCopyGBps", "vhostPacketUs",
            "vhostBufferNs", "switchPacketUs", "injectUs", "kickUs", "guestRxPacketUs", "guestAckTxUs",
            "guestAckRxUs", "guestTxSegmentUs", "guestPageRefillNs", "guestReadUs", "guestTimerUs"),
        "teach-fair-share", List.of("chunkUs"),
        "teach-kernel-section", List.of("sectionUs", "condReschedUs", "mightReschedUs", "aUserUs", "bSleepUs", "bJitterUs", "bWorkUs"),
        "teach-remote-wakeup", List.of("wakeEveryUs", "bWorkUs"));

    @ParameterizedTest(name = "{0}")
    @CsvSource({"mongodb-ycsb-a", "pgbench-graviton4", "s390-uperf", "teach-fair-share", "teach-kernel-section",
        "teach-remote-wakeup"})
    void theBuiltInScenariosRunAtTheMinAndMaxOfEveryCheckedParameter(String name) throws Exception {
        Scenario s = ScenarioCatalog.find(name);
        for (String key : CHECKED.get(name)) {
            ParamDef def = s.params().get(key);
            for (double v : new double[] {def.min(), def.max()}) {
                Map<String, String> at = new HashMap<>(Map.of(key, java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString(), "durationMs", "5", "warmupMs", "0"));
                if (name.equals("pgbench-graviton4") && key.equals("clients")) {
                    at.put("pgbenchThreads", "1"); // pgbench -j must not exceed -c: a rule, not a domain
                }
                try {
                    Simulation.run(s, at, Simulation.Options.summaryOnly(), () -> false);
                } catch (ScenarioException e) {
                    throw new AssertionError(name + " " + at + ": " + e.getMessage(), e);
                }
            }
        }
    }

    /**
     * The machine's parameters need no check of their own: a file may only narrow a core range
     * (CoreParams: ctxSwitchUs 0..100, stealPct 0..90, cpus 1..1024, ...), and MachineConfig refuses
     * the rest. Widening one is refused when the file is read, naming the parameter.
     */
    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({"ctxSwitchUs, -1", "stealPct, 150", "cpus, 0", "stealBurstUs, 0", "wakeupIpiUs, -3"})
    void aMachineParameterCannotBeWidenedPastItsCoreRange(String key, String value) throws Exception {
        String m = assertThrows(ScenarioException.class,
                () -> widened("pgbench-graviton4", key, Double.parseDouble(value))).getMessage();
        assertTrue(m.contains("parameter " + key + ": range may only narrow"), m);
    }
}
