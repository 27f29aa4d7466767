package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.SampleDatasets;

/**
 * An option given where it has no effect is refused with what it is for, rather than accepted
 * and silently ignored (the user would believe the output reflects it).
 */
class CliOptionsThatWouldDoNothingTest {
    @TempDir
    Path dir;

    private static void refused(CliRun r, String expected) {
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("schedlab: " + expected + System.lineSeparator(), r.err());
        assertEquals("", r.out());
    }

    @Test
    void recordMsWithoutOutIsRefusedBecauseNothingIsWritten() {
        refused(CliRun.of("simulate", "--scenario", "teach-fair-share", "--record-ms", "50"),
                "--record-ms sets how much of the run --out writes; give --out RUN.json too");
    }

    @Test
    void scaleOnAnSvgIsRefusedBecauseAnSvgHasNoPixels() throws Exception {
        Path ds = dir.resolve("d.json");
        DatasetJson.write(SampleDatasets.small(), ds);
        CliRun r = CliRun.of("render", ds.toString(), "--out", dir.resolve("v.svg").toString(), "--scale", "2");
        refused(r, "--scale sets the pixel density of a PNG; an SVG has no pixels (drop --scale)");
        CliRun png = CliRun.of("render", ds.toString(), "--out", dir.resolve("v.png").toString(), "--scale", "2");
        assertEquals(0, png.exitCode(), png.err());
        assertTrue(png.out().startsWith("wrote "), png.out());
    }

    @Test
    void aSeedPerSideInCompareIsRefusedBecauseEachSeedRunsOnBothSides() {
        refused(CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "seed=3", "--test", "seed=4"),
                // "seed is the same for both sides" said the opposite of what was typed (seed=3 vs seed=4)
                "--base: a seed cannot be set for one side (each seed runs on both, so that only the parameters"
                        + " differ); expected --set seed=N for the first seed and --seeds N for how many");
    }

    @Test
    void aSetThatBothSidesOverrideIsRefusedBecauseNeitherRunUsesIt() {
        String expected = "--set preemption=full is overridden by both --base (preemption=none) and --test"
                + " (preemption=lazy); expected preemption in --set or in --base/--test, not both";
        refused(CliRun.of("compare", "--scenario", "teach-fair-share", "--set", "preemption=full", "--base",
                "preemption=none", "--test", "preemption=lazy"), expected);
        refused(CliRun.of("render", "--scenario", "teach-fair-share", "--view", "compare", "--set", "preemption=full",
                "--base", "preemption=none", "--test", "preemption=lazy", "--out", dir.resolve("ab.png").toString()),
                expected);
        // overridden on one side only, it still sets the other side: allowed
        CliRun oneSide = CliRun.of("compare", "--scenario", "teach-fair-share", "--set", "preemption=full", "--set",
                "durationMs=20", "--base", "hz=250", "--test", "preemption=lazy");
        assertEquals(0, oneSide.exitCode(), oneSide.err());
    }

    @Test
    void aSetThatTheScenariosOwnPairOverridesOnBothSidesNamesThePairNotOptionsTheUserDidNotType() {
        // teach-fair-share's "compare" pair is preemption=none against preemption=lazy
        String expected = "--set preemption=full would reach neither run: scenario teach-fair-share's compare pair"
                + " sets preemption on both sides (base preemption=none, test preemption=lazy); expected --base"
                + " KEY=VALUE,.. and --test KEY=VALUE,.. to compare other settings with preemption=full";
        refused(CliRun.of("compare", "--scenario", "teach-fair-share", "--set", "preemption=full"), expected);
        refused(CliRun.of("render", "--scenario", "teach-fair-share", "--view", "compare", "--set", "preemption=full",
                "--out", dir.resolve("pair.png").toString()), expected);
        // a key the pair leaves alone reaches both runs: allowed
        CliRun other = CliRun.of("compare", "--scenario", "teach-fair-share", "--set", "durationMs=20");
        assertEquals(0, other.exitCode(), other.err());
    }

    @Test
    void twoValuesForOneParameterAreRefusedInsteadOfTheLastWinning() {
        refused(CliRun.of("simulate", "--scenario", "teach-fair-share", "--set", "cpus=2", "--set", "cpus=3"),
                "cpus is given twice (cpus=2 and cpus=3); expected one value per parameter");
        refused(CliRun.of("simulate", "--scenario", "teach-fair-share", "--seed", "5", "--set", "seed=6"),
                "--seed 5 and --set seed=6 disagree; expected one value for seed");
        CliRun same = CliRun.of("simulate", "--scenario", "teach-fair-share", "--duration-ms", "20", "--set",
                "cpus=2", "--set", "cpus=2");
        assertEquals(0, same.exitCode(), "repeating the same value is harmless: " + same.err());
    }
}
