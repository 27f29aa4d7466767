package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A parameter at the edge of its documented range runs, and one just outside is refused with the
 * range - never an internal error. (pgbench-graviton4 with clientCpuUs=0, inside the old range,
 * ended in "internal error: IllegalStateException ... decides ahead".)
 */
class ParameterExtremesTest {
    @Test
    void pgbenchClientCpuAtItsMinimumRunsAndZeroIsOutOfRange() {
        CliRun min = CliRun.of("simulate", "--scenario", "pgbench-graviton4", "--set", "clientCpuUs=1",
                "--duration-ms", "5", "--warmup-ms", "0");
        assertEquals(0, min.exitCode(), min.err());
        CliRun zero = CliRun.of("simulate", "--scenario", "pgbench-graviton4", "--set", "clientCpuUs=0",
                "--duration-ms", "5", "--warmup-ms", "0");
        assertEquals(2, zero.exitCode(), zero.err());
        assertTrue(zero.err().startsWith("schedlab: parameter clientCpuUs=0 out of range 1..10000 us"), zero.err());
    }
}
