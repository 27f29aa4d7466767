package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run-queue group's mean on a side that counted waits of other groups but none of this one's
 * (case C's kworker under irqInatomic=on) reads "no wake-ups"; a side that recorded no run-queue
 * waits at all keeps n/a, as it cannot say whether the group was woken.
 */
class NoWakeUpsCellTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static SummaryComparison.Row kworker(String base, String test) throws Exception {
        JsonNode b = JSON.readTree(base);
        JsonNode t = JSON.readTree(test);
        return SummaryComparison.rows(List.of(b), List.of(t)).stream()
                .filter(r -> r.metric().equals("runqlatUs.kworker.mean")).findFirst().orElseThrow();
    }

    private static final String WOKEN = "{\"runqlatUs\": {\"_all\": {\"count\": 9, \"mean\": 4.0},"
            + " \"kworker\": {\"count\": 3, \"mean\": 2.0}}}";

    @Test
    void aSideThatWokeOtherGroupsButNotThisOneSaysSo() throws Exception {
        SummaryComparison.Row r = kworker(WOKEN, "{\"runqlatUs\": {\"_all\": {\"count\": 9, \"mean\": 5.0},"
                + " \"KVM\": {\"count\": 9, \"mean\": 5.0}}}");
        assertEquals(List.of("runqlatUs.kworker.mean", "2.0", SummaryComparison.NO_WAKE_UPS, "n/a"),
                ComparisonTable.cells(List.of(r)).get(0));
        assertEquals(SummaryComparison.NO_WAKE_UPS, ComparisonTable.side(r, false, false)[0], "the A/B tab's cell");
        assertEquals(true, Double.isNaN(r.test()), "the figure stays absent (JSON null)");
    }

    @Test
    void aSideWithoutAnyWakeUpsRecordedKeepsNotApplicable() throws Exception {
        SummaryComparison.Row r = kworker(WOKEN, "{\"runqlatUs\": {\"_all\": {\"count\": 0}}}");
        assertEquals(List.of("runqlatUs.kworker.mean", "2.0", "n/a", "n/a"), ComparisonTable.cells(List.of(r)).get(0));
    }

    /**
     * A recording whose group's tasks ran without task lanes did not record their waits: its
     * summary says "pgbench not recorded: its one task has no task lane", and the compare row
     * said "no wake-ups" on that side, a claim the recording cannot make. It stays n/a.
     */
    @Test
    void aGroupWhoseTasksRanWithoutTaskLanesStaysNotApplicable() throws Exception {
        JsonNode window = DatasetSummary.of(org.schedlab.fixtures.RecordedWindow.dataset());
        JsonNode woken = JSON.readTree("{\"runqlatUs\": {\"_all\": {\"count\": 9, \"mean\": 4.0},"
                + " \"pgbench\": {\"count\": 3, \"mean\": 2.0}, \"postgres\": {\"count\": 6, \"mean\": 5.0}}}");
        SummaryComparison.Row r = SummaryComparison.rows(List.of(window), List.of(woken)).stream()
                .filter(x -> x.metric().equals("runqlatUs.pgbench.mean")).findFirst().orElseThrow();
        assertEquals(List.of("runqlatUs.pgbench.mean", "n/a", "2.0", "n/a"), ComparisonTable.cells(List.of(r)).get(0));
        assertEquals("n/a", ComparisonTable.side(r, true, false)[0], "the A/B tab's cell");
        assertEquals("n/a", ComparisonTable.side(r, true, true)[0], "with seeds");

        // a group all of whose tasks that ran have a lane, none woken, says so there too
        JsonNode lanes = JSON.readTree("{\"runqlatUs\": {\"_all\": {\"count\": 6, \"mean\": 5.0},"
                + " \"postgres\": {\"count\": 6, \"mean\": 5.0}}, \"runqlatTasks\": {\"pgbench\":"
                + " {\"tasks\": 2, \"lanes\": 2}, \"postgres\": {\"tasks\": 9, \"lanes\": 4}}}");
        SummaryComparison.Row all = SummaryComparison.rows(List.of(lanes), List.of(woken)).stream()
                .filter(x -> x.metric().equals("runqlatUs.pgbench.mean")).findFirst().orElseThrow();
        assertEquals(SummaryComparison.NO_WAKE_UPS, ComparisonTable.side(all, true, false)[0]);
    }

    /**
     * Seeds that disagree (one woke no kworker, the other did) have no one reason to give: the
     * side's cell stays n/a, not the first seed's "no wake-ups" over a seed that has waits.
     */
    @Test
    void seedsThatDisagreeOnWhetherTheGroupWasWokenKeepNotApplicable() throws Exception {
        String none = "{\"runqlatUs\": {\"_all\": {\"count\": 9, \"mean\": 5.0}, \"KVM\": {\"count\": 9,"
                + " \"mean\": 5.0}}}";
        SummaryComparison.Row r = SummaryComparison.rows(List.of(JSON.readTree(none), JSON.readTree(WOKEN)),
                List.of(JSON.readTree(WOKEN))).stream().filter(x -> x.metric().equals("runqlatUs.kworker.mean"))
                .findFirst().orElseThrow();
        assertEquals("n/a", ComparisonTable.side(r, true, true)[0]);
        assertEquals("n/a", ComparisonTable.cells(List.of(r)).get(0).get(1));
    }
}
