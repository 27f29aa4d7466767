package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A --set the run never reaches (a spin delay where nothing spins, a futex's spins under the
 * spin lock) still runs, but the user is told on stderr, so they do not read the output as
 * reflecting it. stdout stays the summary alone.
 */
class InertSettingNoteTest {
    private static final String NL = System.lineSeparator();

    @Test
    void simulateNotesAParameterTheWorkloadNeverReaches() {
        CliRun r = CliRun.of("simulate", "--scenario", "teach-fair-share", "--set", "spinDelay=wfe",
                "--set", "chunkUs=500", "--duration-ms", "50", "--summary", "json");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("schedlab: note: spinDelay is not used by teach-fair-share (nothing here spins in user space;"
                + " only PostgreSQL's s_lock (pgbench-graviton4) executes a spin delay): spinDelay=wfe changes"
                + " nothing" + NL, r.err());
        assertTrue(r.out().startsWith("{"), r.out());
    }

    @Test
    void simulateNotesAParameterWhoseConditionTheRunFails() {
        CliRun r = CliRun.of("simulate", "--scenario", "teach-kernel-section", "--set", "stealBurstUs=100",
                "--duration-ms", "50");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("schedlab: note: stealBurstUs takes effect only with stealPct other than 0 (this run has"
                + " stealPct=0): stealBurstUs=100 changes nothing" + NL, r.err());
        // with the condition met, no note
        CliRun met = CliRun.of("simulate", "--scenario", "teach-kernel-section", "--set", "stealBurstUs=100",
                "--set", "stealPct=5", "--duration-ms", "50");
        assertEquals(0, met.exitCode(), met.err());
        assertEquals("", met.err());
    }

    @Test
    void compareNotesASetOnlyWhereItReachesNoSideAndASideSettingOnItsOwnSide() {
        // stealBurstUs: neither side has steal; the note says so once
        CliRun both = CliRun.of("compare", "--scenario", "teach-kernel-section", "--set", "stealBurstUs=100",
                "--set", "durationMs=50");
        assertEquals(0, both.exitCode(), both.err());
        assertTrue(both.err().contains("stealBurstUs=100 changes nothing" + NL), both.err());
        assertFalse(both.err().contains("side"), both.err());
        // steal on the test side only: the burst length reaches a run, no note
        CliRun one = CliRun.of("compare", "--scenario", "teach-kernel-section", "--set", "stealBurstUs=100",
                "--base", "stealPct=0", "--test", "stealPct=5", "--set", "durationMs=50");
        assertEquals(0, one.exitCode(), one.err());
        assertFalse(one.err().contains("stealBurstUs"), one.err());
        // a side's own setting that its side never reaches
        CliRun side = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=none",
                "--test", "preemption=full,spinDelay=wfe", "--set", "durationMs=50");
        assertEquals(0, side.exitCode(), side.err());
        assertTrue(side.err().contains("spinDelay=wfe changes nothing on the --test side" + NL), side.err());
    }
}
