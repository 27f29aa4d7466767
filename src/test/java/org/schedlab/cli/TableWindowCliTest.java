package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code table FILE --from-ms A --to-ms B}: the summary (two files: the delta table) of that window
 * of the data. A run saved whole and cropped to its first 30 ms reads as the same run saved with
 * {@code --record-ms 30}: both record windows start where warm-up ends, so the cropped summary must
 * give the same CPU shares, lock counts, latency and run-queue rows.
 */
class TableWindowCliTest {
    @TempDir
    static Path dir;
    static Path whole;
    static Path shorter;

    @BeforeAll
    static void simulate() {
        whole = dir.resolve("whole.json");
        shorter = dir.resolve("short.json");
        for (Object[] r : List.of(new Object[] {whole, "60"}, new Object[] {shorter, "30"})) {
            CliRun sim = CliRun.of("simulate", "--scenario", "mongodb-ycsb-a", "--warmup-ms", "20", "--duration-ms", "60",
                    "--record-ms", (String) r[1], "--out", r[0].toString());
            assertEquals(0, sim.exitCode(), sim.err());
        }
    }

    /** The report from its throughput line on: what a window's figures are, without its title and parameters. */
    private static String figures(String report) {
        int at = report.indexOf("\nthroughput");
        assertTrue(at > 0, report);
        return report.substring(at);
    }

    @Test
    void theSummaryOfAWindowIsThatOfARunRecordedOverExactlyThatWindow() {
        CliRun saved = CliRun.of("table", shorter.toString());
        CliRun cropped = CliRun.of("table", whole.toString(), "--from-ms", "0", "--to-ms", "30");
        assertEquals(0, cropped.exitCode(), cropped.err());
        assertTrue(cropped.out().startsWith("window 0..30 ms of whole.json\n\n"), cropped.out());
        assertTrue(cropped.out().contains("window=0..30 ms"), "the parameters say which window too:\n" + cropped.out());
        assertTrue(saved.out().contains("mmap_lock") && saved.out().contains("READ (server)"), saved.out());
        assertEquals(figures(saved.out()), figures(cropped.out()));
        // and not the whole run's
        assertTrue(!figures(CliRun.of("table", whole.toString()).out()).equals(figures(cropped.out())));
    }

    @Test
    void twoFilesCompareTheSameWindowAndTheTitleSaysWhich() {
        CliRun t = CliRun.of("table", whole.toString(), shorter.toString(), "--from-ms", "5", "--to-ms", "25");
        assertEquals(0, t.exitCode(), t.err());
        assertTrue(t.out().startsWith("compare\n  base  whole.json (A), window 5..25 ms\n"
                + "  test  short.json (B), window 5..25 ms\n"), t.out());
        long rows = t.out().lines().filter(l -> l.matches(".*\\s(x[0-9.]+|=|n/a|[0-9.]+x)$")).count();
        assertTrue(rows > 15, t.out());
        // the same 20 ms of one run on both sides: every ratio is x1.00 (or equal, or n/a)
        t.out().lines().filter(l -> l.matches(".*\\s(x[0-9.]+|[0-9.]+x)$"))
                .forEach(l -> assertTrue(l.endsWith("x1.00"), l));
    }

    @Test
    void aWindowOutsideTheDataIsOneLineAndExitCode2() {
        CliRun after = CliRun.of("table", whole.toString(), "--from-ms", "70", "--to-ms", "80");
        assertEquals(2, after.exitCode());
        assertEquals("schedlab: --from-ms 70 is after the end of " + whole + " (60.0 ms)" + System.lineSeparator(),
                after.err());
        assertEquals("", after.out());
        CliRun backwards = CliRun.of("table", whole.toString(), "--from-ms", "20", "--to-ms", "10");
        assertEquals(2, backwards.exitCode());
        assertEquals(1, backwards.err().lines().count(), backwards.err());
    }
}
