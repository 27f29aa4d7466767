package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Millisecond options past what fits in long nanoseconds, infinite or NaN: one line naming option and value. */
class TimeOptionBoundsTest {
    @TempDir
    Path dir;

    private static void assertUserError(CliRun r, String... fragments) {
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(r.err().contains("internal error"), r.err());
        assertFalse(r.err().contains("null"), r.err());
        for (String f : fragments) {
            assertTrue(r.err().contains(f), "expected '" + f + "' in: " + r.err());
        }
    }

    private CliRun render(String... window) {
        String[] head = {"render", "--scenario", "teach-fair-share", "--set", "durationMs=50", "--out",
            dir.resolve("x.png").toString()};
        String[] all = java.util.Arrays.copyOf(head, head.length + window.length);
        System.arraycopy(window, 0, all, head.length, window.length);
        return CliRun.of(all);
    }

    @Test
    void renderRefusesWindowsWhoseNanosecondsOverflowOrAreNotFinite() {
        assertUserError(render("--to-ms", "9.3e12"), "--to-ms", "9300000000000", "at most 9223372036854");
        assertUserError(render("--to-ms", "Infinity"), "--to-ms", "Infinity");
        assertUserError(render("--from-ms", "NaN"), "--from-ms", "NaN");
        assertUserError(render("--from-ms", "1e300"), "--from-ms", "1.0E300");
        assertUserError(render("--from-ms", "-1"), "--from-ms", ">= 0", "-1");
    }

    @Test
    void aWindowRoundingToNothingNamesTheDefaultStartNotNull() {
        assertUserError(render("--to-ms", "1e-7"), "--from-ms 0 (the default)", "--to-ms 1.0E-7", "same nanosecond");
    }

    @Test
    void tableRefusesTheSameValues() throws Exception {
        Path f = CliRun.smallDataset(dir, "small.json");
        assertUserError(CliRun.of("table", f.toString(), "--kind", "tcp", "--to-ms", "9.3e12"), "--to-ms", "9300000000000");
        assertUserError(CliRun.of("table", f.toString(), "--kind", "tcp", "--from-ms", "-Infinity"), "--from-ms",
                "-Infinity");
    }

    @Test
    void simulateRefusesARecordingLongerThanTheRunInsteadOfCuttingIt() throws Exception {
        Path out = dir.resolve("long.json");
        CliRun r = CliRun.of("simulate", "--scenario", "teach-fair-share", "--set", "durationMs=50", "--record-ms",
                "51", "--out", out.toString());
        assertUserError(r, "--record-ms 51 is longer than the run (durationMs 50); expected 1..50");
        assertFalse(Files.exists(out), "nothing written");
        CliRun whole = CliRun.of("simulate", "--scenario", "teach-fair-share", "--duration-ms", "50", "--record-ms",
                "50", "--out", out.toString());
        assertEquals(0, whole.exitCode(), whole.err());
        assertTrue(Files.exists(out));
    }

    @Test
    void simulateRecordMsPastLongNanosecondsIsNamedNotReadAsZero() {
        CliRun r = CliRun.of("simulate", "--scenario", "teach-fair-share", "--set", "durationMs=50", "--record-ms",
                "9223372036855", "--out", dir.resolve("r.json").toString());
        assertUserError(r, "--record-ms", "9223372036855", "at most 9223372036854");
    }

    @Test
    void aNegativeDurationOrWarmUpNamesTheRangeTheRunTakes() {
        // --duration-ms -5 said "must be >= 0 and at most 9223372036854", then --duration-ms 0
        // and 9223372036854 were refused as out of range 1..3600000: the first message named a
        // range the option does not have
        String sweepOut = dir.resolve("sweep").toString();
        for (String[] head : new String[][] {{"simulate", "--scenario", "teach-fair-share"},
            {"compare", "--scenario", "teach-fair-share"},
            {"sweep", "--scenario", "teach-fair-share", "--vary", "hz=250", "--out", sweepOut}}) {
            for (String[] opt : new String[][] {{"--duration-ms", "-5", "durationMs=-5", "1..3600000 ms"},
                {"--warmup-ms", "-1", "warmupMs=-1", "0..600000 ms"}}) {
                String[] args = java.util.Arrays.copyOf(head, head.length + 2);
                args[head.length] = opt[0];
                args[head.length + 1] = opt[1];
                CliRun r = CliRun.of(args);
                assertUserError(r, opt[2], opt[3]);
                assertFalse(r.err().contains("9223372036854"), head[0] + " " + opt[0] + ": " + r.err());
            }
        }
    }

    @Test
    void seedsPastTheLargestSeedAreRefusedBeforeAnyRunNamingTheFirstSeedThatFits() {
        // --set seed=9000000000000000 --seeds 2 said "parameter seed=9000000000000001 out of range",
        // a value nobody typed; sweep said it only after running the first seed
        String max = "9000000000000000";
        CliRun c = CliRun.of("compare", "--scenario", "teach-fair-share", "--duration-ms", "10", "--set", "seed=" + max,
                "--seeds", "2");
        assertUserError(c, "--seeds 2 from seed " + max, "expected a first seed of at most 8999999999999999");
        CliRun s = CliRun.of("sweep", "--scenario", "teach-fair-share", "--duration-ms", "10", "--vary", "hz=250",
                "--set", "seed=" + max, "--seeds", "2", "--out", dir.resolve("sweep").toString());
        assertUserError(s, "--seeds 2 from seed " + max, "expected a first seed of at most 8999999999999999");
        assertFalse(Files.exists(dir.resolve("sweep")), "nothing run, nothing written");
        CliRun fits = CliRun.of("compare", "--scenario", "teach-fair-share", "--duration-ms", "10", "--set",
                "seed=8999999999999999", "--seeds", "2", "--format", "json");
        assertEquals(0, fits.exitCode(), fits.err());
    }
}
