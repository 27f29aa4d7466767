package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.analysis.SweepStats;
import org.schedlab.analysis.SweepTable;
import org.schedlab.sim.sweep.SweepAxis;
import org.schedlab.sim.sweep.SweepPlan;

/**
 * The plot's title says how many seeds each point's mean and min..max bar are made of: all of
 * them once every point has its seeds, else how many of them the points have - a sweep cancelled
 * at its last run has one point a seed short, and "2 seeds per point" was said of it.
 */
class SweepPlotsTitleTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static SweepTable.Row row(int point, String preemption, long seed) throws Exception {
        JsonNode s = JSON.readTree("{\"throughput\": {\"value\": " + (100 + seed) + ", \"unit\": \"sections/s\"}}");
        return new SweepTable.Row(point, Map.of("preemption", preemption), seed, s);
    }

    private static String title(int seeds, List<SweepTable.Row> rows) throws Exception {
        SweepPlan plan = SweepPlan.of(LabFixtures.teach(), Map.of(),
                List.of(SweepAxis.of("preemption", "none,full")), seeds);
        return SweepPlots.of("teach-kernel-section", plan, seeds, SweepStats.of(rows)).title();
    }

    @Test
    void theTitleCountsTheSeedsThePointsHave() throws Exception {
        List<SweepTable.Row> all = new ArrayList<>(List.of(row(0, "none", 1), row(0, "none", 2), row(1, "full", 1),
                row(1, "full", 2)));
        assertEquals("teach-kernel-section: throughput and top site share against preemption"
                + " (2 seeds per point: mean, min..max)", title(2, all), "a finished sweep");
        assertEquals("teach-kernel-section: throughput and top site share against preemption"
                + " (1 to 2 of 2 seeds per point: mean, min..max)", title(2, all.subList(0, 3)),
                "cancelled at its last run: one point is a seed short");
        assertEquals("teach-kernel-section: throughput and top site share against preemption"
                + " (1 of 3 seeds per point: mean, min..max)", title(3, List.of(all.get(0), all.get(2))),
                "one of three seeds at each point");
        assertEquals("teach-kernel-section: throughput and top site share against preemption",
                title(1, List.of(all.get(0), all.get(2))), "one seed per point: nothing to count");
    }
}
