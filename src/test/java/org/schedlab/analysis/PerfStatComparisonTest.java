package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;

/** Two perf stat outputs (before and after a change) compare event by event: count and rate, B/A. */
class PerfStatComparisonTest {
    private static Dataset read(String file) throws Exception {
        return Fixtures.importAll("real/perf-stat/" + file).dataset();
    }

    private static Map<String, SummaryComparison.Row> rows(Dataset a, Dataset b) {
        return SummaryComparison.rows(List.of(DatasetSummary.of(a)), List.of(DatasetSummary.of(b))).stream()
                .collect(Collectors.toMap(SummaryComparison.Row::metric, r -> r, (x, y) -> x,
                        java.util.LinkedHashMap::new));
    }

    @Test
    void eachEventsCountAndRatePerSecondAreDeltaRowsWithBOverA() throws Exception {
        // both recorded with perf stat -a -e ... -- sleep 1: 1540 and 3,105 context switches
        Map<String, SummaryComparison.Row> r = rows(read("system-wide.txt"), read("thousands.txt"));
        SummaryComparison.Row cs = r.get("perf.context-switches");
        assertEquals(1540, cs.base());
        assertEquals(3105, cs.test());
        assertEquals(3105.0 / 1540, cs.ratio().getAsDouble(), 1e-9);
        assertTrue(cs.counts());
        SummaryComparison.Row rate = r.get("perf.context-switches.perSec");
        assertEquals(1540 / 1.011779197, rate.base(), 1e-5);
        assertEquals(3105 / 1.007191240, rate.test(), 1e-5);
        SummaryComparison.Row cpus = r.get("perf.task-clock.cpusUtilized");
        assertEquals(2.03366 / 1.011779197, cpus.base(), 1e-5);
        assertEquals(2033.66, r.get("perf.task-clock.msec").base(), 1e-9);
        assertFalse(r.containsKey("perf.cycles"), "not supported on either side: no row");

        String table = ComparisonTable.render("perf stat A/B", List.copyOf(r.values()), false);
        assertTrue(table.contains("perf.context-switches.perSec"), table);
        assertTrue(table.lines().anyMatch(l -> l.startsWith("perf.context-switches ") && l.contains("1,540")
                && l.contains("3,105")), table);
    }

    @Test
    void anEventOnlyOneSideCountedIsNotApplicableOnTheOther() throws Exception {
        // pid.txt counted nothing (an idle process): its events are <not counted>, n/a, never 0
        Map<String, SummaryComparison.Row> r = rows(read("pid.txt"), read("events.txt"));
        SummaryComparison.Row cs = r.get("perf.context-switches");
        assertTrue(Double.isNaN(cs.base()));
        assertEquals(69, cs.test());
        assertTrue(cs.ratio().isEmpty());
    }
}
