package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.analysis.RunQueueLatency;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;

/**
 * A teacher steps to a preemption: the step bar shades B's wait from its wake-up to its switch-in,
 * and Copy summary of selection (as {@code table --from-ms --to-ms} cuts it) gave that window's
 * summary with "runqlat us  none: no wake-ups in this dataset" - under the very wake-up it was
 * selected from. A wait is counted where it ends, and the switch-in is at the window's end, just
 * outside it; the summary says so rather than that nothing woke up.
 */
class TableWaitWindowTest {
    @TempDir
    Path dir;

    @Test
    void aWindowFromAWakeUpToItsSwitchInSaysWhereItsWaitIsCounted() throws Exception {
        Path run = dir.resolve("lazy.json");
        CliRun sim = CliRun.of("simulate", "--scenario", "teach-kernel-section", "--set", "preemption=lazy",
                "--duration-ms", "40", "--out", run.toString());
        assertEquals(0, sim.exitCode(), sim.err());
        Dataset d = DatasetJson.read(run);
        long[] wait = {-1, -1};
        RunQueueLatency.forEachSample(d, (task, from, to) -> {
            if (wait[0] < 0 && d.task(task).comm().equals("B") && to - from > 100_000) {
                wait[0] = from;
                wait[1] = to;
            }
        });
        assertTrue(wait[0] >= 0, "B waits for a CPU under lazy");
        CliRun t = CliRun.of("table", run.toString(), "--from-ms", ms(wait[0] - d.startNs()),
                "--to-ms", ms(wait[1] - d.startNs()));
        assertEquals(0, t.exitCode(), t.err());
        assertFalse(t.out().contains("no wake-ups"), "B woke up at the window's start:\n" + t.out());
        assertTrue(t.out().contains("runqlat us  none: no wait for a CPU ends inside this window"), t.out());
        t.out().lines().forEach(l -> assertTrue(l.length() <= 72, "mail width: " + l));

        // the same summary of a whole dataset (an import, a run: no window key) still says what it
        // did: there the window's reason would be wrong, no range was selected
        com.fasterxml.jackson.databind.node.ObjectNode cut = org.schedlab.analysis.DatasetSummary.of(d.crop(wait[0], wait[1]));
        assertTrue(cut.path("params").has(org.schedlab.model.DatasetCrop.WINDOW_KEY), cut.path("params").toString());
        ((com.fasterxml.jackson.databind.node.ObjectNode) cut.path("params")).remove(org.schedlab.model.DatasetCrop.WINDOW_KEY);
        String notCut = org.schedlab.analysis.SummaryReport.render(cut);
        assertTrue(notCut.contains("runqlat us  none: no wake-ups in this dataset"), notCut);
        assertFalse(notCut.contains("window"), notCut);

        // a nanosecond more and the wait is in it, whole
        CliRun whole = CliRun.of("table", run.toString(), "--from-ms", ms(wait[0] - d.startNs()),
                "--to-ms", ms(wait[1] - d.startNs() + 1));
        assertEquals(0, whole.exitCode(), whole.err());
        assertTrue(whole.out().lines().anyMatch(l -> l.matches("\\s+B\\s+1\\s.*")), whole.out());
    }

    private static String ms(long ns) {
        return new BigDecimal(ns).movePointLeft(6).toPlainString();
    }
}
