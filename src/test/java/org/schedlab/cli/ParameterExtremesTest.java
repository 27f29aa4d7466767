package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A parameter at the edge of its documented range runs, and one just outside is refused with the
 * range - never an internal error. (pgbench-graviton4 with clientCpuUs=0, inside the old range,
 * ended in "internal error: IllegalStateException ... decides ahead": the pgbench thread decided
 * its send ahead of the switch; it no longer decides ahead when it has no user work first.)
 */
class ParameterExtremesTest {
    @Test
    void pgbenchWithoutClientCpuRunsAndBelowZeroIsOutOfRange() {
        CliRun zero = CliRun.of("simulate", "--scenario", "pgbench-graviton4", "--set", "clientCpuUs=0",
                "--duration-ms", "5", "--warmup-ms", "0");
        assertEquals(0, zero.exitCode(), zero.err());
        CliRun below = CliRun.of("simulate", "--scenario", "pgbench-graviton4", "--set", "clientCpuUs=-1",
                "--duration-ms", "5", "--warmup-ms", "0");
        assertEquals(2, below.exitCode(), below.err());
        assertTrue(below.err().startsWith("schedlab: parameter clientCpuUs=-1 out of range 0..10000 us"), below.err());
    }
}
