package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.render.SweepPlotData;

/** What hovering a sweep point says: no range when the seeds agree, rates as the tables write them. */
class SweepPointTextTest {
    private static SweepPlotData data(SweepPlotData.Point p) {
        return new SweepPlotData("t", "preemption", List.of("none", "lazy"), "",
                List.of(new SweepPlotData.Series("", List.of(p))), "tps", "postgres (executor)");
    }

    @Test
    void oneRunHasNoMinMaxAndSaysRunNotRuns() {
        SweepPlotData.Point p = new SweepPlotData.Point(0, 0, 1, 164_572, 164_572, 164_572, 0.2631, 0.2631, 0.2631);
        SweepPlotData d = data(p);
        assertEquals("preemption=none\nthroughput 164,572 tps\npostgres (executor) 26.31%\n1 run",
                SweepPlotView.describe(d, d.series().get(0), p));
    }

    @Test
    void seedsThatDisagreeShowTheirRange() {
        SweepPlotData.Point p = new SweepPlotData.Point(1, 1, 3, 160_280, 159_593, 160_900, 0.2600, 0.2550, 0.2650);
        SweepPlotData d = data(p);
        assertEquals("preemption=lazy\nthroughput 160,280 (159,593..160,900) tps\npostgres (executor) 26.00%"
                + " (25.50..26.50)\n3 runs", SweepPlotView.describe(d, d.series().get(0), p));
    }
}
