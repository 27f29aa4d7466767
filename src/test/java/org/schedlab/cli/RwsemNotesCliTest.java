package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A case B table pasted into a review thread: its {@code mmap_lock spinWhile.handoff} row is where
 * v5.10's spinning readers' CPU went, but nothing under the table said what "handoff" counts (a
 * kernel state: the lock free, reserved for the woken first waiter), that the four rows add up to
 * {@code cpu.spin}, or why {@code rwsem_opt_rlock} reads {@code n/a} on one side. And {@code table}
 * of two saved runs left the split out without a word. Each says so under the table, within 72
 * columns.
 */
class RwsemNotesCliTest {
    @TempDir
    Path dir;

    @Test
    void compareSaysWhatTheSpinSplitAndTheLockEventRowsCount() {
        CliRun r = CliRun.of("compare", "--scenario", "mongodb-ycsb-a", "--base", "readerSpinning=on",
                "--test", "readerSpinning=off", "--set", "arch=arm64", "--warmup-ms", "20", "--duration-ms", "60");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.contains("mmap_lock spinWhile.handoff"), out);
        int table = out.indexOf("mmap_lock spinWhile.handoff");
        int note = out.indexOf("\nspinWhile: ");
        assertTrue(note > table, "a note under the table says what spinWhile counts:\n" + out);
        String said = out.substring(note).replaceAll("\\s+", " ");
        assertTrue(said.contains("handoff = nobody held it, but HANDOFF reserved it for the woken first waiter"), said);
        assertTrue(said.contains("add up to the lock's part of cpu.spin"), said);
        assertTrue(said.contains("rwsem_*: the rwsem's lock event counts") && said.contains("n/a where that kernel"),
                said);
        out.lines().forEach(l -> assertTrue(l.length() <= 72, "over 72 columns: " + l));
    }

    @Test
    void simulateSaysWhatTheSpinSplitCountsUnderItsLine() {
        CliRun r = CliRun.of("simulate", "--scenario", "mongodb-ycsb-a", "--warmup-ms", "20", "--duration-ms", "40");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        int line = out.indexOf("  spinning while  ");
        assertTrue(line >= 0, out);
        String under = out.substring(out.indexOf('\n', line) + 1);
        assertTrue(under.startsWith("  spinWhile: the rwsem's spinners' CPU"), out);
        assertTrue(under.substring(0, under.indexOf("  lock events")).replaceAll("\\s+", " ")
                .contains("The four add up to the lock's part of cpu.spin."), out);
    }

    @Test
    void tableOfTwoSavedRunsSaysTheSpinSplitIsNotInThem() {
        Path on = dir.resolve("on.json");
        Path off = dir.resolve("off.json");
        for (Object[] s : new Object[][] {{on, "on"}, {off, "off"}}) {
            CliRun sim = CliRun.of("simulate", "--scenario", "mongodb-ycsb-a", "--set", "readerSpinning=" + s[1],
                    "--warmup-ms", "20", "--duration-ms", "40", "--out", s[0].toString());
            assertEquals(0, sim.exitCode(), sim.err());
        }
        CliRun t = CliRun.of("table", on.toString(), off.toString());
        assertEquals(0, t.exitCode(), t.err());
        assertFalse(t.out().contains("spinWhile."), "a saved run has no spin split rows:\n" + t.out());
        String said = t.out().replaceAll("\\s+", " ");
        assertTrue(said.contains("mmap_lock: no spin split (spinWhile) or lock event counts"), t.out());
        assertTrue(said.contains("simulate or compare with the run's parameters prints them"), t.out());
        CliRun one = CliRun.of("table", on.toString());
        assertTrue(one.out().replaceAll("\\s+", " ").contains("mmap_lock: no spin split (spinWhile)"), one.out());
        t.out().lines().forEach(l -> assertTrue(l.length() <= 72, "over 72 columns: " + l));
    }
}
