package org.schedlab.sim.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.scenario.CoreParams;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * The seed's machines: m5.4xlarge vCPUs are hyperthreads (two per core), m6g.4xlarge vCPUs are
 * Graviton2 cores; {@code smt=auto} follows the arch and the gain sets the solo speed-up.
 */
class YcsbSmtConfigTest {
    private static YcsbConfig config(Map<String, String> overrides) throws ScenarioException {
        Params p = ScenarioCatalog.builtIn("mongodb-ycsb-a").resolve(overrides);
        return YcsbConfig.from(p, CoreParams.machine(p));
    }

    @ParameterizedTest
    @CsvSource({"x86,auto,1.6", "arm64,auto,1.0", "arm64,on,1.6", "x86,off,1.0"})
    void autoSmtIsOnForX86AndOffForArm64(String arch, String smt, double solo) throws Exception {
        assertEquals(solo, config(Map.of("arch", arch, "smt", smt)).smtSoloSpeedup(), 1e-9);
    }

    @Test
    void theGainSetsHowMuchFasterALoneHyperthreadRuns() throws Exception {
        assertEquals(2.0 / 1.3, config(Map.of("arch", "x86", "smtGainPct", "30")).smtSoloSpeedup(), 1e-9);
        assertEquals(2.0, config(Map.of("arch", "x86", "smtGainPct", "0")).smtSoloSpeedup(), 1e-9);
        assertThrows(ScenarioException.class, () -> config(Map.of("arch", "x86", "smtGainPct", "150")));
    }
}
