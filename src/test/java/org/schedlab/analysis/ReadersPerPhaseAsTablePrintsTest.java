package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.LockLane;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Case B's readers per read phase: {@code table} prints {@code 6.0 readers per phase} for a run
 * whose A/B tables ({@code compare}, {@code table A B}, Copy table) printed {@code 5.952}. Every
 * A/B table prints it as {@code table} does, as its latency, wait and runqlat means.
 */
class ReadersPerPhaseAsTablePrintsTest {
    /** An rwsem whose read phases hold {@code readers} readers each, {@code phases} times over. */
    private static JsonNode summary(int phases, int... readers) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("rwsem", "test"));
        int[] tasks = new int[8];
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = b.addTask(i + 1, i + 1, "conn" + i);
        }
        b.slice(0, 0, 1_000_000, tasks[0], SliceState.USER);
        DatasetBuilder.LockBuilder lock = b.lock("mmap_lock", "rwsem", true);
        long t = 0;
        for (int p = 0; p < phases; p++) {
            int n = readers[p % readers.length];
            for (int r = 0; r < n; r++) {
                lock.hold(t + r, t + 50, tasks[r], LockLane.HOLD_READ); // together: one phase
            }
            t += 100;
        }
        return DatasetSummary.of(b.build());
    }

    /** The figure {@code table} prints: "mmap_lock: 3 read phases, 1.7 readers per phase". */
    private static String tablePrints(JsonNode s) {
        Matcher m = Pattern.compile("mmap_lock: \\d+ read phases, (\\S+) readers per phase").matcher(SummaryReport.render(s));
        assertTrue(m.find(), SummaryReport.render(s));
        return m.group(1);
    }

    @Test
    void theAbTablesPrintReadersPerPhaseAsTableDoes() throws Exception {
        JsonNode a = summary(3, 1, 2, 2); // 5 / 3 = 1.667
        JsonNode b = summary(2, 4); // 4 on the dot
        assertEquals(1.667, a.path("locks").get(0).path("readPhases").path("readersPerPhase").asDouble(), 1e-9);
        assertEquals("1.7", tablePrints(a));
        assertEquals("4.0", tablePrints(b));
        SummaryComparison.Row row = SummaryComparison.rows(List.of(a), List.of(b)).stream()
                .filter(r -> r.metric().equals("mmap_lock readersPerPhase")).findFirst().orElseThrow();
        assertTrue(row.asTablePrints());
        List<String> cells = ComparisonTable.cells(List.of(row)).get(0);
        assertEquals(List.of("mmap_lock readersPerPhase", tablePrints(a), tablePrints(b), "x2.40"), cells,
                "Copy table's and the exported figure's cells");
        String text = ComparisonTable.render("c", List.of(row), false);
        assertTrue(text.lines().anyMatch(l -> l.matches("mmap_lock readersPerPhase\\s+1\\.7\\s+4\\.0\\s+x2\\.40")),
                "compare and table A B: " + text);
    }
}
