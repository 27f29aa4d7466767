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
        assertEquals("preemption=none\nthroughput 164,572 tps\npostgres (executor) 26.31 %\n1 run",
                SweepPlotView.describe(d, d.series().get(0), p));
    }

    @Test
    void seedsThatDisagreeShowTheirRange() {
        SweepPlotData.Point p = new SweepPlotData.Point(1, 1, 3, 160_280, 159_593, 160_900, 0.2600, 0.2550, 0.2650);
        SweepPlotData d = data(p);
        assertEquals("preemption=lazy\nthroughput 160,280 (159,593..160,900) tps\npostgres (executor) 26.00 %"
                + " (25.50..26.50)\n3 runs", SweepPlotView.describe(d, d.series().get(0), p));
    }

    @Test
    void aLatencyPointSaysItsUnitAndHowManyRunsReportedIt() {
        SweepPlotData.Point p = new SweepPlotData.Point(0, 0, 3, 900, 900, 900, 40_000, 39_000, 41_000, 2);
        SweepPlotData d = new SweepPlotData("t", "hz", List.of("100"), "",
                List.of(new SweepPlotData.Series("", List.of(p))), "tps", "transaction p99",
                SweepPlotData.MetricUnit.MICROS);
        assertEquals("hz=100\nthroughput 900.0 tps\ntransaction p99 40.00 ms (39.00..41.00), from 2 of its runs\n3 runs",
                SweepPlotView.describe(d, d.series().get(0), p));
        SweepPlotData.Point none = new SweepPlotData.Point(0, 0, 1, 900, 900, 900, Double.NaN, Double.NaN, Double.NaN, 0);
        SweepPlotData n = new SweepPlotData("t", "hz", List.of("100"), "",
                List.of(new SweepPlotData.Series("", List.of(none))), "tps", "transaction p99",
                SweepPlotData.MetricUnit.MICROS);
        assertEquals("hz=100\nthroughput 900.0 tps\ntransaction p99: not reported by its runs\n1 run",
                SweepPlotView.describe(n, n.series().get(0), none));
    }
}
