package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A --set the run never reaches (a spin delay where nothing spins, a futex's spins under the
 * spin lock) still runs, but the user is told on stderr, so they do not read the output as
 * reflecting it. stdout stays the summary alone.
 */
class InertSettingNoteTest {
    private static final String NL = System.lineSeparator();

    @TempDir
    Path dir;

    @Test
    void sweepNotesAVariedParameterThatNoPointReaches() {
        CliRun r = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "spinDelay=pause,wfe",
                "--set", "durationMs=50", "--out", dir.resolve("flat").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("schedlab: note: spinDelay is not used by teach-fair-share ("), r.err());
        assertTrue(r.err().contains("): every value of --vary spinDelay gives the same run" + NL), r.err());
        // a parameter whose condition holds at some points: no note
        CliRun some = CliRun.of("sweep", "--scenario", "teach-kernel-section", "--vary", "stealPct=0,5",
                "--vary", "stealBurstUs=100,1000", "--set", "durationMs=50", "--out", dir.resolve("some").toString());
        assertEquals(0, some.exitCode(), some.err());
        assertFalse(some.err().contains("note"), some.err());
    }

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
