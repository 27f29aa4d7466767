package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.analysis.PlainText;

/**
 * {@code info}'s counts and {@code import}'s tables group their thousands as every other text
 * table does: {@code info} printed {@code slices 262801} and {@code import}'s run-queue latency
 * {@code 37050} beside {@code table}'s {@code 37,050}. Still at most 72 columns.
 */
class GroupedCountsTextTest {
    @TempDir
    Path dir;

    /** Four digits or more in a row: a number whose thousands are not grouped. */
    private static final Pattern UNGROUPED = Pattern.compile("\\d{4,}");

    @Test
    void infoGroupsItsCounts() throws Exception {
        Path run = dir.resolve("ycsb.json");
        CliRun sim = CliRun.of("simulate", "--scenario", "mongodb-ycsb-a", "--duration-ms", "100", "--out",
                run.toString());
        assertEquals(0, sim.exitCode(), sim.err());
        CliRun info = CliRun.of("info", run.toString());
        assertEquals(0, info.exitCode(), info.err());
        String counts = info.out().substring(info.out().indexOf("\ncpus "), info.out().indexOf("\nparameters "));
        counts = counts.substring(0, counts.indexOf("\nspan ")) + counts.substring(counts.indexOf("\nslices "));
        assertTrue(counts.contains("\nslices      23,"), counts);
        assertFalse(UNGROUPED.matcher(counts.replaceAll("\\[\\d+\\]", "")).find(), counts); // tids stay as they are
        // the five kinds of mark with their counts wrap under the column, each kind with its count
        assertTrue(counts.contains("\nmarks       7,"), counts);
        counts.lines().forEach(l -> assertTrue(PlainText.columns(l) <= PlainText.WIDTH, l));
        assertTrue(counts.contains("lock-holder-preemption "), counts);
    }

    @Test
    void importGroupsItsTables() {
        CliRun sched = CliRun.of("import", "src/test/resources/real/pgbench-local/runA_perf_sched_script.txt.gz");
        assertEquals(0, sched.exitCode(), sched.err());
        String out = sched.out();
        assertTrue(out.contains("107,350 lines, 107,350 events)"), out);
        assertTrue(out.contains("\ncpus     2, 49 tasks, 1.536 s, 37,261 slices\n"), out);
        assertTrue(out.contains("\npgbench:7377               214.691    1,018     0.404     7.943\n"), out);
        assertTrue(out.contains("\nTOTAL                    2,920.308    6,849\n"), out);
        assertTrue(out.contains("\n_all                     37,050     363.1      83.0   4,645.0\n"), out);
        assertTrue(out.contains("\nC2 CompilerThre             704   1,421.5      59.0  20,574.0\n"), out);
        String tables = out.substring(out.indexOf("\nperf sched latency"));
        assertFalse(UNGROUPED.matcher(tables.replaceAll(":\\d+", "")).find(), tables); // tids stay as they are
        tables.lines().forEach(l -> assertTrue(PlainText.columns(l) <= PlainText.WIDTH, l));

        CliRun lock = CliRun.of("import", "src/test/resources/real/pgbench-local/runC_perf_lock_script.txt");
        assertEquals(0, lock.exitCode(), lock.err());
        assertTrue(lock.out().contains("\n0xffff888627d2ba40     spinlock      1,373      14.6   2,229.0\n"), lock.out());
    }

    /**
     * A file named by a long path: what it held goes under the path, so the line stays within 72
     * columns ({@code import} of an absolute path ran to 126).
     */
    @Test
    void aLongPathPutsWhatTheFileHeldUnderIt() throws Exception {
        Path file = dir.resolve("runC_perf_lock_script.txt");
        java.nio.file.Files.copy(Path.of("src/test/resources/real/pgbench-local/runC_perf_lock_script.txt"), file);
        CliRun r = CliRun.of("import", file.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("\nfile     " + file + "\n         (perf-script, 4,838 lines, 4,838 events)\n"),
                r.out());
        r.out().lines().filter(l -> !l.contains(file.toString()))
                .forEach(l -> assertTrue(PlainText.columns(l) <= PlainText.WIDTH, l));
    }

    /**
     * Figures wider than a column's usual width widen it, whole and grouped, and the names give up
     * the room: the line stays within 72 columns and every figure under its head.
     */
    @Test
    void wideFiguresWidenTheirColumnWithinTheWidth() {
        StringBuilder sb = new StringBuilder();
        ImportSummary.table(sb, List.of("group", "count", "mean", "p50", "p99"), new int[] {22, 8, 9, 9, 9},
                new boolean[] {true, false, false, false, false},
                List.of(List.of("postgres_background_writer", "12,345,678,901", "1,234,567.8", "12,345,678.9",
                                "98,765,432.1"),
                        List.of("postgres_background_worker", "7", "1.0", "1.0", "1.0")));
        List<String> lines = sb.toString().lines().toList();
        assertEquals(3, lines.size(), sb.toString());
        lines.forEach(l -> assertTrue(PlainText.columns(l) <= PlainText.WIDTH, l));
        assertTrue(lines.get(1).contains(" 12,345,678,901 ") && lines.get(1).endsWith(" 98,765,432.1"), lines.get(1));
        // the figures' right edges line up with their heads'
        assertEquals(lines.get(0).length(), lines.get(1).length(), sb.toString());
        assertEquals(lines.get(0).length(), lines.get(2).length(), sb.toString());
        assertEquals(lines.get(0).indexOf("count") + 5, lines.get(1).indexOf("12,345,678,901") + 14, sb.toString());
        assertEquals(lines.get(0).indexOf("mean") + 4, lines.get(1).indexOf("1,234,567.8") + 11, sb.toString());
        // the name's column gives up what the figures take past 72 (15 + 12 + 13 + 13 leave it 19)
        assertEquals(PlainText.WIDTH, lines.get(1).length(), sb.toString());
        // the two names still read apart in their narrower column
        String a = lines.get(1).substring(0, lines.get(1).indexOf(' ', 0));
        String b = lines.get(2).substring(0, lines.get(2).indexOf(' ', 0));
        assertFalse(a.equals(b), sb.toString());
    }
}
